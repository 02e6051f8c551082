/*
 * The results store as the reading commands use it: opened with one
 * message shape for every failure, selections parsed with one message
 * shape for every refusal, and stored runs loaded as results files, so
 * compare and report take them exactly like files named on the command
 * line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/store_cli.h"

int
cli_store_open(const char *url, enum store_mode mode, struct store **s)
{
	char err[1024];

	if (store_open(url, mode, s, err, sizeof(err)) != 0) {
		fprintf(stderr, "cyclebench: %s\n", err);
		return (EXIT_STORE);
	}
	return (0);
}

int
cli_store_failed(struct store *s)
{

	fprintf(stderr, "cyclebench: results store %s: %s\n", store_where(s),
	    s->err);
	return (EXIT_STORE);
}

int
cli_selection(const char *cmd, const char *text, const char *machine,
    struct store_sel *sel)
{
	char err[256], *buf, *o;
	size_t n;
	int rc;

	text = text == NULL || strcmp(text, "all") == 0 ? "" : text;
	n = strlen(text) + (machine != NULL ? 2 * strlen(machine) : 0);
	if ((buf = calloc(1, n + 16)) == NULL) {
		fprintf(stderr, "cyclebench: out of memory\n");
		return (EXIT_USAGE);
	}
	/* A bare number is a run. */
	o = buf + sprintf(buf, "%s%s", text[0] != '\0' && strspn(text,
	    "0123456789") == strlen(text) ? "run=" : "", text);
	if (machine != NULL) {
		o += sprintf(o, "%smachine=", text[0] != '\0' ? "," : "");
		/* A comma in the name would start a term: escape it. */
		for (; *machine != '\0'; machine++) {
			if (*machine == ',' || *machine == '\\')
				*o++ = '\\';
			*o++ = *machine;
		}
	}
	rc = store_sel_parse(buf, sel, err, sizeof(err));
	free(buf);
	if (rc != 0)
		return (usage_error(cmd, "%s", err));
	return (0);
}

int
cli_load_selection(const char *cmd, const char *url, const char *text,
    struct rs_file **files, int *n)
{
	struct store_sel sel;
	struct store *s;
	size_t got;
	int rc;

	*files = NULL;
	*n = 0;
	if ((rc = cli_selection(cmd, text, NULL, &sel)) != 0)
		return (rc);
	if ((rc = cli_store_open(url, STORE_READ, &s)) != 0) {
		store_sel_free(&sel);
		return (rc);
	}
	if ((rc = store_load(s, &sel, files, &got)) > 0) {
		fprintf(stderr, "cyclebench: no stored run matches '%s' in "
		    "%s\n", text, store_where(s));
		rc = EXIT_USAGE;
	} else if (rc != 0)
		rc = cli_store_failed(s);
	else
		*n = (int)got;
	store_sel_free(&sel);
	store_close(s);
	return (rc);
}
