/* SPDX-License-Identifier: BSD-2-Clause */
/* Taking exegesis's snippets apart with llvm-mc (characterize/disasm.h). */
#include <sys/wait.h>

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arch/arch.h"
#include "characterize/disasm.h"
#include "snippet/tool.h"
#include "snippet/workdir.h"
#include "util/write_all.h"

/* nopw 0x78563412(%rax,%rax): between snippets, never in one. */
static const unsigned char sentinel[] = {
	0x66, 0x0f, 0x1f, 0x84, 0x00, 0x12, 0x34, 0x56, 0x78
};
/* The sentinel as llvm-mc's assembler reads it. */
#define SENTINEL_TEXT	"nopw 0x78563412(%rax,%rax)"
#define BLOCK_LINE	16	/* bytes on a line of llvm-mc's input */

/* What points exegesis's scratch register at the scratch memory. */
#ifdef ARCH_EXEGESIS_SCRATCH_CODE
static const unsigned char scratch[] = ARCH_EXEGESIS_SCRATCH_CODE;
#define SCRATCH_TEXT	ARCH_EXEGESIS_SCRATCH_TEXT
#else
static const unsigned char scratch[] = { 0 };	/* characterize refuses */
#define SCRATCH_TEXT	"?"
#endif

static const struct tool_limits mc_limits = {
	.cpu_seconds = 300,
	.max_file = 1L << 30,
};
#define MC_MAX_READ	(1UL << 30)

/* One decoded instruction of llvm-mc's listing. */
struct line {
	char		*text;
	unsigned char	 enc[16];
	size_t		 len;
};

struct listing {
	struct line	*l;
	size_t		 n, cap;
};

static void
listing_free(struct listing *ls)
{
	size_t i;

	for (i = 0; i < ls->n; i++)
		free(ls->l[i].text);
	free(ls->l);
}

/* Prefixes llvm-mc prints on a line of their own, with their byte. */
static int
prefix_only(const char *text)
{
	static const char *const words[] = { "lock", "rep", "repe", "repne",
	    "repz", "repnz", "xacquire", "xrelease", "notrack", "data16",
	    "addr32", "rex64" };
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(text, words[i]) == 0)
			return (1);
	return (0);
}

static int
is_sentinel(const struct line *l)
{
	return (l->len == sizeof(sentinel) &&
	    memcmp(l->enc, sentinel, sizeof(sentinel)) == 0);
}

/* One line of the listing into l: 0, or -1 when it holds no instruction. */
static int
parse_line(char *s, struct line *l)
{
	char *hash, *p, *e, *q;
	unsigned long v;

	if ((hash = strstr(s, "# encoding: [")) == NULL)
		return (-1);
	l->len = 0;
	for (p = hash + 13; *p != ']' && *p != '\0'; p = e) {
		v = strtoul(p, &e, 16);
		if (e == p || v > 0xff || l->len == sizeof(l->enc))
			break;
		l->enc[l->len++] = (unsigned char)v;
		if (*e == ',')
			e++;
	}
	for (e = hash; e > s && isspace((unsigned char)e[-1]); e--)
		;
	for (p = s; p < e && isspace((unsigned char)*p); p++)
		;
	*e = '\0';
	/* "lock\t\tadd": one space between words, as a reader writes. */
	for (e = q = p; *e != '\0'; e++)
		if (!isspace((unsigned char)*e))
			*q++ = *e;
		else if (!isspace((unsigned char)e[1]))
			*q++ = ' ';
	*q = '\0';
	l->text = p;
	return (0);
}

/* Append a copy of l to ls: 0, or -1 when out of memory. */
static int
append(struct listing *ls, const struct line *l)
{
	struct line *grown;

	if (ls->n == ls->cap) {
		ls->cap = ls->cap != 0 ? ls->cap * 2 : 4096;
		if ((grown = realloc(ls->l, ls->cap * sizeof(*grown))) == NULL)
			return (-1);
		ls->l = grown;
	}
	ls->l[ls->n] = *l;
	if ((ls->l[ls->n].text = strdup(l->text)) == NULL)
		return (-1);
	ls->n++;
	return (0);
}

