/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * JSON values from C values (results/json_text.h): jansson refuses
 * strings that are not UTF-8, so those are repaired byte by byte; a
 * parameter spelled as a JSON number is written as one.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cyclebench.h"
#include "results/json_text.h"
#include "util/redact.h"

/*
 * jansson refuses strings that are not UTF-8, but argv, brand strings and
 * sysfs files can hold anything; a results file with '?' for the odd byte
 * beats no results file.
 */
json_t *
results_json_textn(const char *s, size_t n)
{
	json_t *j;
	char *copy;
	size_t i;

	j = json_stringn(s, n);
	if (j != NULL)
		return (j);
	copy = malloc(n + 1);
	if (copy == NULL)
		return (NULL);
	for (i = 0; i < n; i++)
		copy[i] = (unsigned char)s[i] < 0x80 ? s[i] : '?';
	copy[n] = '\0';
	j = json_stringn(copy, n);
	free(copy);
	return (j);
}

json_t *
results_json_text(const char *s)
{

	return (s == NULL ? json_null() : results_json_textn(s, strlen(s)));
}

json_t *
results_json_opt_text(const char *s)
{

	return (s == NULL || s[0] == '\0' ? json_null() : results_json_text(s));
}

json_t *
results_json_redacted(const char *s)
{
	char *r = redact(s);
	json_t *j = r != NULL ? results_json_text(r) : NULL;

	free(r);
	return (j);
}

void
results_json_put_key(json_t *o, const char *key, json_t *v, int *bad)
{
	json_t *k;

	k = results_json_text(key);
	if (k == NULL || !json_is_string(k)) {
		json_decref(k);
		json_decref(v);
		*bad = 1;
		return;
	}
	if (json_object_set_new(o, json_string_value(k), v) != 0)
		*bad = 1;
	json_decref(k);
}

json_t *
results_json_num(double v)
{

	return (isfinite(v) ? json_real(v) : json_null());
}

static int
is_digit(char c)
{

	return (c >= '0' && c <= '9');
}

/*
 * Whether s is spelled exactly like a JSON number, so that writing it as
 * one changes nothing a reader could notice ("007", "0x10", "inf" and
 * " 5" stay strings).  *integral tells whether it has no fraction or
 * exponent.
 */
static int
is_json_number(const char *s, int *integral)
{

	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (is_digit(*s))
		while (is_digit(*s))
			s++;
	else
		return (0);
	*integral = 1;
	if (*s == '.') {
		s++;
		if (!is_digit(*s))
			return (0);
		while (is_digit(*s))
			s++;
		*integral = 0;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!is_digit(*s))
			return (0);
		while (is_digit(*s))
			s++;
		*integral = 0;
	}
	return (*s == '\0');
}

/* Out of a long long's or a double's range it stays a string, not infinity. */
static json_t *
param_value(const char *v)
{
	long long i;
	double d;
	char *end;
	int integral;

	if (v == NULL)
		return (json_null());
	if (!is_json_number(v, &integral))
		return (results_json_text(v));
	errno = 0;
	if (integral) {
		i = strtoll(v, &end, 10);
		if (errno == 0 && *end == '\0')
			return (json_integer(i));
	} else {
		d = strtod(v, &end);
		if (errno == 0 && *end == '\0' && isfinite(d))
			return (json_real(d));
	}
	return (results_json_text(v));
}

json_t *
results_json_params(const struct cb_bench *b)
{
	json_t *params;
	size_t i;
	int bad = 0;

	params = json_object();
	for (i = 0; b != NULL && i < CB_MAX_PARAMS; i++)
		if (b->params[i].key != NULL)
			results_json_put_key(params, b->params[i].key,
			    param_value(b->params[i].value), &bad);
	if (bad) {
		json_decref(params);
		return (NULL);
	}
	return (params);
}

