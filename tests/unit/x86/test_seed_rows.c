/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The entry, fpu and serialize suites (and i386's, in a 32-bit build):
 * every row is either measured or skipped with a reason, every number is
 * finite, non-negative and comes back within a tolerance when measured
 * again, and the few orderings the seeds' questions rest on hold.  The
 * machine is shared and noisy, so a number gets several chances to repeat
 * itself before a test calls it unstable.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cyclebench.h"
#include "emulated.h"
#include "arch/x86/cpu.h"
#include "core/registry.h"

#define ATTEMPTS	4
#define REL_TOL		0.25	/* of the larger of two medians */
#define ABS_TOL		0.5	/* cycles, for the cheapest rows */

static const struct cb_suite *
suite(const char *name)
{
	const struct cb_suite *const *s;

	for (s = registry_suites; *s != NULL; s++)
		if (strcmp((*s)->name, name) == 0)
			return (*s);
	return (NULL);
}

/* The row `name' whose `key' is `value' (or that has no params). */
static const struct cb_bench *
row(const char *sname, const char *name, const char *key, const char *value)
{
	const struct cb_suite *s = suite(sname);
	const char *v;
	size_t i;

	assert_non_null(s);
	for (i = 0; i < s->count; i++) {
		if (strcmp(s->benches[i].name, name) != 0)
			continue;
		v = key ? registry_param(&s->benches[i], key) : NULL;
		if (key == NULL || (v != NULL && strcmp(v, value) == 0))
			return (&s->benches[i]);
	}
	fail_msg("no row %s %s=%s", name, key ? key : "", value ? value : "");
	return (NULL);
}

/* Measure quickly in a child; the result's median, or NAN if skipped. */
static double
measure(const struct cb_bench *b, struct cb_result *r)
{
	struct cb_options o;
	char label[160];

	cb_options_default(&o);
	o.quick = 1;
	cb_measure(b, &o, r);
	registry_label(b, label, sizeof(label));
	if (r->status == CB_SKIPPED) {
		if (r->reason[0] == '\0')
			fail_msg("%s: skipped without a reason", label);
		return (NAN);
	}
	if (r->status != CB_OK)
		fail_msg("%s: %s: %s", label, cb_status_name(r->status),
		    r->reason);
	if (!isfinite(r->cycles.median) || r->cycles.median < 0 ||
	    !(r->cycles.min >= 0) || r->cycles.min > r->cycles.median)
		fail_msg("%s: implausible: median %g, min %g cycles", label,
		    r->cycles.median, r->cycles.min);
	return (r->cycles.median);
}

/*
 * A figure that says it is a mixture (several levels, or the core shared
 * for most samples) is allowed to differ from the next one: that is
 * what the flag is for.  *flagged says so, where flagged is not NULL.
 */
static double
median_of(const struct cb_bench *b, int *flagged)
{
	struct cb_result r;
	double m;

	m = measure(b, &r);
	if (flagged != NULL)
		*flagged = !r.quiet &&
		    (r.flags & (CB_FLAG_MULTILEVEL | CB_FLAG_CONTENDED)) != 0;
	cb_result_free(&r);
	return (m);
}

static int
close_enough(double a, double b)
{
	return (fabs(a - b) <= REL_TOL * fmax(a, b) + ABS_TOL);
}

/*
 * Every row ok or skipped; two measurements in a row agree, or one of
 * them says it is a mixture.
 */
static void
check_suite(const char *name)
{
	const struct cb_suite *s = suite(name);
	char label[160];
	double prev, cur;
	size_t i;
	int k, prev_flagged, cur_flagged;

	assert_non_null(s);
	for (i = 0; i < s->count; i++) {
		registry_label(&s->benches[i], label, sizeof(label));
		/* Emulated, every row still runs; its cycles mean nothing. */
		if (isnan(prev = median_of(&s->benches[i], &prev_flagged)) ||
		    EMULATED())
			continue;
		for (k = 1; k < ATTEMPTS; k++) {
			cur = median_of(&s->benches[i], &cur_flagged);
			if (close_enough(prev, cur) || prev_flagged ||
			    cur_flagged)
				break;
			fprintf(stderr, "%s: %.2f then %.2f cycles; again\n",
			    label, prev, cur);
			prev = cur;
			prev_flagged = cur_flagged;
		}
		if (k == ATTEMPTS)
			fail_msg("%s: no two measurements within %.0f%%",
			    label, REL_TOL * 100);
	}
}

static void
test_entry_rows(void **state)
{
	(void)state;
	check_suite("entry");
}

static void
test_fpu_rows(void **state)
{
	(void)state;
	check_suite("fpu");
}

static void
test_serialize_rows(void **state)
{
	(void)state;
	check_suite("serialize");
}

#ifdef __i386__
static void
test_i386_rows(void **state)
{
	(void)state;
	check_suite("i386");
}
#endif

/*
 * Seed 000's premise: from the kernel (0% user) the new way skips the
 * reloads the old way always does, and randfs() alone costs less than
 * either.
 */
static void
test_entry_skip_saves(void **state)
{
	double old, new, none;
	int k;

	(void)state;
	for (k = 0; k < ATTEMPTS; k++) {
		old = median_of(row("entry", "entry/old", "user_pct", "0"),
		    NULL);
		new = median_of(row("entry", "entry/new", "user_pct", "0"),
		    NULL);
		none = median_of(row("entry", "entry/none", "user_pct", "0"),
		    NULL);
		if (isnan(old) || (none < new && new < old))
			return;
		fprintf(stderr, "entry at 0%% user: none %.1f, new %.1f, old "
		    "%.1f cycles; again\n", none, new, old);
	}
	fail_msg("entry at 0%% user: want none < new < old");
}

/* A pending unmasked exception is saved and restored, never raised. */
static void
test_fpu_pending_never_traps(void **state)
{
	static const char *const pairs[] = { "fpu/fxsave", "fpu/fnsave",
	    "fpu/xsave", "fpu/xsaveopt", "fpu/xsavec" };
	struct cb_result r;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		measure(row("fpu", pairs[i], "state", "inf-unmasked"), &r);
		assert_true(r.status == CB_OK || r.status == CB_SKIPPED);
		cb_result_free(&r);
	}
}

/* Whether cpuid's cost is a hypervisor's is in the result. */
static void
test_cpuid_says_vm_exit(void **state)
{
	uint32_t regs[4];
	struct cb_result r;
	double vm_exit = -1;
	unsigned i;

	(void)state;
	measure(row("serialize", "serialize/cpuid", NULL, NULL), &r);
	for (i = 0; i < r.nextras; i++)
		if (strcmp(r.extras[i].key, "vm_exit") == 0)
			vm_exit = r.extras[i].value;
	cb_result_free(&r);
	arch_cpuid(1, 0, regs);
	assert_true(vm_exit == ((regs[2] >> 31) & 1));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_entry_rows),
		cmocka_unit_test(test_fpu_rows),
		cmocka_unit_test(test_serialize_rows),
#ifdef __i386__
		cmocka_unit_test(test_i386_rows),
#endif
		cmocka_unit_test(test_entry_skip_saves),
		cmocka_unit_test(test_fpu_pending_never_traps),
		cmocka_unit_test(test_cpuid_says_vm_exit),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
