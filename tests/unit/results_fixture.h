/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Loading results files in cmocka tests: a file that does not load fails
 * the test with rs_load's message.  Fixtures and how they were made:
 * tests/fixtures/results/make-fixtures.py.  Include after <cmocka.h>.
 */
#ifndef CB_TEST_RESULTS_FIXTURE_H
#define CB_TEST_RESULTS_FIXTURE_H

#include "results/results.h"

#define RES	"tests/fixtures/results/"
#define ZEN3	"tests/fixtures/zen3-kvm/"

static inline void
load(struct rs_file *f, const char *path)
{
	char err[512];

	if (rs_load(path, f, err, sizeof(err)) != 0)
		fail_msg("%s", err);
}

#endif
