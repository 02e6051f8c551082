/*
 * Results of several runs side by side: rows matched by benchmark name
 * and parameters, the first input the baseline, and for every other
 * input whether its difference from the baseline is real.  The model is
 * built once and printed by compare_out.c or drawn by html.c.
 */
#ifndef CB_COMPARE_H
#define CB_COMPARE_H

#include <stdio.h>

#include "report/results.h"

#define CMP_ALPHA	0.01	/* Mann-Whitney two-sided significance */
#define CMP_RESAMPLES	2000	/* bootstrap resamples of the ratio */
#define CMP_MIN_SAMPLES	5	/* fewer on either side: not tested */
#define CMP_LABEL_MAX	48

enum cmp_verdict {
	CMP_BASELINE,		/* the baseline's own cell */
	CMP_SAME,		/* ~: not shown to differ */
	CMP_DIFFERENT,		/* *: a real difference */
	CMP_UNTESTED,		/* ?: too few samples, or no baseline */
	CMP_MISSING,		/* not in this input */
	CMP_NOT_OK		/* skipped or failed in this input */
};

struct cmp_cell {
	const struct rs_result *r;	/* NULL when missing */
	enum cmp_verdict verdict;
	double		 median;	/* core cycles; NAN unless ok */
	double		 ratio;		/* median / baseline's; NAN if none */
	double		 ci_low, ci_high; /* bootstrap 95% CI of the ratio */
	double		 p;		/* Mann-Whitney p-value */
};

struct cmp_row {
	const struct rs_result *first;	/* name, params, mode: from here */
	struct cmp_cell	*cells;		/* one per input */
};

struct cmp_input {
	const struct rs_file *f;
	char		 label[CMP_LABEL_MAX];
};

struct cmp_table {
	struct cmp_input *inputs;
	size_t		 ninputs;
	struct cmp_row	*rows;
	size_t		 nrows;
	char		**warnings;	/* machine differences and the like */
	size_t		 nwarnings;
	double		 threshold;	/* minimum |ratio - 1| to call real */
};

/*
 * Match the results of files[0..n-1] (n >= 1) and judge every cell.
 * labels[i] may be NULL for the automatic label (the short CPU brand, or
 * the file name where brands repeat).  Returns -1 with err on failure.
 */
int	cmp_build(struct cmp_table *t, const struct rs_file *files, size_t n,
	    const char *const *labels, double threshold, char *err,
	    size_t errlen);
void	cmp_free(struct cmp_table *t);

/* The letter of input i in legends and warnings: 'A' + i. */
#define CMP_LETTER(i)	((char)('A' + (i)))
#define CMP_MAX_INPUTS	26

/* "+12%", "-0.4%", "x25": the change a ratio means, for tables. */
void	cmp_change_text(double ratio, char *buf, size_t len);

/* The marks of the text and markdown tables. */
const char *cmp_mark(enum cmp_verdict v);

/* How the verdicts were reached, for under a table; lines end in '\n'. */
void	cmp_method_text(const struct cmp_table *t, FILE *fp);

enum cmp_format {
	CMP_TEXT,
	CMP_MARKDOWN,
	CMP_CSV,
	CMP_JSON,
	CMP_GITHUB		/* workflow commands: annotations on a run */
};

/* Print the comparison; returns -1 when writing failed. */
int	cmp_print(const struct cmp_table *t, enum cmp_format fmt, FILE *fp);

#endif
