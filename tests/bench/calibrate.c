// SPDX-License-Identifier: GPL-2.0
/*
 * calibrate: how many iterations of the work loop make a millisecond of
 * CPU on this (idle) guest. Prints "loops_per_ms=N". The best of five
 * 100 ms measurements, so that an interrupt does not skew it.
 */
#include "bench.h"

int main(void)
{
	long long best = 0, n = 1000000, t0, t;
	int i;

	for (i = 0; i < 5; i++) {
		t0 = now_ns();
		work_loops(n);
		t = now_ns() - t0;
		/* Aim each round at about 100 ms. */
		if (t > 0 && n * NSEC_PER_MSEC / t > best)
			best = n * NSEC_PER_MSEC / t;
		n = best * 100;
	}
	printf("loops_per_ms=%lld\n", best);
	return best > 0 ? 0 : 1;
}
