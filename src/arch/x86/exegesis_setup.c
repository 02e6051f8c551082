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
 *
 * A few forms address memory through a register that exegesis sets to
 * zero like any other (xlat's %rbx, maskmovdqu's implicit %rdi, AMD's
 * clzero's %rax, movdir64b's destination) and fault on their first copy; that register
 * is pointed into the scratch memory.  %rdi is its first byte unless the
 * form names it, and then %r14, the sandbox's own pointer to it, which
 * none of them names, still is.  An addr32 form (%edi) would need the
 * scratch memory below 4 GB, which it is not, and still faults.
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

/* arch_exegesis_setup's divides. */
static int
divide_setup(const char *body, char *buf, size_t len)
{
	const struct divide *d = NULL, *k;
	const char *p;
	char op[64];
	size_t at;
	int self = 0;

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

/*
 * The forms that address memory through a register exegesis zeroes: the
 * mnemonic, and the set-up that points the register into the scratch
 * memory (%s: the operand `reg' names, a 64-bit register, 0 when the
 * register is implicit).  movdir64b's 64 bytes go 4 KiB past its source.
 */
static const struct address {
	const char	*mn;
	int		 reg;
	const char	*setup;
} addresses[] = {
	{ "xlatb", 0, "movq %rdi, %rbx" },
	{ "clzero", 0, "movq %rdi, %rax" },
	{ "maskmovq", 0, "movq %r14, %rdi" },
	{ "maskmovdqu", 0, "movq %r14, %rdi" },
	{ "vmaskmovdqu", 0, "movq %r14, %rdi" },
	{ "movdir64b", 2, "leaq 4096(%%rdi), %s" },
};

/* op, a register's name, is a 64-bit general register's. */
static int
is_gpr64(const char *op)
{
	size_t n = strlen(op);

	return (n >= 3 && n <= 4 && strncmp(op, "%r", 2) == 0 &&
	    strchr("dwb", op[n - 1]) == NULL);
}

/* arch_exegesis_setup's address registers: each copy's, once a line. */
static int
address_setup(const char *body, char *buf, size_t len)
{
	const struct address *a;
	const char *p;
	char mn[16], ops[2][32], line[64];
	size_t at = 0, i;
	int n;

	for (p = body; p != NULL; p = strstr(p, "; "), p = p ? p + 2 : NULL) {
		n = sscanf(p, "%15s %31[^,;], %31[^,;]", mn, ops[0], ops[1]);
		for (i = 0, a = NULL; n >= 1 && a == NULL &&
		    i < sizeof(addresses) / sizeof(addresses[0]); i++)
			if (strcmp(mn, addresses[i].mn) == 0)
				a = &addresses[i];
		if (a == NULL || (a->reg > 0 && (n <= a->reg ||
		    !is_gpr64(ops[a->reg - 1]))))
			continue;
		n = snprintf(line, sizeof(line), a->setup, a->reg > 0 ?
		    ops[a->reg - 1] : "");
		snprintf(line + n, sizeof(line) - (size_t)n, "\n");
		/* Copies that share a register share its line. */
		if (strstr(buf, line) != NULL)
			continue;
		if (at < len)
			at += (size_t)snprintf(buf + at, len - at, "%s", line);
	}
	if (at >= len) {
		snprintf(buf, len, "more address registers than the set-up "
		    "holds");
		return (-1);
	}
	return (at > 0);
}

int
arch_exegesis_setup(const char *body, char *buf, size_t len)
{
	int rc;

	buf[0] = '\0';
	if ((rc = divide_setup(body, buf, len)) != 0)
		return (rc);
	return (address_setup(body, buf, len));
}
