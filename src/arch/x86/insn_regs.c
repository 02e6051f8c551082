/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which registers an x86 instruction reads and writes, from objdump's
 * text of it (AT&T or Intel), for asm's test of a snippet that depends
 * on itself.  Rules, not a full decoder: the destination is the last
 * operand (AT&T) or the first (Intel); it is read too unless the
 * instruction only writes it (moves other than those that merge into a
 * vector register, loads of an address, conversions, bit scans,
 * three-operand forms other than accumulating ones) or it is a zeroing
 * idiom (xor %eax,%eax).  An 8- or 16-bit destination merges into its
 * register, so it is read, as is a vector destination under an AVX-512
 * mask ({%k1}, itself read) unless {z} zeroes what the mask leaves out.
 * Registers in an address are read.
 * The implicit operands of multiply, divide, sign extension, cpuid,
 * rdtsc and cmpxchg, and the flags of adc, sbb, rcl, rcr, cmovcc, setcc
 * and jcc, are known; push and pop's %rsp is left out, as the stack
 * engine renames it.  Memory is not followed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/x86/regs.h"

#define VEC0		16	/* xmm0 to xmm31 and their ymm, zmm */
#define FLAGS		48
#define MASK0		49	/* k0 to k7 */
#define MAX_OPS		6
#define RAX		0
#define RCX		1
#define RDX		2
#define RBX		3

const char *const x86_gpr[4][X86_NGPR] = {
	{ "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9",
	  "r10", "r11", "r12", "r13", "r14", "r15" },
	{ "eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi", "r8d",
	  "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d" },
	{ "ax", "cx", "dx", "bx", "sp", "bp", "si", "di", "r8w", "r9w",
	  "r10w", "r11w", "r12w", "r13w", "r14w", "r15w" },
	{ "al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil", "r8b", "r9b",
	  "r10b", "r11b", "r12b", "r13b", "r14b", "r15b" },
};

/* Instruction prefixes objdump prints as words of their own. */
static const char *const prefixes[] = { "lock", "rep", "repz", "repe",
	"repnz", "repne", "data16", "data32", "addr32", "notrack", "bnd",
	"cs", "ds", "es", "ss", "fs", "gs", "{vex}", "{vex3}", "{evex}" };

/* Only write their destination. */
static const char *const write_only[] = { "mov", "vmov", "lea", "cvt",
	"vcvt", "lzcnt", "tzcnt", "popcnt", "pmovzx", "pmovsx",
	"vpmovzx", "vpmovsx", "vbroadcast", "vpbroadcast", "rdrand",
	"rdseed", "rdfsbase", "rdgsbase", "rdpid", "pop", "set" };

/*
 * Moves that merge into a vector destination: movss and movsd between
 * registers (from memory they zero the rest), loads of a half.
 */
static const char *const merge_moves[] = { "movss", "movsd", "movlps",
	"movlpd", "movhps", "movhpd" };

/* Three operands, and still read their destination. */
static const char *const accumulate[] = { "shld", "shrd", "vfmadd",
	"vfmsub", "vfnmadd", "vfnmsub", "vpdp", "vpermt2", "vpermi2",
	"vpmadd52" };

/* Read their operands and write only the flags. */
static const char *const compare[] = { "cmp", "test", "bt", "ucomis",
	"comis", "vucomis", "vcomis", "ptest", "vptest" };

/* Read only: pushes, stores of a base, branches, cache hints. */
static const char *const read_only[] = { "push", "wrfsbase", "wrgsbase",
	"jmp", "call", "clflush", "prefetch", "clwb" };

/* With one operand, what they multiply or divide by. */
static const char *const muldiv[] = { "mul", "imul", "div", "idiv" };

/* Words whose last letter is no AT&T size suffix. */
static const char *const unsuffixed[] = { "shl", "sal", "rcl", "rol",
	"mul", "imul", "sbb", "sub", "call", "cltq", "cqto", "cltd", "cwtl",
	"cwtd", "cbtw" };

