/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The counters of seed 004's counter suite, whatever the ISA: the k = 1,
 * 2, 4, 6 or 8 counters a way increments round robin, each in a cache line
 * of its own, kept in the benchmark's context, in this thread's TLS block
 * or, for the rseq ways, in a block per possible CPU.  An ISA's sequences
 * address them from `base' at the offsets OFFS_k; its setup checks that a
 * call adds exactly OPS increments to them, and its rows are WAY_ROWS.
 */
#ifndef CB_SUITES_COUNTER_SLOTS_H
#define CB_SUITES_COUNTER_SLOTS_H

#include <stddef.h>
#include <stdint.h>

#include "suites/suites.h"

#define CB_STR_(x)	#x
#define CB_STR(x)	CB_STR_(x)

#if __has_include(<sys/rseq.h>)
#include <sys/rseq.h>
#define HAVE_RSEQ	1
#define RSEQ_CPU_ID	offsetof(struct rseq, cpu_id)
#define RSEQ_CS		offsetof(struct rseq, rseq_cs)
#define RSEQ_SIG_S	CB_STR(RSEQ_SIG)
#else
#define HAVE_RSEQ	0
#define RSEQ_CPU_ID	0
#define RSEQ_CS		0
#define RSEQ_SIG_S	"0"
#endif

#define LINES		8		/* the largest k */
#define LINE		64
#define OPS		48		/* increments per body call: k divides it */
#define OPS_S		CB_STR(OPS)
#define PERCPU_SHIFT_S	"9"		/* LINES * LINE bytes per CPU */

/* Byte offsets of the k counters, for .irp. */
#define OFFS_1	"0"
#define OFFS_2	"0,64"
#define OFFS_4	"0,64,128,192"
#define OFFS_6	"0,64,128,192,256,320"
#define OFFS_8	"0,64,128,192,256,320,384,448"

/* Where a way keeps its counters. */
enum storage {
	IN_CTX,		/* plain memory, the context's `lines' */
	IN_TLS,		/* this thread's TLS block, through the thread pointer */
	PER_CPU		/* a block per CPU, chosen through rseq */
};

/* What a benchmark's context begins with. */
struct counters {
	char		*base;		/* what the sequences address */
	uint64_t	*first;		/* the counters, to check them */
	size_t		 n;
	void		*percpu;
	intptr_t	 rseq_offset;	/* glibc's __rseq_offset */
};

/* A zeroed context of `size' bytes, aligned to a line, or NULL saying why. */
void	*counters_ctx_new(size_t size, char *why, size_t len);
/*
 * Puts the counters where the way keeps them: `lines' are the context's,
 * `tp' the thread pointer the TLS and rseq sequences start from.  0, or
 * CB_SETUP_SKIP or CB_SETUP_ERROR with the reason.
 */
int	 counters_place(struct counters *k, enum storage where,
	    uint64_t *lines, char *tp, char *why, size_t len);
uint64_t counters_sum(const struct counters *k);
/* How many increments one call of the body adds. */
uint64_t counters_added(struct counters *k, cb_body_fn *body);
void	 counters_teardown(void *ctx);

/* A way's rows: one per k, each with a setup that checks its body. */
#define K_ROW(v, n, K, feat, d) {					\
	.name = "counter/" n, .mode = (K) == 1 ? CB_LATENCY :		\
	    CB_THROUGHPUT, .ops = OPS, .body = v##_##K,			\
	.setup = v##_##K##_setup, .teardown = counters_teardown,	\
	.cpu_features = feat, .desc = d, .params = { { "k", #K } } }
#define WAY_ROWS(v, n, feat, d)						\
	K_ROW(v, n, 1, feat, d), K_ROW(v, n, 2, feat, d),		\
	K_ROW(v, n, 4, feat, d), K_ROW(v, n, 6, feat, d),		\
	K_ROW(v, n, 8, feat, d)

#endif
