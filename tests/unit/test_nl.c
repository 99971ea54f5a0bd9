// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * librdmactl's transaction loop, fed canned kernel replies: dumps, their
 * end, interruption and early stop; errors and the one-line messages the
 * library makes of them; truncated, malformed and unexpected replies,
 * each refused by name; set calls' unknown "what" bits.
 */
#include <errno.h>
#include <string.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "check.h"
#include "nlmsg.h"

static void test_dump(void)
{
	struct rdmactl_req req;

	req_init(&req, RDMACTL_CMD_DEV_GET);
	end(dev_msg(0, "mlx5_0", 0));
	end(dev_msg(1, "mlx5_1", 0));
	CHECK(run(&req) == 1, "two device messages want more");
	CHECK(ndevs == 2, "two devices delivered");
	CHECK(devs[0].index == 0 && !strcmp(devs[0].name, "mlx5_0"), "first device's index and name");
	CHECK(!strcmp(devs[1].driver, "mlx5_ib") && devs[1].node_type == RDMACTL_NODE_IB_CA,
	      "driver and node type");
	CHECK(devs[1].node_guid == 0x0002c90300a1b2c3ULL && devs[1].num_ports == 2,
	      "64-bit GUID and port count");
	CHECK(devs[0].fw_ver[0] == '\0', "absent firmware version is empty");
	used = 0;
	done_msg(0, NULL);
	CHECK(run(&req) == 0, "NLMSG_DONE ends the dump");
	CHECK(!req.interrupted, "not interrupted");
}

static void test_interrupted(void)
{
	struct rdmactl_req req;

	req_init(&req, RDMACTL_CMD_DEV_GET);
	end(dev_msg(0, "mlx5_0", 0));
	end(dev_msg(2, "mlx5_2", NLM_F_DUMP_INTR));
	done_msg(0, NULL);
	CHECK(run(&req) == 0 && req.interrupted, "NLM_F_DUMP_INTR is noticed");
	CHECK(ndevs == 2, "interrupted dumps still deliver every message");
}

static void test_stop(void)
{
	struct rdmactl_req req;

	req_init(&req, RDMACTL_CMD_DEV_GET);
	stop_with = 42;
	end(dev_msg(0, "mlx5_0", 0));
	end(dev_msg(1, "mlx5_1", 0));
	done_msg(0, NULL);
	CHECK(run(&req) == 0 && req.stopped == 42, "a callback's non-zero return is kept");
	CHECK(ndevs == 1, "no callback after it asked to stop");
}

static void test_errors(void)
{
	struct rdmactl_req req;

	req_init(&req, RDMACTL_CMD_DEV_GET);
	error_msg(-ENODEV, "no RDMA device has this name");
	CHECK(run(&req) == -ENODEV, "NLMSG_ERROR returns its errno");
	CHECK(!strcmp(handle.errmsg, "no RDMA device has this name"), "and the extack message: \"%s\"", handle.errmsg);

	req_init(&req, RDMACTL_CMD_DEV_GET);
	error_msg(-EBUSY, NULL);
	CHECK(run(&req) == -EBUSY, "NLMSG_ERROR without extack");
	CHECK(!strcmp(handle.errmsg, strerror(EBUSY)), "falls back to strerror: \"%s\"", handle.errmsg);

	req_init(&req, RDMACTL_CMD_DEV_GET);
	error_msg(-ENOENT, NULL);
	CHECK(run(&req) == -ENOENT && strstr(handle.errmsg, "rdmactl kernel module is not loaded"),
	      "ENOENT: the family went away mid-request: \"%s\"", handle.errmsg);

	req_init(&req, RDMACTL_CMD_DEV_GET);
	error_msg(-EPROTONOSUPPORT, NULL);
	CHECK(run(&req) == -EPROTONOSUPPORT &&
	      !strcmp(handle.errmsg, "the rdmactl kernel module is being unloaded"),
	      "EPROTONOSUPPORT: a dump started as the module was going: \"%s\"", handle.errmsg);

	req_init(&req, RDMACTL_CMD_STAT_RESET);
	error_msg(-EPERM, NULL);
	CHECK(run(&req) == -EPERM, "EPERM from GENL_ADMIN_PERM, which has no extack");
	CHECK(!strcmp(handle.errmsg, "permission denied: this needs CAP_NET_ADMIN"),
	      "says what it needs: \"%s\"", handle.errmsg);

	req_init(&req, RDMACTL_CMD_DEV_GET);
	error_msg(0, NULL);
	CHECK(run(&req) == 0, "an ACK (error 0) ends a doit");

	req_init(&req, RDMACTL_CMD_DEV_GET);
	end(dev_msg(0, "mlx5_0", 0));
	done_msg(-ENODEV, "port 3 does not exist: the device has port 1 only");
	CHECK(run(&req) == -ENODEV, "NLMSG_DONE carrying an error returns it");
	CHECK(!strcmp(handle.errmsg, "port 3 does not exist: the device has port 1 only"),
	      "with its extack message: \"%s\"", handle.errmsg);

	req_init(&req, RDMACTL_CMD_DEV_GET);
	end(msg(NLMSG_ERROR, 0, SEQ));
	CHECK(run(&req) == -EBADMSG, "an error message too short to hold an errno is refused");
}

