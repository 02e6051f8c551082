/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for characterize/forms.c on documents and splits written
 * here, in LLVM's opcode order as exegesis writes them: the latency and
 * throughput lists joined by opcode (a form of either alone kept), each
 * form's class read off its encoding and text (EVEX avx512, VEX avx,
 * %xmm sse, %mm mmx, x87, lock, mem), cyclebench's chain for a memory
 * form exegesis would not chain (x86's), the user's filters (class
 * words, opcodes exactly or ignoring case, anchored regular
 * expressions, a bad one refused), the -opcode-name list, and --quick.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "characterize/forms.h"

/* One snippet: exegesis's key, llvm-mc's text, the body's bytes. */
struct fx {
	const char	*opcode, *key, *att, *intel;
	unsigned char	 bytes[8];
	size_t		 len;
};

#define REFUSED(op)	{ op, NULL, NULL, NULL, { 0 }, 0 }

static const struct fx thr_fx[] = {
	{ "ADD64rm", "ADD64rm R11 R11 RDI i_0x1 %noreg i_0x0 %noreg",
	  "addq (%rdi), %r11", "add r11, qword ptr [rdi]",
	  { 0x4c, 0x03, 0x1f }, 3 },
	{ "ADD64rr", "ADD64rr R8 R8 R12", "addq %r12, %r8", "add r8, r12",
	  { 0x4d, 0x01, 0xe0 }, 3 },
	{ "ADDPSrr", "ADDPSrr XMM0 XMM0 XMM1", "addps %xmm1, %xmm0",
	  "addps xmm0, xmm1", { 0x0f, 0x58, 0xc1 }, 3 },
	{ "CHS_F", "CHS_F", "fchs", "fchs", { 0xd9, 0xe0 }, 2 },
	{ "CMP64mr", "CMP64mr RDI i_0x1 %noreg i_0x0 %noreg RAX",
	  "cmpq %rax, (%rdi)", "cmp qword ptr [rdi], rax",
	  { 0x48, 0x39, 0x07 }, 3 },
	{ "LOCK_ADD64mr", "LOCK_ADD64mr RDI i_0x1 %noreg i_0x0 %noreg RAX",
	  "lock addq %rax, (%rdi)", "lock add qword ptr [rdi], rax",
	  { 0xf0, 0x48, 0x01, 0x07 }, 4 },
	{ "MMX_PADDBrr", "MMX_PADDBrr MM0 MM0 MM1", "paddb %mm1, %mm0",
	  "paddb mm0, mm1", { 0x0f, 0xfc, 0xc1 }, 3 },
	{ "PADDWrr", "PADDWrr XMM0 XMM0 XMM1", "paddw %xmm1, %xmm0",
	  "paddw xmm0, xmm1", { 0x66, 0x0f, 0xfd, 0xc1 }, 4 },
	{ "VADDPSYrr", "VADDPSYrr YMM3 YMM2 YMM1", "vaddps %ymm1, %ymm2, %ymm3",
	  "vaddps ymm3, ymm2, ymm1", { 0xc5, 0xec, 0x58, 0xd9 }, 4 },
	{ "VADDPSZrr", "VADDPSZrr ZMM3 ZMM2 ZMM1", "vaddps %zmm1, %zmm2, %zmm3",
	  "vaddps zmm3, zmm2, zmm1",
	  { 0x62, 0xf1, 0x6c, 0x48, 0x58, 0xd9 }, 6 },
	{ "VADDPSrm", "VADDPSrm XMM2 XMM1 RDI i_0x1 %noreg i_0x0 %noreg",
	  "vaddps (%rdi), %xmm1, %xmm2", "vaddps xmm2, xmm1, xmmword ptr [rdi]",
	  { 0xc5, 0xf0, 0x58, 0x17 }, 4 },
	{ "VPADDBZ128rr", "VPADDBZ128rr XMM3 XMM2 XMM1",
	  "vpaddb %xmm1, %xmm2, %xmm3", "vpaddb xmm3, xmm2, xmm1",
	  { 0x62, 0xf1, 0x6d, 0x08, 0xfc, 0xd9 }, 6 },
	/* exegesis wrote it, llvm-mc could not decode it */
	{ "XUNDECODED", "XUNDECODED", NULL, NULL, { 0x06 }, 1 },
};

static const struct fx lat_fx[] = {
	REFUSED("ADD64rm"),
	{ "ADD64rr", "ADD64rr RBP RBP RCX", "addq %rcx, %rbp", "add rbp, rcx",
	  { 0x48, 0x01, 0xcd }, 3 },
	REFUSED("CMP64mr"),
	{ "CPUID", "CPUID", "cpuid", "cpuid", { 0x0f, 0xa2 }, 2 },
	REFUSED("LOCK_ADD64mr"),
	REFUSED("VADDPSrm"),
};

#define NTHR	(sizeof(thr_fx) / sizeof(thr_fx[0]))
#define NLAT	(sizeof(lat_fx) / sizeof(lat_fx[0]))

struct world {
	struct xdocs	 lat, thr;
	struct xsplit	*ls, *ts;
	struct forms	 fs;
};

static void
make(const struct fx *f, size_t n, struct xdocs *x, struct xsplit **sp)
{
	struct xsplit *s;
	struct xdoc *d;
	size_t i;

	x->n = n;
	assert_non_null(x->d = calloc(n + 1, sizeof(*x->d)));
	assert_non_null(*sp = calloc(n + 1, sizeof(**sp)));
	for (i = 0; i < n; i++) {
		d = &x->d[i];
		s = &(*sp)[i];
		d->opcode = (char *)f[i].opcode;
		d->info = (char *)"info of the snippet";
		if (f[i].key == NULL) {
			d->error = (char *)"unsupported memory operand in "
			    "latency measurements";
			s->why = "llvm-exegesis made no snippet";
			continue;
		}
		d->insns = (char **)&f[i].key;
		d->ninsns = 1;
		d->code = (unsigned char *)f[i].bytes;
		d->codelen = f[i].len;
		if (f[i].att == NULL) {
			s->why = "llvm-mc could not decode its snippet";
			continue;
		}
		s->att = (char *)f[i].att;
		s->intel = (char *)f[i].intel;
		s->ninsns = 1;
		s->body.bytes = (uint8_t *)f[i].bytes;
		s->body.len = f[i].len;
		assert_non_null(s->body.insns = calloc(1,
		    sizeof(*s->body.insns)));
		snprintf(s->body.insns[0].text, sizeof(s->body.insns[0].text),
		    "%s", f[i].att);
		s->body.ninsns = 1;
	}
}

static void
build(struct world *w, const struct fx *thr, size_t nthr,
    const struct fx *lat, size_t nlat)
{
	memset(w, 0, sizeof(*w));
	make(thr, nthr, &w->thr, &w->ts);
	make(lat, nlat, &w->lat, &w->ls);
	assert_int_equal(forms_join(&w->lat, w->ls, &w->thr, w->ts, &w->fs),
	    0);
}

static void
destroy(struct world *w)
{
	size_t i;

	for (i = 0; i < w->thr.n; i++)
		free(w->ts[i].body.insns);
	for (i = 0; i < w->lat.n; i++)
		free(w->ls[i].body.insns);
	free(w->ts);
	free(w->ls);
	free(w->thr.d);
	free(w->lat.d);
	forms_free(&w->fs);
}

static const struct form *
form(const struct forms *fs, const char *opcode)
{
	size_t i;

	for (i = 0; i < fs->n; i++)
		if (strcmp(fs->f[i].opcode, opcode) == 0)
			return (&fs->f[i]);
	fail_msg("no form %s", opcode);
	return (NULL);
}

/* Throughput order, then a form with a latency snippet alone. */
static void
test_join(void **state)
{
	struct world w;
	const struct form *f;
	size_t i;

	(void)state;
	build(&w, thr_fx, NTHR, lat_fx, NLAT);
	assert_int_equal(w.fs.n, NTHR + 1);
	for (i = 0; i < NTHR; i++) {
		assert_string_equal(w.fs.f[i].opcode, thr_fx[i].opcode);
		assert_ptr_equal(w.fs.f[i].thr.doc, &w.thr.d[i]);
		assert_ptr_equal(w.fs.f[i].thr.split, &w.ts[i]);
	}
	f = &w.fs.f[NTHR];
	assert_string_equal(f->opcode, "CPUID");
	assert_null(f->thr.doc);
	assert_ptr_equal(f->lat.doc, &w.lat.d[3]);
	assert_string_equal(f->cls, "base");
	/* Both snippets, exegesis's chain said by its info. */
	f = form(&w.fs, "ADD64rr");
	assert_ptr_equal(f->lat.doc, &w.lat.d[1]);
	assert_ptr_equal(f->lat.split, &w.ls[1]);
	assert_string_equal(f->lat.chain, "info of the snippet");
	assert_false(f->chained);
	/* Forms of one list alone have nothing of the other. */
	f = form(&w.fs, "ADDPSrr");
	assert_null(f->lat.doc);
	assert_null(f->lat.split);
	/* Refused in latency, no chain of cyclebench's: exegesis's why. */
	f = form(&w.fs, "CMP64mr");
	assert_false(f->chained);
	assert_ptr_equal(f->lat.doc, &w.lat.d[2]);
	assert_non_null(f->chain.kind);
	destroy(&w);
}

static void
test_classes(void **state)
{
	static const struct {
		const char	*opcode, *cls;
	} want[] = {
		{ "ADD64rm", "base mem" }, { "ADD64rr", "base" },
		{ "ADDPSrr", "sse" }, { "CHS_F", "x87" },
		{ "CMP64mr", "base mem" }, { "LOCK_ADD64mr", "lock mem" },
		{ "MMX_PADDBrr", "mmx" }, { "PADDWrr", "sse" },
		{ "VADDPSYrr", "avx" }, { "VADDPSZrr", "avx512" },
		{ "VADDPSrm", "avx mem" }, { "VPADDBZ128rr", "avx512" },
		{ "XUNDECODED", "" }, { "CPUID", "base" },
	};
	struct world w;
	size_t i;

	(void)state;
	build(&w, thr_fx, NTHR, lat_fx, NLAT);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		if (strcmp(form(&w.fs, want[i].opcode)->cls, want[i].cls) != 0)
			fail_msg("%s: class \"%s\", not \"%s\"", want[i].opcode,
			    form(&w.fs, want[i].opcode)->cls, want[i].cls);
	assert_true(forms_is_class("avx512"));
	assert_true(forms_is_class("LOCK"));
	assert_false(forms_is_class("avx2"));
	assert_false(forms_is_class(""));
	destroy(&w);
}

/* A memory form exegesis would not chain gets cyclebench's, from its
   throughput snippet, whose set-up it shares. */
static void
test_chained(void **state)
{
	static const char *const chained[] = { "ADD64rm", "LOCK_ADD64mr",
	    "VADDPSrm" };
	const struct form *f;
	struct world w;
	size_t i;

	(void)state;
	build(&w, thr_fx, NTHR, lat_fx, NLAT);
	for (i = 0; i < sizeof(chained) / sizeof(chained[0]); i++) {
		f = form(&w.fs, chained[i]);
#if defined(__x86_64__) || defined(__i386__)	/* arch/x86 chains */
		assert_true(f->chained);
		assert_ptr_equal(f->lat.doc, f->thr.doc);
		assert_ptr_equal(f->lat.split, f->thr.split);
		assert_ptr_equal(f->lat.chain, f->chain.kind);
#else
		assert_false(f->chained);
#endif
	}
#if defined(__x86_64__) || defined(__i386__)
	f = form(&w.fs, "ADD64rm");
	assert_string_equal(f->chain.body, "addq (%rdi,%r11), %r11");
	assert_true(strncmp(f->chain.kind, "load", 4) == 0);
	f = form(&w.fs, "LOCK_ADD64mr");
	assert_true(strncmp(f->chain.kind, "rmw", 3) == 0);
	f = form(&w.fs, "VADDPSrm");
	assert_string_equal(f->chain.body, "vaddps (%rdi), %xmm2, %xmm2");
#endif
	destroy(&w);
}

/*
 * A latency snippet of one register for every operand, which a core may
 * take as an idiom, is chained from the throughput snippet's first copy;
 * one whose registers differ, or that has one operand, stands.
 */
static void
test_idiom_chains(void **state)
{
	static const struct fx thr[] = {
		{ "ADD64rr", "ADD64rr R8 R8 R12", "addq %r12, %r8",
		  "add r8, r12", { 0x4d, 0x01, 0xe0 }, 3 },
		{ "MOV64rr", "MOV64rr RBX RAX", "movq %rax, %rbx",
		  "mov rbx, rax", { 0x48, 0x89, 0xc3 }, 3 },
		{ "NOT64r", "NOT64r RAX RAX", "notq %rax", "not rax",
		  { 0x48, 0xf7, 0xd0 }, 3 },
		{ "VANDNPSrr", "VANDNPSrr XMM5 XMM13 XMM11",
		  "vandnps %xmm11, %xmm13, %xmm5",
		  "vandnps xmm5, xmm13, xmm11", { 0xc4, 0xc1, 0x10, 0x55,
		  0xeb }, 5 },
		{ "XOR64rr", "XOR64rr RAX RAX RBX", "xorq %rbx, %rax",
		  "xor rax, rbx", { 0x48, 0x31, 0xd8 }, 3 },
	};
	static const struct fx lat[] = {
		{ "ADD64rr", "ADD64rr RBP RBP RCX", "addq %rcx, %rbp",
		  "add rbp, rcx", { 0x48, 0x01, 0xcd }, 3 },
		{ "MOV64rr", "MOV64rr R9 R9", "movq %r9, %r9", "mov r9, r9",
		  { 0x4d, 0x89, 0xc9 }, 3 },
		{ "NOT64r", "NOT64r RBX RBX", "notq %rbx", "not rbx",
		  { 0x48, 0xf7, 0xd3 }, 3 },
		{ "VANDNPSrr", "VANDNPSrr XMM7 XMM7 XMM7",
		  "vandnps %xmm7, %xmm7, %xmm7", "vandnps xmm7, xmm7, xmm7",
		  { 0xc5, 0xc0, 0x55, 0xff }, 4 },
		{ "XOR64rr", "XOR64rr RCX RCX RCX", "xorq %rcx, %rcx",
		  "xor rcx, rcx", { 0x48, 0x31, 0xc9 }, 3 },
	};
	static const struct {
		const char	*opcode, *body;	/* NULL: exegesis's */
		unsigned	 per_link;
	} want[] = {
		{ "ADD64rr", NULL, 0 },
		{ "MOV64rr", "movq %rax, %rbx; movq %rbx, %rax", 2 },
		{ "NOT64r", NULL, 0 },
		{ "VANDNPSrr", "vandnps %xmm11, %xmm13, %xmm13", 1 },
		{ "XOR64rr", "xorq %rbx, %rax", 1 },
	};
	const struct form *f;
	struct world w;
	size_t i;

	(void)state;
	build(&w, thr, sizeof(thr) / sizeof(thr[0]), lat,
	    sizeof(lat) / sizeof(lat[0]));
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		f = form(&w.fs, want[i].opcode);
#if defined(__x86_64__) || defined(__i386__)	/* arch/x86 chains */
		if (want[i].body == NULL) {
			assert_false(f->chained);
			assert_string_equal(f->lat.chain,
			    "info of the snippet");
			assert_null(f->chain.kind);
			continue;
		}
		assert_true(f->chained);
		assert_string_equal(f->chain.body, want[i].body);
		assert_int_equal(f->chain.per_link, want[i].per_link);
		assert_ptr_equal(f->lat.doc, f->thr.doc);
		assert_ptr_equal(f->lat.chain, f->chain.kind);
		assert_true(strncmp(f->chain.kind, "register: ", 10) == 0);
#else
		assert_false(f->chained);
#endif
	}
	destroy(&w);
}

