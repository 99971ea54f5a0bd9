// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * HTTP, by libmicrohttpd: a thread per connection, at most
 * --max-connections of them (more are closed at once), idle ones closed
 * after 30 s. GET /metrics answers OpenMetrics to a client that prefers
 * it (Prometheus does) and the Prometheus text format to anyone else;
 * / is a page that links to it; anything else is 404.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <stdarg.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include <microhttpd.h>

#include "exporter.h"

#define CT_TEXT "text/plain; version=0.0.4; charset=utf-8"
#define CT_OPENMETRICS "application/openmetrics-text; version=1.0.0; charset=utf-8"

static enum MHD_Result reply(struct MHD_Connection *c, unsigned int status, const char *type,
		 char *body, size_t len, enum MHD_ResponseMemoryMode mode)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, body, mode);
	enum MHD_Result ret;

	if (!r) {
		if (mode == MHD_RESPMEM_MUST_FREE)
			free(body);
		return MHD_NO;
	}
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
	ret = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return ret;
}

static enum MHD_Result reply_text(struct MHD_Connection *c, unsigned int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static enum MHD_Result reply_text(struct MHD_Connection *c, unsigned int status, const char *fmt, ...)
{
	char *s;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return MHD_NO;
	return reply(c, status, "text/plain; charset=utf-8", s, n, MHD_RESPMEM_MUST_FREE);
}

/*
 * The q of the first media range of accept that is type (with any
 * parameters), -1 when none is. A malformed header matches nothing.
 */
static double accept_q(const char *accept, const char *type)
{
	size_t tlen = strlen(type);
	const char *p = accept;

	while (p && *p) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		while (len && (*p == ' ' || *p == '\t')) {
			p++;
			len--;
		}
		if (len >= tlen && !strncasecmp(p, type, tlen) &&
		    (len == tlen || p[tlen] == ';' || p[tlen] == ' ')) {
			const char *q = p + tlen;
			double v = 1;

			while ((q = strchr(q, ';')) && q < p + len) {
				q++;
				while (*q == ' ')
					q++;
				if (!strncmp(q, "q=", 2)) {
					char *e;

					v = strtod(q + 2, &e);
					if (e == q + 2 || v < 0 || v > 1)
						v = 0;
				}
			}
			return v;
		}
		p = end ? end + 1 : NULL;
	}
	return -1;
}

/* OpenMetrics when it is asked for at least as much as the text format. */
static bool wants_openmetrics(const char *accept)
{
	double om, text;

	if (!accept)
		return false;
	om = accept_q(accept, "application/openmetrics-text");
	text = accept_q(accept, "text/plain");
	return om > 0 && om >= text;
}

static enum MHD_Result metrics(struct MHD_Connection *c)
{
	const char *accept = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT);
	const char *limit = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
							"X-Prometheus-Scrape-Timeout-Seconds");
	bool om = wants_openmetrics(accept);
	double timeout = exporter.opt.timeout;
	struct exp_snapshot *s;
	struct buf b = { 0 };
	int err = 0;

	/* Answer before Prometheus gives up, whatever --scrape-timeout says. */
	if (limit) {
		double t = strtod(limit, NULL);

		if (t > 0.5 && t - 0.25 < timeout)
			timeout = t - 0.25;
	}
	s = exp_snapshot_get(timeout, &err);
	if (!s) {
		if (err == -ETIMEDOUT)
			return reply_text(c, MHD_HTTP_SERVICE_UNAVAILABLE,
					  "rdmactl-exporter: the devices were not read within %.2f s (--scrape-timeout)\n",
					  timeout);
		return reply_text(c, MHD_HTTP_INTERNAL_SERVER_ERROR,
				  "rdmactl-exporter: %s\n", strerror(-err));
	}
	exp_render(&b, s, om);
	exp_snapshot_put(s);
	if (b.oom) {
		buf_free(&b);
		return reply_text(c, MHD_HTTP_INTERNAL_SERVER_ERROR,
				  "rdmactl-exporter: out of memory while writing the metrics\n");
	}
	pthread_mutex_lock(&exporter.snap_lock);
	exporter.scrapes[om]++;
	pthread_mutex_unlock(&exporter.snap_lock);
	return reply(c, MHD_HTTP_OK, om ? CT_OPENMETRICS : CT_TEXT, b.p, b.len,
		     MHD_RESPMEM_MUST_FREE);
}

