/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A snippet as bytes, for the program that runs it (src/snippet/runner):
 * a fixed header, then the body's and init's code, then their
 * instruction lists (for naming the instruction at a fault).  Both ends
 * are the same build, so the header is a struct; the program still
 * checks every length and limit, as it would a file.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snippet/snippet.h"

#define WIRE_MAGIC	"cbsnip1"

struct wire {
	char		 magic[8];
	char		 name[96];
	uint32_t	 unroll;
	uint32_t	 per_copy;
	uint32_t	 mode;
	uint32_t	 allow_syscalls;
	double		 timeout;
	uint64_t	 len[2];	/* bytes of body and init */
	uint64_t	 ninsns[2];	/* their instructions */
};

static struct snippet_code *
part(struct snippet *s, int i)
{
	return (i == 0 ? &s->body : &s->init);
}

int
snippet_pack(const struct snippet *s, void **out, size_t *outlen)
{
	const struct snippet_code *c[2] = { &s->body, &s->init };
	struct wire w;
	size_t len = sizeof(w);
	uint8_t *buf, *p;
	int i;

	memset(&w, 0, sizeof(w));
	memcpy(w.magic, WIRE_MAGIC, sizeof(w.magic));
	snprintf(w.name, sizeof(w.name), "%s", s->name);
	w.unroll = s->unroll;
	w.per_copy = s->per_copy;
	w.mode = (uint32_t)s->bench.mode;
	w.allow_syscalls = (uint32_t)s->allow_syscalls;
	w.timeout = s->timeout;
	for (i = 0; i < 2; i++) {
		w.len[i] = c[i]->len;
		w.ninsns[i] = c[i]->ninsns;
		len += c[i]->len + c[i]->ninsns * sizeof(struct snippet_insn);
	}
	if ((buf = malloc(len)) == NULL)
		return (-1);
	memcpy(buf, &w, sizeof(w));
	p = buf + sizeof(w);
	for (i = 0; i < 2; i++) {
		if (c[i]->len)
			memcpy(p, c[i]->bytes, c[i]->len);
		p += c[i]->len;
	}
	for (i = 0; i < 2; i++) {
		if (c[i]->ninsns)
			memcpy(p, c[i]->insns, c[i]->ninsns *
			    sizeof(struct snippet_insn));
		p += c[i]->ninsns * sizeof(struct snippet_insn);
	}
	*out = buf;
	*outlen = len;
	return (0);
}

static int
refuse(char *why, size_t whylen, const char *what)
{
	snprintf(why, whylen, "the snippet handed to the measuring program "
	    "is malformed: %s", what);
	return (-1);
}

/* Take n bytes at *p into a new array at *out; advance *p. */
static int
take(const uint8_t **p, const uint8_t *end, size_t n, void **out)
{
	if ((size_t)(end - *p) < n || (*out = malloc(n ? n : 1)) == NULL)
		return (-1);
	if (n)
		memcpy(*out, *p, n);
	*p += n;
	return (0);
}

int
snippet_unpack(const void *buf, size_t len, struct snippet **out, char *why,
    size_t whylen)
{
	const uint8_t *p = buf, *end = p + len;
	struct snippet_code *c;
	struct snippet *s;
	struct wire w;
	size_t i, j;
	int k;

	if (len < sizeof(w))
		return (refuse(why, whylen, "too short"));
	memcpy(&w, buf, sizeof(w));
	if (memcmp(w.magic, WIRE_MAGIC, sizeof(w.magic)) != 0)
		return (refuse(why, whylen, "not a snippet"));
	if (w.len[0] == 0 || w.len[0] > SNIPPET_MAX_CODE ||
	    w.len[1] > SNIPPET_MAX_CODE || w.ninsns[0] > w.len[0] ||
	    w.ninsns[1] > w.len[1])
		return (refuse(why, whylen, "code length"));
	if (w.unroll == 0 || w.unroll > SNIPPET_MAX_UNROLL ||
	    w.len[0] * w.unroll > SNIPPET_MAX_UNROLLED)
		return (refuse(why, whylen, "unroll"));
	if (w.per_copy == 0 || w.per_copy > SNIPPET_MAX_UNROLL)
		return (refuse(why, whylen, "operations per copy"));
	if (w.mode != CB_THROUGHPUT && w.mode != CB_LATENCY)
		return (refuse(why, whylen, "mode"));
	if (!(w.timeout > 0 && w.timeout <= CB_MAX_TIMEOUT) ||
	    memchr(w.name, '\0', sizeof(w.name)) == NULL)
		return (refuse(why, whylen, "timeout or name"));
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return (refuse(why, whylen, "out of memory"));
	p += sizeof(w);
	for (k = 0; k < 2; k++) {
		c = part(s, k);
		c->len = w.len[k];
		if (take(&p, end, c->len, (void **)&c->bytes) != 0)
			goto fail;
	}
	for (k = 0; k < 2; k++) {
		c = part(s, k);
		c->ninsns = w.ninsns[k];
		if (take(&p, end, c->ninsns * sizeof(struct snippet_insn),
		    (void **)&c->insns) != 0)
			goto fail;
		for (i = 0; i < c->ninsns; i++) {
			j = sizeof(c->insns[i].text) - 1;
			c->insns[i].text[j] = '\0';
			if (c->insns[i].offset >= c->len)
				goto fail;
		}
	}
	if (p != end)
		goto fail;
	snprintf(s->name, sizeof(s->name), "%s", w.name);
	s->unroll = w.unroll;
	s->per_copy = w.per_copy;
	s->allow_syscalls = (int)w.allow_syscalls;
	s->timeout = w.timeout;
	snippet_bench_init(s, (enum cb_mode)w.mode, 1);
	*out = s;
	return (0);
fail:
	snippet_free(s);
	return (refuse(why, whylen, "lengths do not add up"));
}
