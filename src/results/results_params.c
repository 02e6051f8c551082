/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Parameters (results/results_params.h).  Values are strings or numbers,
 * printed readably; a key or value that could be mistaken for another
 * pair (empty, or holding a space, '=', '"' or '\\') is quoted, so that
 * two different parameter sets never print, nor match, as the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/results_params.h"
#include "util/scrub.h"

/* Parameter values are strings or numbers; print numbers readably. */
static int
param_text(struct rs_vctx *c, const char *where, const char *k, json_t *v,
    char *buf, size_t len)
{

	if (json_is_string(v))
		snprintf(buf, len, "%s", json_string_value(v));
	else if (json_is_integer(v))
		snprintf(buf, len, "%lld", (long long)json_integer_value(v));
	else if (json_is_real(v))
		snprintf(buf, len, "%.15g", json_real_value(v));
	else
		return (rs_fail(c, where, "parameter \"%s\" should be a string "
		    "or a number, not %s", k, rs_type_text(v)));
	return (0);
}

static int
cmp_str(const void *a, const void *b)
{

	return (strcmp(*(const char *const *)a, *(const char *const *)b));
}

/*
 * A key or value as one token: as it is, or quoted with \" and \\ when
 * it is empty or holds a space, '=', '"' or '\', so that {"a": "1 b=2"}
 * and {"a": "1", "b": "2"} never print, nor match, as the same.
 */
static void
put_token(FILE *fp, const char *s)
{
	if (s[0] != '\0' && s[strcspn(s, " =\"\\")] == '\0') {
		fputs(s, fp);
		return;
	}
	fputc('"', fp);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', fp);
		fputc(*s, fp);
	}
	fputc('"', fp);
}

static void
put_param(FILE *fp, const char *sep, const char *k, const char *v)
{
	fputs(sep, fp);
	put_token(fp, k);
	fputc('=', fp);
	put_token(fp, v);
}

/*
 * Two texts from the params object: "k=v k=v" in file order to show, and
 * the name with the pairs sorted by key to match results across files,
 * whatever order each file listed them in.
 */
int
rs_get_params(struct rs_vctx *c, json_t *obj, const char *where,
    struct rs_result *r)
{
	const char *k, **keys;
	char val[256];
	size_t i, n, klen, slen;
	json_t *p, *v;
	FILE *show, *key;
	int rc;

	if (rs_get(c, obj, where, "params", RS_T_OBJ, &p) != 0)
		return (-1);
	r->params_json = p;
	n = json_object_size(p);
	if ((keys = calloc(n + 1, sizeof(*keys))) == NULL)
		return (rs_fail(c, where, "out of memory"));
	i = 0;
	json_object_foreach(p, k, v)
		keys[i++] = k;
	show = open_memstream(&r->params, &slen);
	key = open_memstream(&r->key, &klen);
	rc = show != NULL && key != NULL ? 0 :
	    rs_fail(c, where, "out of memory");
	for (i = 0; rc == 0 && i < n && keys[i] != NULL; i++) {
		rc = param_text(c, where, keys[i], json_object_get(p, keys[i]),
		    val, sizeof(val));
		if (rc == 0)
			put_param(show, i ? " " : "", keys[i], val);
	}
	qsort(keys, n, sizeof(*keys), cmp_str);
	if (key != NULL)
		fputs(r->name, key);
	for (i = 0; rc == 0 && i < n && keys[i] != NULL; i++)
		if ((rc = param_text(c, where, keys[i], json_object_get(p,
		    keys[i]), val, sizeof(val))) == 0)
			put_param(key, " ", keys[i], val);
	if (show != NULL)
		fclose(show);
	if (key != NULL)
		fclose(key);
	free(keys);
	if (rc == 0 && (r->params == NULL || r->key == NULL))
		rc = rs_fail(c, where, "out of memory");
	/* Keys are shown too; the match keeps them exact. */
	if (rc == 0)
		term_scrub(r->params, strlen(r->params), 0);
	return (rc);
}
