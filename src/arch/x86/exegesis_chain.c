/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Latency chains for x86-64 memory forms (arch_exegesis_chain in
 * arch/arch.h), built from the form's first instruction, whose memory
 * operand must be (%rdi), the start of the scratch memory.  Published
 * tables differ exactly in which chain they use, so each row says which:
 *
 *  store      a store whose mnemonic also loads (mov, vmovaps, ...) is
 *             followed by the reload of the same register from the same
 *             place: the round trip through store-to-load forwarding;
 *  rmw        an instruction that reads and writes its memory operand
 *             (add to memory, xchg, cmpxchg, a locked form, inc/neg/shift
 *             of memory) is repeated as it is: each copy waits for the
 *             last one's value in the same location;
 *  load       a load into a general register whose result is zero when
 *             memory and its destination are (mov, movzx, add, and, imul,
 *             cmov, crc32, pdep, ...) takes its destination as the index
 *             of its own address, add (%rdi,%rax), %rax with both zero:
 *             each copy's address waits for the last one's result, so the
 *             chain is load-to-use plus the operation, the published
 *             convention for a load form (an indexed address, since a
 *             base-only chase is unstable on some cores; adc, sbb, lzcnt,
 *             bsf and blsmsk are left out: their result from zero is not
 *             zero, and the address would walk away);
 *  register   a load into a vector register whose destination it also
 *             reads (vaddps (%rdi), %zmm2, %zmm2: exegesis's key ties the
 *             two), or a general one the load chain leaves out, is
 *             repeated as it is: the chain runs through the register, the
 *             load is off it; a three-operand vector load (vaddps
 *             (%rdi), %zmm1, %zmm2) gets its register source replaced by
 *             its destination to the same end; one-operand multiplies and
 *             divides (mul, imul, div, idiv of memory) are repeated as
 *             they are: through the accumulator and its high half, which
 *             each reads and writes.
 *
 * Anything else (read-only compares, vector loads that do not read their
 * destination, prefetches, stores without a matching load) gets no chain
 * and says so.
 *
 * Register forms (arch_exegesis_register_chain) are chained by exegesis,
 * but now and then through one register for every operand: xor, sub,
 * andn or pcmpgt of a register with itself is an idiom a core breaks
 * the chain on, and a move to itself is dropped at rename.  The
 * throughput snippet's first copy, whose registers differ, is chained
 * instead: as it is where its destination is also its first source
 * (exegesis's key ties them: addq %rcx, %rbp); with its destination fed
 * back as its first source where it has three registers (vandnps %xmm11,
 * %xmm13, %xmm13); followed by its mirror where it has two of one kind,
 * source and destination, so two copies make a link (movq %rax, %rbx;
 * movq %rbx, %rax).  A masked, memory or immediate operand, registers
 * of two kinds (movd %xmm1, %eax), and mulx, whose middle operand is a
 * second destination, get no chain.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/x86/regs.h"

#define MAX_OPS	4

/* Split AT&T operands at top-level commas; returns their number, or -1
   for more than MAX_OPS or one too long to be an operand. */
static int
operands(const char *ops, char op[MAX_OPS][64])
{
	int n = 0, depth = 0;
	size_t k = 0;

	for (; *ops == ' '; ops++)
		;
	if (*ops == '\0')
		return (0);
	for (; *ops != '\0'; ops++) {
		if (*ops == '(')
			depth++;
		else if (*ops == ')')
			depth--;
		if (*ops == ',' && depth == 0) {
			op[n][k] = '\0';
			if (++n == MAX_OPS)
				return (-1);
			k = 0;
			while (ops[1] == ' ')
				ops++;
			continue;
		}
		if (k + 1 == sizeof(op[0]))
			return (-1);
		op[n][k++] = *ops;
	}
	op[n][k] = '\0';
	return (n + 1);
}

static int
is_mem(const char *op)
{
	return (strchr(op, '(') != NULL);
}

static int
starts(const char *s, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strncmp(s, *list, strlen(*list)) == 0)
			return (1);
	return (0);
}

/* Mnemonics that read their memory operand and write nothing there:
   whole names, and prefixes of families. */
static const char *const read_only[] = { "cmpb", "cmpw", "cmpl", "cmpq",
	"testb", "testw", "testl", "testq", "btw", "btl", "btq", "ptest",
	"vptest", "clwb", "cldemote", NULL };
static const char *const read_only_family[] = { "ucomis", "comis",
	"vucomis", "vcomis", "prefetch", "clflush", "vtest", NULL };
