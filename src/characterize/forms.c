/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Forms, their classes and the user's filters (characterize/forms.h).
 * A class is read off the body as llvm-mc wrote it and as it is encoded:
 * EVEX (0x62) is avx512, VEX (0xc4, 0xc5) avx, an %xmm operand without
 * either sse, %mm mmx, %st or an f-mnemonic x87, a lock prefix lock, a
 * parenthesised operand mem (but %st(1), a register); what is none of
 * these is base.
 */
#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "characterize/forms.h"

static const char *const classes[] = {
	"base", "mem", "lock", "x87", "mmx", "sse", "avx", "avx512"
};
#define NCLASSES	(sizeof(classes) / sizeof(classes[0]))

int
forms_is_class(const char *word)
{
	size_t i;

	for (i = 0; i < NCLASSES; i++)
		if (strcasecmp(word, classes[i]) == 0)
			return (1);
	return (0);
}

/* The first byte past legacy and REX prefixes. */
static unsigned char
opcode_byte(const unsigned char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(b[i] == 0x66 || b[i] == 0x67 || b[i] == 0xf0 ||
		    b[i] == 0xf2 || b[i] == 0xf3 || b[i] == 0x2e ||
		    b[i] == 0x3e || b[i] == 0x26 || b[i] == 0x36 ||
		    b[i] == 0x64 || b[i] == 0x65 || (b[i] & 0xf0) == 0x40))
			return (b[i]);
	return (0);
}

/* A memory operand in AT&T text: a '(' that is not %st(i)'s. */
static int
has_mem(const char *t)
{
	const char *p;

	for (p = strchr(t, '('); p != NULL; p = strchr(p + 1, '('))
		if (p - t < 3 || strncmp(p - 3, "%st", 3) != 0)
			return (1);
	return (0);
}

static void
classify(struct form *f)
{
	const struct xsplit *s = f->thr.split != NULL && f->thr.split->att !=
	    NULL ? f->thr.split : f->lat.split;
	const char *t;
	unsigned char op;

	f->cls[0] = '\0';
	if (s == NULL || s->att == NULL)
		return;
	t = s->att;
	op = opcode_byte(s->body.bytes, s->body.len);
	snprintf(f->cls, sizeof(f->cls), "%s%s", op == 0x62 ? "avx512" :
	    op == 0xc4 || op == 0xc5 ? "avx" : strstr(t, "%xmm") != NULL ?
	    "sse" : strstr(t, "%mm") != NULL ? "mmx" : strstr(t, "%st") !=
	    NULL || t[0] == 'f' ? "x87" : strncmp(t, "lock", 4) == 0 ? "lock" :
	    "base", has_mem(t) ? " mem" : "");
}

/*
 * A memory form without exegesis's latency snippet gets cyclebench's
 * chain, built from the first copy of its throughput snippet, whose set-up
 * it shares.
 */
/* Every operand of exegesis's instruction is one register ("XOR64rr RBX
   RBX RBX"): 1; an immediate or a second register: 0. */
static int
one_register(const char *key)
{
	char first[32], op[32];
	const char *p = key + strcspn(key, " ");
	int n = 0, k;

	while (sscanf(p, " %31s%n", op, &k) == 1) {
		if (n++ == 0)
			snprintf(first, sizeof(first), "%s", op);
		else if (strcmp(op, first) != 0)
			return (0);
		p += k;
	}
	return (n >= 2);
}

/* An AVX-512 form, whose copies of cyclebench's keep its encoding. */
static int
evex(const struct form *f)
{
	return (strncmp(f->cls, "avx512", 6) == 0);
}

/*
 * exegesis's latency chain of one register for every operand may be an
 * idiom a core breaks the chain on (xor, sub, andn of a register with
 * itself; a move to itself): the chain arch_exegesis_register_chain
 * builds from the throughput snippet's first copy instead.
 */
static int
idiom_free(struct form *f)
{
	const struct xsplit *t = f->thr.split;

	if (f->lat.split == NULL || f->lat.split->att == NULL ||
	    f->lat.doc->ninsns != 1 || !one_register(f->lat.doc->insns[0]) ||
	    t == NULL || t->att == NULL || t->body.ninsns == 0 ||
	    f->thr.doc->ninsns == 0)
		return (0);
	if (arch_exegesis_register_chain(t->body.insns[0].text,
	    f->thr.doc->insns[0], evex(f), &f->chain) == 0)
		return (1);
	memset(&f->chain, 0, sizeof(f->chain));	/* exegesis's chain stands */
	return (0);
}

static void
chain(struct form *f)
{
	const struct xsplit *t = f->thr.split;

	if (idiom_free(f)) {
		f->chained = 1;
		f->lat.doc = f->thr.doc;
		f->lat.split = f->thr.split;
		f->lat.chain = f->chain.kind;
		return;
	}

	if (strstr(f->cls, "mem") == NULL || t == NULL || t->att == NULL ||
	    t->body.ninsns == 0 || (f->lat.split != NULL &&
	    f->lat.split->att != NULL))
		return;
	if (arch_exegesis_chain(t->body.insns[0].text, f->thr.doc->insns[0],
	    evex(f), &f->chain) != 0)
		return;
	f->chained = 1;
	f->lat.doc = f->thr.doc;
	f->lat.split = f->thr.split;
	f->lat.chain = f->chain.kind;
}

