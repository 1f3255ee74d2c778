// SPDX-License-Identifier: GPL-2.0
/*
 * The sched_interactive= boot parameter: 1 switches the class on before
 * user space starts, so every SCHED_NORMAL/SCHED_BATCH task, kernel
 * threads included, is in it from the start; any value other than 0 or 1
 * is reported on the console and the system boots on EEVDF.
 */
#include "ia.h"

int main(void)
{
	char cmdline[1024] = "", *arg;
	struct class_count c;
	int fd, n;

	tap_plan(3);
	fd = open("/proc/cmdline", O_RDONLY);
	n = fd < 0 ? -1 : read(fd, cmdline, sizeof(cmdline) - 1);
	if (n > 0)
		cmdline[n] = 0;
	arg = strstr(cmdline, "sched_interactive=");
	if (!arg) {
		tap_skip("boot without sched_interactive=");
		tap_skip("boot without sched_interactive=");
		tap_skip("boot without sched_interactive=");
		return tap_exit();
	}
	arg += strlen("sched_interactive=");
	count_classes(&c);

	if (!strncmp(arg, "1 ", 2) || !strcmp(arg, "1\n")) {
		tap_ok(ia_get() == 1, "sched_interactive=1: the sysctl reads 1");
		tap_ok(c.owned_off == 0 && c.owned_on > 0 && c.other_on == 0,
		       "every normal/batch task is in the class (%d), none is left out",
		       c.owned_on);
		tap_ok(klog_has("sched_interactive: class switched on"),
		       "the kernel log says the class was switched on at boot");
	} else {
		tap_ok(ia_get() == 0, "sched_interactive=%.*s: the class stays off",
		       (int)strcspn(arg, " \n"), arg);
		tap_ok(c.owned_on == 0 && c.other_on == 0, "no task is in the class");
		tap_ok(klog_has("sched_interactive: invalid value"),
		       "the console says the value is invalid");
	}
	return tap_exit();
}