/* What filters keep, in the forms' order. */
static void
expect_kept(const char *const *filters, size_t n, const char *want)
{
	struct world w;
	char got[1024] = "", err[512];
	size_t i;

	build(&w, thr_fx, NTHR, lat_fx, NLAT);
	if (forms_filter(&w.fs, (char *const *)filters, n, err,
	    sizeof(err)) != 0)
		fail_msg("filter %s: %s", filters[0], err);
	for (i = 0; i < w.fs.n; i++)
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s",
		    i > 0 ? " " : "", w.fs.f[i].opcode);
	if (strcmp(got, want) != 0)
		fail_msg("filter %s: kept \"%s\", not \"%s\"", filters[0], got,
		    want);
	destroy(&w);
}

#define KEPT(want, ...) do {						\
	static const char *const f_[] = { __VA_ARGS__ };		\
	expect_kept(f_, sizeof(f_) / sizeof(f_[0]), want);		\
} while (0)

static void
test_filter(void **state)
{
	(void)state;
	/* Class words, in any case. */
	KEPT("VADDPSZrr VPADDBZ128rr", "avx512");
	KEPT("VADDPSYrr VADDPSrm", "AVX");
	KEPT("ADD64rm CMP64mr LOCK_ADD64mr VADDPSrm", "mem");
	KEPT("LOCK_ADD64mr", "lock");
	KEPT("ADD64rm ADD64rr CMP64mr CPUID", "base");
	KEPT("CHS_F MMX_PADDBrr", "x87", "mmx");
	KEPT("ADDPSrr PADDWrr", "sse");
	/* An opcode exactly, or ignoring case; never a part of one. */
	KEPT("ADD64rr", "ADD64rr");
	KEPT("ADD64rr", "add64rr");
	KEPT("", "ADD");
	KEPT("ADD64rr CPUID", "CPUID", "ADD64rr");
	/* Regular expressions match the whole name. */
	KEPT("ADD64rm ADD64rr", "ADD64r.");
	KEPT("", "DD64r.");
	KEPT("VADDPSZrr VPADDBZ128rr", "V.*Z.*");
	KEPT("ADD64rm ADD64rr ADDPSrr", "ADD(64r.|PSrr)");
	/* Any filter keeps a form. */
	KEPT("ADD64rr VADDPSZrr VPADDBZ128rr", "avx512", "ADD64rr");
}

