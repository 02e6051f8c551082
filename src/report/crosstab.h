/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The store's table by machine, what `cyclebench table' prints: across
 * stored runs, a suite's benchmarks as rows and the values of one
 * dimension (machine, kernel, microcode, commit, a context key) as
 * columns, in each cell the latest result or the median of the last N,
 * with its flags; the layout of seed 004's column per CPU.  Built by
 * the command from the results store; printed here as text, markdown or
 * CSV.  Not the run's tables by parameter (pivot.c), which regroup one
 * run's results.
 */
#ifndef CB_CROSSTAB_H
#define CB_CROSSTAB_H

#include <stdio.h>

#include "report/report.h"

struct xt_cell {
	size_t		 n;		/* results behind it; 0: none */
	double		 value;		/* median of their medians */
	char		 flags[128];	/* their flags, "a,b", each once */
	long long	 run;		/* the newest of them */
};

struct xt_table {
	const char	*suite;
	const char	*by;		/* "machine", "kernel", a context key */
	size_t		 last;		/* results per cell, at most */
	size_t		 nrows, ncols;
	const char	**rows;		/* "variant k=v" */
	const char	**cols;		/* headers */
	const char	**col_notes;	/* what a header stands for, or NULL */
	struct xt_cell	*cells;		/* [row * ncols + col] */
	void		*rows_buf, *cols_buf, *notes_buf; /* behind them */
};

/* Free every member and buffer of t. */
void	xt_free(struct xt_table *t);

/* table's reporter (report/report.h): text, markdown and CSV of an
   xt_table. */
extern const struct reporter xt_reporter;

/* The letter the table gives the flag `name', '\0' for one this build
   does not know. */
char	xt_flag_letter(const char *name);

/* Add the flags "a,b" to the set in buf (comma-separated, each once). */
void	xt_add_flags(char *buf, size_t len, const char *flags);

#endif