/* Families that read their memory destination and write it back. */
static const char *const rmw[] = { "inc", "dec", "not", "neg", "shl",
	"shr", "sal", "sar", "rol", "ror", "rcl", "rcr", "add", "adc", "sub",
	"sbb", "and", "or", "xor", "xchg", "xadd", "cmpxchg", "bts", "btr",
	"btc", NULL };
/* VEX half loads, which name the register that keeps the other half. */
static const char *const vex_half[] = { "vmovhp", "vmovlp", NULL };
/* Complex multiplies, whose destination may not be a source. */
static const char *const distinct_dest[] = { "vfcmulc", "vfmulc", NULL };
/* Write two registers, their middle operand the second: no source to
   feed back (mulx's sources are %rdx and its first operand). */
static const char *const two_dests[] = { "mulx", NULL };
/* One memory operand, read; the chain runs through %rax and %rdx. */
static const char *const implicit_acc[] = { "div", "idiv", "mul", "imul",
	NULL };
/* Stores with no load of the same name to reload them. */
static const char *const no_reload[] = { "movnt", "vmovnt", "movdir",
	NULL };
/* Loads into a general register that give zero from zero memory and a
   zero destination: their result can index the next copy's address.
   blsi by its suffixes, for AMD's blsic gives all ones. */
static const char *const zero_keeping[] = { "mov", "add", "sub", "and",
	"or", "xor", "imul", "cmov", "popcnt", "crc32", "pdep", "pext",
	"shlx", "shrx", "sarx", "rorx", "bextr", "bzhi", "blsil", "blsiq",
	"blsr", NULL };
/* Loads whose last register holds an address, not a result. */
static const char *const address_last[] = { "movdir64b", NULL };
/* llvm-mc's text for movsx and movzx to a register as narrow as their
   source, which GNU as does not take (movslq to %esi is movsxd's 63 /r
   without REX.W): their chain could not be assembled. */
static const char *const no_gas_text[] = { "movsww", "movzww", NULL };

static int
named(const char *s, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strcmp(s, *list) == 0)
			return (1);
	return (0);
}

/*
 * The 64-bit register a general register operand is part of, into buf;
 * NULL for any other operand, and for %rdi (the base) and %rsp (never
 * an index).
 */
static const char *
index_of(const char *op, char *buf, size_t len)
{
	const char *name;

	if (op[0] != '%')
		return (NULL);
	name = arch_reg_family_name(arch_reg_family(op + 1, strlen(op + 1)),
	    0);
	if (name == NULL || strncmp(name, "%r", 2) != 0 ||
	    strcmp(name, "%rdi") == 0 || strcmp(name, "%rsp") == 0)
		return (NULL);
	snprintf(buf, len, "%s", name);
	return (buf);
}

/*
 * Load-to-use: the form again with its destination's 64-bit register as
 * the index of its memory operand; 0, -1 when the load chain does not
 * apply, -2 (the kind says why) when it would and cannot.
 */
static int
load_chain(const char *mn, char op[MAX_OPS][64], int n, int mem,
    struct arch_chain *c)
{
	char reg[8];
	const char *idx = index_of(op[n - 1], reg, sizeof(reg));
	size_t len;
	int i;

	if (idx == NULL || !starts(mn, zero_keeping) ||
	    named(mn, address_last))
		return (-1);
	if (named(mn, no_gas_text) ||
	    (strcmp(mn, "movslq") == 0 && strcmp(op[n - 1], idx) != 0)) {
		c->kind = "GNU as has no text for this encoding to chain";
		return (-2);
	}
	len = (size_t)snprintf(c->body, sizeof(c->body), "%s", mn);
	for (i = 0; i < n && len < sizeof(c->body); i++)
		len += (size_t)snprintf(c->body + len, sizeof(c->body) - len,
		    i == mem ? "%s (%%rdi,%s)" : "%s %s", i > 0 ? "," : "",
		    i == mem ? idx : op[i]);
	if (len >= sizeof(c->body)) {
		memset(c->body, 0, sizeof(c->body));
		return (-1);
	}
	snprintf(c->init, sizeof(c->init), "movq $0, (%%rdi); movq $0, %s",
	    idx);
	c->kind = "load: load-to-use and the operation, the destination "
	    "the next copy's index (zero, over zero memory)";
	return (0);
}

/* The first two register operands of exegesis's key are one: tied. */
static int
tied(const char *key)
{
	char a[32], b[32];

	return (sscanf(key, "%*s %31s %31s", a, b) == 2 && strcmp(a, b) == 0);
}

/* Register class by its prefix: %xmm, %ymm, %zmm, %k, %r/%e, %mm. */
static int
same_class(const char *a, const char *b)
{
	size_t n = 0;

	while (a[n] != '\0' && !isdigit((unsigned char)a[n]) && a[n] == b[n])
		n++;
	return (n >= 2 && a[0] == '%');
}

