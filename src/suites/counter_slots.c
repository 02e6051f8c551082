/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where the counter suite's counters live, and their check (counter_slots.h).
 * The rseq ways index a block per possible CPU by rseq's cpu_id, so the
 * block is as large as the CPUs the system could bring online.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>

#include "suites/counter_slots.h"

static __thread uint64_t tls_lines[LINES][LINE / 8]
    __attribute__((aligned(LINE)));

void *
counters_ctx_new(size_t size, char *why, size_t len)
{
	void *ctx;

	if ((ctx = aligned_alloc(LINE, size)) == NULL) {
		snprintf(why, len, "out of memory");
		return (NULL);
	}
	memset(ctx, 0, size);
	return (ctx);
}

static int
percpu_place(struct counters *k, char *tp, char *why, size_t len)
{
#if HAVE_RSEQ
	struct rseq *rs;
	size_t ncpu;

	if (__rseq_size == 0) {
		snprintf(why, len, "the C library did not register rseq for "
		    "this thread (kernel without rseq, qemu-user, or "
		    "GLIBC_TUNABLES=glibc.pthread.rseq=0)");
		return (CB_SETUP_SKIP);
	}
	rs = (struct rseq *)(tp + __rseq_offset);
	ncpu = (size_t)get_nprocs_conf();
	if ((int32_t)rs->cpu_id < 0 || rs->cpu_id >= ncpu) {
		snprintf(why, len, "rseq is registered but its cpu_id reads "
		    "%d", (int)rs->cpu_id);
		return (CB_SETUP_SKIP);
	}
	if ((k->percpu = aligned_alloc(LINE, ncpu * LINES * LINE)) == NULL) {
		snprintf(why, len, "out of memory");
		return (CB_SETUP_ERROR);
	}
	k->rseq_offset = __rseq_offset;
	k->base = k->percpu;
	k->first = k->percpu;
	k->n = ncpu * LINES;
	return (0);
#else
	(void)k;
	(void)tp;
	snprintf(why, len, "no rseq here: the sequence needs a C library "
	    "with <sys/rseq.h> (glibc 2.35 or later)");
	return (CB_SETUP_SKIP);
#endif
}

int
counters_place(struct counters *k, enum storage where, uint64_t *lines,
    char *tp, char *why, size_t len)
{
	switch (where) {
	case IN_TLS:
		k->base = (char *)((char *)tls_lines - tp);
		k->first = &tls_lines[0][0];
		k->n = LINES;
		return (0);
	case PER_CPU:
		return (percpu_place(k, tp, why, len));
	case IN_CTX:
		break;
	}
	k->base = (char *)lines;
	k->first = lines;
	k->n = LINES;
	return (0);
}

uint64_t
counters_sum(const struct counters *k)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < k->n; i++)
		sum += k->first[i * (LINE / 8)];
	return (sum);
}

uint64_t
counters_added(struct counters *k, cb_body_fn *body)
{
	uint64_t before;

	before = counters_sum(k);
	body(1, k);
	return (counters_sum(k) - before);
}

void
counters_teardown(void *ctx)
{
	struct counters *k = ctx;

	free(k->percpu);
	free(ctx);
}
