/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Names to show (results.h): what messages call an input, and a machine's
 * short label from its CPU brand, which keeps the model and drops the
 * words every reader knows (vendor, "CPU", trademarks, the rated clock).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "results/results.h"

const char *
rs_input_name(const char *path)
{

	return (strcmp(path, "-") == 0 ? "standard input" : path);
}

/* Words a brand string spends on what every reader knows already. */
static const char *const brand_noise[] = {
	"Intel", "AMD", "CPU", "Processor", "APU", NULL
};

static int
is_noise(const char *w, size_t n)
{
	size_t i;

	for (i = 0; brand_noise[i] != NULL; i++)
		if (strlen(brand_noise[i]) == n &&
		    strncasecmp(w, brand_noise[i], n) == 0)
			return (1);
	/* "16-Core": the count is in the fingerprint. */
	return (n > 5 && strncasecmp(w + n - 5, "-Core", 5) == 0);
}

void
rs_short_brand(const char *brand, char *buf, size_t len)
{
	static const char *const marks[] = { "(R)", "(TM)", "(tm)", "(r)" };
	char tmp[128], *p, *w;
	size_t i, n, out;

	snprintf(tmp, sizeof(tmp), "%s", brand);
	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		while ((p = strstr(tmp, marks[i])) != NULL)
			memmove(p, p + strlen(marks[i]),
			    strlen(p + strlen(marks[i])) + 1);
	/* The clock after '@' is the rated one, not what was measured. */
	if ((p = strchr(tmp, '@')) != NULL)
		*p = '\0';
	out = 0;
	buf[0] = '\0';
	for (w = tmp; *w != '\0'; w += n) {
		w += strspn(w, " \t");
		n = strcspn(w, " \t");
		if (n == 0 || is_noise(w, n))
			continue;
		if (out + n + 2 > len)
			break;
		if (out > 0)
			buf[out++] = ' ';
		memcpy(buf + out, w, n);
		out += n;
		buf[out] = '\0';
	}
	if (buf[0] == '\0')
		snprintf(buf, len, "%s", brand[0] ? brand : "unknown CPU");
}
