/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * basic: reference points with costs every x86 optimisation manual agrees
 * on, so a user can see the engine tell the truth before trusting it with
 * anything else.  Under calibrated cycles add-latency is the calibration
 * itself and reads 1.00 by construction; imul-latency (3 cycles on every
 * x86 since the Pentium Pro) is the independent check.
 *
 * add-latency, imul-latency and empty-loop run the engine's own reference
 * loops (arch/loops.c): the rows measure exactly what calibration and its
 * check run.
 */
#include <stdint.h>

#include "arch/arch.h"
#include "suites/repeat.h"
#include "suites/suites.h"

/*
 * The same chain with an immediate addend, which Intel's cores since
 * Golden Cove fold at rename (several a cycle) and every other x86 runs
 * at one a cycle: the row that shows which kind of core this is.
 */
REPEAT_ASM(add_imm_latency, 100, uintptr_t x = 0, "add $1, %0", : "+r" (x))

/*
 * Independent products: the three-operand imul reads a register nothing
 * writes and overwrites its destination, so renaming makes every multiply
 * independent of the last and the multipliers alone set the pace (3 on
 * Zen 5).  Two registers suffice, which i386 has too; ten chains would not
 * fit there.
 */
REPEAT_ASM(imul_throughput, 100, uintptr_t src = 3; uintptr_t dst,
    "imul $5, %1, %0", : "=r" (dst) : "r" (src))

/* A pointer that points at itself: every load waits for the last. */
static void *self_pointer = &self_pointer;

REPEAT_ASM(load_latency, 100, void *p = self_pointer, "mov (%0), %0",
    : "+r" (p))
REPEAT_BODY(nop_throughput, 100, "nop")

static const struct cb_bench basic[] = {
	{ .name = "basic/add-latency", .mode = CB_LATENCY, .ops = 100,
	  .body = arch_add_chain,
	  .desc = "add reg,reg chained: 1 cycle; the calibration reference" },
	{ .name = "basic/add-imm-latency", .mode = CB_LATENCY, .ops = 100,
	  .body = add_imm_latency,
	  .desc = "add $1,reg chained: 1 cycle, or about 0.2 where the "
	    "renamer folds immediates (Intel since Golden Cove)" },
	{ .name = "basic/imul-latency", .mode = CB_LATENCY, .ops = 100,
	  .body = arch_mul_chain,
	  .desc = "imul reg,reg chained: 3 cycles on every modern x86" },
	{ .name = "basic/imul-throughput", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = imul_throughput,
	  .desc = "imul $5,reg,reg with no chain between them: 1 cycle "
	    "per multiplier port (1.0 on most cores, 0.33 on Zen 5)" },
	{ .name = "basic/load-latency", .mode = CB_LATENCY, .ops = 100,
	  .body = load_latency,
	  .desc = "mov (reg),reg pointer chase hitting L1: load-to-use "
	    "latency (4-5 cycles)" },
	{ .name = "basic/nop-throughput", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = nop_throughput,
	  .desc = "nop: the front end's width (0.17-0.25 cycles)" },
	{ .name = "basic/empty-loop", .mode = CB_THROUGHPUT, .ops = 1,
	  .body = arch_empty_loop,
	  .desc = "an empty counted loop, per iteration: what every body's "
	    "loop adds before unrolling divides it" },
};

CB_SUITE(suite_basic, "basic", "Reference points that prove the engine: "
    "known latencies and throughputs.", basic);