/* The destinations exegesis's snippet cycles through: its keys' first
   operands, told apart. */
static unsigned
destinations(const struct xdoc *d)
{
	char first[32], other[32];
	size_t i, j;
	unsigned n = 0;

	for (i = 0; i < d->ninsns; i++) {
		if (sscanf(d->insns[i], "%*s %31s", first) != 1)
			continue;
		for (j = 0; j < i; j++)
			if (sscanf(d->insns[j], "%*s %31s", other) == 1 &&
			    strcmp(first, other) == 0)
				break;
		n += j == i;
	}
	return (n);
}

static void
widen(struct form *f)
{
	const struct xsplit *t = f->thr.split;
	struct arch_widen w;
	unsigned had;

	if (t == NULL || t->att == NULL || t->body.ninsns == 0 ||
	    f->thr.doc->ninsns == 0)
		return;
	had = destinations(f->thr.doc);
	f->wide.copies = arch_exegesis_widen(t->body.insns[0].text,
	    f->thr.doc->insns[0], evex(f), had, &w);
	if (f->wide.copies == 0)
		return;
	if ((f->wide.body = strdup(w.body)) == NULL ||
	    (f->wide.init = strdup(w.init)) == NULL) {
		free(f->wide.body);
		memset(&f->wide, 0, sizeof(f->wide));
		return;		/* out of memory: exegesis's snippet */
	}
	snprintf(f->wide.kind, sizeof(f->wide.kind), "independent: the "
	    "instruction once for each of %u destinations, where exegesis's "
	    "snippet had %u, each read again by the copy after it",
	    f->wide.copies, had);
}

void
forms_widen(struct forms *fs)
{
	size_t i;

	for (i = 0; i < fs->n; i++)
		widen(&fs->f[i]);
}

int
forms_join(const struct xdocs *lat, struct xsplit *lsplit,
    const struct xdocs *thr, struct xsplit *tsplit, struct forms *out)
{
	size_t i, j, n = 0;
	struct form *f;

	memset(out, 0, sizeof(*out));
	if ((out->f = calloc(thr->n + lat->n + 1, sizeof(*out->f))) == NULL)
		return (-1);
	for (i = 0; i < thr->n; i++) {
		f = &out->f[n++];
		f->opcode = thr->d[i].opcode;
		f->thr.doc = &thr->d[i];
		f->thr.split = &tsplit[i];
	}
	/* Both lists come in LLVM's opcode order: merge, not search. */
	for (i = 0, j = 0; i < lat->n; i++) {
		while (j < n && strcmp(out->f[j].opcode, lat->d[i].opcode) != 0)
			j++;
		if (j == n) {
			for (j = 0; j < n && strcmp(out->f[j].opcode,
			    lat->d[i].opcode) != 0; j++)
				;
			if (j == n) {
				out->f[n].opcode = lat->d[i].opcode;
				n++;
			}
		}
		out->f[j].lat.doc = &lat->d[i];
		out->f[j].lat.split = &lsplit[i];
		out->f[j].lat.chain = lat->d[i].info;
	}
	out->n = n;
	for (i = 0; i < n; i++) {
		classify(&out->f[i]);
		chain(&out->f[i]);
	}
	return (0);
}

static int
is_name(const char *s)
{
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return (0);
	return (1);
}

char *
forms_opcode_list(char *const *filters, size_t n)
{
	size_t i, k, len = 1;
	char *s;

	if (n == 0)
		return (NULL);
	for (i = 0; i < n; i++) {
		if (!is_name(filters[i]) || forms_is_class(filters[i]))
			return (NULL);
		len += strlen(filters[i]) + 1;
	}
	if ((s = malloc(len)) == NULL)
		return (NULL);
	for (len = 0, i = 0; i < n; i++) {
		k = strlen(filters[i]);
		if (i > 0)
			s[len++] = ',';
		memcpy(s + len, filters[i], k);
		len += k;
	}
	s[len] = '\0';
	return (s);
}

