/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cyclebench's measurements written back as llvm-exegesis's own
 * benchmark YAML, so that `llvm-exegesis -mode=analysis
 * -benchmarks-file=FILE' holds LLVM's scheduling model against cycles
 * measured without a PMU.  Each measured form is the document exegesis
 * wrote for it (mode, key, cpu_name, llvm_triple, info, the assembled
 * snippet) with what a counted run of exegesis would have added: one
 * measurement keyed by the mode, and an empty error.
 *
 * exegesis (LLVM 16, BenchmarkRunner::runConfiguration) divides the
 * cycles of the whole function, num_repetitions instructions made of
 * ceil(num_repetitions / k) copies of the key's k instructions, by
 * num_repetitions for `value' (cycles per instruction) and by the copies
 * for `per_snippet_value' (cycles per copy of the key).  cyclebench
 * measures cycles per copy of the key, so it writes that as
 * per_snippet_value and value = per_snippet_value * copies /
 * num_repetitions, the figure exegesis's analysis compares with the
 * model: a latency for `latency', a reciprocal throughput for
 * `inverse_throughput'.
 */
#ifndef CB_CHARACTERIZE_EXEGESIS_OUT_H
#define CB_CHARACTERIZE_EXEGESIS_OUT_H

#include <stddef.h>

#include "characterize/exegesis.h"

#define EXEGESIS_REPETITIONS	10000	/* exegesis's -num-repetitions */

/*
 * The documents of x->d[0..n-1] whose per_snippet[i] is a number, as
 * one YAML stream in a new buffer *text (*len bytes, NUL-terminated);
 * forms not measured (NAN) or without a snippet are left out.  One mode
 * a file: exegesis's analysis holds every point of a scheduling class
 * against one measure.  0, or -1 with why in err.
 */
int	exegesis_out(const struct xdocs *x, const double *per_snippet,
	    unsigned long num_repetitions, char **text, size_t *len,
	    char *err, size_t errlen);

#endif