/*
 * "\taddq\t%r9, %rsi   # encoding: [0x4c,0x01,0xce]" into ls.  A prefix
 * printed alone ("lock") joins the instruction after it, as it is one,
 * but never the sentinel: a prefix llvm-mc found before bytes it could
 * not decode stays a line of its own, and the snippet after it keeps its
 * start.
 */
static int
parse_listing(char *s, struct listing *ls)
{
	struct line cur, pending;
	char *nl, text[512];
	int last, held = 0;

	for (last = 0; !last && *s != '\0'; s = nl + 1) {
		if ((nl = strchr(s, '\n')) == NULL)
			nl = s + strlen(s);
		last = *nl == '\0';
		*nl = '\0';
		if (parse_line(s, &cur) != 0)
			continue;
		if (held && !is_sentinel(&cur) &&
		    pending.len + cur.len <= sizeof(cur.enc)) {
			memmove(cur.enc + pending.len, cur.enc, cur.len);
			memcpy(cur.enc, pending.enc, pending.len);
			cur.len += pending.len;
			snprintf(text, sizeof(text), "%s %s", pending.text,
			    cur.text);
			cur.text = text;
		} else if (held && append(ls, &pending) != 0)
			return (-1);
		held = 0;
		if (prefix_only(cur.text) && !is_sentinel(&cur)) {
			pending = cur;
			held = 1;
		} else if (append(ls, &cur) != 0)
			return (-1);
	}
	return (held ? append(ls, &pending) : 0);
}

/*
 * Every snippet's bytes, sentinel after each, as llvm-mc reads them.  A
 * snippet is a block ([...]), so bytes it cannot decode end its listing
 * with one warning rather than one for each byte skipped, and no
 * instruction runs on past its end into the sentinel; the block runs
 * over lines of BLOCK_LINE bytes, since each warning prints the caret's
 * line up to its column one character a write: on 114 undecodable
 * throughput snippets of 17,000, lines of a whole snippet made llvm-mc
 * take 7 s a syntax, blocks 1.6 s.
 */
static char *
input_text(const struct xdocs *x, size_t *len)
{
	size_t i, k, cap = 1, n = 0, bytes;
	const unsigned char *code;
	char *buf;

	for (i = 0; i < x->n; i++)
		cap += (x->d[i].codelen + sizeof(sentinel)) * 5 + 4;
	if ((buf = malloc(cap)) == NULL)
		return (NULL);
	for (i = 0; i < x->n; i++) {
		buf[n++] = '[';
		code = x->d[i].code;
		bytes = x->d[i].codelen;
		for (k = 0; k < bytes; k++)
			n += (size_t)sprintf(buf + n, "0x%02x%c", code[k],
			    k + 1 == bytes ? ']' : (k + 1) % BLOCK_LINE == 0 ?
			    '\n' : ' ');
		buf[n++] = '\n';
		for (k = 0; k < sizeof(sentinel); k++)
			n += (size_t)sprintf(buf + n, "0x%02x ", sentinel[k]);
		buf[n++] = '\n';
	}
	buf[n] = '\0';
	*len = n;
	return (buf);
}

