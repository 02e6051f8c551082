/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A table of text cells laid out for a terminal of a given width, or as
 * markdown.  The run table, the kernel-path table and anything else that
 * prints results in rows build one: the layout rules live here once.
 *
 * A table too wide for the terminal is narrowed in steps, in the order
 * the columns say: a column is dropped at its step, switched to its
 * cells' brief texts at another, or moved to a line of its own under
 * each row; last, the first column (the names) can go on a line of its
 * own above each row's numbers.  Steps stop as soon as the table fits.
 */
#ifndef CB_REPORT_GRID_H
#define CB_REPORT_GRID_H

#include <stddef.h>
#include <stdio.h>

/* GRID_POINT: figures lined up on their decimal points (report/units.h),
   the column right-aligned as a whole; markdown aligns it right. */
enum grid_align { GRID_LEFT, GRID_RIGHT, GRID_POINT };

struct grid_col {
	const char	*head;
	enum grid_align	 align;
	int		 drop_at;	/* step that drops it; 0: never */
	int		 brief_at;	/* step from which cells are brief */
	int		 below_at;	/* step that moves it under its row */
};

struct grid_cell {
	char		*text;
	char		*brief;		/* NULL: as text */
};

struct grid_row {
	struct grid_cell *cells;
	char		*span;		/* NULL, or text from span_from on */
	size_t		 span_from;
	char		*note;		/* lines always printed under the row */
};

struct grid {
	const struct grid_col *cols;
	size_t		 ncols;
	struct grid_row	*rows;
	size_t		 nrows, cap;
	int		 label_below_at; /* step that puts names above rows */
	int		 oom;
};

/* What the layout left out, for the legend under the table. */
struct grid_fit {
	int		 dropped[16];	/* column indexes, -1 ended */
	int		 briefed, below, label_below;
};

void	grid_init(struct grid *g, const struct grid_col *cols, size_t ncols);
void	grid_free(struct grid *g);

/* Start a row; cells are empty until set. */
void	grid_row(struct grid *g);

/* Set a cell of the last row; brief may be NULL. */
void	grid_set(struct grid *g, size_t col, const char *text,
	    const char *brief);

/*
 * Lines to print under the last row whatever the width, under its
 * second column ('\n' between lines); in markdown, in its last cell.
 */
void	grid_note(struct grid *g, const char *text);

/* The last row's cells from column `from' on are one text. */
void	grid_span(struct grid *g, size_t from, const char *text);

/*
 * Print for a terminal `width' columns wide (0: whatever it takes), and
 * say in fit (may be NULL) what was left out.  Returns -1 when memory ran
 * out building the table, which then printed nothing.
 */
int	grid_print(FILE *fp, const struct grid *g, int width,
	    struct grid_fit *fit);

/* Every column, as a markdown table, names and cells escaped. */
int	grid_markdown(FILE *fp, const struct grid *g);

#endif
