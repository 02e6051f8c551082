/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reporter interface (report/report.h): the one table of format
 * names, finding a command's format by name, the sentence that lists a
 * command's formats for its help and errors, and the call to the render
 * function a style names, on a stream or, whole or not at all, into a
 * file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "results/atomic_file.h"

const char *const report_format_names[REPORT_NFORMATS] = {
	[REPORT_TEXT] = "text",
	[REPORT_MARKDOWN] = "markdown",
	[REPORT_CSV] = "csv",
	[REPORT_JSON] = "json",
	[REPORT_GITHUB] = "github",
};

int
report_format_find(const struct reporter *rep, const char *name,
    enum report_format *f)
{
	int i;

	for (i = 0; i < REPORT_NFORMATS; i++)
		if (rep->render[i] != NULL &&
		    strcmp(name, report_format_names[i]) == 0) {
			*f = (enum report_format)i;
			return (0);
		}
	return (-1);
}

void
report_format_list(const struct reporter *rep, char *buf, size_t len)
{
	size_t used = 0;
	int i, left = 0;

	for (i = 0; i < REPORT_NFORMATS; i++)
		left += rep->render[i] != NULL;
	buf[0] = '\0';
	for (i = 0; i < REPORT_NFORMATS && used < len; i++) {
		if (rep->render[i] == NULL)
			continue;
		left--;
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
		    report_format_names[i], left > 1 ? ", " : left == 1 ?
		    " or " : "");
	}
}

int
report_render(const struct reporter *rep, FILE *fp, const void *data,
    const struct report_style *st)
{
	static const struct report_style text = { .format = REPORT_TEXT };
	report_render_fn render;

	if (st == NULL)
		st = &text;
	render = rep->render[st->format];
	if (render == NULL || render(fp, data, st) != 0)
		return (-1);
	return (ferror(fp) ? -1 : 0);
}

/* Rendered in memory first: a file is never left half written. */
int
report_render_file(const struct reporter *rep, const char *path,
    const void *data, const struct report_style *st, char *err,
    size_t errlen)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int rc;

	if ((fp = open_memstream(&buf, &len)) == NULL)
		rc = -1;
	else
		rc = report_render(rep, fp, data, st);
	if (fp != NULL && fclose(fp) != 0)
		rc = -1;
	/* A memory stream fails only for memory. */
	if (rc != 0) {
		free(buf);
		snprintf(err, errlen, "cannot write %s: out of memory", path);
		return (-1);
	}
	rc = atomic_write_file(path, buf, len, err, errlen);
	free(buf);
	return (rc);
}
