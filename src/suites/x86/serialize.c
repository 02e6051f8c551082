/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * serialize: what the instructions that order or stamp execution cost,
 * back to back.  Seed 001 removed a serialising debug-register write from
 * Linux's signal path and gained a third of the signal's time; the
 * instructions a user-space program can run to the same end are these:
 * cpuid (fully serialising, and under a hypervisor a VM exit), lfence and
 * mfence, the time stamps rdtsc and rdtscp, rdpid, serialize, and pause.
 *
 * A row runs only what CPUID reports: a hypervisor may hide RDTSCP or
 * RDPID even where the CPU would execute them, and then the row is
 * skipped, never executed.
 */
#include <stdint.h>

#include "arch/x86/cpu.h"
#include "arch/x86/seq.h"
#include "suites/repeat.h"
#include "suites/suites.h"

#define CPUID1_ECX_HYPERVISOR	(1u << 31)

/* Leaf 0, so every call does the same work. */
static void
run_cpuid(uint64_t iters, void *ctx)
{
	uint32_t a, b, c, d;

	(void)ctx;
	do
		__asm__ volatile("cpuid" : "=a" (a), "=b" (b), "=c" (c),
		    "=d" (d) : "a" (0), "c" (0));
	while (--iters);
}

/* Whether the numbers are the hypervisor's: 1 when CPUID traps to one. */
static void
cpuid_report(void *ctx, struct cb_result *r)
{
	uint32_t regs[4];

	(void)ctx;
	arch_cpuid(1, 0, regs);
	cb_result_extra(r, "vm_exit", (regs[2] & CPUID1_ECX_HYPERVISOR) != 0);
}

REPEAT_BODY(run_lfence, 100, "lfence", "memory")
REPEAT_BODY(run_mfence, 100, "mfence", "memory")
REPEAT_BODY(run_rdtsc, 100, "rdtsc", "eax", "edx")
REPEAT_BODY(run_rdtscp, 100, "rdtscp", "eax", "ecx", "edx")
REPEAT_BODY(run_rdpid, 100, "rdpid " ASM_XAX, "eax")
REPEAT_BODY(run_serialize, 100, "serialize", "memory")
REPEAT_BODY(run_pause, 100, "pause", "memory")

static const struct cb_bench serialize[] = {
	{ .name = "serialize/cpuid", .mode = CB_THROUGHPUT, .ops = 1,
	  .body = run_cpuid, .report = cpuid_report,
	  .desc = "cpuid leaf 0 back to back.  Under a hypervisor "
	    "(CPUID.1:ECX[31], 'under ...' in the header; extras.vm_exit = "
	    "1) every CPUID is a VM exit and this is the hypervisor's round "
	    "trip, thousands of cycles, not the CPU's" },
	{ .name = "serialize/lfence", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = run_lfence, .cpu_features = CB_CPU_SSE2,
	  .desc = "lfence back to back: waits for every earlier instruction "
	    "to complete locally" },
	{ .name = "serialize/mfence", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = run_mfence, .cpu_features = CB_CPU_SSE2,
	  .desc = "mfence back to back: drains the store buffer" },
	{ .name = "serialize/rdtsc", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = run_rdtsc, .desc = "rdtsc back to back, unordered" },
	{ .name = "serialize/rdtscp", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = run_rdtscp, .cpu_features = CB_CPU_RDTSCP,
	  .desc = "rdtscp back to back: waits for earlier instructions, "
	    "returns TSC_AUX too" },
	{ .name = "serialize/rdpid", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = run_rdpid, .cpu_features = CB_CPU_RDPID,
	  .desc = "rdpid back to back: TSC_AUX (Linux: the CPU number) "
	    "without the time stamp" },
	{ .name = "serialize/serialize", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = run_serialize, .cpu_features = CB_CPU_SERIALIZE,
	  .desc = "serialize back to back: cpuid's ordering without its "
	    "VM exit" },
	{ .name = "serialize/pause", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = run_pause,
	  .desc = "pause back to back: the spin-wait hint, tens of cycles "
	    "on recent cores" },
};

CB_SUITE(suite_serialize, "serialize", "What do the serialising, fencing "
    "and time-stamp instructions cost (seed 001 found a serialising "
    "instruction worth a third of a signal's delivery)?", serialize);
