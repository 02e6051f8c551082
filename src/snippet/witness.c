/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The clock witness (snippet/witness.h).
 *
 * Calibrated cycles are ticks under the core clock an add chain reads
 * just before and just after each sample.  A core that lowers its clock
 * only while certain instructions execute, as Intel's do under 512-bit
 * floating-point and multiply instructions (the AVX-512 license levels),
 * is back at speed when the chain after the sample runs, and a figure
 * measured under the lower clock comes out too high by as much: 8% on an
 * Emerald Rapids guest (vfmadd231ps on %zmm 4.32 cycles, not 4).
 *
 * So a snippet whose body may lower the clock (arch_clock_witness) is
 * measured once more as its witness: WITNESS_SHADOW links of a one-cycle
 * chain for every cycle a copy of the body took (at least
 * WITNESS_MIN_LINKS), spread evenly before the body's instructions, a
 * latency loop counted per link.  The body runs in the chain's shadow, so with the clock
 * holding a link reads one calibrated cycle; under a clock 8% lower,
 * 1.08.  A witness whose median reads WITNESS_SLOWER or more over one
 * cycle, and the low end of its 95% interval three quarters of that,
 * converts the result under its clock: every cycle figure divided by its
 * reading, the figure's interval widened by the reading's, the result
 * flagged clock-slowed (tests/study/witness_study.c
 * has the false alarms and the power of that rule).  A reading of
 * 1 + 1 / (2 * WITNESS_SHADOW) or more says the body did not run in the
 * chain's shadow but in series with it, half its cycles or more added to
 * the chain's, as a microcode assist does (masked loads through a zero
 * mask: 250 to 300 cycles a copy, witnesses reading 1.23 to 1.35), and
 * nothing of the clock: it converts nothing.  Its reading is the
 * clock_witness extra either way.  A body of more than WITNESS_MAX_LINKS
 * / WITNESS_SHADOW cycles a copy gets no witness.  The clock drops as far
 * under one 512-bit FMA in 3,000 cycles as under one in 12 (5.9% at
 * 100, 300, 1,000 and 3,000 links on the Emerald Rapids guest), so the
 * witness's thinner use of the body is not a milder one.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "core/rescale.h"
#include "snippet/witness.h"

/* The body's instructions as objdump wrote them, "; " between. */
static char *
body_text(const struct snippet_code *c)
{
	char *text = NULL;
	size_t len, i;
	FILE *fp;

	if ((fp = open_memstream(&text, &len)) == NULL)
		return (NULL);
	for (i = 0; i < c->ninsns; i++)
		fprintf(fp, "%s%s", i > 0 ? "; " : "", c->insns[i].text);
	if (fclose(fp) != 0) {
		free(text);
		return (NULL);
	}
	return (text);
}

/*
 * `per' copies of l before each of the body's instructions: code and
 * instructions into *c.  Spread so, the chain and the body share the
 * out-of-order window whatever the body's length; links all before a
 * body of 400 adds filled the window, and the body ran after them.
 */
static int
witness_code(const struct arch_witness_link *l, size_t per,
    const struct snippet_code *body, struct snippet_code *c)
{
	size_t i, k, n = 0, at = 0, from, len;

	memset(c, 0, sizeof(*c));
	c->len = per * body->ninsns * l->len + body->len;
	c->ninsns = (per + 1) * body->ninsns;
	if ((c->bytes = malloc(c->len)) == NULL ||
	    (c->insns = calloc(c->ninsns, sizeof(*c->insns))) == NULL)
		return (-1);
	for (i = 0; i < body->ninsns; i++) {
		for (k = 0; k < per; k++, n++, at += l->len) {
			memcpy(c->bytes + at, l->code, l->len);
			c->insns[n].offset = (uint32_t)at;
			snprintf(c->insns[n].text, sizeof(c->insns[n].text),
			    "%s", l->text);
		}
		from = body->insns[i].offset;
		len = (i + 1 < body->ninsns ? body->insns[i + 1].offset :
		    body->len) - from;
		c->insns[n] = body->insns[i];
		c->insns[n++].offset = (uint32_t)at;
		memcpy(c->bytes + at, body->bytes + from, len);
		at += len;
	}
	return (0);
}

