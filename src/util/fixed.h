/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A number with a fixed count of decimals, as the tables print changes
 * and figures, never a negative zero: printf writes "-0.0" for any
 * negative value that rounds to zero (and for -0.0 itself), which reads
 * as a change where there is none.
 */
#ifndef CB_UTIL_FIXED_H
#define CB_UTIL_FIXED_H

#include <stddef.h>

/*
 * v with `decimals' digits after the point and `suffix' ("%", " us";
 * may be NULL), signed ("+1.2", "-0.4", "+0.0") when sign is set; a
 * value that rounds to zero is "0.0" or "+0.0".  Returns buf.
 */
char	*fixed_text(char *buf, size_t len, double v, int decimals, int sign,
	    const char *suffix);

#endif
