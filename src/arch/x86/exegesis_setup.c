/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Operand values a form needs to run at all (arch_exegesis_setup in
 * arch/arch.h).  llvm-exegesis starts every register at zero, and div and
 * idiv then fault (#DE) on their first copy.  Each copy must also leave
 * the next one the same operands, or the figure would average over
 * quotients shrinking to zero.  So the divisor is 1 and the dividend the
 * largest positive value of its size with a zero high half (0x7f in %ax,
 * 0x7fffffffffffffff in %rdx:%rax): every copy divides a full-width value
 * by 1 and writes back the same quotient and a zero remainder, the
 * case of a full-width quotient, which published tables give as the
 * slow end of a divide's range.  A divisor that is the accumulator
 * itself divides it by itself (1 by 1); one that is the high half
 * (%ah, %dx, %edx, %rdx) always overflows and cannot be measured.  Each
 * copy's divisor is set, in a register or in the scratch memory (a
 * throughput snippet's copies divide by 0(%rdi), 64(%rdi), ...).
 */
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"

/* acc, the high half and the dividend, by operand size. */
static const struct divide {
	char		 suffix;
	const char	*acc, *hi, *max;
} divides[] = {
	{ 'b', "%al", "%ah", "0x7f" },
	{ 'w', "%ax", "%dx", "0x7fff" },
	{ 'l', "%eax", "%edx", "0x7fffffff" },
	{ 'q', "%rax", "%rdx", "0x7fffffffffffffff" },
};

/* The divide's size, if insn is a div or idiv; NULL otherwise. */
static const struct divide *
divide_of(const char *insn, char *op, size_t oplen)
{
	char mn[16], o[64];
	size_t i, n;

	if (sscanf(insn, "%15s %63[^;]", mn, o) != 2 ||
	    (strncmp(mn, "div", 3) != 0 && strncmp(mn, "idiv", 4) != 0))
		return (NULL);
	n = strlen(mn);
	o[strcspn(o, " ")] = '\0';
	snprintf(op, oplen, "%s", o);
	for (i = 0; i < sizeof(divides) / sizeof(divides[0]); i++)
		if (mn[n - 1] == divides[i].suffix)
			return (&divides[i]);
	return (NULL);
}

int
arch_exegesis_setup(const char *body, char *buf, size_t len)
{
	const struct divide *d = NULL, *k;
	const char *p;
	char op[64];
	size_t at;
	int self = 0;

	buf[0] = '\0';
	/* The dividend: 1 where a copy divides the accumulator by itself. */
	for (p = body; p != NULL; p = strstr(p, "; "), p = p ? p + 2 : NULL) {
		if ((k = divide_of(p, op, sizeof(op))) == NULL)
			continue;
		d = k;
		if (strcmp(op, d->hi) == 0) {
			snprintf(buf, len, "divides %s:%s by %s, which "
			    "overflows for every value", d->suffix == 'b' ?
			    "%ah" : d->hi, d->acc, op);
			return (-1);
		}
		self |= strcmp(op, d->acc) == 0;
	}
	if (d == NULL)
		return (0);
	/* %eax written whole: a byte divide's high half, %ah, is 0. */
	at = (size_t)snprintf(buf, len, "%s $%s, %s\nxorl %%edx, %%edx\n",
	    d->suffix == 'q' && !self ? "movabsq" : "movl", self ? "1" : d->max,
	    d->suffix == 'q' && !self ? "%rax" : "%eax");
	for (p = body; p != NULL; p = strstr(p, "; "), p = p ? p + 2 : NULL) {
		if ((k = divide_of(p, op, sizeof(op))) == NULL ||
		    strcmp(op, k->acc) == 0)
			continue;
		if (at < len)
			at += (size_t)snprintf(buf + at, len - at,
			    "mov%c $1, %s\n", k->suffix, op);
	}
	if (at >= len) {
		snprintf(buf, len, "more divisors than the set-up holds");
		return (-1);
	}
	return (1);
}
