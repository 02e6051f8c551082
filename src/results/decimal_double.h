/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A JSON number's text to the nearest double, as strtod rounds it, in a
 * fraction of strtod's time for the numbers results files hold
 * (decimal_double.c says how).
 */
#ifndef CB_REPORT_DECIMAL_DOUBLE_H
#define CB_REPORT_DECIMAL_DOUBLE_H

#include <stddef.h>

/*
 * The double nearest s[0..len-1] (ties to even), which need not end in a
 * NUL; HUGE_VAL, with its sign, when the number is too large for one;
 * NAN when memory runs out (a number of 64 characters or more is copied
 * for strtod).  Text that is not a JSON number gets what strtod makes of
 * it.
 */
double	decimal_to_double(const char *s, size_t len);

#endif
