/* SPDX-License-Identifier: BSD-2-Clause */
/* A macro run (suites/macro.h): getrusage and the clocks around it. */
#include <stdint.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>

#include "cyclebench.h"
#include "arch/arch.h"
#include "suites/macro.h"

static double
tv_seconds(struct timeval tv)
{
	return (tv.tv_sec + tv.tv_usec / 1e6);
}

void
macro_run(cb_body_fn *body, void *ctx, uint64_t n, const char *calls,
    const char *cycles_per, struct cb_result *res)
{
	struct rusage u0, u1;
	struct timespec t0, t1;
	uint64_t k0, k1;
	double ratio;

	getrusage(RUSAGE_SELF, &u0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	k0 = arch_ref_begin();
	body(n, ctx);
	k1 = arch_ref_end();
	clock_gettime(CLOCK_MONOTONIC, &t1);
	getrusage(RUSAGE_SELF, &u1);
	ratio = (res->ratio_before + res->ratio_after) / 2;
	cb_result_extra(res, calls, (double)n);
	cb_result_extra(res, "real_seconds", (t1.tv_sec - t0.tv_sec) +
	    (t1.tv_nsec - t0.tv_nsec) / 1e9);
	cb_result_extra(res, "user_seconds", tv_seconds(u1.ru_utime) -
	    tv_seconds(u0.ru_utime));
	cb_result_extra(res, "system_seconds", tv_seconds(u1.ru_stime) -
	    tv_seconds(u0.ru_stime));
	cb_result_extra(res, cycles_per, (double)(k1 - k0) * ratio / n);
	cb_result_extra(res, "preempted", (double)(u1.ru_nivcsw -
	    u0.ru_nivcsw));
}
