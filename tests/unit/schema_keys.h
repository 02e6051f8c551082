/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Checking a JSON document's objects against the keys its schema in
 * docs/schema/ documents: an object has every key the schema requires
 * and none it does not name.  Not a validator: the keys, which is what
 * a writer drifts on.  Include after <cmocka.h>.
 */
#ifndef CB_TEST_SCHEMA_KEYS_H
#define CB_TEST_SCHEMA_KEYS_H

#include <stdarg.h>
#include <string.h>

#include <jansson.h>

static inline json_t *
schema_load(const char *path)
{
	json_error_t jerr;
	json_t *s;

	s = json_load_file(path, 0, &jerr);
	if (s == NULL)
		fail_msg("%s:%d: %s", path, jerr.line, jerr.text);
	return (s);
}

/*
 * The part of schema s at the keys given (NULL ended), following a
 * "$ref": "#/$defs/name" where the walk meets one.
 */
static inline json_t *
schema_at(json_t *s, ...)
{
	const char *k, *ref;
	json_t *p = s;
	va_list ap;

	va_start(ap, s);
	while ((k = va_arg(ap, const char *)) != NULL) {
		p = json_object_get(p, k);
		assert_non_null(p);
		ref = json_string_value(json_object_get(p, "$ref"));
		if (ref != NULL && strncmp(ref, "#/$defs/", 8) == 0)
			p = json_object_get(json_object_get(s, "$defs"),
			    ref + 8);
		assert_non_null(p);
	}
	va_end(ap);
	return (p);
}

/* o has exactly the keys part requires. */
static inline void
schema_keys(json_t *part, json_t *o, const char *what)
{
	json_t *req, *v;
	const char *k;
	size_t i;

	assert_true(json_is_object(o));
	req = json_object_get(part, "required");
	assert_true(json_is_array(req));
	json_array_foreach(req, i, v)
		if (json_object_get(o, json_string_value(v)) == NULL)
			fail_msg("%s: no key %s", what, json_string_value(v));
	json_object_foreach(o, k, v) {
		(void)v;
		if (json_object_get(json_object_get(part, "properties"), k) ==
		    NULL)
			fail_msg("%s: undocumented key %s", what, k);
	}
}

#endif
