/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A program rounds run in, for test_isolate: each payload names what its
 * round does.  "pid" measures a short loop and reports this process's id
 * as the extra "pid", so the test sees which rounds shared a process;
 * "trap" faults in its setup with a describer set (the trap's result is
 * sent, then the program ends); "hang" never finishes its setup; "exit"
 * exits 7 without a result.
 */
#include <string.h>
#include <unistd.h>

#include "core/isolate.h"

static void
spin(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile("" ::: "memory");
	while (--iters);
}

static void
report_pid(void *ctx, struct cb_result *r)
{
	(void)ctx;
	cb_result_extra(r, "pid", (double)getpid());
}

static void
describe(const struct trap *f, void *arg, char *buf, size_t len)
{
	(void)f, (void)arg;
	strncpy(buf, "as planned", len - 1);
	buf[len - 1] = '\0';
}

static volatile uintptr_t unmapped = 16;

static int
setup(void **ctx, char *why, size_t len)
{
	const char *what = *ctx;

	(void)why, (void)len;
	if (strcmp(what, "trap") == 0) {
		isolate_on_trap(describe, NULL);
		*(volatile int *)unmapped = 1;
	} else if (strcmp(what, "hang") == 0) {
		for (;;)
			pause();
	} else if (strcmp(what, "exit") == 0)
		_exit(7);
	return (0);
}

static int
make(const void *const *payload, const size_t *len, size_t n,
    const struct cb_bench **b, char *why, size_t whylen)
{
	static struct cb_bench benches[ISOLATE_MAX_SHARED];
	size_t i;

	(void)len, (void)why, (void)whylen;
	for (i = 0; i < n; i++) {
		benches[i] = (struct cb_bench){ .name = "t/served",
		    .mode = CB_LATENCY, .ops = 1, .body = spin,
		    .setup = setup, .report = report_pid,
		    .arg = payload[i] };
		b[i] = &benches[i];
	}
	return (0);
}

int
main(void)
{
	isolate_serve(make);
}
