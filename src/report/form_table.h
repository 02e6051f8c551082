/* SPDX-License-Identifier: BSD-2-Clause */
/* characterize's table of instruction forms, from a results document. */
#ifndef CB_REPORT_FORM_TABLE_H
#define CB_REPORT_FORM_TABLE_H

#include <stdio.h>

#include <jansson.h>

enum form_format { FORM_TEXT, FORM_MARKDOWN, FORM_CSV };

/* Write doc's forms to fp; returns how many forms. */
size_t	report_form_table(FILE *fp, json_t *doc, enum form_format f);

/* Up to max rows whose figure and llvm-mca's differ most (by more than
   10%), largest first; returns how many. */
size_t	report_form_disagreements(FILE *fp, json_t *doc, size_t max);

#endif
