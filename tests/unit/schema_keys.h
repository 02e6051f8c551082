/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Checking a JSON document's objects against the keys its schema in
 * docs/schema/ documents: an object has every key the schema requires
 * and none it does not name.  Not a validator: the keys, which is what
 * a writer drifts on.  Include after <cmocka.h>.
 */
#ifndef CB_TEST_SCHEMA_KEYS_H
#define CB_TEST_SCHEMA_KEYS_H

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
 * The part of schema s at path, keys joined by '/' ("properties/rows/
 * items"), following a "$ref": "#/$defs/name" where the walk meets one.
 */
static inline json_t *
schema_at(json_t *s, const char *path)
{
	const char *ref;
	char key[64];
	json_t *p = s;
	size_t n;

	while (*path != '\0') {
		n = strcspn(path, "/");
		assert_true(n < sizeof(key));
		memcpy(key, path, n);
		key[n] = '\0';
		path += n + (path[n] == '/');
		p = json_object_get(p, key);
		assert_non_null(p);
		ref = json_string_value(json_object_get(p, "$ref"));
		if (ref != NULL && strncmp(ref, "#/$defs/", 8) == 0)
			p = json_object_get(json_object_get(s, "$defs"),
			    ref + 8);
		assert_non_null(p);
	}
	return (p);
}

/* o has exactly the keys part requires. */
static inline void
schema_keys(json_t *part, json_t *o, const char *what)
{
	const char *k;
	json_t *req;
	size_t i;
	void *it;

	assert_true(json_is_object(o));
	req = json_object_get(part, "required");
	assert_true(json_is_array(req));
	for (i = 0; i < json_array_size(req); i++) {
		k = json_string_value(json_array_get(req, i));
		if (json_object_get(o, k) == NULL)
			fail_msg("%s: no key %s", what, k);
	}
	for (it = json_object_iter(o); it != NULL;
	    it = json_object_iter_next(o, it)) {
		k = json_object_iter_key(it);
		if (json_object_get(json_object_get(part, "properties"), k) ==
		    NULL)
			fail_msg("%s: undocumented key %s", what, k);
	}
}

#endif
