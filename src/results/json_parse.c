/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * JSON text to a Jansson tree, with yajl as the parser.  Jansson's own
 * reader takes the text a character at a time through a stream and
 * converts every number through the locale; yajl lexes the buffer in
 * place, and builds the same tree in half the time from results files
 * full of 17-digit numbers (docs/store.md).  What Jansson refuses and
 * yajl leaves to its caller is refused here, so a file is good or bad
 * alike through either: a key given twice, \u0000, a \u escape of half a
 * surrogate pair, a string that is not UTF-8 in the strict sense
 * (overlong forms, surrogates, beyond U+10FFFF: Jansson's own check), a
 * number too large for its type, nesting deeper than JSON_MAX_DEPTH, a
 * document that is not an object or an array, anything after it, and
 * \v or \f as white space.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_parse.h>

#include "results/json_parse.h"
#include "results/decimal_double.h"

/* Jansson's own limit, so a file nested this deep fails through both. */
#define JSON_MAX_DEPTH	2048

struct builder {
	json_t		*open[JSON_MAX_DEPTH];	/* arrays and objects */
	size_t		 depth;
	json_t		*root;
	char		*key;		/* of the value to come, in an object */
	size_t		 keylen, keysize;
	char		 why[160];	/* a refusal of ours, not yajl's */
	yajl_handle	 parser;
	size_t		 end;		/* of the root, in the text */
};

/*
 * Whether s[0..len-1], not ASCII, fails Jansson's UTF-8 check, which only
 * its string constructors make: 0 where both fail, for want of memory.
 */
static int
not_utf8(const unsigned char *s, size_t len)
{
	json_t *v;
	size_t i;

	for (i = 0; i < len && s[i] < 0x80; i++)
		;
	if (i == len)
		return (0);
	if ((v = json_stringn((const char *)s, len)) != NULL ||
	    (v = json_stringn_nocheck((const char *)s, len)) == NULL) {
		json_decref(v);
		return (0);
	}
	json_decref(v);
	return (1);
}

static int
refuse(struct builder *b, const char *why)
{

	snprintf(b->why, sizeof(b->why), "%s", why);
	return (0);
}

/* Put v in the array or object open last; the tree owns it after. */
static int
add(struct builder *b, json_t *v)
{
	json_t *top;

	if (v == NULL)
		return (refuse(b, "out of memory"));
	if (b->depth == 0) {
		b->root = v;
		return (1);
	}
	top = b->open[b->depth - 1];
	if (json_is_array(top))
		return (json_array_append_new(top, v) == 0 ? 1 :
		    refuse(b, "out of memory"));
	return (json_object_setn_new_nocheck(top, b->key, b->keylen, v) == 0 ?
	    1 : refuse(b, "out of memory"));
}

static int
on_null(void *ctx)
{

	return (add(ctx, json_null()));
}

static int
on_boolean(void *ctx, int v)
{

	return (add(ctx, json_boolean(v)));
}

/* Jansson's types: a real has a fraction or an exponent. */
static int
on_number(void *ctx, const char *s, size_t len)
{
	struct builder *b = ctx;
	char text[32];
	json_int_t i;
	double d;

	if (memchr(s, '.', len) != NULL || memchr(s, 'e', len) != NULL ||
	    memchr(s, 'E', len) != NULL) {
		d = decimal_to_double(s, len);
		return (isnan(d) ? refuse(b, "out of memory") : isinf(d) ?
		    refuse(b, "real number overflow") : add(b, json_real(d)));
	}
	/* JSON has no leading zeros: an integer this long is too big. */
	if (len >= sizeof(text))
		return (refuse(b, "too big integer"));
	memcpy(text, s, len);
	text[len] = '\0';
	errno = 0;
	i = strtoll(text, NULL, 10);
	return (errno == ERANGE ? refuse(b, "too big integer") :
	    add(b, json_integer(i)));
}

/* A string or key (`what') as Jansson would take it, or a refusal. */
static int
text_ok(struct builder *b, const unsigned char *s, size_t len,
    const char *what)
{

	if (memchr(s, '\0', len) != NULL)
		return (refuse(b, "\\u0000 is not allowed"));
	if (not_utf8(s, len)) {
		snprintf(b->why, sizeof(b->why), "invalid UTF-8 in %s", what);
		return (0);
	}
	return (1);
}

static int
on_string(void *ctx, const unsigned char *s, size_t len)
{
	struct builder *b = ctx;

	return (text_ok(b, s, len, "a string") &&
	    add(b, json_stringn_nocheck((const char *)s, len)));
}

static int
on_key(void *ctx, const unsigned char *s, size_t len)
{
	struct builder *b = ctx;
	char *grown;

	if (!text_ok(b, s, len, "an object key"))
		return (0);
	/* Where Jansson says it: at the key, before its value. */
	if (json_object_getn(b->open[b->depth - 1], (const char *)s, len) !=
	    NULL)
		return (refuse(b, "duplicate object key"));
	/* A copy: yajl decodes the value's escapes where the key's were. */
	if (len >= b->keysize) {
		if ((grown = realloc(b->key, len + 64)) == NULL)
			return (refuse(b, "out of memory"));
		b->key = grown;
		b->keysize = len + 64;
	}
	memcpy(b->key, s, len);
	b->keylen = len;
	return (1);
}

static int
open_container(struct builder *b, json_t *v)
{

	if (b->depth == JSON_MAX_DEPTH) {
		json_decref(v);
		return (refuse(b, "maximum parsing depth reached"));
	}
	/* The tree or the root holds v, and `open' borrows it. */
	if (!add(b, v))
		return (0);
	b->open[b->depth++] = v;
	return (1);
}

static int
on_start_map(void *ctx)
{

	return (open_container(ctx, json_object()));
}

static int
on_start_array(void *ctx)
{

	return (open_container(ctx, json_array()));
}

static int
on_end(void *ctx)
{
	struct builder *b = ctx;

	if (--b->depth == 0)
		b->end = yajl_get_bytes_consumed(b->parser);
	return (1);
}

static const yajl_callbacks build = {
	.yajl_null = on_null,
	.yajl_boolean = on_boolean,
	.yajl_number = on_number,
	.yajl_string = on_string,
	.yajl_start_map = on_start_map,
	.yajl_map_key = on_key,
	.yajl_end_map = on_end,
	.yajl_start_array = on_start_array,
	.yajl_end_array = on_end,
};

static unsigned
hex4(const char *p)
{
	char digits[5];

	memcpy(digits, p, 4);
	digits[4] = '\0';
	return ((unsigned)strtoul(digits, NULL, 16));
}

/*
 * The first \u escape that is half a surrogate pair, or NULL.  yajl
 * turns a lone high half into '?' and pairs a high half with whatever
 * escape follows it; the text has parsed, so every backslash is in a
 * string and begins a whole escape.
 */
static const char *
lone_surrogate(const char *buf, size_t len)
{
	const char *p, *end = buf + len;
	unsigned u;

	for (p = memchr(buf, '\\', len); p != NULL;
	    p = memchr(p, '\\', (size_t)(end - p))) {
		if (p[1] != 'u') {
			p += 2;
			continue;
		}
		u = hex4(p + 2);
		if (u >= 0xdc00 && u <= 0xdfff)
			return (p);
		if (u >= 0xd800 && u <= 0xdbff) {
			if (p[6] != '\\' || p[7] != 'u' ||
			    (u = hex4(p + 8)) < 0xdc00 || u > 0xdfff)
				return (p);
			p += 6;
		}
		p += 6;
	}
	return (NULL);
}

/* How many of s[0..len-1]'s first bytes are JSON's white space. */
static size_t
text_blank(const char *s, size_t len)
{
	size_t n;

	for (n = 0; n < len && (s[n] == ' ' || s[n] == '\t' || s[n] == '\n' ||
	    s[n] == '\r'); n++)
		;
	return (n);
}

/* Jansson's place for an error at buf[at]: line, and column in characters. */
static void
place(json_error_t *e, const char *buf, size_t len, size_t at)
{
	size_t i;

	if (at > len)
		at = len;
	e->line = 1;
	e->column = 0;
	e->position = (int)at;
	for (i = 0; i < at; i++) {
		if (buf[i] == '\n') {
			e->line++;
			e->column = 0;
		} else if (((unsigned char)buf[i] & 0xc0) != 0x80)
			e->column++;
	}
}

/* yajl's message without its kind's prefix, full stop or line break. */
static void
yajl_message(yajl_handle h, const char *buf, size_t len, json_error_t *e)
{
	unsigned char *msg;
	const char *text;
	size_t n;

	msg = yajl_get_error(h, 0, (const unsigned char *)buf, len);
	text = msg == NULL ? "invalid JSON" : (const char *)msg;
	if (strstr(text, "error: ") != NULL)
		text = strstr(text, "error: ") + strlen("error: ");
	n = strcspn(text, "\n");
	if (n > 0 && text[n - 1] == '.')
		n--;
	snprintf(e->text, sizeof(e->text), "%.*s", (int)n, text);
	if (msg != NULL)
		yajl_free_error(h, msg);
}

json_t *
json_parse(const char *buf, size_t len, json_error_t *e)
{
	struct builder *b;
	yajl_handle h;
	yajl_status st;
	const char *bad;
	json_t *root = NULL;
	size_t at;

	memset(e, 0, sizeof(*e));
	/* yajl takes any value at the top; Jansson, as a file must be, not. */
	at = text_blank(buf, len);
	if (at < len && buf[at] != '[' && buf[at] != '{') {
		place(e, buf, len, at + 1);
		e->position = (int)at;
		snprintf(e->text, sizeof(e->text), "'[' or '{' expected");
		return (NULL);
	}
	/* 16 KB of open containers: on the heap, for threads' stacks. */
	if ((b = calloc(1, sizeof(*b))) == NULL ||
	    (h = b->parser = yajl_alloc(&build, NULL, b)) == NULL) {
		free(b);
		snprintf(e->text, sizeof(e->text), "out of memory");
		return (NULL);
	}
	st = yajl_parse(h, (const unsigned char *)buf, len);
	at = yajl_get_bytes_consumed(h);
	/* What is still open at the end is an error at the end. */
	if (st == yajl_status_ok && (st = yajl_complete_parse(h)) !=
	    yajl_status_ok)
		at = len;
	if (st == yajl_status_client_canceled)
		snprintf(e->text, sizeof(e->text), "%s", b->why);
	else if (st != yajl_status_ok)
		yajl_message(h, buf, len, e);
	else if ((at = b->end + text_blank(buf + b->end, len - b->end) + 1) <=
	    len)
		/* yajl lets through what lexes as the start of a token. */
		snprintf(e->text, sizeof(e->text), "trailing garbage");
	else if ((bad = memchr(buf, '\v', len)) != NULL ||
	    (bad = memchr(buf, '\f', len)) != NULL) {
		/* yajl's white space; in a string, it would not have parsed. */
		at = (size_t)(bad - buf) + 1;
		snprintf(e->text, sizeof(e->text), "invalid token");
	} else if ((bad = lone_surrogate(buf, len)) != NULL) {
		at = (size_t)(bad - buf) + 1;
		snprintf(e->text, sizeof(e->text), "invalid Unicode '%.6s': "
		    "half a surrogate pair", bad);
	} else {
		root = b->root;
		b->root = NULL;
	}
	if (root == NULL)
		place(e, buf, len, at);
	json_decref(b->root);
	yajl_free(h);
	free(b->key);
	free(b);
	return (root);
}
