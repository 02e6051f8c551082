/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Seed 002 (2004): uncontested atomic_cmpset_int() with and without lock,
 * each re-armed by a store of 0 as in the original; store-only is that.
 */
#include <stdio.h>
#include <cyclebench.h>
static volatile unsigned dst;
#define CMPSET(fn, insn) static void fn(uint64_t n, void *ctx) {	\
	(void)ctx;							\
	do __asm__ volatile(".rept 10\n\txor %%eax,%%eax\n\t"		\
	    "mov $1,%%ecx\n\t" insn "\n\tmovl $0,%0\n\t.endr"		\
	    : "+m" (dst) : : "eax", "ecx", "memory");			\
	while (--n); }
CMPSET(store_only, "")
CMPSET(cmpset, "cmpxchgl %%ecx,%0")
CMPSET(cmpset_lock, "lock cmpxchgl %%ecx,%0")
#define B(n, f) { .name = "seed002/" n, .mode = CB_LATENCY, .ops = 10, \
	.body = f }
static const struct cb_bench b[] = { B("store-only", store_only),
    B("cmpset", cmpset), B("cmpset-lock", cmpset_lock) };

int
main(int argc, char **argv)
{
	struct cb_result r[3];
	char err[256];
	int i, rc = 0;

	for (i = 0; i < 3; i++)
		rc |= cb_measure(&b[i], NULL, &r[i]) != CB_OK;
	cb_print_results(stdout, r, 3);
	if (argc > 1 && cb_write_json(argv[1], r, 3, argc, argv, err,
	    sizeof(err)) != 0 && fprintf(stderr, "%s\n", err))
		rc = 1;
	for (i = 0; i < 3; i++)
		cb_result_free(&r[i]);
	return (rc);
}
