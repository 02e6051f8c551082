/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every command's option parser shares: numbers read whole and in
 * range, and one shape for the message that refuses them.  Apart from
 * main.c so that the parsers can be linked without a main (the fuzz
 * target in tests/fuzz drives them).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/registry.h"
#include "core/suggest.h"
#include "util/redact.h"
#include "util/scrub.h"

void
usage_message(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	char *msg, *safe = NULL;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	/* A refused word may be a store's URL, password and all. */
	if (n < 0 || (safe = redact(msg)) == NULL)
		fprintf(stderr, "cyclebench: out of memory\n");
	else
		term_eprintf("cyclebench: %s\nTry 'cyclebench %s%s--help'.\n",
		    safe, cmd ? cmd : "", cmd ? " " : "");
	if (n >= 0)
		free(msg);
	free(safe);
}

int
parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi)
		return (-1);
	*out = v;
	return (0);
}

int
parse_double(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (*s == '\0' || *end != '\0' || errno != 0 || !isfinite(v) ||
	    v < lo || v > hi)
		return (-1);
	*out = v;
	return (0);
}

/* Long options whose names start with `word' (getopt accepts a prefix). */
static size_t
prefixed(const struct option *opts, const char *word, size_t n,
    const struct option **first)
{
	size_t count = 0;

	for (; opts->name != NULL; opts++)
		if (strncmp(opts->name, word, n) == 0) {
			if (count++ == 0)
				*first = opts;
		}
	return (count);
}

#define MAX_LONG_OPTIONS	32

/* A mistyped long option, with the nearest real names. */
static void
long_option(const char *cmd, const char *word, const struct option *opts)
{
	const struct option *match = NULL;
	char typed[48], names[MAX_LONG_OPTIONS][48], hint[256];
	struct suggest s;
	size_t i, n;

	n = strcspn(word, "=");
	snprintf(typed, sizeof(typed), "%.*s", (int)(n < 40 ? n : 40), word);
	suggest_init(&s, typed);
	for (i = 0; i < MAX_LONG_OPTIONS && opts[i].name != NULL; i++) {
		snprintf(names[i], sizeof(names[i]), "--%s", opts[i].name);
		suggest_offer(&s, names[i]);
	}
	suggest_text(&s, hint, sizeof(hint));
	if (prefixed(opts, word + 2, n - 2, &match) > 1)
		usage_message(cmd, "option '%s' is ambiguous%s", typed, hint);
	else
		usage_message(cmd, "unknown option '%s'%s", typed, hint);
}

void
bad_option_message(const char *cmd, int c, char *const *argv,
    const struct option *opts)
{
	const struct option *match = NULL;
	const char *word;
	size_t n;

	word = optind > 0 ? argv[optind - 1] : "";
	if (word == NULL)
		word = "";
	if (strncmp(word, "--", 2) == 0 && word[2] != '\0') {
		n = strcspn(word + 2, "=");
		if (c == ':') {
			usage_message(cmd, "option '%.*s' needs a value",
			    (int)(n + 2), word);
			return;
		}
		if (optopt != 0 && word[2 + n] == '=' &&
		    prefixed(opts, word + 2, n, &match) == 1 &&
		    match->has_arg == no_argument) {
			usage_message(cmd, "option '--%s' takes no value",
			    match->name);
			return;
		}
		if (optopt == 0) {
			long_option(cmd, word, opts);
			return;
		}
	}
	if (c == ':')
		usage_message(cmd, "option '-%c' needs a value", optopt);
	else if (optopt > ' ' && optopt < 0x7f)
		usage_message(cmd, "unknown option '-%c'", optopt);
	else
		usage_message(cmd, "unknown option '%s'", word);
}

int
add_param_filter(const char *cmd, char **filters, int *n, int max, char *arg)
{

	if (*n == max)
		return (usage_error(cmd, "at most %d --param", max));
	if (registry_filter_valid(arg) != 0)
		return (usage_error(cmd, "--param takes KEY=VALUE, not '%s'",
		    arg));
	filters[(*n)++] = arg;
	return (0);
}
