/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reporter interface (report/report.h): the one table of format
 * names, finding a command's format by name, the sentence that lists a
 * command's formats for its help and errors, and the call to the render
 * function a style names.
 */
#include <stdio.h>
#include <string.h>

#include "report/report.h"

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
	static const struct report_style text = { REPORT_TEXT, 0 };
	report_render_fn render;

	if (st == NULL)
		st = &text;
	render = rep->render[st->format];
	if (render == NULL || render(fp, data, st) != 0)
		return (-1);
	return (ferror(fp) ? -1 : 0);
}
