/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A snippet's chains from one copy to the next, read from the registers
 * its assembled code uses.  The body's instructions, as objdump listed
 * them, are walked in order (arch_insn_regs says what each reads and
 * writes): a register read before the body writes it, and written by it,
 * carries a value from each copy to the next.  Each register's value is
 * followed back to the carried registers it was computed from, so that
 * carried registers feeding each other count as one chain ('add
 * %rax,%rbx; add %rbx,%rax') and those that never meet as several
 * ('imul %rax,%rax; imul %rbx,%rbx').  One chain through every copy is
 * a latency; several side by side are what a throughput is measured
 * with.  Only registers are followed: a store and a load of the same
 * address are not seen as one (docs/asm.md says so).
 */
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "snippet/chain.h"
#include "snippet/snippet.h"

#define NREGS	64

/* The carried registers reachable from r through `from'. */
static uint64_t
reach(const uint64_t *from, uint64_t carried, int r)
{
	uint64_t seen = 1ULL << r, next;
	int f;

	do {
		next = seen;
		for (f = 0; f < NREGS; f++)
			if (seen & 1ULL << f)
				next |= from[f] & carried;
	} while (next != seen && (seen = next, 1));
	return (seen);
}

int
snippet_chain(const struct snippet_code *c, int intel, char *regs,
    size_t len)
{
	struct arch_insn_regs r;
	uint64_t written = 0, early = 0, carried, in, from[NREGS], sym[NREGS];
	uint64_t counted = 0;
	size_t i, used = 0, last = 0;
	int f, g, chains = 0;

	regs[0] = '\0';
	if (c->ninsns == 0)
		return (-1);
	/* from[f]: the registers, as they came in, f's value is made of. */
	for (f = 0; f < NREGS; f++)
		from[f] = 1ULL << f;
	for (i = 0; i < c->ninsns; i++) {
		if (arch_insn_regs(c->insns[i].text, intel, &r) != 0)
			return (-1);
		early |= r.reads & ~written;
		written |= r.writes;
		for (in = 0, f = 0; f < NREGS; f++)
			if (r.reads & 1ULL << f)
				in |= from[f];
		for (f = 0; f < NREGS; f++)
			if (r.writes & 1ULL << f)
				from[f] = in;
	}
	if ((carried = early & written) == 0)
		return (0);
	/* Chains: carried registers joined whichever way one feeds another. */
	for (f = 0; f < NREGS; f++)
		sym[f] = from[f] & carried;
	for (f = 0; f < NREGS; f++)
		for (g = 0; g < NREGS; g++)
			if (sym[f] & 1ULL << g)
				sym[g] |= 1ULL << f;
	for (f = 0; f < NREGS; f++) {
		if (!(carried & 1ULL << f))
			continue;
		if (!(counted & 1ULL << f)) {
			chains++;
			counted |= reach(sym, carried, f);
		}
		last = used;
		if (arch_reg_family_name(f, intel) != NULL && used < len)
			used += (size_t)snprintf(regs + used, len - used,
			    "%s%s", used > 0 ? ", " : "",
			    arch_reg_family_name(f, intel));
	}
	/* "%rax, %rbx and the flags" */
	if (last > 0 && used < len && strncmp(regs + last, ", ", 2) == 0 &&
	    strlen(regs) + 3 < len) {
		memmove(regs + last + 5, regs + last + 2, strlen(regs + last +
		    2) + 1);
		memcpy(regs + last, " and ", 5);
	}
	return (chains);
}

const char *
snippet_chain_note(const struct snippet *s, int asked_latency, char *buf,
    size_t len)
{
	buf[0] = '\0';
	if (s->chain == 1 && !asked_latency)
		snprintf(buf, len, "latency: each copy reads %s, written by "
		    "the copy before it, so each waits for the last",
		    s->chain_regs);
	else if (s->chain > 1)
		snprintf(buf, len, "%d chains side by side through the copies "
		    "(%s): the figure is their latency, or the instructions' "
		    "throughput where the chains are enough to keep the units "
		    "busy", s->chain, s->chain_regs);
	else if (s->chain == 0 && asked_latency)
		snprintf(buf, len, "--latency, but no register carries from "
		    "one copy to the next: unless memory does, each copy "
		    "need not wait for the last");
	return (buf);
}
