/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The test counter: a counter provider (core/clock.h) that stands in for
 * the hardware cycle counter where there is none, so that the counted
 * path -- opening, reading, conversion, drift checks, the labels in the
 * output -- runs on every machine the tests do.  Its cycles are the
 * reference counter's ticks times a known ratio, optionally drifting, and
 * it can refuse to open the way the OS's counter does.  It is chosen by
 * the environment variable CYCLEBENCH_TEST_COUNTER, a comma-separated
 * list of
 *
 *	ratio=R		core cycles per reference tick (default 2)
 *	drift=D		the ratio grows by the fraction D per second of
 *			counting (default 0)
 *	refuse=WHY	do not open, saying what the OS would: "paranoid"
 *			(perf_event_paranoid forbids it), "absent" (no
 *			counter), "user" (it opens but user space may not
 *			read it)
 *
 * and every figure it produces is labelled as coming from it.
 */
#ifndef CB_TESTCOUNTER_H
#define CB_TESTCOUNTER_H

#include <stddef.h>
#include <stdint.h>

#define TESTCOUNTER_ENV	"CYCLEBENCH_TEST_COUNTER"

/* Is the test counter asked for? */
int		testcounter_wanted(void);

/*
 * The reference counter's rate, which drift is per second of: the clock
 * (core/clock.h) says it before the counter is opened.
 */
void		testcounter_rate(double hz);

int		testcounter_open(char *why, size_t len);
void		testcounter_close(void);
uint64_t	testcounter_read(void);
void		testcounter_describe(char *buf, size_t len);

#endif
