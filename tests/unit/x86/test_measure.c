/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for characterize/measure.c: a failed measurement's reason
 * in a reader's terms (charz_why), why a row has no snippet, and the
 * snippet a row becomes: exegesis's bytes as they are (a register form),
 * or cyclebench's chain assembled after exegesis's set-up (a memory
 * form); either named by the opcode, its mode its one parameter, and
 * measured in the row's mode.  x86: the bytes and chains are x86-64's
 * (characterize refuses on i386, where only the reasons are tested).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "characterize/measure.h"

static const struct {
	const char	*reason, *why;
} whys[] = {
	{ "crashed: SIGILL (illegal opcode): by `vaddps %zmm1,%zmm2,%zmm3' "
	  "at snippet+0x0 (copy 1 of 100)", "not on this CPU (SIGILL)" },
	{ "crashed: SIGILL (illegal operand): at init+0x3",
	  "not on this CPU (SIGILL)" },
	{ "crashed: SIGSEGV (general protection fault): by `rdmsr' at "
	  "snippet+0x0 (copy 1 of 100)", "privileged (#GP)" },
	/* A fault with an address is the address's, not privilege. */
	{ "crashed: SIGSEGV (general protection fault): read of "
	  "0x8000000000000000 by `movq (%rdi),%rdi' at snippet+0x0 (copy 1 "
	  "of 100)", NULL },
	{ "crashed: SIGSEGV (address not mapped): read of 0x0 by `movzwq "
	  "(%rdi),%rdi' at snippet+0x0 (copy 2 of 100)", NULL },
	{ "crashed: SIGFPE (integer divide by zero): by `divq %rcx' at "
	  "snippet+0x0 (copy 1 of 100)", NULL },
	{ "timed out after 10 s", NULL },
	{ "", NULL },
};

static void
test_why(void **state)
{
	char buf[512];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(whys) / sizeof(whys[0]); i++) {
		memset(buf, 'x', sizeof(buf));
		charz_why(whys[i].reason, buf, sizeof(buf));
		assert_string_equal(buf, whys[i].why != NULL ? whys[i].why :
		    whys[i].reason);
	}
	/* Cut to the buffer, terminated. */
	charz_why(whys[0].reason, buf, 8);
	assert_string_equal(buf, "not on ");
	charz_why(whys[4].reason, buf, 10);
	assert_string_equal(buf, "crashed: ");
}

/*
 * Was a bug (measure.c, charz_why): cmd_characterize calls it in place,
 * charz_why(one.reason, one.reason, ...), but a reason it leaves as it
 * is goes through snprintf(buf, len, "%s", reason) with buf == reason,
 * which C does not allow and glibc answers with an empty string: every
 * crash other than SIGILL and #GP, and every timeout, comes out of
 * `characterize' with no reason ("latency not measured: ").
 */
static void
test_why_in_place(void **state)
{
	char buf[512];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(whys) / sizeof(whys[0]); i++) {
		snprintf(buf, sizeof(buf), "%s", whys[i].reason);
		charz_why(buf, buf, sizeof(buf));
		assert_string_equal(buf, whys[i].why != NULL ? whys[i].why :
		    whys[i].reason);
	}
}

/* ADD64rr as exegesis and llvm-mc give it: a set-up, a body. */
static uint8_t add_body[] = { 0x48, 0x01, 0xcd };
static uint8_t add_init[] = { 0x4c, 0x89, 0xf7, 0x48, 0xbd, 0, 0, 0, 0, 0,
	0, 0, 0 };
static struct snippet_insn add_body_insns[] = { { 0, "addq %rcx, %rbp" } };
static struct snippet_insn add_init_insns[] = {
	{ 0, "movq %r14, %rdi" }, { 3, "movabsq $0, %rbp" },
};

static char add_key[] = "ADD64rr RBP RBP RCX";
static char *add_keys[] = { add_key };

