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
#include "suites/suites.h"

#define UNROLL	"100"

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

static void
run_lfence(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile(".rept " UNROLL "\n\tlfence\n\t.endr" : : :
		    "memory");
	while (--iters);
}

static void
run_mfence(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile(".rept " UNROLL "\n\tmfence\n\t.endr" : : :
		    "memory");
	while (--iters);
}

static void
run_rdtsc(uint64_t iters, void *ctx)
{
	uint32_t lo, hi;

	(void)ctx;
	do
		__asm__ volatile(".rept " UNROLL "\n\trdtsc\n\t.endr"
		    : "=a" (lo), "=d" (hi));
	while (--iters);
}

static void
run_rdtscp(uint64_t iters, void *ctx)
{
	uint32_t lo, hi, aux;

	(void)ctx;
	do
		__asm__ volatile(".rept " UNROLL "\n\trdtscp\n\t.endr"
		    : "=a" (lo), "=d" (hi), "=c" (aux));
	while (--iters);
}

static void
run_rdpid(uint64_t iters, void *ctx)
{
	uintptr_t id;

	(void)ctx;
	do
		__asm__ volatile(".rept " UNROLL "\n\trdpid %0\n\t.endr"
		    : "=r" (id));
	while (--iters);
}

static void
run_serialize(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile(".rept " UNROLL "\n\tserialize\n\t.endr" : : :
		    "memory");
	while (--iters);
}

static void
run_pause(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile(".rept " UNROLL "\n\tpause\n\t.endr");
	while (--iters);
}

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
