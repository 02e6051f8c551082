/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Finding passwords in text, one scan for every caller: at each place,
 * either "://" starts a URL whose user-info runs to the last '@' after
 * it, the password from the user-info's first ':', or a "password" key
 * (any case; "sslpassword" too) is followed by '=' and a value.  The
 * last '@' rather than the first, as libpq reads it, because a password
 * with a raw '@' would otherwise show its tail; a later '@' in a query
 * only hides more than it must.  A value in a URL's query runs to '&',
 * elsewhere (libpq's "host=h password=pw") to a blank or is 'quoted'.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/redact.h"

/* What stands for a password: "***". */
#define MASKLEN	3

/* The value after "password" at s[j], if '=' follows: its place. */
static int
key_value(const char *s, size_t j, int in_url, size_t *off, size_t *len)
{

	while (s[j] == ' ' || s[j] == '\t')
		j++;
	if (s[j] != '=')
		return (0);
	for (j++; s[j] == ' ' || s[j] == '\t'; j++)
		;
	*off = j;
	if (s[j] == '\'') {
		/* libpq's quoting: \' and \\ inside; unclosed, to the end. */
		for (j++; s[j] != '\0' && s[j] != '\''; j++)
			if (s[j] == '\\' && s[j + 1] != '\0')
				j++;
		if (s[j] == '\'')
			j++;
	} else if (in_url)
		j += strcspn(s + j, "&");
	else
		for (; s[j] != '\0' && !isspace((unsigned char)s[j]); j++)
			if (s[j] == '\\' && s[j + 1] != '\0')
				j++;
	*len = j - *off;
	return (1);
}

/* The next password in s from *from on: its place, and *from past it. */
static int
next_secret(const char *s, size_t *from, size_t *off, size_t *len)
{
	const char *at, *colon, *info;
	int in_url = 0;
	size_t i;

	for (i = 0; s[i] != '\0'; i++) {
		if (strncmp(s + i, "://", 3) == 0) {
			in_url = 1;
			info = s + i + 3;
			if (i >= *from && (at = strrchr(info, '@')) != NULL &&
			    (colon = memchr(info, ':', (size_t)(at -
			    info))) != NULL) {
				*off = (size_t)(colon + 1 - s);
				*len = (size_t)(at - colon - 1);
				*from = (size_t)(at - s) + 1;
				return (1);
			}
		}
		if (i >= *from && strncasecmp(s + i, "password", 8) == 0 &&
		    key_value(s, i + 8, in_url, off, len)) {
			*from = *off + *len;
			return (1);
		}
	}
	return (0);
}

/* s redacted into out (NULL: only measured); the redacted length. */
static size_t
rewrite(const char *s, char *out)
{
	size_t from = 0, done = 0, k = 0, off, len;

	while (next_secret(s, &from, &off, &len)) {
		if (out != NULL) {
			memcpy(out + k, s + done, off - done);
			memset(out + k + off - done, '*', MASKLEN);
		}
		k += off - done + MASKLEN;
		done = off + len;
	}
	len = strlen(s + done);
	if (out != NULL)
		memcpy(out + k, s + done, len + 1);
	return (k + len);
}

char *
redact(const char *s)
{
	char *out;

	if ((out = malloc(rewrite(s, NULL) + 1)) != NULL)
		rewrite(s, out);
	return (out);
}

int
redact_needed(const char *s)
{
	size_t from = 0, off, len;

	return (next_secret(s, &from, &off, &len));
}

int
redact_in_place(char *s)
{
	size_t n, k;
	char *r;

	if (!redact_needed(s))
		return (0);
	n = strlen(s);
	if ((r = redact(s)) == NULL) {
		memset(s, '*', n);
		return (1);
	}
	k = strlen(r);
	memset(s, 0, n);
	memcpy(s, r, k < n ? k : n);
	free(r);
	return (1);
}

/* Every copy of needle[0..n-1] in msg becomes the mask; n >= MASKLEN. */
static void
mask_copies(char *msg, const char *needle, size_t n)
{
	char *p, *hit;

	for (p = msg; (hit = memmem(p, strlen(p), needle, n)) != NULL;
	    p = hit + MASKLEN) {
		memmove(hit + MASKLEN, hit + n, strlen(hit + n) + 1);
		memset(hit, '*', MASKLEN);
	}
}

void
redact_echo(char *msg, const char *conninfo)
{
	size_t from = 0, off, len, p, q;

	while (next_secret(conninfo, &from, &off, &len)) {
		/* Shorter ones would mask half the message's letters. */
		if (len >= MASKLEN)
			mask_copies(msg, conninfo + off, len);
		for (p = off; p < off + len; p = q + 1) {
			for (q = p; q < off + len && conninfo[q] != '@' &&
			    conninfo[q] != '/'; q++)
				;
			if (q - p >= MASKLEN && q - p < len)
				mask_copies(msg, conninfo + p, q - p);
		}
	}
}