/* llvm-mc's listing of w->src, read as `action' says, into ls. */
static int
run_mc(const char *mc, const char *action, int intel,
    const struct workdir *w, double timeout, struct listing *ls, char *err,
    size_t errlen)
{
	char *argv[8], *out;
	size_t len;
	int status, rc;

	argv[0] = (char *)mc;
	argv[1] = (char *)action;
	argv[2] = (char *)"-show-encoding";
	argv[3] = (char *)"-triple=x86_64";
	argv[4] = (char *)(intel ? "-output-asm-variant=1" :
	    "-output-asm-variant=0");
	argv[5] = NULL;
	status = tool_run(argv, "llvm-mc", "LLVM", w->src, w->out, w->msg,
	    timeout, &mc_limits, err, errlen);
	if (status < 0)
		return (-1);
	if (!WIFEXITED(status) || (WEXITSTATUS(status) != 0 &&
	    WEXITSTATUS(status) != 1)) {
		snprintf(err, errlen, "%s %s failed", mc, action);
		return (-1);
	}
	if ((out = workdir_read(w->out, MC_MAX_READ, &len)) == NULL) {
		snprintf(err, errlen, "cannot read llvm-mc's listing");
		return (-1);
	}
	rc = parse_listing(out, ls);
	free(out);
	if (rc != 0)
		snprintf(err, errlen, "out of memory");
	return (rc);
}

/*
 * llvm-mc run once on in[0..len-1] for each listing wanted: att (NULL:
 * not wanted) in AT&T syntax, intel in Intel syntax.
 */
static int
mc_listings(const char *mc, const char *action, const char *in, size_t len,
    struct listing *att, struct listing *intel, double timeout, char *err,
    size_t errlen)
{
	struct workdir w;
	int fd, wrote = 0, rc = -1;

	if (workdir_make(&w, err, errlen) != 0)
		return (-1);
	if ((fd = open(w.src, O_WRONLY | O_TRUNC)) >= 0) {
		wrote = write_all(fd, in, len) == 0;
		wrote = close(fd) == 0 && wrote;
	}
	if (!wrote)
		snprintf(err, errlen, "cannot write llvm-mc's input");
	else if ((att == NULL || run_mc(mc, action, 0, &w, timeout, att,
	    err, errlen) == 0) && run_mc(mc, action, 1, &w, timeout, intel,
	    err, errlen) == 0)
		rc = 0;
	workdir_remove(&w);
	return (rc);
}

static char *
join(char *const *text, size_t from, size_t to)
{
	size_t i, n = 1, at = 0, k;
	char *s;

	for (i = from; i < to; i++)
		n += strlen(text[i]) + 2;
	if ((s = malloc(n)) == NULL)
		return (NULL);
	for (i = from; i < to; i++) {
		if (i > from) {
			memcpy(s + at, "; ", 2);
			at += 2;
		}
		k = strlen(text[i]);
		memcpy(s + at, text[i], k);
		at += k;
	}
	s[at] = '\0';
	return (s);
}

/*
 * Instructions from..to-1 as a snippet's code, after `pre' (prelen bytes,
 * the instruction pretext): bytes, and each instruction's offset and text.
 */
static int
code_of(char *const *text, unsigned char *const *enc, const size_t *len,
    size_t from, size_t to, const unsigned char *pre, size_t prelen,
    const char *pretext, struct snippet_code *c)
{
	size_t i, n = prelen, k = 0;

	for (i = from; i < to; i++)
		n += len[i];
	memset(c, 0, sizeof(*c));
	if ((c->bytes = malloc(n + 1)) == NULL ||
	    (c->insns = calloc(to - from + 2, sizeof(*c->insns))) == NULL)
		return (-1);
	if (prelen > 0) {
		memcpy(c->bytes, pre, prelen);
		c->insns[k].offset = 0;
		snprintf(c->insns[k++].text, sizeof(c->insns[0].text), "%s",
		    pretext);
	}
	for (c->len = prelen, i = from; i < to; i++) {
		c->insns[k].offset = (uint32_t)c->len;
		snprintf(c->insns[k++].text, sizeof(c->insns[0].text), "%s",
		    text[i]);
		memcpy(c->bytes + c->len, enc[i], len[i]);
		c->len += len[i];
	}
	c->ninsns = k;
	return (0);
}