static const char landing[] =
	"<html><head><title>rdmactl-exporter</title></head><body>\n"
	"<h1>rdmactl-exporter</h1>\n"
	"<p>Metrics of every RDMA port: <a href=\"/metrics\">/metrics</a></p>\n"
	"</body></html>\n";

static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url,
			       const char *method, const char *version, const char *upload,
			       size_t *upload_size, void **con_cls)
{
	(void)cls;
	(void)version;
	(void)upload;
	(void)con_cls;
	/* A body is not read: a request with one is answered and closed. */
	*upload_size = 0;
	if (strcmp(method, MHD_HTTP_METHOD_GET) && strcmp(method, MHD_HTTP_METHOD_HEAD))
		return reply_text(c, MHD_HTTP_METHOD_NOT_ALLOWED,
				  "rdmactl-exporter: %s is not supported: use GET\n", method);
	if (!strcmp(url, "/metrics"))
		return metrics(c);
	if (!strcmp(url, "/"))
		return reply(c, MHD_HTTP_OK, "text/html; charset=utf-8", (char *)landing,
			     sizeof(landing) - 1, MHD_RESPMEM_PERSISTENT);
	return reply_text(c, MHD_HTTP_NOT_FOUND,
			  "rdmactl-exporter: no page %s here; the metrics are at /metrics\n", url);
}

/*
 * A listening socket for ADDR:PORT, [ADDR6]:PORT or :PORT (every address,
 * IPv6 and IPv4 when the host has IPv6).
 */
static int listen_on(const char *spec)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE };
	struct addrinfo *ai, *a;
	char host[256];
	const char *port = strrchr(spec, ':');
	size_t hlen;
	int fd = -1, err, one = 1, zero = 0;

	if (!port || !port[1]) {
		fprintf(stderr, "rdmactl-exporter: --listen %s: give ADDRESS:PORT or :PORT\n", spec);
		return -EINVAL;
	}
	hlen = port - spec;
	if (hlen >= 2 && spec[0] == '[' && spec[hlen - 1] == ']') {
		spec++;
		hlen -= 2;
	}
	if (hlen >= sizeof(host)) {
		fprintf(stderr, "rdmactl-exporter: --listen: the address is too long\n");
		return -EINVAL;
	}
	memcpy(host, spec, hlen);
	host[hlen] = '\0';
	port++;
	if (!hlen)
		hints.ai_family = AF_INET6;
	err = getaddrinfo(hlen ? host : NULL, port, &hints, &ai);
	if (err && !hlen) {
		hints.ai_family = AF_UNSPEC;
		err = getaddrinfo(NULL, port, &hints, &ai);
	}
	if (err) {
		fprintf(stderr, "rdmactl-exporter: --listen %s: %s\n", spec, gai_strerror(err));
		return -EINVAL;
	}
	for (a = ai; a; a = a->ai_next) {
		fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
		if (fd < 0)
			continue;
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (a->ai_family == AF_INET6 && !hlen)
			setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero));
		if (!bind(fd, a->ai_addr, a->ai_addrlen) && !listen(fd, 64))
			break;
		err = errno;
		close(fd);
		fd = -1;
		errno = err;
	}
	if (fd < 0)
		fprintf(stderr, "rdmactl-exporter: cannot listen on %s: %s\n", exporter.opt.listen,
			strerror(errno));
	freeaddrinfo(ai);
	return fd < 0 ? -EADDRNOTAVAIL : fd;
}

int exp_http_start(void)
{
	struct MHD_Daemon *d;
	int fd = listen_on(exporter.opt.listen);

	if (fd < 0)
		return fd;
	d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION |
			     MHD_USE_ERROR_LOG,
			     0, NULL, NULL, handler, NULL,
			     MHD_OPTION_LISTEN_SOCKET, fd,
			     MHD_OPTION_CONNECTION_LIMIT, exporter.opt.max_connections,
			     /* One client holding every connection locks out the others. */
			     MHD_OPTION_PER_IP_CONNECTION_LIMIT,
			     exporter.opt.max_connections > 1 ? exporter.opt.max_connections / 2 : 1u,
			     MHD_OPTION_CONNECTION_TIMEOUT, 30u,
			     MHD_OPTION_THREAD_STACK_SIZE, (size_t)256 * 1024,
			     MHD_OPTION_END);
	if (!d) {
		fprintf(stderr, "rdmactl-exporter: the HTTP server did not start\n");
		close(fd);
		return -EIO;
	}
	return 0;
}