static void
fixture(struct xdoc *d, struct xsplit *sp, struct form *f)
{
	memset(d, 0, sizeof(*d));
	memset(sp, 0, sizeof(*sp));
	memset(f, 0, sizeof(*f));
	d->opcode = (char *)"ADD64rr";
	d->insns = add_keys;
	d->ninsns = 1;
	d->code = add_body;
	d->codelen = sizeof(add_body);
	sp->att = (char *)"addq %rcx, %rbp";
	sp->intel = (char *)"add rbp, rcx";
	sp->ninsns = 1;
	sp->body = (struct snippet_code){ add_body, sizeof(add_body),
	    add_body_insns, 1 };
	sp->init = (struct snippet_code){ add_init, sizeof(add_init),
	    add_init_insns, 2 };
	f->opcode = "ADD64rr";
	snprintf(f->cls, sizeof(f->cls), "base");
	f->lat.doc = f->thr.doc = d;
	f->lat.split = f->thr.split = sp;
}

static void
row_of(struct charz_row *r, struct form *f, enum cb_mode mode)
{
	memset(r, 0, sizeof(*r));
	r->form = f;
	r->mode = mode;
	r->snip = mode == CB_LATENCY ? &f->lat : &f->thr;
}

/* Rows that cannot be a snippet say why. */
static void
test_no_snippet(void **state)
{
	struct xdoc d;
	struct xsplit sp;
	struct form f;
	struct charz_row r;

	(void)state;
	fixture(&d, &sp, &f);
	f.lat.doc = NULL;
	row_of(&r, &f, CB_LATENCY);
	assert_int_equal(charz_prepare(&r, 10), -1);
	assert_null(r.s);
	assert_string_equal(r.why, "llvm-exegesis wrote no latency snippet");
	assert_string_equal(r.name, "x86/ADD64rr");
	/* exegesis's refusal, said to be its, and why cyclebench has no
	   chain either. */
	fixture(&d, &sp, &f);
	d.code = NULL;
	d.codelen = 0;
	d.error = (char *)"unsupported memory operand in latency "
	    "measurements";
	sp.att = NULL;
	sp.why = "llvm-exegesis made no snippet";
	f.chain.kind = "reads memory and writes nothing that a copy reads";
	row_of(&r, &f, CB_LATENCY);
	assert_int_equal(charz_prepare(&r, 10), -1);
	assert_string_equal(r.why, "llvm-exegesis: unsupported memory operand "
	    "in latency measurements; no chain of cyclebench's: reads memory "
	    "and writes nothing that a copy reads");
	/* The chain is latency's business only. */
	row_of(&r, &f, CB_THROUGHPUT);
	assert_int_equal(charz_prepare(&r, 10), -1);
	assert_string_equal(r.why, "llvm-exegesis: unsupported memory operand "
	    "in latency measurements");
	/* Code llvm-mc could not take apart: the split's why. */
	fixture(&d, &sp, &f);
	sp.att = NULL;
	sp.why = "llvm-mc could not decode its snippet";
	row_of(&r, &f, CB_THROUGHPUT);
	assert_int_equal(charz_prepare(&r, 10), -1);
	assert_string_equal(r.why, "llvm-mc could not decode its snippet");
}

#ifdef ARCH_EXEGESIS_SCRATCH_CODE	/* characterize's snippets: x86-64 */
/*
 * exegesis's bytes as they are, named by the opcode, with its mode as
 * its parameter.  The body is one chain (%rbp), which `asm' would
 * measure as latency whatever its mode: a throughput row keeps its own.
 */
