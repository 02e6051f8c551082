/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * llvm-mca's prediction for characterize's snippets: what LLVM's
 * scheduling model says each form costs, to set beside what cyclebench
 * measured.  Every snippet is one code region of llvm-mca's input, and
 * llvm-mca simulates each region on its own, a given number of
 * iterations of the region's instructions back to back.  Of its
 * summary, two figures are kept:
 *
 * - Block RThroughput: the cycles one iteration needs at least, from the
 *   model's resources alone (the busiest pipe, and the dispatch width),
 *   whatever the dependencies.  For a throughput snippet, whose copies
 *   are independent, that is the model's reciprocal throughput of the
 *   block; divided by the instructions, of one instruction, the figure
 *   the published tables give.
 *
 * - Total Cycles / Iterations: the simulated steady state, dependencies
 *   included.  For a latency snippet, a chain in which each instruction
 *   waits for the one before (and the first for the last of the
 *   iteration before), that is the chain's length in cycles; divided by
 *   the instructions, the model's latency of one.  The simulation's
 *   start and drain add a few cycles to the total, about 0.03 cycles an
 *   instruction at 100 iterations of a one-instruction chain.
 *
 * Both figures are returned for every snippet; the caller takes the one
 * that fits the snippet's mode.  The second is also the model's cost of
 * a throughput snippet as written: where its copies still depend on each
 * other (an instruction that reads and writes the flags, like adc), the
 * chain bounds the simulation where Block RThroughput does not see it.
 */
#ifndef CB_CHARACTERIZE_MCA_H
#define CB_CHARACTERIZE_MCA_H

#include <stddef.h>

/*
 * Predict att[0..n-1] (each a snippet's body: AT&T instructions
 * separated by "; ", ninsns[i] of them) for CPU `mcpu' (NULL: the
 * host's, as llvm-mca detects it).  rthroughput[i] and latency[i] are
 * per instruction (see above), NAN where llvm-mca could not predict:
 * the body did not assemble, the model has no figures for one of its
 * instructions, or llvm-mca read another count of instructions.  model
 * gets the CPU and the scheduling model llvm-mca used ("znver3 (Zen 3
 * model)"), saying so when this LLVM knows no model for the host CPU and
 * falls back to the generic one.  n may be 0, to learn the model.
 * Within `timeout' seconds in all.  0, or -1 with why in err (llvm-mca
 * not run, not knowing the CPU, the time up, an interrupt).
 */
int	mca_predict(const char *mca, const char *mcpu, char *const *att,
	    const size_t *ninsns, size_t n, double *rthroughput,
	    double *latency, char *model, size_t modellen, double timeout,
	    char *err, size_t errlen);

#endif
