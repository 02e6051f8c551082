/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Comparing doubles in cmocka tests: cmocka's assert_float_equal goes
 * through float, too coarse for cycle counts and statistics.  Include
 * after <cmocka.h> and <math.h>.
 */
#ifndef CB_TEST_NEAR_H
#define CB_TEST_NEAR_H

#define assert_near(a, b, tol) do {					\
	double got_ = (a), want_ = (b);					\
									\
	if (!(fabs(got_ - want_) <= (tol))) {				\
		print_error("%s = %.17g, expected %.17g (tol %g)\n",	\
		    #a, got_, want_, (double)(tol));			\
		fail();							\
	}								\
} while (0)

#endif
