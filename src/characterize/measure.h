/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A form's snippet as a benchmark.  exegesis's bytes go to the snippet
 * harness unchanged, as .byte lines: the set-up after a line that points
 * %rdi (exegesis's scratch register) at the scratch memory, the body
 * unrolled to about SNIPPET_TARGET_INSNS instructions.  The benchmark is
 * named "x86/OPCODE", so that the same form of two machines is the same
 * row whatever registers exegesis chose on each;
 * what the snippet was travels in the results file's "form" object.
 * Its one parameter is its mode ("mode=latency"): a row is matched
 * across files by name and parameters, and a form has a row of each.
 *
 * Cycles are per instruction: a latency row is the cycles of one copy of
 * the chain over its instructions (exegesis's chain of one instruction
 * repeated, in most forms), a throughput row the cycles of one copy of
 * the independent instructions over their number: exegesis's, or its
 * first instruction once for each of as many destinations as there are
 * registers for (struct form_wide) when each reads its own.
 */
#ifndef CB_CHARACTERIZE_MEASURE_H
#define CB_CHARACTERIZE_MEASURE_H

#include <stddef.h>

#include "cyclebench.h"
#include "characterize/forms.h"
#include "snippet/snippet.h"

/* One row: a form in one mode. */
struct charz_row {
	const struct form	*form;
	enum cb_mode		 mode;		/* latency, throughput */
	const struct form_snip	*snip;
	struct snippet		*s;		/* NULL: not measured */
	char			 why[256];	/* then why not */
	char			 name[96];
	int			 wide;		/* measured form->wide's body */
};

/*
 * Make row's snippet: 0, or -1 with why set (no snippet from exegesis,
 * not assembled).  timeout bounds the tools and the measuring child.
 */
int	charz_prepare(struct charz_row *row, double timeout);

/*
 * charz_prepare for rows[0..n-1], their texts given the assembler in one
 * batch (snippet/assemble.h); returns how many were made.
 */
size_t	charz_prepare_all(struct charz_row *rows, size_t n, double timeout);

/* A failed measurement's reason in a reader's terms: "not on this CPU
   (SIGILL)", "privileged (#GP)", or the engine's own. */
void	charz_why(const char *reason, char *buf, size_t len);

/* The row's parameter: its mode. */
struct cb_param charz_mode_param(enum cb_mode mode);

void	charz_row_free(struct charz_row *row);

#endif