static void test_malformed(void)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;
	struct nlattr *a;

	req_init(&req, RDMACTL_CMD_DEV_GET);
	end(dev_msg(0, "mlx5_0", 0));
	CHECK(rdmactl_process(&req, buf, used - 8) == -EBADMSG, "a truncated message is refused");
	CHECK(strstr(handle.errmsg, "truncated") != NULL, "by name: \"%s\"", handle.errmsg);

	req_init(&req, RDMACTL_CMD_DEV_GET);
	nlh = dev_msg(0, "mlx5_0", 0);
	mnl_attr_put_u16(nlh, RDMACTL_A_DEV_VENDOR_ID, 7);
	end(nlh);
	CHECK(run(&req) == -EBADMSG, "a u32 attribute of 2 bytes is refused");
	CHECK(strstr(handle.errmsg, "wrong size") != NULL, "by name: \"%s\"", handle.errmsg);
	CHECK(ndevs == 0, "and no half-parsed device reaches the caller");

	req_init(&req, RDMACTL_CMD_DEV_GET);
	nlh = dev_msg(0, "mlx5_0", 0);
	a = (struct nlattr *)mnl_nlmsg_get_payload_tail(nlh);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_HW_VER, 1);
	a->nla_len = 200;	/* runs past the end of the message */
	end(nlh);
	CHECK(run(&req) == -EBADMSG, "an attribute longer than its message is refused");
	CHECK(strstr(handle.errmsg, "malformed attribute") != NULL, "by name: \"%s\"", handle.errmsg);

	req_init(&req, RDMACTL_CMD_DEV_GET);
	nlh = msg(FAMILY, NLM_F_MULTI, SEQ);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, 0);
	mnl_attr_put_str(nlh, RDMACTL_A_DEV_NAME, "mlx5_0");	/* no NUL */
	end(nlh);
	CHECK(run(&req) == -EBADMSG, "a string without its NUL is refused");

	req_init(&req, RDMACTL_CMD_DEV_GET);
	{
		char name[200];

		memset(name, 'x', sizeof(name) - 1);
		name[sizeof(name) - 1] = '\0';
		end(dev_msg(0, name, 0));
	}
	CHECK(run(&req) == -EBADMSG, "a name longer than a device name is refused");
	CHECK(strstr(handle.errmsg, "too long") != NULL, "by name: \"%s\"", handle.errmsg);

	req_init(&req, RDMACTL_CMD_DEV_GET);
	nlh = msg(FAMILY, NLM_F_MULTI, SEQ);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, 0);
	end(nlh);
	CHECK(run(&req) == -EBADMSG, "a device without a name is refused");

	req_init(&req, RDMACTL_CMD_DEV_GET);
	nlh = dev_msg(5, "mlx5_5", 0);
	mnl_attr_put_u32(nlh, RDMACTL_A_MAX + 7, 1);	/* from a newer module */
	end(nlh);
	done_msg(0, NULL);
	CHECK(run(&req) == 0 && ndevs == 1, "attributes newer than the library are skipped");

	req_init(&req, RDMACTL_CMD_DEV_GET);
	end(dev_msg(0, "stale", 0));
	((struct nlmsghdr *)buf)->nlmsg_seq = SEQ - 5;
	done_msg(0, NULL);
	CHECK(run(&req) == 0 && ndevs == 0, "replies to an earlier request are skipped");

	req_init(&req, RDMACTL_CMD_DEV_GET);
	end(msg(FAMILY + 1, 0, SEQ));
	CHECK(run(&req) == -EBADMSG, "a message of another family is refused");

	req_init(&req, RDMACTL_CMD_DEV_GET);
	end(msg(FAMILY, 0, SEQ));
	((struct nlmsghdr *)buf)->nlmsg_len = 18;
	used = 18;
	CHECK(run(&req) == -EBADMSG, "a message too short for its genl header is refused");
}

/* A set call refuses a "what" bit it does not know before it sends anything. */
static void test_unknown_what(void)
{
	CHECK(rdmactl_ipoib_modify(NULL, "ib0", 1u << 7, RDMACTL_IPOIB_CONNECTED, 0) == -EINVAL,
	      "rdmactl_ipoib_modify: an unknown what bit is -EINVAL");
	CHECK(rdmactl_ipoib_modify(NULL, "ib0", ~0u, RDMACTL_IPOIB_CONNECTED, 0) == -EINVAL,
	      "rdmactl_ipoib_modify: every bit set is -EINVAL");
	CHECK(rdmactl_roce_set(NULL, "rxe0", 1, RDMACTL_ROCE_SET_MODE | 1u << 9, 2, 0) == -EINVAL,
	      "rdmactl_roce_set: an unknown what bit is -EINVAL");
	/* LIBRDMACTL_1's call takes none of the settings' later bits. */
	CHECK(rdmactl_roce_set(NULL, "rxe0", 1, RDMACTL_ROCE_SET_TOS | RDMACTL_ROCE_SET_QOS, 0,
			       106) == -EINVAL,
	      "rdmactl_roce_set: a QoS bit is -EINVAL");
	CHECK(rdmactl_roce_apply(NULL, "rxe0", 1, &(struct rdmactl_roce_settings){
			.has = RDMACTL_ROCE_SET_TOS | 1u << 9, .tos = 106 }) == -EINVAL,
	      "rdmactl_roce_apply: an unknown has bit is -EINVAL");
}

int main(void)
{
	test_dump();
	test_interrupted();
	test_stop();
	test_errors();
	test_malformed();
	test_unknown_what();
	return DONE();
}
