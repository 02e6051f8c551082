/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The checked getters (results/results_get.h).  A file may come from
 * another machine, an older or newer cyclebench, an editor or a truncated
 * copy, so nothing in it is trusted: a getter is given the types a key
 * may hold as a mask, and its refusal says what was wanted and what was
 * found, in words ("a number or null, not a string").  A number must be
 * one a measurement could give: finite and at most RS_NUM_MAX either way
 * (1e308 cycles would print as 31 digits, or "inf%" beside another).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/results_get.h"

static const char *const type_names[] = {
	"null", "a string", "an integer", "a real number", "a boolean",
	"an object", "an array"
};

void
rs_say(struct rs_vctx *c, const char *where, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (where[0] != '\0')
		snprintf(c->err, c->errlen, "%s: %s: %s", c->path, where, msg);
	else
		snprintf(c->err, c->errlen, "%s: %s", c->path, msg);
}

static unsigned
type_of(const json_t *v)
{

	switch (json_typeof(v)) {
	case JSON_NULL:
		return (RS_T_NULL);
	case JSON_STRING:
		return (RS_T_STR);
	case JSON_INTEGER:
		return (RS_T_INT);
	case JSON_REAL:
		return (RS_T_REAL);
	case JSON_TRUE:
	case JSON_FALSE:
		return (RS_T_BOOL);
	case JSON_OBJECT:
		return (RS_T_OBJ);
	default:
		return (RS_T_ARR);
	}
}

/* "a string or null" from a mask; a number is never "integer or real". */
static const char *
types_text(unsigned mask, char *buf, size_t len)
{
	size_t i;

	buf[0] = '\0';
	if ((mask & RS_T_NUM) == RS_T_NUM)
		snprintf(buf, len, "a number");
	for (i = 0; i < sizeof(type_names) / sizeof(type_names[0]); i++) {
		if ((mask & (1u << i)) == 0 ||
		    ((mask & RS_T_NUM) == RS_T_NUM && ((1u << i) & RS_T_NUM)))
			continue;
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
		    buf[0] ? " or " : "", type_names[i]);
	}
	return (buf);
}

const char *
rs_type_text(const json_t *v)
{
	unsigned t = type_of(v);
	size_t i;

	for (i = 0; (t >> i) != 1; i++)
		;
	return (type_names[i]);
}

int
rs_get(struct rs_vctx *c, json_t *obj, const char *where, const char *key,
    unsigned types, json_t **out)
{
	char want[64];
	json_t *v;

	if ((v = json_object_get(obj, key)) == NULL)
		return (rs_fail(c, where, "missing key \"%s\"", key));
	if ((type_of(v) & types) == 0)
		return (rs_fail(c, where, "\"%s\" should be %s, not %s", key,
		    types_text(types, want, sizeof(want)), rs_type_text(v)));
	*out = v;
	return (0);
}

int
rs_get_str(struct rs_vctx *c, json_t *obj, const char *where,
    const char *key, const char **out)
{
	json_t *v;

	if (rs_get(c, obj, where, key, RS_T_STR | RS_T_NULL, &v) != 0)
		return (-1);
	*out = json_is_string(v) ? json_string_value(v) : "";
	return (0);
}

/* v's number into *out, or -1 when no measurement could give it. */
static int
sane(struct rs_vctx *c, const char *where, const char *what, json_t *v,
    double *out)
{

	*out = json_number_value(v);
	if (isfinite(*out) && fabs(*out) <= RS_NUM_MAX)
		return (0);
	return (rs_fail(c, where, "%s is %g, which no measurement gives "
	    "(figures are finite and at most %g either way)", what, *out,
	    RS_NUM_MAX));
}

int
rs_get_num(struct rs_vctx *c, json_t *obj, const char *where,
    const char *key, double *out)
{
	char what[80];
	json_t *v;

	if (rs_get(c, obj, where, key, RS_T_NUM | RS_T_NULL, &v) != 0)
		return (-1);
	*out = NAN;
	snprintf(what, sizeof(what), "\"%s\"", key);
	return (json_is_number(v) ? sane(c, where, what, v, out) : 0);
}

int
rs_get_enum(struct rs_vctx *c, json_t *obj, const char *where,
    const char *key, const char *const *names, const char **out)
{
	json_t *v;
	size_t i;

	if (rs_get(c, obj, where, key, RS_T_STR, &v) != 0)
		return (-1);
	*out = json_string_value(v);
	for (i = 0; names[i] != NULL; i++)
		if (strcmp(*out, names[i]) == 0)
			return (0);
	return (rs_fail(c, where, "\"%s\" is \"%.40s\", which "
	    "schema_version %lld does not define", key, *out, c->schema));
}

int
rs_numbers(struct rs_vctx *c, json_t *a, const char *where, double **out,
    size_t *n)
{
	char what[40];
	json_t *v;
	size_t i;

	*out = NULL;
	*n = 0;
	if (json_array_size(a) == 0)
		return (0);
	if ((*out = malloc(json_array_size(a) * sizeof(**out))) == NULL)
		return (rs_fail(c, where, "out of memory"));
	json_array_foreach(a, i, v) {
		if (json_is_null(v))
			continue;
		if (!json_is_number(v))
			return (rs_fail(c, where, "element %zu should be a "
			    "number or null, not %s", i, rs_type_text(v)));
		snprintf(what, sizeof(what), "element %zu", i);
		if (sane(c, where, what, v, &(*out)[(*n)++]) != 0)
			return (-1);
	}
	return (0);
}

int
rs_per_sample(struct rs_vctx *c, json_t *a, const char *where, size_t n,
    double **out)
{
	char what[40];
	json_t *v;
	size_t i;

	if (json_array_size(a) != n)
		return (rs_fail(c, where, "has %zu elements for %zu samples",
		    json_array_size(a), n));
	if ((*out = malloc((n ? n : 1) * sizeof(**out))) == NULL)
		return (rs_fail(c, where, "out of memory"));
	json_array_foreach(a, i, v) {
		if (!json_is_number(v) && !json_is_null(v))
			return (rs_fail(c, where, "element %zu should be a "
			    "number or null, not %s", i, rs_type_text(v)));
		(*out)[i] = NAN;
		snprintf(what, sizeof(what), "element %zu", i);
		if (json_is_number(v) && sane(c, where, what, v, &(*out)[i]))
			return (-1);
	}
	return (0);
}