static void
test_filter_refused(void **state)
{
	static const char *const none[] = { NULL };
	static const char *const bad[] = { "sse", "ADD(", "avx" };
	struct world w;
	char err[512];

	(void)state;
	build(&w, thr_fx, NTHR, lat_fx, NLAT);
	assert_int_equal(forms_filter(&w.fs, (char *const *)none, 0, err,
	    sizeof(err)), 0);
	assert_int_equal(w.fs.n, NTHR + 1);
	err[0] = '\0';
	assert_int_equal(forms_filter(&w.fs, (char *const *)bad, 3, err,
	    sizeof(err)), -1);
	assert_true(strncmp(err, "filter 2 is neither an opcode, a class "
	    "(" FORMS_CLASSES ") nor a regular expression: ",
	    strlen("filter 2 is neither an opcode, a class (" FORMS_CLASSES
	    ") nor a regular expression: ")) == 0);
	/* Nothing is dropped by a refused filter. */
	assert_int_equal(w.fs.n, NTHR + 1);
	destroy(&w);
}

static void
test_opcode_list(void **state)
{
	static const char *const names[] = { "ADD64rr", "LOCK_ADD64mr" };
	static const char *const with_class[] = { "ADD64rr", "avx" };
	static const char *const with_re[] = { "ADD64rr", "ADD64r." };
	char *s;

	(void)state;
	s = forms_opcode_list((char *const *)names, 2);
	assert_string_equal(s, "ADD64rr,LOCK_ADD64mr");
	free(s);
	s = forms_opcode_list((char *const *)names, 1);
	assert_string_equal(s, "ADD64rr");
	free(s);
	assert_null(forms_opcode_list((char *const *)with_class, 2));
	assert_null(forms_opcode_list((char *const *)with_re, 2));
	assert_null(forms_opcode_list((char *const *)names, 0));
}

