/* SPDX-License-Identifier: BSD-2-Clause */
/* Rows measured under a lower clock, witnessed (charz_witness.h). */
#include "characterize/charz_witness.h"
#include "core/rounds.h"
#include "snippet/witness.h"

#define BATCH	32	/* witnesses whose rounds are interleaved */

/* Measure w[0..m-1] and convert of[i] under the clock w[i] read. */
static void
measure(struct snippet **w, struct cb_result **of, size_t m,
    const struct cb_options *o)
{
	const struct cb_bench *b[BATCH] = { NULL };
	struct cb_result wr[BATCH];
	struct cb_options wo = snippet_witness_options(o);
	size_t i;

	for (i = 0; i < m; i++)
		b[i] = &w[i]->bench;
	rounds_run(b, m, &wo, wr, NULL, NULL);
	for (i = 0; i < m; i++) {
		snippet_witness_apply(of[i], &wr[i]);
		cb_result_free(&wr[i]);
		snippet_free(w[i]);
	}
}

void
charz_witness(const struct charz_row *rows, size_t n, struct cb_result *r,
    const struct cb_options *o)
{
	struct snippet *w[BATCH];
	struct cb_result *of[BATCH], *res;
	size_t i, at = 0, m = 0;

	for (i = 0; i < n; i++) {
		if (rows[i].s == NULL)
			continue;
		res = &r[at++];
		if (res->status != CB_OK || (w[m] = snippet_witness(rows[i].s,
		    snippet_copy_cycles(rows[i].s, res))) == NULL)
			continue;
		w[m]->bench.name = rows[i].name;
		of[m++] = res;
		if (m == BATCH) {
			measure(w, of, m, o);
			m = 0;
		}
	}
	if (m > 0)
		measure(w, of, m, o);
}
