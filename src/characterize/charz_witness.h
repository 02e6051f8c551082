/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A batch of rows, each witnessed where its body may lower the core
 * clock (snippet/witness.h), the witnesses' rounds interleaved as the
 * rows' were.
 */
#ifndef CB_CHARACTERIZE_CHARZ_WITNESS_H
#define CB_CHARACTERIZE_CHARZ_WITNESS_H

#include <stddef.h>

#include "cyclebench.h"
#include "characterize/measure.h"

/*
 * rows[0..n-1] were measured with o, those with a snippet into r[] in
 * order: convert each whose witness read a lower clock under that clock.
 */
void	charz_witness(const struct charz_row *rows, size_t n,
	    struct cb_result *r, const struct cb_options *o);

#endif
