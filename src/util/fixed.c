/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fixed decimals without a negative zero (fixed.h): printf formats the
 * number, and where its digits are all zeros the minus it wrote goes
 * (or becomes the plus a signed format shows).  Looking at the digits
 * printf wrote, not at the value, needs no guess of where its rounding
 * falls.
 */
#include <stdio.h>
#include <string.h>

#include "util/fixed.h"

char *
fixed_text(char *buf, size_t len, double v, int decimals, int sign,
    const char *suffix)
{
	size_t digits;

	if (buf == NULL || len == 0)
		return (buf);
	snprintf(buf, len, sign ? "%+.*f%s" : "%.*f%s", decimals, v,
	    suffix != NULL ? suffix : "");
	if (buf[0] != '-')
		return (buf);
	digits = strspn(buf + 1, "0.");
	if (digits == 0 || (buf[1 + digits] >= '1' && buf[1 + digits] <= '9'))
		return (buf);
	if (sign)
		buf[0] = '+';
	else
		memmove(buf, buf + 1, strlen(buf));
	return (buf);
}