/* A general register's width (its row in x86_gpr), or -1. */
static int
gpr_width(const char *op)
{
	int w, i;

	for (w = 0; w < 4; w++)
		for (i = 0; i < X86_NGPR; i++)
			if (op[0] == '%' && strcmp(op + 1, x86_gpr[w][i]) == 0)
				return (w);
	return (-1);
}

/* Two registers of one kind: general ones of one width, or vector, mask
   or MMX registers of one prefix. */
static int
same_kind(const char *a, const char *b)
{
	int wa = gpr_width(a), wb = gpr_width(b);

	if (wa >= 0 || wb >= 0)
		return (wa == wb);
	return (same_class(a, b));
}

static int
register_chain(const char *insn, const char *key, struct arch_chain *c)
{
	char mn[32], op[MAX_OPS][64];
	struct arch_insn_regs r;
	int n, i, src, dst;
	if (sscanf(insn, "%31s", mn) != 1 ||
	    (n = operands(insn + strlen(mn), op)) < 2 || n > 3) {
		c->kind = "not two or three operands to chain through";
		return (-1);
	}
	for (i = 0; i < n; i++)
		if (op[i][0] != '%' || strpbrk(op[i], "({ ") != NULL) {
			c->kind = "an operand that is not a register alone";
			return (-1);
		}
	if (strcmp(op[n - 2], op[n - 1]) == 0 || (n == 3 &&
	    strcmp(op[0], op[1]) == 0)) {
		c->kind = "its first copy names one register twice too";
		return (-1);
	}
	if (named(mn, no_gas_text) || (strcmp(mn, "movslq") == 0 &&
	    gpr_width(op[1]) != 0)) {
		c->kind = "GNU as has no text for this encoding to chain";
		return (-1);
	}
	if (tied(key)) {
		snprintf(c->body, sizeof(c->body), "%s", insn);
		c->kind = "register: the throughput snippet's first copy "
		    "repeated, through its destination, which is also its "
		    "first source; exegesis's chain had one register for "
		    "every operand, which some cores take as an idiom";
		return (0);
	}
	if (n == 3 && starts(mn, two_dests)) {
		c->kind = "its middle operand is a destination, not a source "
		    "to feed back";
		return (-1);
	}
	if (n == 3 && starts(mn, distinct_dest)) {
		c->kind = "its destination must differ from its sources: no "
		    "chain through it";
		return (-1);
	}
	if (n == 3 && same_kind(op[1], op[2])) {
		snprintf(c->body, sizeof(c->body), "%s %s, %s, %s", mn, op[0],
		    op[1], op[1]);
		c->kind = "register: the throughput snippet's first copy with "
		    "its destination fed back as its first source; exegesis's "
		    "chain had one register for every operand, which some "
		    "cores take as an idiom";
		return (0);
	}
	src = arch_reg_family(op[0] + 1, strlen(op[0] + 1));
	dst = arch_reg_family(op[1] + 1, strlen(op[1] + 1));
	if (n == 2 && same_kind(op[0], op[1]) &&
	    arch_insn_regs(insn, 0, &r) == 0 && src >= 0 && dst >= 0 &&
	    (r.reads >> src & 1) && (r.writes >> dst & 1)) {
		snprintf(c->body, sizeof(c->body), "%s; %s %s, %s", insn, mn,
		    op[1], op[0]);
		c->per_link = 2;
		c->kind = "register: the throughput snippet's first copy and "
		    "its mirror, source and destination swapped, two copies a "
		    "link; exegesis's chain had one register for every "
		    "operand, which a core may drop as a move to itself";
		return (0);
	}
	c->kind = "no chain through registers of one kind";
	return (-1);
}