/* Zero their destination when its sources are the same register. */
static const char *const zeroing[] = { "xor", "sub", "pxor", "xorps",
	"xorpd", "vpxor", "vpxord", "vpxorq", "vxorps", "vxorpd", "psubb",
	"psubw", "psubd", "psubq", "vpsubb", "vpsubw", "vpsubd", "vpsubq" };

/* Read the flags. */
static const char *const flag_readers[] = { "adc", "adox", "sbb", "rcl",
	"rcr", "cmov", "set", "j" };

#define IN(list, m, whole)	in_list(list, sizeof(list) / sizeof(list[0]), \
	m, whole)

/* Is m in list, whole or (whole == 0) as a prefix of it? */
static int
in_list(const char *const *list, size_t n, const char *m, int whole)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (whole ? strcmp(m, list[i]) == 0 :
		    strncmp(m, list[i], strlen(list[i])) == 0)
			return (1);
	return (0);
}


/* The number after `prefix' in a register's name ("xmm12"), or -1. */
static int
numbered(const char *name, const char *prefix)
{
	size_t n = strlen(prefix);
	unsigned long v;
	char *end;

	if (strncmp(name, prefix, n) != 0 || !isdigit((unsigned char)name[n]))
		return (-1);
	v = strtoul(name + n, &end, 10);
	return (*end == '\0' && v < 64 ? (int)v : -1);
}

/* A register's family and width in bytes (8 for vectors), or -1. */
static int
lookup(const char *name, size_t n, int *width)
{
	static const int widths[4] = { 8, 4, 2, 1 };
	static const char *const high[] = { "ah", "ch", "dh", "bh" };
	char buf[8];
	int k;
	int w, i;

	if (n == 0 || n >= sizeof(buf))
		return (-1);
	memcpy(buf, name, n);
	buf[n] = '\0';
	for (w = 0; w < 4; w++)
		for (i = 0; i < X86_NGPR; i++)
			if (strcmp(buf, x86_gpr[w][i]) == 0) {
				*width = widths[w];
				return (i);
			}
	for (i = 0; i < 4; i++)
		if (strcmp(buf, high[i]) == 0) {
			*width = 1;
			return (i);
		}
	*width = 8;
	if ((k = numbered(buf, "xmm")) >= 0 || (k = numbered(buf, "ymm")) >= 0 ||
	    (k = numbered(buf, "zmm")) >= 0)
		return (k < 32 ? VEC0 + k : -1);
	if ((k = numbered(buf, "k")) >= 0 && k < 8 && n == 2)
		return (MASK0 + k);
	return (-1);
}

int
arch_reg_family(const char *name, size_t len)
{
	int width;

	return (lookup(name, len, &width));
}

const char *
arch_reg_family_name(int family, int intel)
{
	static char buf[8];
	const char *pct = intel ? "" : "%";

	if (family >= 0 && family < X86_NGPR)
		snprintf(buf, sizeof(buf), "%s%s", pct, x86_gpr[0][family]);
	else if (family >= VEC0 && family < FLAGS)
		snprintf(buf, sizeof(buf), "%sxmm%d", pct, family - VEC0);
	else if (family == FLAGS)
		return ("the flags");
	else if (family >= MASK0 && family < MASK0 + 8)
		snprintf(buf, sizeof(buf), "%sk%d", pct, family - MASK0);
	else
		return (NULL);
	return (buf);
}

/* An operand: the registers it names; a register operand's family. */
struct operand {
	uint64_t	 regs;
	uint64_t	 mask;		/* in braces after it: {%k1} */
	int		 reg;		/* -1: memory or immediate */
	int		 width;
	int		 zeroing;	/* {z} */
};

