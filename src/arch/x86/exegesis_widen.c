/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Independent copies for a throughput snippet (arch_exegesis_widen in
 * arch/arch.h).  An instruction that reads its own destination (exegesis's
 * key ties the two: "ANDPSrr XMM2 XMM2 XMM7"; bsf and bsr, which keep the
 * destination when the source is zero, though LLVM does not tie them)
 * runs no faster than its latency over the number of destinations its
 * snippet cycles through, and exegesis picks a few: 8 FMAs of 4 cycles
 * cannot reach 2 a cycle, nor 9 two-cycle ands 4.  The instruction is
 * written once for its own destination and once for every register of
 * the same kind it does not name, each zeroed in the set-up as exegesis
 * zeroes its own.  Only general registers without an implicit use (not
 * %rax, %rcx, %rdx, %rsp, %rdi: multiplies, divides, shifts by %cl,
 * string operations, the scratch pointer), vector, MMX and mask
 * registers are taken; the EVEX encoding is kept with {evex}.  An
 * instruction that chains through the flags it reads and writes keeps
 * exegesis's snippet: its throughput is that chain's.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arch/arch.h"
#include "arch/x86/regs.h"

#define WIDEN_MAX	24	/* copies: enough for 6 cycles at 4 a cycle */

enum kind { K_NONE, K_GPR, K_HIGH8, K_VEC, K_MMX, K_MASK };

static const char *const high8[4] = { "ah", "ch", "dh", "bh" };
/* The general registers a copy may take: no implicit use (above). */
static const unsigned gpr_free = 1u << 3 | 1u << 5 | 1u << 6 | 0xff00u;

struct reg {
	enum kind	 kind;
	unsigned	 num;
	unsigned	 width;		/* K_GPR: row of x86_gpr[] */
	char		 prefix;	/* K_VEC: 'x', 'y' or 'z' */
};

/* What register `name' (no '%', any case) is; kind K_NONE if none. */
static struct reg
reg_of(const char *name, size_t len)
{
	struct reg r = { K_NONE, 0, 0, 0 };
	char s[8], *end;
	unsigned long n;
	size_t i, w;

	if (len == 0 || len >= sizeof(s))
		return (r);
	for (i = 0; i < len; i++)
		s[i] = (char)tolower((unsigned char)name[i]);
	s[len] = '\0';
	for (w = 0; w < 4; w++)
		for (i = 0; i < X86_NGPR; i++)
			if (strcmp(s, x86_gpr[w][i]) == 0)
				return ((struct reg){ K_GPR, (unsigned)i,
				    (unsigned)w, 0 });
	for (i = 0; i < 4; i++)
		if (strcmp(s, high8[i]) == 0)
			return ((struct reg){ K_HIGH8, (unsigned)i, 3, 0 });
	if ((s[0] == 'x' || s[0] == 'y' || s[0] == 'z') &&
	    strncmp(s + 1, "mm", 2) == 0 && isdigit((unsigned char)s[3])) {
		n = strtoul(s + 3, &end, 10);
		if (*end == '\0' && n < 32)
			return ((struct reg){ K_VEC, (unsigned)n, 0, s[0] });
	}
	if (strncmp(s, "mm", 2) == 0 && isdigit((unsigned char)s[2])) {
		n = strtoul(s + 2, &end, 10);
		if (*end == '\0' && n < 8)
			return ((struct reg){ K_MMX, (unsigned)n, 0, 0 });
	}
	if (s[0] == 'k' && isdigit((unsigned char)s[1])) {
		n = strtoul(s + 1, &end, 10);
		if (*end == '\0' && n < 8)
			return ((struct reg){ K_MASK, (unsigned)n, 0, 0 });
	}
	return (r);
}

/* The registers of kind k, by number, that `insn' names; high bytes are
   their general registers. */
static unsigned
used(const char *insn, enum kind k)
{
	const char *p;
	unsigned mask = 0;
	struct reg r;
	size_t len;

	for (p = strchr(insn, '%'); p != NULL; p = strchr(p, '%')) {
		p++;
		for (len = 0; isalnum((unsigned char)p[len]); len++)
			;
		r = reg_of(p, len);
		if (r.kind == K_HIGH8)
			r.kind = K_GPR;
		if (r.kind == k)
			mask |= 1u << r.num;
	}
	return (mask);
}

/* Where "%name" stands in insn as a whole register, and how often. */
static int
occurrences(const char *insn, const char *name, const char **at)
{
	size_t len = strlen(name);
	const char *p;
	int n = 0;

	for (p = strchr(insn, '%'); p != NULL; p = strchr(p + 1, '%'))
		if (strncasecmp(p + 1, name, len) == 0 &&
		    !isalnum((unsigned char)p[1 + len])) {
			*at = p + 1;
			n++;
		}
	return (n);
}