/* --quick: register forms that were taken apart, one a mnemonic. */
static void
test_quick(void **state)
{
	struct world w;
	size_t i, vaddps = 0;

	(void)state;
	build(&w, thr_fx, NTHR, lat_fx, NLAT);
	forms_quick(&w.fs);
	for (i = 0; i < w.fs.n; i++) {
		assert_null(strstr(w.fs.f[i].cls, "mem"));
		assert_string_not_equal(w.fs.f[i].opcode, "XUNDECODED");
		if (strncmp(w.fs.f[i].opcode, "VADDPS", 6) == 0)
			vaddps++;
	}
	assert_int_equal(vaddps, 1);
	/* The others each have a mnemonic of their own. */
	assert_int_equal(w.fs.n, 8);
	assert_string_equal(w.fs.f[0].opcode, "ADD64rr");
	assert_string_equal(w.fs.f[w.fs.n - 1].opcode, "CPUID");
	destroy(&w);
}

/*
 * Was a bug (forms.c, forms_quick): "one form a mnemonic, the widest GPR or
 * vector one" is not what it keeps.  The mnemonic is AT&T's, whose size
 * suffix makes addb, addw, addl and addq four mnemonics; and "the last
 * one wins" relies on an order LLVM does not have: its opcodes are
 * sorted by name, so ADD8rr comes after ADD64rr and VADDPSrr (xmm) after
 * VADDPSZrr (zmm), as llvm-exegesis-16 -opcode-index=-1 writes them.
 */
