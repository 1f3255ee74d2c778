// SPDX-License-Identifier: GPL-2.0
/*
 * The expired array's wait is timed from the first expiry of an epoch,
 * and the time stamp is set even when the task that expires goes back
 * to the active array. 2003 cleared it when the arrays swapped and when
 * the runqueue went idle (reference B16); the class clears it when its
 * last task leaves the CPU. Without that, the stamp that an interactive
 * task leaves when it expires alone ages through an idle spell, and the
 * first task to be queued after it finds the expired array starving and
 * joins it, although nothing waited there.
 *
 * An interactive task expires alone and stays in the active array: the
 * CPU's stamp (ia_rq[N].expired_timestamp in the scheduler's debugfs
 * file) is set. It then leaves the class for SCHED_FIFO, and once the
 * CPU has no task of the class the stamp must read 0.
 *
 * The check reads the stamp, not what a stale one does: a task new to
 * the class that wakes after 6 s of idle joins the active array with the
 * fix and, in each of 20 runs here, without it too: the first kernel
 * thread of the class to expire or to join the expired array during the
 * gap makes the arrays swap, which clears the stamp.
 */
#include "ia.h"

#define NICE 5		/* a 78 ms slice, within the fixes' CPU debt rule */
#define SETTLE_MS 2000
#define FILL_MS 15000

/* Run until the slice expires. */
static void run_to_expiry(void)
{
	/* The tick that finds the slice used up comes within 5 ms. */
	burn_ns(my_field("interactive.time_slice") + 5 * MS);
}

int main(void)
{
	struct sched_param rt = { .sched_priority = 1 };
	int cpu = 1 % nr_cpus(), i;
	static const char *const names[] = { "nr_running", "expired_timestamp" };
	long long bonus, stamp, left = -1, vals[2];
	char array[32] = "";

	tap_plan(1);
	estimator_setup();
	if (setpriority(PRIO_PROCESS, 0, NICE))
		tap_bail("cannot set nice 5");

	/*
	 * The switch in estimator_setup() started every task of the class
	 * with no slice, so each kernel thread's first wake-up after it is
	 * an expiry into the expired array and a swap of the arrays, which
	 * clears the stamp as the fix does: let those happen first.
	 */
	sleep_ms(SETTLE_MS);

	/*
	 * Expire alone, back into the active array: the stamp is set. The
	 * task first sleeps in short naps until its sleep_avg is full (a
	 * long sleep would earn only a just-interactive one from O12.2, which
	 * one slice takes below the line), so that it is still interactive
	 * after a slice of running: 10 s at the baseline's 10 s maximum, a
	 * few naps from O12.2.
	 */
	bonus = my_field("interactive.bonus");
	for (i = 0; i < FILL_MS / 20 && bonus < 5; i++) {
		sleep_ms(20);
		bonus = my_field("interactive.bonus");
	}
	if (bonus < 5)
		tap_bail("the task's sleep_avg was not full after 15 s of naps");
	run_to_expiry();
	if (sched_field_str(getpid(), getpid(), "interactive.array", array,
			    sizeof(array)) || strcmp(array, "active"))
		tap_bail("the task did not stay in the active array after its slice");

	stamp = ia_rq_field(cpu, "expired_timestamp");
	if (stamp < 0)
		tap_bail("no ia_rq[N].expired_timestamp in " DEBUGFS_SCHED);
	if (!stamp)
		tap_bail("no expiry stamp after the task expired alone");

	/*
	 * Leave the class, and wait until the CPU has none of its tasks:
	 * kernel threads of the class may be queued for a moment.
	 */
	if (sched_setscheduler(0, SCHED_FIFO, &rt))
		tap_bail("cannot set SCHED_FIFO");
	for (i = 0; i < 1000; i++) {
		if (!ia_rq_fields(cpu, 2, names, vals)) {
			left = vals[1];
			break;
		}
		sleep_ms(1);
	}
	if (i == 1000)
		tap_bail("the CPU's class did not empty in 1000 tries");
	tap_ok(left == 0,
	       "when CPU %d's last task of the class leaves, its expiry stamp is cleared: %lld (was %lld)",
	       cpu, left, stamp);
	ia_set(0);
	return tap_exit();
}
