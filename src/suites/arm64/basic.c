/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * basic on arm64: reference points with costs every arm64 core's
 * optimisation guide states, so a user can see the engine tell the truth
 * before trusting it with anything else.  Under calibrated cycles
 * add-latency is the calibration itself and reads 1.00 by construction;
 * mul-latency (2 cycles on Neoverse and recent Cortex-A/X cores, 3 on
 * Cortex-A72 and Apple's cores, up to 5 on little in-order ones) is the
 * independent check.
 *
 * add-latency, mul-latency and empty-loop run the engine's own reference
 * loops (arch/loops.c): the rows measure exactly what calibration and its
 * check run.
 */
#include <stdint.h>

#include "arch/arch.h"
#include "suites/repeat.h"
#include "suites/suites.h"

REPEAT_ASM(add_imm_latency, 100, uint64_t x = 0, "add %0, %0, #1",
    : "+r" (x))

/* The destination is written, never read: every multiply independent. */
REPEAT_ASM(mul_throughput, 100, uint64_t src = 3; uint64_t dst,
    "mul %0, %1, %1", : "=r" (dst) : "r" (src))

/* A pointer that points at itself: every load waits for the last. */
static void *self_pointer = &self_pointer;

REPEAT_ASM(load_latency, 100, void *p = self_pointer, "ldr %0, [%0]",
    : "+r" (p))
REPEAT_BODY(nop_throughput, 100, "nop")

static const struct cb_bench basic[] = {
	{ .name = "basic/add-latency", .mode = CB_LATENCY, .ops = 100,
	  .body = arch_add_chain,
	  .desc = "add x, x, y chained: 1 cycle; the calibration reference" },
	{ .name = "basic/add-imm-latency", .mode = CB_LATENCY, .ops = 100,
	  .body = add_imm_latency,
	  .desc = "add x, x, #1 chained: 1 cycle on every arm64 core (no "
	    "core is known to fold immediate adds at rename)" },
	{ .name = "basic/mul-latency", .mode = CB_LATENCY, .ops = 100,
	  .body = arch_mul_chain,
	  .desc = "mul x, x, y chained: 2 cycles on Neoverse N1/V1/N2, 3 on "
	    "Cortex-A72 and Apple cores, 4-5 on Cortex-A53" },
	{ .name = "basic/mul-throughput", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = mul_throughput,
	  .desc = "mul x, y, y with no chain between them: 1 cycle per "
	    "multiplier pipe (1.0 on Neoverse N1, 0.5 on V1)" },
	{ .name = "basic/load-latency", .mode = CB_LATENCY, .ops = 100,
	  .body = load_latency,
	  .desc = "ldr x, [x] pointer chase hitting L1: load-to-use "
	    "latency (4 cycles on Neoverse, 3 on Cortex-A53)" },
	{ .name = "basic/nop-throughput", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = nop_throughput,
	  .desc = "nop: the front end's width (0.25 on a 4-wide core, 0.125 "
	    "on an 8-wide one)" },
	{ .name = "basic/empty-loop", .mode = CB_THROUGHPUT, .ops = 1,
	  .body = arch_empty_loop,
	  .desc = "an empty counted loop, per iteration: what every body's "
	    "loop adds before unrolling divides it" },
};

CB_SUITE(suite_basic, "basic", "Reference points that prove the engine: "
    "known latencies and throughputs.", basic);