static int
same_copy(unsigned char *const *enc, const size_t *len, size_t a, size_t b,
    size_t k)
{
	size_t i;

	/*
	 * The analyser does not follow split_one's loop filling every enc[]
	 * below n before this is called with indices below n.
	 */
	for (i = 0; i < k; i++)
		if (len[a + i] != len[b + i] ||
		    /* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker) */
		    memcmp(enc[a + i], enc[b + i], len[a + i]) != 0)
			return (0);
	return (1);
}

int
disasm_take_apart(const struct xdoc *d, char *const *att,
    char *const *intel, unsigned char *const *enc, const size_t *enclen,
    size_t n, struct xsplit *s)
{
	size_t pushes = 0, end = n, k = d->ninsns, start;

	if (n > 0 && (att == NULL || intel == NULL || enc == NULL ||
	    enclen == NULL)) {
		s->why = "no instructions to take apart";
		return (-1);
	}
	if (end > 0 && strncmp(att[end - 1], "ret", 3) == 0)
		end--;
	while (pushes < end && strncmp(att[pushes], "pushq %", 7) == 0)
		pushes++;
	for (start = 0; start < pushes && end > 0 &&
	    strncmp(att[end - 1], "popq %", 6) == 0; start++)
		end--;
	if (k == 0 || end < pushes + k) {
		s->why = "its snippet has fewer instructions than its key";
		return (-1);
	}
	for (start = end - k; start >= pushes + k &&
	    same_copy(enc, enclen, start - k, end - k, k); start -= k)
		;
	s->ninsns = k;
	if ((s->att = join(att, end - k, end)) == NULL ||
	    (s->intel = join(intel, end - k, end)) == NULL ||
	    code_of(att, enc, enclen, end - k, end, NULL, 0, NULL,
	    &s->body) != 0 ||
	    code_of(att, enc, enclen, pushes, start, scratch, sizeof(scratch),
	    SCRATCH_TEXT, &s->init) != 0) {
		s->why = "out of memory";
		return (-1);
	}
	return (0);
}

/* A listing's lines of one document: from *at to its sentinel. */
static size_t
lines_of(const struct listing *ls, size_t *at, size_t *bytes)
{
	size_t i, end, first = *at;

	*bytes = 0;
	for (end = first; end < ls->n && !is_sentinel(&ls->l[end]); end++)
		;
	*at = end < ls->n ? end + 1 : end;
	for (i = first; i < end; i++)
		*bytes += ls->l[i].len;
	return (end - first);
}

/*
 * A document's lines start at *at in the AT&T listing and at *ati in the
 * Intel one, each walked to its own sentinel: the two syntaxes do not
 * always print a prefix alike, and one document's difference must not
 * shift the next.  The AT&T lines must add up to the document's bytes;
 * Intel text is kept where its lines match them one for one.
 */
static void
split_one(const struct xdoc *d, const struct listing *att,
    const struct listing *intel, size_t *at, size_t *ati, struct xsplit *s)
{
	char **ta = NULL, **ti = NULL;
	unsigned char **enc = NULL;
	size_t *len = NULL, i, n, ni, got, goti, first = *at, firsti = *ati;
	int intel_ok;

	n = lines_of(att, at, &got);
	ni = lines_of(intel, ati, &goti);
	if (n == 0 || att->l == NULL || got != d->codelen) {
		s->why = "llvm-mc could not decode its snippet";
		return;
	}
	intel_ok = ni == n && goti == got && intel->l != NULL;
	if ((ta = calloc(n + 1, sizeof(*ta))) == NULL ||
	    (ti = calloc(n + 1, sizeof(*ti))) == NULL ||
	    (enc = calloc(n + 1, sizeof(*enc))) == NULL ||
	    (len = calloc(n + 1, sizeof(*len))) == NULL) {
		s->why = "out of memory";
		goto out;
	}
	for (got = 0, i = 0; i < n; i++) {
		ta[i] = att->l[first + i].text;
		enc[i] = att->l[first + i].enc;
		len[i] = att->l[first + i].len;
		if (memcmp(enc[i], d->code + got, len[i]) != 0) {
			s->why = "llvm-mc could not decode its snippet";
			goto out;
		}
		intel_ok = intel_ok && intel->l[firsti + i].len == len[i];
		got += len[i];
	}
	for (i = 0; i < n; i++)
		ti[i] = intel_ok ? intel->l[firsti + i].text : (char *)"?";
	disasm_take_apart(d, ta, ti, enc, len, n, s);
out:
	free(ta);
	free(ti);
	free(enc);
	free(len);
}

