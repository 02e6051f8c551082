/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Seed 004 (FreeBSD counter(9), 2013): ways to add 1 to a 64-bit counter,
 * each chained on one counter (latency), and incq on four (throughput).
 */
#include <stdio.h>
#include <cyclebench.h>
static volatile uint64_t c[4];
#define INC(fn, insn) static void fn(uint64_t n, void *ctx) {		\
	(void)ctx;							\
	do __asm__ volatile(".rept 10\n" insn "\n.endr"			\
	    : "+m" (c[0]), "+m" (c[1]), "+m" (c[2]), "+m" (c[3])	\
	    : : "eax", "ebx", "ecx", "edx", "cc", "memory");		\
	while (--n); }
INC(incq, "incq %0")
INC(addl, "addl $1,%0")
INC(addl_adcl, "addl $1,%0; adcl $0,4+%0")
INC(cmpxchg8b, "movl %0,%%eax; movl 4+%0,%%edx; 1: movl %%eax,%%ebx;"
    "movl %%edx,%%ecx; addl $1,%%ebx; adcl $0,%%ecx; cmpxchg8b %0; jne 1b")
INC(incq4, "incq %0; incq %1; incq %2; incq %3")
#define B(n, f, m, k) { .name = "seed004/" n, .mode = m, .ops = k, .body = f }
static const struct cb_bench b[] = { B("incq", incq, CB_LATENCY, 10),
    B("addl-low-half", addl, CB_LATENCY, 10),
    B("addl-adcl", addl_adcl, CB_LATENCY, 10),
    B("cmpxchg8b", cmpxchg8b, CB_LATENCY, 10),
    B("incq-4-counters", incq4, CB_THROUGHPUT, 40) };

int
main(void)
{
	struct cb_result r[5];
	int i, rc = 0;

	for (i = 0; i < 5; i++)
		rc |= cb_measure(&b[i], NULL, &r[i]) != CB_OK;
	cb_print_results(stdout, r, 5);
	for (i = 0; i < 5; i++)
		cb_result_free(&r[i]);
	return (rc);
}