static void
parse_operand(const char *s, size_t n, int intel, struct operand *o)
{
	size_t i, k;
	int f, w, memory, braced = 0, nregs = 0;

	memset(o, 0, sizeof(*o));
	o->reg = -1;
	memory = memchr(s, intel ? '[' : '(', n) != NULL;
	for (i = 0; i < n; i = k) {
		if (!isalnum((unsigned char)s[i])) {
			braced += s[i] == '{' ? 1 : s[i] == '}' ? -1 : 0;
			k = i + 1;
			continue;
		}
		for (k = i; k < n && isalnum((unsigned char)s[k]); k++)
			;
		if (braced && k - i == 1 && s[i] == 'z')
			o->zeroing = 1;
		/* AT&T names registers with '%'; a bare word is no register. */
		if ((!intel && (i == 0 || s[i - 1] != '%')) ||
		    (f = lookup(s + i, k - i, &w)) < 0)
			continue;
		if (braced) {
			o->mask |= 1ULL << f;
			continue;
		}
		o->regs |= 1ULL << f;
		o->reg = f;
		o->width = w;
		nregs++;
	}
	if (memory || nregs != 1)
		o->reg = -1;
}

/* Split "op1,op2" at the commas outside brackets. */
static int
split(const char *s, int intel, struct operand *ops)
{
	size_t start = 0, i;
	int depth = 0, n = 0;

	if (*s == '\0')
		return (0);
	for (i = 0;; i++) {
		if (s[i] == '(' || s[i] == '[')
			depth++;
		else if (s[i] == ')' || s[i] == ']')
			depth--;
		if ((s[i] == ',' && depth == 0) || s[i] == '\0') {
			if (n == MAX_OPS)
				return (-1);
			parse_operand(s + start, i - start, intel, &ops[n++]);
			start = i + 1;
		}
		if (s[i] == '\0')
			return (n);
	}
}

/* The registers read and written beside the operands. */
static void
implicit(const char *m, int nops, struct arch_insn_regs *r)
{
	const uint64_t ax = 1ULL << RAX, dx = 1ULL << RDX, cx = 1ULL << RCX;

	if (nops == 1 && (IN(((const char *[]){ "mul", "imul" }), m, 1))) {
		r->reads |= ax;
		r->writes |= ax | dx;
	} else if (nops == 1 && IN(((const char *[]){ "div", "idiv" }), m,
	    1)) {
		r->reads |= ax | dx;
		r->writes |= ax | dx;
	} else if (IN(((const char *[]){ "cqto", "cqo", "cltd", "cdq", "cwtd",
	    "cwd" }), m, 1)) {
		r->reads |= ax;
		r->writes |= dx;
	} else if (IN(((const char *[]){ "cltq", "cdqe", "cwtl", "cwde",
	    "cbtw", "cbw" }), m, 1) || strncmp(m, "cmpxchg", 7) == 0) {
		/* cmpxchg compares with %rax and loads it on a mismatch. */
		r->reads |= ax;
		r->writes |= ax;
	} else if (strcmp(m, "rdtsc") == 0 || strcmp(m, "rdtscp") == 0) {
		r->writes |= ax | dx | (m[5] == 'p' ? cx : 0);
	} else if (strcmp(m, "cpuid") == 0) {
		r->reads |= ax | cx;
		r->writes |= ax | cx | dx | 1ULL << RBX;
	}
	if (IN(flag_readers, m, 0) && strcmp(m, "jmp") != 0)
		r->reads |= 1ULL << FLAGS;
}

/* Without an AT&T size suffix ("addl": "add"). */
static void
base_mnemonic(const char *word, size_t n, char *m, size_t len)
{
	snprintf(m, len, "%.*s", (int)n, word);
	n = strlen(m);
	if (n > 2 && strchr("bwlq", m[n - 1]) != NULL &&
	    !IN(unsuffixed, m, 1) && strncmp(m, "set", 3) != 0 &&
	    strncmp(m, "cmov", 4) != 0 && strncmp(m, "mov", 3) != 0 &&
	    m[0] != 'v' && m[0] != 'p')
		m[n - 1] = '\0';
}

