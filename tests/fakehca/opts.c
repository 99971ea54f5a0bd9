// SPDX-License-Identifier: GPL-2.0
/*
 * The words of a fake device's options, as the module parameters and the
 * add knob take them (state=, pma=, link_layer=, netdev_op=, restricted=), and the
 * state names the port knobs read and write.
 */
#include <linux/string.h>

#include "fakehca.h"

static const char *const fake_state_names[] = {
	[IB_PORT_DOWN] = "down", [IB_PORT_INIT] = "init",
	[IB_PORT_ARMED] = "armed", [IB_PORT_ACTIVE] = "active",
};

/* The index of s among words (which may have holes), or -EINVAL. */
static int fake_word(const char *s, const char *const *words, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (words[i] && sysfs_streq(s, words[i]))
			return i;
	return -EINVAL;
}

/* Each in the order of its values. */
static const char *const fake_pma_words[] = { "ext", "noietf", "basic" };
static const char *const fake_link_layer_words[] = { "ib", "roce" };
static const char *const fake_netdev_op_words[] = { "set", "get" };
static const char *const fake_restrict_words[] = { "none", "all", "pma" };
static const char *const fake_restrict_digits[] = { "0", "1" };

/* none, all or pma; 0 and 1 as none and all. */
int fake_parse_restrict(const char *s, enum fake_restrict *out)
{
	int i = fake_word(s, fake_restrict_words, ARRAY_SIZE(fake_restrict_words));

	if (i < 0)
		i = fake_word(s, fake_restrict_digits, ARRAY_SIZE(fake_restrict_digits));
	if (i >= 0)
		*out = i;
	return min(i, 0);
}

const char *fake_restrict_name(enum fake_restrict r)
{
	return r < ARRAY_SIZE(fake_restrict_words) ? fake_restrict_words[r] : "unknown";
}

int fake_parse_pma(const char *s, enum fake_pma_mode *out)
{
	int i = fake_word(s, fake_pma_words, ARRAY_SIZE(fake_pma_words));

	if (i >= 0)
		*out = i;
	return min(i, 0);
}

int fake_parse_link_layer(const char *s, bool *roce)
{
	int i = fake_word(s, fake_link_layer_words, ARRAY_SIZE(fake_link_layer_words));

	if (i >= 0)
		*roce = i;
	return min(i, 0);
}

int fake_parse_netdev_op(const char *s, bool *get)
{
	int i = fake_word(s, fake_netdev_op_words, ARRAY_SIZE(fake_netdev_op_words));

	if (i >= 0)
		*get = i;
	return min(i, 0);
}

int fake_parse_state(const char *s, enum ib_port_state *out)
{
	int i = fake_word(s, fake_state_names, ARRAY_SIZE(fake_state_names));

	if (i >= 0)
		*out = i;
	return min(i, 0);
}

const char *fake_state_name(enum ib_port_state state)
{
	if (state < ARRAY_SIZE(fake_state_names) && fake_state_names[state])
		return fake_state_names[state];
	return "unknown";
}