static void
test_quick_widest(void **state)
{
	static const struct fx thr[] = {
		{ "ADD16rr", "ADD16rr BP BP CX", "addw %cx, %bp", "add bp, cx",
		  { 0x66, 0x01, 0xcd }, 3 },
		{ "ADD32rr", "ADD32rr EBP EBP ECX", "addl %ecx, %ebp",
		  "add ebp, ecx", { 0x01, 0xcd }, 2 },
		{ "ADD64rr", "ADD64rr RBP RBP RCX", "addq %rcx, %rbp",
		  "add rbp, rcx", { 0x48, 0x01, 0xcd }, 3 },
		{ "ADD8rr", "ADD8rr BPL BPL CL", "addb %cl, %bpl",
		  "add bpl, cl", { 0x40, 0x00, 0xcd }, 3 },
		{ "VADDPSYrr", "VADDPSYrr YMM3 YMM2 YMM1",
		  "vaddps %ymm1, %ymm2, %ymm3", "vaddps ymm3, ymm2, ymm1",
		  { 0xc5, 0xec, 0x58, 0xd9 }, 4 },
		{ "VADDPSZrr", "VADDPSZrr ZMM3 ZMM2 ZMM1",
		  "vaddps %zmm1, %zmm2, %zmm3", "vaddps zmm3, zmm2, zmm1",
		  { 0x62, 0xf1, 0x6c, 0x48, 0x58, 0xd9 }, 6 },
		{ "VADDPSrr", "VADDPSrr XMM3 XMM2 XMM1",
		  "vaddps %xmm1, %xmm2, %xmm3", "vaddps xmm3, xmm2, xmm1",
		  { 0xc5, 0xe8, 0x58, 0xd9 }, 4 },
	};
	struct world w;

	(void)state;
	build(&w, thr, sizeof(thr) / sizeof(thr[0]), NULL, 0);
	forms_quick(&w.fs);
	assert_int_equal(w.fs.n, 2);
	assert_string_equal(w.fs.f[0].opcode, "ADD64rr");
	assert_string_equal(w.fs.f[1].opcode, "VADDPSZrr");
	destroy(&w);
}