struct snippet *
snippet_witness(const struct snippet *s, double copy)
{
	struct arch_witness_link l;
	struct snippet_code code;
	struct snippet_spec spec;
	struct snippet *w = NULL;
	char err[4096], warn[1024], *regs;
	double links;
	size_t per;
	int rc;

	links = fmax(ceil(WITNESS_SHADOW * copy), WITNESS_MIN_LINKS);
	if (!(links <= WITNESS_MAX_LINKS) || s->body.ninsns == 0 ||
	    s->body.insns[0].offset != 0 ||
	    (regs = body_text(&s->body)) == NULL)
		return (NULL);
	per = ((size_t)links + s->body.ninsns - 1) / s->body.ninsns;
	rc = arch_clock_witness(regs, &l);
	free(regs);
	if (rc != 1)
		return (NULL);
	if (witness_code(&l, per, &s->body, &code) == 0) {
		memset(&spec, 0, sizeof(spec));
		spec.title = "clock witness";
		spec.body_label = "witness";
		spec.body_code = &code;
		spec.init_code = &s->init;
		spec.init_label = "init";
		spec.per_copy = (unsigned)(per * s->body.ninsns);
		spec.mode = CB_LATENCY;
		spec.keep_mode = 1;
		spec.allow_syscalls = s->allow_syscalls;
		spec.timeout = s->timeout;
		spec.share_process = s->shares;
		if (snippet_prepare(&spec, &w, err, sizeof(err), warn,
		    sizeof(warn)) != 0)
			w = NULL;
	}
	snippet_code_free(&code);
	return (w);
}

double
snippet_copy_cycles(const struct snippet *s, const struct cb_result *r)
{
	return (r->cycles.median * (s->per_copy > 0 ? s->per_copy : 1));
}

double
snippet_witness_factor(double median, double ci_low)
{
	if (!(median >= 1 + WITNESS_SLOWER &&
	    ci_low >= 1 + WITNESS_SLOWER * 3 / 4 &&
	    median < 1 + 1.0 / (2 * WITNESS_SHADOW)))
		return (1);
	return (1 / median);
}

/* The relative 95% error of w's reading, the larger side of its interval. */
static double
reading_error(const struct cb_result *w)
{
	double m = w->cycles.median, e;

	e = fmax(m - w->cycles.ci95_low, w->cycles.ci95_high - m) / m;
	return (isfinite(e) && e > 0 ? e : 0);
}

/*
 * x of w's cycles under the add chain's clock, as the body's were timed:
 * the witness's links are such a chain, slowed with the calibration's by
 * whatever shares the core, so its own recalibration (core/rescale.h)
 * would read that slowing as a lower clock.
 */
static double
on_chain_clock(const struct cb_result *w, double x)
{
	return (w->recalibration > 0 ? x / w->recalibration : x);
}

double
snippet_witness_apply(struct cb_result *r, const struct cb_result *w)
{
	double f, e, m;

	if (w->status != CB_OK)
		return (0);
	m = on_chain_clock(w, w->cycles.median);
	cb_result_extra(r, WITNESS_EXTRA, m);
	if ((f = snippet_witness_factor(m,
	    on_chain_clock(w, w->cycles.ci95_low))) == 1)
		return (0);
	result_rescale_cycles(r, f);
	r->flags |= CB_FLAG_CLOCK_SLOWED;
	/* The figure now carries the reading's error too. */
	e = reading_error(w);
	interval_widen(r->cycles.median, &r->cycles.ci95_low,
	    &r->cycles.ci95_high, e * r->cycles.median);
	return (e);
}

struct cb_options
snippet_witness_options(const struct cb_options *o)
{
	struct cb_options wo = *o;

	wo.rounds = WITNESS_ROUNDS;
	wo.repetitions = WITNESS_SAMPLES;
	return (wo);
}

double
snippet_witness_measure(const struct snippet *s, const struct cb_options *o,
    struct cb_result *r)
{
	struct cb_options wo = snippet_witness_options(o);
	struct cb_result wr;
	struct snippet *w;
	double e;

	if (r->status != CB_OK ||
	    (w = snippet_witness(s, snippet_copy_cycles(s, r))) == NULL)
		return (0);
	cb_measure(&w->bench, &wo, &wr);
	e = snippet_witness_apply(r, &wr);
	cb_result_free(&wr);
	snippet_free(w);
	return (e);
}

double
snippet_witness_reading(const struct cb_result *r)
{
	unsigned i;

	for (i = 0; i < r->nextras; i++)
		if (strcmp(r->extras[i].key, WITNESS_EXTRA) == 0)
			return (r->extras[i].value);
	return (NAN);
}
