/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Checking HTML and SVG output in cmocka tests, well enough to catch an
 * unescaped name: every tag closed in order (void elements and "/>"
 * aside), every '<' opening a tag, '>' only ending one, every '&' an
 * entity, and attribute values quoted without '<' in them.  <style>'s
 * content is skipped: it is the page's own.  Not a parser; the shape a
 * renderer that escapes everything from a results file always has.
 * Include after <cmocka.h>.
 */
#ifndef CB_TEST_MARKUP_CHECK_H
#define CB_TEST_MARKUP_CHECK_H

#include <ctype.h>
#include <string.h>

#define MARKUP_DEPTH	64

static inline int
markup_void(const char *name, size_t n)
{
	static const char *const v[] = { "meta", "br", "img", "input",
	    "link", "hr", "col", "wbr", NULL };
	size_t i;

	for (i = 0; v[i] != NULL; i++)
		if (strlen(v[i]) == n && strncmp(v[i], name, n) == 0)
			return (1);
	return (0);
}

/* At p an entity: &name; &#123; or &#x1f; returns its length. */
static inline size_t
markup_entity(const char *p)
{
	size_t n = 1;

	if (p[n] == '#') {
		n++;
		if (p[n] == 'x')
			n++;
		while (isxdigit((unsigned char)p[n]))
			n++;
	} else
		while (isalnum((unsigned char)p[n]))
			n++;
	if (n < 2 || p[n] != ';')
		fail_msg("bare '&': %.40s", p);
	return (n + 1);
}

/*
 * Not inlined, nor markup_no_injection: inlined where the page was
 * written with open_memstream, gcc takes the page for the local that
 * held its address (a false -Wdangling-pointer).
 */
static __attribute__((unused, noinline)) void
markup_check(const char *s)
{
	const char *stack[MARKUP_DEPTH], *p, *name, *end;
	size_t len[MARKUP_DEPTH], n, depth = 0;
	char q;

	for (p = s; *p != '\0'; ) {
		if (*p == '&') {
			p += markup_entity(p);
			continue;
		}
		if (*p == '>')
			fail_msg("bare '>': %.40s", p > s + 20 ? p - 20 : s);
		if (*p != '<') {
			p++;
			continue;
		}
		if (strncmp(p, "<!--", 4) == 0) {
			end = strstr(p, "-->");
			assert_non_null(end);
			p = end + 3;
			continue;
		}
		if (strncmp(p, "<!DOCTYPE", 9) == 0) {
			p = strchr(p, '>') + 1;
			continue;
		}
		if (p[1] == '/') {
			name = p + 2;
			n = strcspn(name, ">");
			if (depth == 0 || n != len[depth - 1] ||
			    strncmp(name, stack[depth - 1], n) != 0)
				fail_msg("</%.*s> closes <%.*s>", (int)n, name,
				    depth ? (int)len[depth - 1] : 0,
				    depth ? stack[depth - 1] : "");
			depth--;
			p = name + n + 1;
			continue;
		}
		name = p + 1;
		for (n = 0; isalnum((unsigned char)name[n]) || name[n] == '-' ||
		    name[n] == ':'; n++)
			;
		if (n == 0)
			fail_msg("bare '<': %.40s", p);
		/* Attributes: quoted values, entities, no '<'. */
		for (p = name + n; *p != '>'; p++) {
			assert_true(*p != '\0' && *p != '<');
			if (*p == '"' || *p == '\'') {
				for (q = *p++; *p != q; p++) {
					assert_true(*p != '\0' && *p != '<');
					if (*p == '&')
						p += markup_entity(p) - 1;
				}
			}
		}
		if (p[-1] != '/' && !markup_void(name, n)) {
			assert_true(depth < MARKUP_DEPTH);
			stack[depth] = name;
			len[depth++] = n;
		}
		p++;
		if (n == 5 && strncmp(name, "style", 5) == 0) {
			p = strstr(p, "</style>");
			assert_non_null(p);
		}
	}
	if (depth > 0)
		fail_msg("<%.*s> never closed", (int)len[depth - 1],
		    stack[depth - 1]);
}

/* None of the fixtures' injection attempts came through as markup. */
static __attribute__((unused, noinline)) void
markup_no_injection(const char *s)
{
	static const char *const bad[] = { "<script", "<img", "<svg onload",
	    "<i>&amp;", "'\"<b>", NULL };
	size_t i;

	for (i = 0; bad[i] != NULL; i++)
		if (strstr(s, bad[i]) != NULL)
			fail_msg("injected %s: %.60s", bad[i],
			    strstr(s, bad[i]));
}

#endif