static int
has_class(const struct form *f, const char *c)
{
	char buf[sizeof(f->cls) + 2], want[32];

	snprintf(buf, sizeof(buf), " %s ", f->cls);
	snprintf(want, sizeof(want), " %s ", c);
	for (char *p = want; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
	return (strstr(buf, want) != NULL);
}

int
forms_check_filters(char *const *filters, size_t n, char *err, size_t errlen)
{
	struct forms none = { NULL, 0 };

	return (forms_filter(&none, filters, n, err, errlen));
}

int
forms_filter(struct forms *fs, char *const *filters, size_t n, char *err,
    size_t errlen)
{
	regex_t *re;
	size_t i, k, kept = 0;
	int keep, rc = 0, e;
	char anchored[1024];

	if (n == 0)
		return (0);
	if ((re = calloc(n, sizeof(*re))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return (-1);
	}
	for (k = 0; k < n; k++) {
		if (forms_is_class(filters[k]) || is_name(filters[k]))
			continue;
		snprintf(anchored, sizeof(anchored), "^(%s)$", filters[k]);
		if ((e = regcomp(&re[k], anchored, REG_EXTENDED | REG_NOSUB)) !=
		    0) {
			regerror(e, &re[k], anchored, sizeof(anchored));
			snprintf(err, errlen, "filter %zu is neither an opcode, a "
			    "class (%s) nor a regular expression: %s", k + 1,
			    FORMS_CLASSES, anchored);
			n = k;
			rc = -1;
			goto out;
		}
	}
	for (i = 0; i < fs->n; i++) {
		for (keep = 0, k = 0; !keep && k < n; k++) {
			if (forms_is_class(filters[k]))
				keep = has_class(&fs->f[i], filters[k]);
			else if (is_name(filters[k]))
				keep = strcasecmp(fs->f[i].opcode,
				    filters[k]) == 0;
			else
				keep = regexec(&re[k], fs->f[i].opcode, 0, NULL,
				    0) == 0;
		}
		if (keep)
			fs->f[kept++] = fs->f[i];
	}
	fs->n = kept;
out:
	for (k = 0; k < n; k++)
		if (!forms_is_class(filters[k]) && !is_name(filters[k]))
			regfree(&re[k]);
	free(re);
	return (rc);
}

/* The Intel text of a form's body, or NULL. */
static const char *
intel_of(const struct form *f)
{
	return (f->thr.split != NULL && f->thr.split->att != NULL ?
	    f->thr.split->intel : f->lat.split != NULL ?
	    f->lat.split->intel : NULL);
}

/*
 * The mnemonic of a body: its first word in Intel syntax, which has no
 * operand-size suffix (add, not addb ... addq), without a lock prefix.
 */
static void
mnemonic(const struct form *f, char *buf, size_t len)
{
	const char *t = intel_of(f);

	if (t == NULL || strcmp(t, "?") == 0) {
		snprintf(buf, len, "%s", f->opcode);
		return;
	}
	if (strncmp(t, "lock ", 5) == 0)
		t += 5;
	snprintf(buf, len, "%.*s", (int)strcspn(t, " "), t);
}

static int
measurable(const struct form *f)
{
	return ((f->thr.split != NULL && f->thr.split->att != NULL) ||
	    (f->lat.split != NULL && f->lat.split->att != NULL));
}

/* The width in bits of a register named in Intel syntax; 0: none. */
static int
reg_width(const char *r, size_t n)
{
	if (n >= 4 && strncmp(r + 1, "mm", 2) == 0 &&
	    isdigit((unsigned char)r[3]))
		return (r[0] == 'z' ? 512 : r[0] == 'y' ? 256 :
		    r[0] == 'x' ? 128 : 0);
	if (r[0] == 'r' && n >= 2 && n <= 4)
		return (r[n - 1] == 'd' ? 32 : r[n - 1] == 'w' ? 16 :
		    r[n - 1] == 'b' ? 8 : 64);
	if (r[0] == 'e' && n == 3)
		return (32);
	if (n == 2 && strchr("xip", r[1]) != NULL)
		return (16);
	if ((n == 2 && strchr("lh", r[1]) != NULL) || (n == 3 && r[2] == 'l'))
		return (8);
	return (0);
}

/* A form's widest register operand, in bits. */
static int
width(const struct form *f)
{
	const char *t = intel_of(f), *e;
	int w = 0, x;

	if (t == NULL)
		return (0);
	for (t += strcspn(t, " "); *t != '\0'; t = e) {
		for (; *t != '\0' && !isalnum((unsigned char)*t); t++)
			;
		for (e = t; isalnum((unsigned char)*e); e++)
			;
		if (e > t && (x = reg_width(t, (size_t)(e - t))) > w)
			w = x;
	}
	return (w);
}

/*
 * One form a mnemonic: of the register forms exegesis wrote for it, the
 * widest (LLVM's opcode order is by name, which puts ADD8rr after
 * ADD64rr and VADDPSrr after VADDPSZrr: no help).
 */
void
forms_quick(struct forms *fs)
{
	size_t i, k, kept = 0;
	char a[64], b[64];

	for (i = 0; i < fs->n; i++) {
		if (!measurable(&fs->f[i]) || strstr(fs->f[i].cls, "mem") !=
		    NULL)
			continue;
		mnemonic(&fs->f[i], a, sizeof(a));
		for (k = 0; k < kept; k++) {
			mnemonic(&fs->f[k], b, sizeof(b));
			if (strcmp(a, b) == 0)
				break;
		}
		if (k == kept)
			fs->f[kept++] = fs->f[i];
		else if (width(&fs->f[i]) > width(&fs->f[k]))
			fs->f[k] = fs->f[i];
	}
	fs->n = kept;
}

void
forms_free(struct forms *fs)
{
	size_t i;

	for (i = 0; i < fs->n; i++) {
		free(fs->f[i].chain_intel);
		free(fs->f[i].wide.body);
		free(fs->f[i].wide.init);
		free(fs->f[i].wide.intel);
	}
	free(fs->f);
	fs->f = NULL;
	fs->n = 0;
}
