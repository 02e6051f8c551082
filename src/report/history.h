/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A benchmark's history: its stored runs on one machine, oldest first,
 * with the levels changes_find sees in them.  Built by the command from
 * the store, printed here (text, CSV) and drawn by the report.
 */
#ifndef CB_HISTORY_H
#define CB_HISTORY_H

#include <stdio.h>

#include "verdict/changes.h"
#include "report/report.h"

struct hist_run {
	long long	 run;
	const char	*at, *kernel, *microcode, *commit, *flags;
};

struct hist_series {
	const char	*label, *ident;	/* the machine */
	const char	*key;		/* "name k=v" */
	size_t		 n;
	struct hist_run	*runs;
	struct cp_point	*pts;
	struct cp_segment *seg;		/* filled by hist_levels */
	size_t		 nseg;
};

/* Find the levels of h's runs; -1 when out of memory. */
int	hist_levels(struct hist_series *h);

/* "+12.0%" for the change from segment i-1 to i. */
void	hist_shift_text(const struct hist_series *h, size_t i, char *buf,
	    size_t len);

/* The series h[0..n-1], as history prints them. */
struct hist_list {
	const struct hist_series *h;
	size_t		 n;
};

/* history's reporter (report/report.h): a hist_list as text or CSV. */
extern const struct reporter hist_reporter;

/* How the levels were found, for under a table or chart. */
void	hist_method_text(FILE *fp);

#endif
