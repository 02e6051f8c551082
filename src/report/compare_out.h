/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * compare's reporter (report/report.h): a comparison as text (for a
 * mailing-list post: plain, 80 columns), markdown, CSV (one line per
 * benchmark and side, for spreadsheets), JSON (everything, for other
 * programs) or GitHub workflow commands (an annotation per real change,
 * for CI).  The layouts are described in docs/compare.md.
 */
#ifndef CB_REPORT_COMPARE_OUT_H
#define CB_REPORT_COMPARE_OUT_H

#include <stdio.h>

#include "verdict/compare.h"
#include "report/report.h"

/* Its data: a struct cmp_table. */
extern const struct reporter cmp_reporter;

/* t in format fmt on fp, flushed; -1 when writing failed. */
int	cmp_print(const struct cmp_table *t, enum report_format fmt, FILE *fp);

#endif
