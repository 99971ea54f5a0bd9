// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * When rdmactl.ko is not loaded: which ib_core is (or is the one modprobe
 * would load), and which one the installed rdmactl.ko was built against.
 * A module built against the other RDMA stack (the kernel's own, or
 * DOCA-OFED's mlnx-ofa_kernel) is refused by the kernel ("disagrees about
 * version of symbol") before any of its code runs, so only user space can
 * name the cause and the remedy, a DKMS rebuild (Documentation/packaging.md,
 * "DOCA-OFED").
 *
 * The module says what it was built against in its modinfo field ib_core
 * ("inbox", or "ofed " and OFED's compat_base; a module without it is
 * older than the field, so built against the kernel's own), read with
 * libkmod as modinfo(8) does: the lookup modprobe makes, compressed or not.
 * An ib_core is OFED's when it needs OFED's mlx_compat: when mlx_compat
 * holds the loaded one, or is among the dependencies of the one modprobe
 * would load. Loaded, its compat_base is a parameter only root can read.
 *
 * libkmod is opened here, when the module is missing, not linked: with
 * the libraries it needs (libcrypto, liblzma, libzstd) it tripled the
 * start of every command under emulation (Documentation/benchmarks.md,
 * issue 58), as systemd opens it only where it is used.
 */
#include <dlfcn.h>
#include <errno.h>
#include <libkmod.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "cli.h"

#define OFED_PREFIX "ofed "
#define LEAD "rdmactl: the rdmactl kernel module is not loaded"

/* Each libkmod call this file makes, typed from libkmod.h. */
#define KMOD_CALLS(X) X(kmod_new) X(kmod_unref) X(kmod_set_log_fn) \
	X(kmod_module_new_from_lookup) X(kmod_module_get_module) \
	X(kmod_module_get_dependencies) X(kmod_list_next) X(kmod_module_get_name) \
	X(kmod_module_unref) X(kmod_module_unref_list) X(kmod_module_get_path) \
	X(kmod_module_get_info) X(kmod_module_info_get_key) \
	X(kmod_module_info_get_value) X(kmod_module_info_free_list)

#define KMOD_FIELD(f) __typeof__(&f) f;
static struct { KMOD_CALLS(KMOD_FIELD) } k;

/* libkmod's calls, or false when it cannot be opened (not installed). */
static bool kmod_open(void)
{
	void *lib = dlopen("libkmod.so.2", RTLD_NOW | RTLD_LOCAL);
	bool ok = lib;

#define KMOD_SYM(f) ok = ok && (*(void **)&k.f = dlsym(lib, #f));
	KMOD_CALLS(KMOD_SYM)
#undef KMOD_SYM
	if (!ok && lib)
		dlclose(lib);
	return ok;
}

#define for_each_kmod(l, list) for ((l) = (list); (l); (l) = k.kmod_list_next((list), (l)))

static bool is_ofed(const char *stack)
{
	return !strncmp(stack, OFED_PREFIX, strlen(OFED_PREFIX));
}

/* Whether the ib_core modprobe would load depends on mlx_compat. */
static bool ib_core_needs_mlx_compat(struct kmod_ctx *ctx)
{
	struct kmod_list *list = NULL, *deps, *l;
	struct kmod_module *mod;
	bool found = false;

	if (k.kmod_module_new_from_lookup(ctx, "ib_core", &list) < 0 || !list)
		return false;
	mod = k.kmod_module_get_module(list);
	deps = k.kmod_module_get_dependencies(mod);
	for_each_kmod(l, deps) {
		struct kmod_module *dep = k.kmod_module_get_module(l);

		found |= !strcmp(k.kmod_module_get_name(dep), "mlx_compat");
		k.kmod_module_unref(dep);
	}
	k.kmod_module_unref_list(deps);
	k.kmod_module_unref(mod);
	k.kmod_module_unref_list(list);
	return found;
}

/*
 * The ib_core a module must match: the loaded one ("inbox", or "ofed" and
 * its compat_base), else the one modprobe would load ("inbox" or "ofed ",
 * *loaded false); "" when there is none.
 */
static void ib_core_stack(struct kmod_ctx *ctx, char *buf, size_t size, bool *loaded)
{
	char base[96] = "";
	FILE *f;

	*loaded = !access("/sys/module/ib_core", F_OK);
	if (!*loaded) {
		struct kmod_list *list = NULL;

		buf[0] = '\0';
		if (k.kmod_module_new_from_lookup(ctx, "ib_core", &list) < 0 || !list)
			return;
		k.kmod_module_unref_list(list);
		snprintf(buf, size, "%s", ib_core_needs_mlx_compat(ctx) ? OFED_PREFIX : "inbox");
		return;
	}
	if (access("/sys/module/mlx_compat/holders/ib_core", F_OK)) {
		snprintf(buf, size, "inbox");
		return;
	}
	f = fopen("/sys/module/mlx_compat/parameters/compat_base", "r");
	if (f) {
		if (fgets(base, sizeof(base), f))
			base[strcspn(base, "\n")] = '\0';
		fclose(f);
	}
	snprintf(buf, size, OFED_PREFIX "%s", base);
}

/*
 * The installed rdmactl.ko modprobe would load: its path and its ib_core
 * field ("inbox" when it has none). -ENOENT when there is none, -EIO when
 * this kernel has no module index.
 */
static int installed_stack(struct kmod_ctx *ctx, char *path, size_t psize, char *built,
			   size_t bsize)
{
	struct kmod_list *list = NULL, *info = NULL, *l;
	struct kmod_module *mod;
	int err = -ENOENT;

	snprintf(built, bsize, "inbox");
	if (k.kmod_module_new_from_lookup(ctx, "rdmactl", &list) < 0)
		return -EIO;		/* no module index for this kernel */
	if (!list)
		return err;
	mod = k.kmod_module_get_module(list);
	if (k.kmod_module_get_path(mod)) {
		snprintf(path, psize, "%s", k.kmod_module_get_path(mod));
		err = k.kmod_module_get_info(mod, &info) < 0 ? -EIO : 0;
		for_each_kmod(l, info) {
			if (!strcmp(k.kmod_module_info_get_key(l), "ib_core"))
				snprintf(built, bsize, "%s", k.kmod_module_info_get_value(l));
		}
		k.kmod_module_info_free_list(info);
	}
	k.kmod_module_unref(mod);
	k.kmod_module_unref_list(list);
	return err;
}

/* Whether a module built against built loads beside stack. */
static bool same_stack(const char *built, const char *stack)
{
	const char *base = stack + strlen(OFED_PREFIX);

	if (is_ofed(built) != is_ofed(stack))
		return false;
	/* compat_base is root's to read, and unknown before ib_core loads. */
	return !is_ofed(built) || !*base || !strcmp(built, stack);
}

/* libkmod's own complaints (no modules.dep...) would break the one line. */
static void quiet(void *data, int priority, const char *file, int line, const char *fn,
		  const char *format, va_list args)
{
	(void)data, (void)priority, (void)file, (void)line, (void)fn, (void)format, (void)args;
}

/* A stack's name in a sentence: whose ib_core, and OFED's compat_base. */
static const char *describe(const char *s, char *buf, size_t size)
{
	if (!is_ofed(s))
		return "the kernel's own ib_core";
	s += strlen(OFED_PREFIX);
	snprintf(buf, size, "DOCA-OFED's ib_core%s%s%s", *s ? " (" : "", s, *s ? ")" : "");
	return buf;
}

void cli_missing_module(void)
{
	char stack[128], built[128], path[512], sbuf[160], bbuf[160];
	const char *kver = "KVER";
	struct kmod_ctx *ctx;
	struct utsname u;
	bool loaded;
	int err;

	if (!uname(&u))
		kver = u.release;
	ctx = kmod_open() ? k.kmod_new(NULL, NULL) : NULL;
	if (!ctx) {
		fprintf(stderr, LEAD "; load it with \"modprobe rdmactl\"\n");
		return;
	}
	k.kmod_set_log_fn(ctx, quiet, NULL);
	ib_core_stack(ctx, stack, sizeof(stack), &loaded);
	err = installed_stack(ctx, path, sizeof(path), built, sizeof(built));
	k.kmod_unref(ctx);
	if (err == -ENOENT)
		fprintf(stderr, LEAD ", and none is installed for kernel %s: install it with "
			"\"dkms install rdmactl/%s -k %s\" (package rdmactl-dkms)\n",
			kver, RDMACTL_VERSION, kver);
	else if (err || !stack[0] || same_stack(built, stack))
		fprintf(stderr, LEAD "; load it with \"modprobe rdmactl\"\n");
	else
		fprintf(stderr, LEAD ": the %s ib_core is %s, and %s was built against %s, so the "
			"kernel refuses it (\"disagrees about version of symbol\"); rebuild it with "
			"\"sh /usr/src/rdmactl-%s/kmod/compat/restack.sh %s\"\n",
			loaded ? "loaded" : "installed", describe(stack, sbuf, sizeof(sbuf)), path,
			describe(built, bbuf, sizeof(bbuf)), RDMACTL_VERSION, RDMACTL_VERSION);
}