/* Does the instruction set the flags?  Most arithmetic does. */
static int
sets_flags(const char *m)
{
	static const char *const setters[] = { "add", "sub", "adc", "adcx",
		"adox", "sbb", "and", "or", "xor", "neg", "inc", "dec", "shl",
		"shr", "sal", "sar", "rol", "ror", "rcl", "rcr", "mul", "imul",
		"bsf", "bsr", "lzcnt", "tzcnt", "popcnt", "cmpxchg", "xadd",
		"stc", "clc", "cmc", "andn", "blsr", "blsi", "blsmsk", "bextr",
		"bzhi" };

	return (IN(setters, m, 1) || IN(compare, m, 0));
}

/*
 * xor %eax,%eax, vpxor %xmm1,%xmm1,%xmm2: the sources are one register
 * (the destination, with two operands), so the result is zero whatever
 * it held.  That register, or -1.
 */
static int
zeroed(const char *m, const struct operand *ops, int nops, int d)
{
	int i, src = -1;

	if (!IN(zeroing, m, 1) || nops < 2 || nops > 3)
		return (-1);
	for (i = 0; i < nops; i++) {
		if (i == d)
			continue;
		if (ops[i].reg < 0 || (src >= 0 && ops[i].reg != src))
			return (-1);
		src = ops[i].reg;
	}
	return (nops == 3 || src == ops[d].reg ? src : -1);
}

int
arch_insn_regs(const char *text, int intel, struct arch_insn_regs *r)
{
	struct operand ops[MAX_OPS];
	const struct operand *dst;
	char m[24], rest[128];
	const char *p = text;
	size_t n;
	int nops, i, d, z, dst_read;

	memset(r, 0, sizeof(*r));
	for (;;) {
		p += strspn(p, " ");
		if ((n = strcspn(p, " ")) == 0)
			return (-1);
		base_mnemonic(p, n, m, sizeof(m));
		p += n;
		if (!IN(prefixes, m, 1))
			break;
	}
	p += strspn(p, " ");
	snprintf(rest, sizeof(rest), "%.*s", (int)strcspn(p, "#<"), p);
	for (n = strlen(rest); n > 0 && rest[n - 1] == ' '; n--)
		rest[n - 1] = '\0';
	if ((nops = split(rest, intel, ops)) < 0)
		return (-1);
	implicit(m, nops, r);
	if (sets_flags(m))
		r->writes |= 1ULL << FLAGS;
	d = intel ? 0 : nops - 1;
	/* The sources, a memory destination's address, and masks. */
	for (i = 0; i < nops; i++) {
		r->reads |= ops[i].mask;
		if (i != d || ops[i].reg < 0)
			r->reads |= ops[i].regs;
	}
	if (nops == 0 || (dst = &ops[d])->reg < 0)
		return (0);
	if (IN(compare, m, 0) || IN(read_only, m, 0) || m[0] == 'j' ||
	    (nops == 1 && IN(muldiv, m, 1))) {
		r->reads |= dst->regs;
		return (0);
	}
	dst_read = !IN(write_only, m, 0) && (nops < 3 || IN(accumulate, m, 0));
	if (nops == 2 && IN(merge_moves, m, 1))
		dst_read = m[3] == 'l' || m[3] == 'h' || ops[1 - d].reg >= 0;
	if ((z = zeroed(m, ops, nops, d)) >= 0) {
		r->reads &= ~(1ULL << z);
		dst_read = 0;
	}
	/* An 8- or 16-bit write merges into the rest of the register. */
	if (dst_read || dst->width < 4 || (dst->mask != 0 && !dst->zeroing &&
	    dst->reg >= VEC0 && dst->reg < FLAGS))
		r->reads |= dst->regs;
	r->writes |= dst->regs;
	if (strcmp(m, "xchg") == 0 || strcmp(m, "xadd") == 0)
		for (i = 0; i < nops; i++)
			if (ops[i].reg >= 0)
				r->writes |= ops[i].regs;
	return (0);
}