static int
memory_chain(const char *insn, const char *key, struct arch_chain *c)
{
	char mn[32], op[MAX_OPS][64];
	const char *rest, *bare;
	int n, mem = -1, i;
	if (sscanf(insn, "%31s", mn) != 1) {
		c->kind = "no instruction";
		return (-1);
	}
	rest = insn + strlen(mn);
	bare = mn;
	if (strcmp(mn, "lock") == 0) {
		/* The instruction after the prefix decides. */
		for (; *rest == ' '; rest++)
			;
		if (sscanf(rest, "%31s", mn) != 1) {
			c->kind = "a lone lock prefix";
			return (-1);
		}
		rest += strlen(mn);
	}
	if ((n = operands(rest, op)) <= 0) {
		c->kind = "no operands to chain through";
		return (-1);
	}
	for (i = 0; i < n; i++)
		if (is_mem(op[i]))
			mem = mem < 0 ? i : -2;
	if (mem < 0 || strcmp(op[mem], "(%rdi)") != 0) {
		c->kind = "no single memory operand at (%rdi) to chain through";
		return (-1);
	}
	if (named(bare, read_only) || starts(bare, read_only_family)) {
		c->kind = "reads memory and writes nothing that a copy reads";
		return (-1);
	}
	if (mem == n - 1 && n == 2 && !is_mem(op[0]) && op[0][0] == '%' &&
	    (strncmp(bare, "mov", 3) == 0 || strncmp(bare, "vmov", 4) == 0) &&
	    !starts(bare, no_reload)) {
		/* A VEX movhps/movlps load merges into a second source. */
		if (starts(bare, vex_half))
			snprintf(c->body, sizeof(c->body), "%s; %s (%%rdi), "
			    "%s, %s", insn, bare, op[0], op[0]);
		else
			snprintf(c->body, sizeof(c->body), "%s; %s (%%rdi), "
			    "%s", insn, bare, op[0]);
		c->kind = "store: the store, then a reload of the same register "
		    "from the same place (store-to-load forwarding)";
		return (0);
	}
	if (mem == n - 1 && starts(bare, rmw)) {
		snprintf(c->body, sizeof(c->body), "%s", insn);
		c->kind = strncmp(insn, "lock", 4) == 0 ? "rmw: locked, each "
		    "copy through the same memory location" : "rmw: each copy "
		    "through the same memory location";
		return (0);
	}
	if (n == 1 && starts(bare, implicit_acc)) {
		snprintf(c->body, sizeof(c->body), "%s", insn);
		c->kind = "register: through the accumulator and its high half "
		    "(%rax, %rdx), which it reads and writes; the load is off "
		    "the chain";
		return (0);
	}
	if (mem == n - 1) {
		c->kind = "writes memory that no copy reads back";
		return (-1);
	}
	/* A load: the destination is the last operand, a register. */
	if ((i = load_chain(mn, op, n, mem, c)) != -1)
		return (i == 0 ? 0 : -1);
	if (tied(key)) {
		snprintf(c->body, sizeof(c->body), "%s", insn);
		c->kind = "register: through the destination, which it also "
		    "reads; the load is off the chain";
		return (0);
	}
	if (starts(bare, distinct_dest)) {
		c->kind = "its destination must differ from its sources: no "
		    "chain through it";
		return (-1);
	}
	/* A masked destination ("%zmm2 {%k2} {z}") is no source to feed back. */
	if (n == 3 && mem == 0 && op[1][0] == '%' && same_class(op[1], op[2]) &&
	    strchr(op[2], '{') == NULL) {
		snprintf(c->body, sizeof(c->body), "%s (%%rdi), %s, %s", mn,
		    op[2], op[2]);
		c->kind = "register: the destination fed back as the register "
		    "source; the load is off the chain";
		return (0);
	}
	c->kind = "a load whose destination it does not read: no chain "
	    "built";
	return (-1);
}

/* Nothing built yet: a failed builder leaves no half of a chain. */
static void
clear(struct arch_chain *c)
{
	memset(c->body, 0, sizeof(c->body));
	memset(c->init, 0, sizeof(c->init));
	c->per_link = 1;
}

/*
 * A built chain, with {evex} before each instruction when `evex', so
 * that as keeps the EVEX encoding of an AVX-512 form where a VEX one
 * exists (vaddps on %xmm0 to %xmm15, which the form's row would not have
 * measured).
 */
static int
finish(int built, int evex, struct arch_chain *c)
{
	char out[sizeof(c->body)];
	const char *p = c->body, *end;
	size_t len = 0, n;

	if (built != 0 || !evex)
		return (built);
	for (; *p != '\0' && len < sizeof(out); p = *end != '\0' ? end + 2 :
	    end) {
		end = strstr(p, "; ");
		if (end == NULL)
			end = p + strlen(p);
		n = (size_t)(end - p);
		len += (size_t)snprintf(out + len, sizeof(out) - len,
		    "%s{evex} %.*s", len > 0 ? "; " : "", (int)n, p);
	}
	if (len >= sizeof(out)) {
		clear(c);
		c->kind = "too long a chain to keep its EVEX encoding";
		return (-1);
	}
	memcpy(c->body, out, len + 1);
	return (0);
}

int
arch_exegesis_chain(const char *insn, const char *key, int evex,
    struct arch_chain *c)
{
	clear(c);
	return (finish(memory_chain(insn, key, c), evex, c));
}

int
arch_exegesis_register_chain(const char *insn, const char *key, int evex,
    struct arch_chain *c)
{
	clear(c);
	return (finish(register_chain(insn, key, c), evex, c));
}
