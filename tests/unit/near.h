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

/*
 * Equal as doubles.  On i386 with x87 excess precision a constant or a
 * product is compared in long double unless cast: 0.01 is not the double
 * 0.01 there.
 */
#define assert_double_equal(a, b)	assert_true((double)(a) == (double)(b))

#endif
