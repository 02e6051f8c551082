/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which registers an AArch64 instruction reads and writes, from objdump's
 * text of it, for asm's test of a snippet that depends on itself.  Rules,
 * not a decoder: the first operand is written and the others read, but
 * stores, compares and branches only read; registers in an address are
 * read (and written back by a '!' or a post-index); movk, the bit-field
 * inserts and the multiply-accumulates read their destination too.  The
 * flags: the instructions ending in 's', cmp, cmn, tst and ccmp write
 * them; conditional selects and branches, adc and sbc read them.  Memory
 * is not followed.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"

#define VEC0	31		/* v0 to v31, and their q, d, s, h, b */
#define FLAGS	63

/* Read every operand, write none (but the flags, or a write-back). */
static const char *const only_read[] = { "st", "cmp", "cmn", "tst",
	"ccmp", "ccmn", "fcmp", "b", "bl", "br", "blr", "cbz", "cbnz", "tbz",
	"tbnz", "ret", "prfm", "dc", "ic" };

/* Read their destination as well. */
static const char *const read_dst[] = { "movk", "bfi", "bfxil", "bfm",
	"madd", "msub", "smaddl", "umaddl", "smsubl", "umsubl", "fmla",
	"fmls", "mla", "mls", "ins", "sdot", "udot" };

/* Read the flags. */
static const char *const flag_readers[] = { "b.", "csel", "csinc",
	"csinv", "csneg", "cset", "csetm", "cinc", "cinv", "cneg", "adc",
	"sbc", "ccmp", "ccmn", "fcsel" };

#define IN(list, m)	in_list(list, sizeof(list) / sizeof(list[0]), m)

static int
in_list(const char *const *list, size_t n, const char *m)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(m, list[i]) == 0 || (list[i][strlen(list[i]) - 1] ==
		    '.' && strncmp(m, list[i], strlen(list[i])) == 0))
			return (1);
	return (0);
}

int
arch_reg_family(const char *name, size_t len)
{
	unsigned k = 0;
	size_t i;

	if (len < 2 || len > 3)
		return (-1);
	for (i = 1; i < len; i++) {
		if (!isdigit((unsigned char)name[i]))
			return (-1);
		k = k * 10 + (unsigned)(name[i] - '0');
	}
	if ((name[0] == 'x' || name[0] == 'w') && k < 31)
		return ((int)k);
	if (strchr("vqdshb", name[0]) != NULL && k < 32)
		return (VEC0 + (int)k);
	return (-1);
}

const char *
arch_reg_family_name(int family, int intel)
{
	static char buf[8];

	(void)intel;
	if (family >= 0 && family < VEC0)
		snprintf(buf, sizeof(buf), "x%d", family);
	else if (family >= VEC0 && family < FLAGS)
		snprintf(buf, sizeof(buf), "v%d", family - VEC0);
	else if (family == FLAGS)
		return ("the flags");
	else
		return (NULL);
	return (buf);
}

/* The registers named in s[0..n-1]. */
static uint64_t
regs_in(const char *s, size_t n)
{
	uint64_t bits = 0;
	size_t i, k;
	int f;

	for (i = 0; i < n; i = k) {
		for (k = i; k < n && isalnum((unsigned char)s[k]); k++)
			;
		if (k == i) {
			k++;
			continue;
		}
		if ((i == 0 || !isalnum((unsigned char)s[i - 1])) &&
		    (f = arch_reg_family(s + i, k - i)) >= 0)
			bits |= 1ULL << f;
	}
	return (bits);
}

/* Is the address in ops written back: "[x0, #8]!" or "[x0], #8"? */
static int
writes_back(const char *ops, size_t len, const char *open)
{
	const char *close;

	if (open == NULL || memchr(ops, '!', len) != NULL)
		return (open != NULL);
	close = memchr(open, ']', len - (size_t)(open - ops));
	return (close != NULL && memchr(close, ',', len - (size_t)(close -
	    ops)) != NULL);
}

int
arch_insn_regs(const char *text, int intel, struct arch_insn_regs *r)
{
	char m[24];
	const char *p, *ops, *first_end, *open, *src;
	size_t n, len;
	uint64_t addr;

	(void)intel;
	memset(r, 0, sizeof(*r));
	p = text + strspn(text, " ");
	if ((n = strcspn(p, " ")) == 0 || n >= sizeof(m))
		return (-1);
	snprintf(m, sizeof(m), "%.*s", (int)n, p);
	ops = p + n + strspn(p + n, " ");
	len = strcspn(ops, "/;<");
	/* An address: its registers are read, and written back with '!'. */
	addr = 0;
	if ((open = memchr(ops, '[', len)) != NULL)
		addr = regs_in(open, len - (size_t)(open - ops));
	first_end = ops + strcspn(ops, ",");
	if (first_end > ops + len)
		first_end = ops + len;
	if (IN(flag_readers, m))
		r->reads |= 1ULL << FLAGS;
	n = strlen(m);
	if ((n > 1 && m[n - 1] == 's' && strncmp(m, "ld", 2) != 0 &&
	    strncmp(m, "st", 2) != 0 && m[0] != 'f' && m[0] != 'b') ||
	    strcmp(m, "cmp") == 0 || strcmp(m, "cmn") == 0 ||
	    strcmp(m, "tst") == 0 || strncmp(m, "ccm", 3) == 0)
		r->writes |= 1ULL << FLAGS;
	if (strncmp(m, "st", 2) == 0 || IN(only_read, m)) {
		r->reads |= regs_in(ops, len);
		r->writes |= writes_back(ops, len, open) ? addr : 0;
		return (0);
	}
	/* The first operand (two for a load pair) is the destination. */
	r->writes |= regs_in(ops, (size_t)(first_end - ops));
	src = first_end;
	if (strncmp(m, "ldp", 3) == 0 && *src == ',') {
		r->writes |= regs_in(src + 1, strcspn(src + 1, ","));
		src += 1 + strcspn(src + 1, ",");
	}
	r->reads |= addr;
	if (src < ops + len)
		r->reads |= regs_in(src, len - (size_t)(src - ops));
	if (IN(read_dst, m))
		r->reads |= regs_in(ops, (size_t)(first_end - ops));
	if (writes_back(ops, len, open))
		r->writes |= addr;
	return (0);
}
