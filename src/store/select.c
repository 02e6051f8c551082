/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Selections: which stored runs a command means, as comma-separated
 * KEY=VALUE terms ("machine=Xeon 8580,commit=v6.9,last=3").  The keys of
 * the run's own fields are words of their own; any other key is a
 * context key.  A comma or backslash in a value is written \, or \\.
 * Parsing only: what the terms match is the store's queries' business.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "results/context.h"
#include "store/store.h"

#define SEL_MAX_TEXT	4096

/* YYYY-MM-DD, or the full time stamps runs carry; a day's end for until. */
static int
date_term(char *v, int end_of_day, char *err, size_t errlen)
{
	struct tm tm;
	const char *end;
	size_t n;

	memset(&tm, 0, sizeof(tm));
	n = strlen(v);
	end = strptime(v, n == 10 ? "%Y-%m-%d" : "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (end == NULL || *end != '\0' || (n != 10 && n != 20)) {
		snprintf(err, errlen, "'%s' is not a date (YYYY-MM-DD) or a "
		    "time (YYYY-MM-DDTHH:MM:SSZ, UTC)", v);
		return (-1);
	}
	/* The buffer has room: every value is followed by its terminator. */
	if (n == 10)
		memcpy(v + 10, end_of_day ? "T23:59:59Z" : "T00:00:00Z", 11);
	return (0);
}

static int
set_once(const char **slot, char *v, const char *key, char *err,
    size_t errlen)
{

	if (*slot != NULL) {
		snprintf(err, errlen, "'%s' given twice in the selection", key);
		return (-1);
	}
	*slot = v;
	return (0);
}

static int
term(struct store_sel *sel, char *key, char *v, char *err, size_t errlen)
{
	static const struct {
		const char	*key;
		size_t		 off;
	} fields[] = {
		{ "machine", offsetof(struct store_sel, machine) },
		{ "kernel", offsetof(struct store_sel, kernel) },
		{ "microcode", offsetof(struct store_sel, microcode) },
		{ "since", offsetof(struct store_sel, since) },
		{ "until", offsetof(struct store_sel, until) },
	};
	char why[160], *end;
	long n;
	size_t i;

	if (v[0] == '\0') {
		snprintf(err, errlen, "'%s=' needs a value", key);
		return (-1);
	}
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (strcmp(key, fields[i].key) == 0) {
			if ((strcmp(key, "since") == 0 ||
			    strcmp(key, "until") == 0) &&
			    date_term(v, key[0] == 'u', err, errlen) != 0)
				return (-1);
			return (set_once((const char **)(void *)((char *)sel +
			    fields[i].off), v, key, err, errlen));
		}
	if (strcmp(key, "last") == 0 || strcmp(key, "run") == 0) {
		if ((key[0] == 'l' ? sel->last != 0 : sel->run != 0)) {
			snprintf(err, errlen, "'%s' given twice in the "
			    "selection", key);
			return (-1);
		}
		errno = 0;
		n = strtol(v, &end, 10);
		if (*end != '\0' || errno != 0 || n < 1 ||
		    n > (key[0] == 'l' ? 1000000 : 0x7fffffffL)) {
			snprintf(err, errlen, "'%s=' takes a whole number from "
			    "1%s, not '%s'", key, key[0] == 'l' ?
			    " to 1000000" : "", v);
			return (-1);
		}
		if (key[0] == 'l')
			sel->last = n;
		else
			sel->run = n;
		return (0);
	}
	/* The reserved words are handled above; anything else is context. */
	if (context_key_ok(key, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "'%s' is not a selection term: %s (or "
		    "machine, kernel, microcode, since, until, run, last)",
		    key, why);
		return (-1);
	}
	for (i = 0; i < sel->nctx; i++)
		if (strcmp(sel->ctx[i].key, key) == 0) {
			snprintf(err, errlen, "'%s' given twice in the "
			    "selection", key);
			return (-1);
		}
	if (sel->nctx == STORE_SEL_MAX_CONTEXT) {
		snprintf(err, errlen, "at most %d context terms in a selection",
		    STORE_SEL_MAX_CONTEXT);
		return (-1);
	}
	sel->ctx[sel->nctx].key = key;
	sel->ctx[sel->nctx++].value = v;
	return (0);
}

/*
 * Split buf in place into terms.  Each value gets room for the ten bytes
 * date_term may add: the copy is made with spare room after each term.
 */
int
store_sel_parse(const char *text, struct store_sel *sel, char *err,
    size_t errlen)
{
	const char *p;
	char *o, *key, *val;
	size_t n;

	memset(sel, 0, sizeof(*sel));
	n = strlen(text);
	if (n > SEL_MAX_TEXT) {
		snprintf(err, errlen, "the selection is over %d bytes",
		    SEL_MAX_TEXT);
		return (-1);
	}
	if (n == 0 || strcmp(text, "all") == 0)
		return (0);
	/* Each term may grow by 10 bytes, and there are at most n + 1. */
	if ((sel->buf = malloc(n * 12 + 24)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return (-1);
	}
	o = sel->buf;
	for (p = text; ; ) {
		key = o;
		val = NULL;
		for (; *p != '\0' && *p != ','; p++) {
			if (*p == '\\' && (p[1] == ',' || p[1] == '\\'))
				*o++ = *++p;
			else if (*p == '=' && val == NULL) {
				*o++ = '\0';
				val = o;
			} else
				*o++ = *p;
		}
		*o++ = '\0';
		if (val == NULL) {
			snprintf(err, errlen, "'%s' in the selection is not "
			    "KEY=VALUE (machine=..., kernel=..., commit=..., "
			    "last=N, ...)", key);
			store_sel_free(sel);
			return (-1);
		}
		if (term(sel, key, val, err, errlen) != 0) {
			store_sel_free(sel);
			return (-1);
		}
		o += 11;
		if (*p++ == '\0')
			break;
	}
	return (0);
}

void
store_sel_free(struct store_sel *sel)
{

	free(sel->buf);
	memset(sel, 0, sizeof(*sel));
}
