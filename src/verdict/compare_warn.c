/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Warnings (verdict/compare_warn.h).  Machines that differ in what shapes
 * the numbers are compared on their fingerprints' strings, each shown
 * for every side ("A x; B y"); a value a file lacks reads "unknown", a
 * mitigation it does not list "not listed", a context key it was not
 * given "not given".  Each name is checked once, where it first appears.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/compare_warn.h"

int
cmp_warn(struct cmp_table *t, const char *fmt, ...)
{
	char **w;
	va_list ap;
	int rc;

	w = realloc(t->warnings, (t->nwarnings + 1) * sizeof(*w));
	if (w == NULL)
		return (-1);
	t->warnings = w;
	va_start(ap, fmt);
	rc = vasprintf(&w[t->nwarnings], fmt, ap);
	va_end(ap);
	if (rc < 0)
		return (-1);
	t->nwarnings++;
	return (0);
}

/* What shapes the numbers besides the CPU: the machine keys to check. */
static const struct {
	const char	*what;
	size_t		 off;
} shaping[] = {
	{ "cycle method",	offsetof(struct rs_machine, cycle_method) },
	{ "kernel",		offsetof(struct rs_machine, kernel) },
	{ "hypervisor",		offsetof(struct rs_machine, hypervisor) },
	{ "microcode",		offsetof(struct rs_machine, microcode) },
};

static const char *
machine_str(const struct rs_file *f, size_t off)
{
	const char *s;

	s = *(const char *const *)(const void *)((const char *)&f->machine +
	    off);
	return (s[0] != '\0' ? s : "unknown");
}

/* "A x; B y" over all inputs, into a warning. */
static int
warn_values(struct cmp_table *t, const char *what, const char **vals)
{
	char *list, *next;
	size_t i;
	int rc;

	if ((list = strdup("")) == NULL)
		return (-1);
	for (i = 0; i < t->ninputs; i++) {
		if (asprintf(&next, "%s%s%c %s", list, i ? "; " : "",
		    CMP_LETTER(i), vals[i]) < 0) {
			free(list);
			return (-1);
		}
		free(list);
		list = next;
	}
	rc = cmp_warn(t, "%s differs: %s", what, list);
	free(list);
	return (rc);
}

static int
differ(const char **vals, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (strcmp(vals[i], vals[0]) != 0)
			return (1);
	return (0);
}

/* The object of name -> value a warning compares: mitigations, context. */
typedef json_t *keyed_fn(const struct rs_file *f);

static json_t *
mitigations_of(const struct rs_file *f)
{

	return (f->machine.mitigations);
}

static json_t *
context_of(const struct rs_file *f)
{

	return (f->context);
}

/* One name's value in one file: a string, unknown (null) or absent. */
static const char *
keyed_value(json_t *o, const char *name, const char *absent)
{
	json_t *v;

	v = json_object_get(o, name);
	if (v == NULL)
		return (absent);
	return (json_is_string(v) ? json_string_value(v) : "unknown");
}

/* A warning for each name whose value differs; each name once, in the
   first input that has it. */
static int
keyed_warnings(struct cmp_table *t, keyed_fn *obj, const char *what,
    const char *absent)
{
	const char *vals[CMP_MAX_INPUTS], *name;
	char label[96];
	size_t i, j;
	json_t *v;

	for (j = 0; j < t->ninputs; j++)
		json_object_foreach(obj(t->inputs[j].f), name, v) {
			for (i = 0; i < j; i++)
				if (json_object_get(obj(t->inputs[i].f),
				    name) != NULL)
					break;
			if (i < j)
				continue;
			for (i = 0; i < t->ninputs; i++)
				vals[i] = keyed_value(obj(t->inputs[i].f),
				    name, absent);
			snprintf(label, sizeof(label), "%s %s", what, name);
			if (differ(vals, t->ninputs) &&
			    warn_values(t, label, vals) != 0)
				return (-1);
		}
	return (0);
}

int
cmp_machine_warnings(struct cmp_table *t)
{
	const char *vals[CMP_MAX_INPUTS];
	size_t i, k;

	for (k = 0; k < sizeof(shaping) / sizeof(shaping[0]); k++) {
		for (i = 0; i < t->ninputs; i++)
			vals[i] = machine_str(t->inputs[i].f, shaping[k].off);
		if (differ(vals, t->ninputs) &&
		    warn_values(t, shaping[k].what, vals) != 0)
			return (-1);
	}
	if (keyed_warnings(t, mitigations_of, "mitigation", "not listed") !=
	    0 || keyed_warnings(t, context_of, "context", "not given") != 0)
		return (-1);
	for (i = 0; i < t->ninputs; i++)
		for (k = 0; k < t->inputs[i].nfiles; k++)
			if (t->inputs[i].f[k].partial && cmp_warn(t, "%c: %s "
			    "is a partial run: it was interrupted",
			    CMP_LETTER(i), t->inputs[i].f[k].path) != 0)
				return (-1);
	return (0);
}
