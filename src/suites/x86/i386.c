/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * i386: the seeds' 32-bit sequences that have no 64-bit home.  Seed 004
 * timed the "-current method" of incrementing a 64-bit per-CPU counter on
 * i386 at 18 cycles on an Athlon64: FreeBSD's counter_64_inc_8b(), a
 * cmpxchg8b loop without a lock prefix (a per-CPU word needs none) that
 * addresses the counter through the per-CPU segment %fs.  Here %fs gets a
 * copy of %ds, so %fs:(%esi) is the counter's own address, and %fs is put
 * back after each call (a 32-bit Linux process keeps its TLS in %gs).
 *
 * Built only for i386 (the Makefile leaves it out of x86-64 builds): the
 * 64-bit counter suite has its own rendering.
 */
#include <stdint.h>

#include "arch/x86/seq.h"
#include "suites/suites.h"

static void
counter_8b(uint64_t iters, void *ctx)
{
	static volatile uint64_t counter;
	int64_t inc = 1;
	uint16_t fs = SEG_READ("fs");

	(void)ctx;
	SEG_WRITE("fs", SEG_READ("ds"));
	do
		__asm__ volatile(".rept 10\n\t"
		    "movl %%fs:(%%esi), %%eax\n\t"
		    "movl %%fs:4(%%esi), %%edx\n"
		    "1:\n\t"
		    "movl %%eax, %%ebx\n\t"
		    "movl %%edx, %%ecx\n\t"
		    "addl (%%edi), %%ebx\n\t"
		    "adcl 4(%%edi), %%ecx\n\t"
		    "cmpxchg8b %%fs:(%%esi)\n\t"
		    "jnz 1b\n\t"
		    ".endr"
		    : : "S" (&counter), "D" (&inc)
		    : "memory", "cc", "eax", "edx", "ebx", "ecx");
	while (--iters);
	SEG_WRITE("fs", fs);
}

static const struct cb_bench i386_benches[] = {
	{ .name = "i386/counter-cmpxchg8b", .mode = CB_LATENCY, .ops = 10,
	  .body = counter_8b, .cpu_features = CB_CPU_CX8,
	  .desc = "seed 004's -current method: counter_64_inc_8b, "
	    "cmpxchg8b %fs:(%esi) loop without lock (18 cycles on an "
	    "Athlon64)" },
};

CB_SUITE(suite_i386, "i386", "The seeds' 32-bit-only sequences: seed "
    "004's cmpxchg8b per-CPU counter increment.", i386_benches);