/*
 * Was a bug (forms.c, classify): any '(' makes a form "mem", and AT&T writes
 * x87 stack registers as %st(1): fadd %st(1), %st (ADD_FST0r), fxch
 * %st(1) and the other register forms of the x87 are classed "x87 mem",
 * kept by the filter "mem" and dropped by --quick as memory forms.
 */
static void
test_x87_registers_not_mem(void **state)
{
	static const struct fx thr[] = {
		{ "ADD_FST0r", "ADD_FST0r ST1", "fadd %st(1), %st",
		  "fadd st, st(1)", { 0xd8, 0xc1 }, 2 },
		{ "ADD_F32m", "ADD_F32m RDI i_0x1 %noreg i_0x0 %noreg",
		  "fadds (%rdi)", "fadd dword ptr [rdi]", { 0xd8, 0x07 }, 2 },
		{ "XCH_F", "XCH_F ST1", "fxch %st(1)", "fxch st(1)",
		  { 0xd9, 0xc9 }, 2 },
	};
	struct world w;

	(void)state;
	build(&w, thr, sizeof(thr) / sizeof(thr[0]), NULL, 0);
	assert_string_equal(w.fs.f[0].cls, "x87");
	assert_string_equal(w.fs.f[1].cls, "x87 mem");
	assert_string_equal(w.fs.f[2].cls, "x87");
	forms_quick(&w.fs);
	assert_int_equal(w.fs.n, 2);
	destroy(&w);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_join),
		cmocka_unit_test(test_classes),
		cmocka_unit_test(test_chained),
		cmocka_unit_test(test_idiom_chains),
		cmocka_unit_test(test_filter),
		cmocka_unit_test(test_filter_refused),
		cmocka_unit_test(test_opcode_list),
		cmocka_unit_test(test_quick),
		cmocka_unit_test(test_quick_widest),
		cmocka_unit_test(test_x87_registers_not_mem),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