/* The name of register number n of r's kind and width, into buf. */
static void
name_of(const struct reg *r, unsigned n, char *buf, size_t len)
{
	switch (r->kind) {
	case K_GPR:
		snprintf(buf, len, "%s", x86_gpr[r->width][n]);
		break;
	case K_VEC:
		snprintf(buf, len, "%cmm%u", r->prefix, n);
		break;
	case K_MMX:
		snprintf(buf, len, "mm%u", n);
		break;
	default:
		snprintf(buf, len, "k%u", n);
		break;
	}
}

/* Set-up that zeroes register n of r's kind, as exegesis's are. */
static int
zero(const struct reg *r, unsigned n, int evex, int vex, char *buf,
    size_t len)
{
	switch (r->kind) {
	case K_GPR:
		return (snprintf(buf, len, "xorl %%%s, %%%s\n", x86_gpr[1][n],
		    x86_gpr[1][n]));
	case K_VEC:
		if (evex || n >= 16)
			return (snprintf(buf, len, "vpxord %%zmm%u, %%zmm%u, "
			    "%%zmm%u\n", n, n, n));
		return (vex ? snprintf(buf, len, "vpxor %%xmm%u, %%xmm%u, "
		    "%%xmm%u\n", n, n, n) : snprintf(buf, len, "pxor %%xmm%u, "
		    "%%xmm%u\n", n, n));
	case K_MMX:
		return (snprintf(buf, len, "pxor %%mm%u, %%mm%u\n", n, n));
	default:
		return (snprintf(buf, len, "kxorw %%k%u, %%k%u, %%k%u\n", n, n,
		    n));
	}
}

/*
 * Mnemonics whose copies chain through a flag they read and write (the
 * carry of adc): independent destinations leave that chain, which the
 * loop's own counter then breaks once an iteration, and chains of
 * successive iterations overlap (adc read 0.91 cycles on Zen 5 where a
 * carry chain takes 1).
 */
static const char *const flag_chained[] = { "adc", "sbb", "adox", "rcl",
	"rcr", NULL };

/* Whether the instruction reads its destination: key's first two
   operands the same register, or a mnemonic that keeps it. */
static int
reads_destination(const char *insn, const char *key, char *def, size_t len)
{
	const char *const *f;
	char a[32], b[32];
	int n = sscanf(key, "%*s %31s %31s", a, b);

	if (n < 1)
		return (0);
	for (f = flag_chained; *f != NULL; f++)
		if (strncmp(insn, *f, strlen(*f)) == 0)
			return (0);
	snprintf(def, len, "%s", a);
	return ((n == 2 && strcmp(a, b) == 0) ||
	    strncmp(insn, "bsf", 3) == 0 || strncmp(insn, "bsr", 3) == 0);
}

unsigned
arch_exegesis_widen(const char *insn, const char *key, int evex,
    unsigned had, struct arch_widen *w)
{
	char def[32], name[16];
	const char *at = NULL;
	size_t pre, blen = 0, ilen = 0;
	unsigned n, copies = 0, avail, limit;
	struct reg r;
	int k;

	w->body[0] = w->init[0] = '\0';
	if (!reads_destination(insn, key, def, sizeof(def)))
		return (0);
	r = reg_of(def, strlen(def));
	if (r.kind == K_NONE || r.kind == K_HIGH8 ||
	    occurrences(insn, def, &at) != 1)
		return (0);
	limit = r.kind == K_GPR ? 16 : r.kind == K_VEC ? (evex ? 32 : 16) :
	    8;
	avail = (r.kind == K_GPR ? gpr_free : r.kind == K_MASK ? 0xfeu :
	    (unsigned)((1ull << limit) - 1)) & ~used(insn, r.kind);
	pre = (size_t)(at - insn);
	/* The instruction as it is first, then once a free register. */
	for (n = r.num, k = -1; k < (int)limit && copies < WIDEN_MAX;
	    n = (unsigned)++k) {
		if (k >= 0 && !(avail & 1u << n))
			continue;
		if (blen >= sizeof(w->body) || ilen >= sizeof(w->init))
			break;		/* too long: refused below */
		name_of(&r, n, name, sizeof(name));
		blen += (size_t)snprintf(w->body + blen, sizeof(w->body) -
		    blen, "%s%s%.*s%s%s", copies > 0 ? "; " : "", evex ?
		    "{evex} " : "", (int)pre, insn, name, at + strlen(def));
		if (k >= 0)
			ilen += (size_t)zero(&r, n, evex, insn[0] == 'v',
			    w->init + ilen, sizeof(w->init) - ilen);
		copies++;
	}
	if (blen >= sizeof(w->body) || ilen >= sizeof(w->init) ||
	    copies <= had) {
		w->body[0] = w->init[0] = '\0';
		return (0);
	}
	return (copies);
}