static void
test_register_form(void **state)
{
	struct xdoc d;
	struct xsplit sp;
	struct form f;
	struct charz_row r;

	(void)state;
	fixture(&d, &sp, &f);
	row_of(&r, &f, CB_LATENCY);
	if (charz_prepare(&r, 30) != 0)
		fail_msg("%s", r.why);
	assert_non_null(r.s);
	assert_string_equal(r.s->bench.name, "x86/ADD64rr");
	assert_string_equal(r.s->bench.desc, "addq %rcx, %rbp");
	assert_string_equal(r.s->bench.params[0].key, "mode");
	assert_string_equal(r.s->bench.params[0].value, "latency");
	assert_null(r.s->bench.params[1].key);
	assert_int_equal(r.s->bench.mode, CB_LATENCY);
	assert_int_equal(r.s->per_copy, 1);
	assert_int_equal(r.s->body.len, sizeof(add_body));
	assert_memory_equal(r.s->body.bytes, add_body, sizeof(add_body));
	assert_int_equal(r.s->init.len, sizeof(add_init));
	assert_memory_equal(r.s->init.bytes, add_init, sizeof(add_init));
	charz_row_free(&r);
	assert_null(r.s);
	row_of(&r, &f, CB_THROUGHPUT);
	if (charz_prepare(&r, 30) != 0)
		fail_msg("%s", r.why);
	assert_int_equal(r.s->chain, 1);
	assert_int_equal(r.s->bench.mode, CB_THROUGHPUT);
	assert_string_equal(r.s->bench.params[0].value, "throughput");
	assert_null(r.s->bench.params[1].key);
	charz_row_free(&r);
}

/*
 * A memory form on cyclebench's chain: the chain's text assembled,
 * after exegesis's set-up as bytes and what the chain adds to it.
 */
static void
test_chained_form(void **state)
{
	/* movq (%rdi),%rdi; movq %rdi,(%rdi) */
	static const uint8_t chase[] = { 0x48, 0x8b, 0x3f };
	static const uint8_t self[] = { 0x48, 0x89, 0x3f };
	struct xdoc d;
	struct xsplit sp;
	struct form f;
	struct charz_row r;

	(void)state;
	fixture(&d, &sp, &f);
	f.opcode = "MOV64rm";
	f.chained = 1;
	snprintf(f.chain.body, sizeof(f.chain.body), "movq (%%rdi), %%rdi");
	snprintf(f.chain.init, sizeof(f.chain.init), "movq %%rdi, (%%rdi)");
	f.chain.kind = "load: a pointer chase";
	row_of(&r, &f, CB_LATENCY);
	if (charz_prepare(&r, 30) != 0)
		fail_msg("%s", r.why);
	assert_string_equal(r.s->bench.name, "x86/MOV64rm");
	assert_string_equal(r.s->bench.params[0].value, "latency");
	assert_int_equal(r.s->bench.mode, CB_LATENCY);
	assert_int_equal(r.s->per_copy, 1);
	assert_int_equal(r.s->body.len, sizeof(chase));
	assert_memory_equal(r.s->body.bytes, chase, sizeof(chase));
	assert_int_equal(r.s->init.len, sizeof(add_init) + sizeof(self));
	assert_memory_equal(r.s->init.bytes, add_init, sizeof(add_init));
	assert_memory_equal(r.s->init.bytes + sizeof(add_init), self,
	    sizeof(self));
	charz_row_free(&r);
	/* Its throughput row is exegesis's snippet still. */
	row_of(&r, &f, CB_THROUGHPUT);
	if (charz_prepare(&r, 30) != 0)
		fail_msg("%s", r.why);
	assert_memory_equal(r.s->body.bytes, add_body, sizeof(add_body));
	assert_string_equal(r.s->bench.params[0].value, "throughput");
	assert_int_equal(r.s->bench.mode, CB_THROUGHPUT);
	charz_row_free(&r);
}

#endif /* ARCH_EXEGESIS_SCRATCH_CODE */

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_why),
		cmocka_unit_test(test_why_in_place),
		cmocka_unit_test(test_no_snippet),
#ifdef ARCH_EXEGESIS_SCRATCH_CODE
		cmocka_unit_test(test_register_form),
		cmocka_unit_test(test_chained_form),
#endif
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