int
disasm_split(const char *mc, const struct xdocs *x, struct xsplit *split,
    double timeout, char *err, size_t errlen)
{
	struct listing att = { 0 }, intel = { 0 };
	struct xdocs coded = { 0 };
	size_t i, at = 0, ati = 0, len, *which = NULL;
	char *in = NULL;
	int rc = -1;

	if ((coded.d = calloc(x->n + 1, sizeof(*coded.d))) == NULL ||
	    (which = calloc(x->n + 1, sizeof(*which))) == NULL) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (i = 0; i < x->n; i++) {
		if (x->d[i].codelen == 0) {
			split[i].why = "llvm-exegesis made no snippet";
			continue;
		}
		which[coded.n] = i;
		coded.d[coded.n++] = x->d[i];
	}
	if (coded.n == 0) {
		rc = 0;
		goto out;
	}
	if ((in = input_text(&coded, &len)) == NULL) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (mc_listings(mc, "--disassemble", in, len, &att, &intel, timeout,
	    err, errlen) != 0)
		goto out;
	for (i = 0; i < coded.n; i++)
		split_one(&coded.d[i], &att, &intel, &at, &ati,
		    &split[which[i]]);
	rc = 0;
out:
	listing_free(&att);
	listing_free(&intel);
	free(coded.d);
	free(which);
	free(in);
	return (rc);
}

int
disasm_intel(const char *mc, char *const *att, size_t n, char **intel,
    double timeout, char *err, size_t errlen)
{
	struct listing ls = { 0 };
	size_t i, k, at = 0, want, len = 0, cap = 1;
	char *in = NULL, **text = NULL;
	const char *p;
	int rc = -1;

	for (i = 0; i < n; i++) {
		intel[i] = NULL;
		cap += strlen(att[i]) + sizeof(SENTINEL_TEXT) + 2;
	}
	if (n == 0)
		return (0);
	if ((in = malloc(cap)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return (-1);
	}
	/* A body of more than one line would shift the ones after it. */
	for (i = 0; i < n; i++)
		len += (size_t)sprintf(in + len, "%s\n%s\n",
		    strchr(att[i], '\n') == NULL ? att[i] : "", SENTINEL_TEXT);
	if (mc_listings(mc, "--assemble", in, len, NULL, &ls, timeout, err,
	    errlen) != 0)
		goto out;
	if ((text = calloc(ls.n + 1, sizeof(*text))) == NULL) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (k = 0; k < ls.n; k++)
		text[k] = ls.l[k].text;
	for (i = 0; i < n; i++) {
		for (k = at; k < ls.n && !is_sentinel(&ls.l[k]); k++)
			;
		/* Every instruction of the body, or none: not a part. */
		for (want = 1, p = att[i]; (p = strstr(p, "; ")) != NULL;
		    p += 2)
			want++;
		if (k - at == want && (intel[i] = join(text, at, k)) == NULL) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		at = k < ls.n ? k + 1 : k;
	}
	rc = 0;
out:
	if (rc != 0)
		for (i = 0; i < n; i++) {
			free(intel[i]);
			intel[i] = NULL;
		}
	listing_free(&ls);
	free(text);
	free(in);
	return (rc);
}

void
xsplit_free(struct xsplit *s)
{
	free(s->att);
	free(s->intel);
	snippet_code_free(&s->body);
	snippet_code_free(&s->init);
	memset(s, 0, sizeof(*s));
}
