// SPDX-License-Identifier: GPL-2.0
/*
 * A value other than 0 or 1 is refused with EINVAL and changes nothing:
 * neither the setting nor the class of any task.
 */
#include "ia.h"

static const char *const bad[] = { "2", "-1", "abc", "10", "1x" };

int main(void)
{
	struct class_count before, after;
	unsigned int i;
	int start;

	tap_plan(2 * 5);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");

	for (start = 0; start <= 1; start++) {
		int all_einval = 1, unchanged = 1;

		ia_set(start);
		count_classes(&before);
		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			int err = write_file(SYSCTL_PATH, bad[i]);

			if (err != EINVAL) {
				tap_info("writing \"%s\": %s", bad[i], strerror(err));
				all_einval = 0;
			}
			if (ia_get() != start)
				unchanged = 0;
		}
		count_classes(&after);
		tap_ok(all_einval, "from %d: 2, -1, abc, 10, 1x are refused with EINVAL", start);
		tap_ok(unchanged, "from %d: the setting stays %d", start, start);
		tap_ok(after.owned_on == before.owned_on &&
		       after.other_on == before.other_on,
		       "from %d: no task changed class (%d in the class)",
		       start, after.owned_on);
		tap_ok(write_file(SYSCTL_PATH, start ? "1" : "0") == 0 &&
		       ia_get() == start,
		       "from %d: writing the current value is accepted", start);
		tap_ok(write_file(SYSCTL_PATH, "1\n") == 0 && ia_get() == 1,
		       "from %d: \"1\\n\" is accepted", start);
	}
	ia_set(0);
	return tap_exit();
}
