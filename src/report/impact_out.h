/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * impact's reporter (report/report.h): what a command's kernel events
 * cost it, as text (impact_text.c, on stderr beside the command's own
 * output) or JSON (impact_json.c, --json FILE; docs/impact.md).
 */
#ifndef CB_REPORT_IMPACT_OUT_H
#define CB_REPORT_IMPACT_OUT_H

#include <stddef.h>
#include <stdio.h>

#include "impact/impact.h"
#include "report/report.h"

/* Its data: a struct impact. */
extern const struct reporter impact_reporter;

/* The text render, also for the reporter's table (impact_json.c). */
int	impact_text(FILE *fp, const void *data, const struct report_style *st);

/* The report on fp, flushed. */
void	impact_report_text(FILE *fp, const struct impact *im);

/* The JSON report to path, atomically: 0, or -1 with err. */
int	impact_report_json(const char *path, const struct impact *im,
	    char *err, size_t len);

#endif
