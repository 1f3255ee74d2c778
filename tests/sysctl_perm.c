// SPDX-License-Identifier: GPL-2.0
/*
 * Only a privileged user switches the class: an unprivileged user cannot
 * open the sysctl for writing, and root without CAP_SYS_ADMIN gets EPERM.
 * Neither changes the setting.
 */
#include <linux/capability.h>
#include <sys/syscall.h>
#include "ia.h"

/*
 * Try to write @val in a child: as nobody if @nobody, else as root, with
 * no capabilities if @dropcaps.
 */
static int try_write(int nobody, int dropcaps, const char *val)
{
	int st, fd, err = -1;
	pid_t pid = fork_piped(&fd);

	if (pid == 0) {
		if (dropcaps) {
			struct __user_cap_header_struct h = {
				_LINUX_CAPABILITY_VERSION_3, 0 };
			struct __user_cap_data_struct d[2] = { { 0 } };

			if (syscall(SYS_capset, &h, d))
				_exit(2);
		}
		if (nobody && become_nobody())
			_exit(2);
		err = write_file(SYSCTL_PATH, val);
		if (write(fd, &err, sizeof(err)) != sizeof(err))
			_exit(2);
		_exit(0);
	}
	if (read_report(fd, &err, sizeof(err)))
		err = -1;
	waitpid(pid, &st, 0);
	return err;
}

int main(void)
{
	int err;

	tap_plan(5);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	ia_set(0);

	err = try_write(1, 0, "1");
	tap_ok(err == EACCES || err == EPERM,
	       "user nobody cannot write the sysctl (%s)", strerror(err));
	tap_ok(ia_get() == 0, "the setting is unchanged");

	err = try_write(0, 1, "1");
	tap_ok(err == EPERM, "root without CAP_SYS_ADMIN gets EPERM (%s)",
	       strerror(err));
	tap_ok(ia_get() == 0, "the setting is unchanged");

	err = try_write(0, 0, "1");
	tap_ok(err == 0 && ia_get() == 1, "root can write it");
	ia_set(0);

	return tap_exit();
}
