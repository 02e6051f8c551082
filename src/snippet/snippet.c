/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A snippet's life: assembled in the parent (so a bad snippet is refused
 * before anything is measured), mapped and run in the measuring child.
 * The child's mapping, low to high, each part page-aligned:
 *
 *	guard | vars | code | guard | scratch | guard | guard | stack | guard
 *
 * vars sits just below the code so the harness reaches it RIP-relative;
 * the guards make a stray access fault at once, where the fault handler
 * can name it, instead of corrupting something that is measured.  Scratch
 * and stack each have their own guard page between them, so an overrun of
 * one is not blamed on the other.
 *
 * A round does not run in a fork of cyclebench, which would hold
 * cyclebench's memory, environment and descriptors, but in
 * SNIPPET_RUNNER, started afresh for the round (core/isolate.h,
 * isolate_in_program), which maps the snippet, confines itself
 * (os/sandbox.h) and measures.
 */
#include <sys/mman.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/isolate.h"
#include "os/child.h"
#include "os/sandbox.h"
#include "snippet/chain.h"
#include "snippet/snippet.h"

static size_t
page_size(void)
{
	static size_t ps;

	if (ps == 0)
		ps = (size_t)sysconf(_SC_PAGESIZE);
	return (ps);
}

static size_t
round_page(size_t n)
{
	return ((n + page_size() - 1) & ~(page_size() - 1));
}

static int
protect(void *p, size_t len, int prot, const char *what, char *why,
    size_t whylen)
{
	if (mprotect(p, len, prot) == 0)
		return (0);
	snprintf(why, whylen, "cannot make the snippet's %s %s: %s", what,
	    prot & PROT_EXEC ? "executable" : "writable", strerror(errno));
	return (-1);
}

/*
 * Snippets whose rounds share the measuring program (snippet_share): one
 * mapping holds them all, so that one system call filter covers all
 * their code, and the CPU time of all their rounds.
 */
static struct {
	uintptr_t	 lo, hi;
	double		 seconds;
} shared;

/*
 * In the measuring program only: a unit test calling setup, or a caller
 * measuring without isolation, must keep its own process as it was.  The
 * program is confined once, before the first snippet runs: no snippet's
 * code can be made executable after that.
 */
static int
confine(struct snippet *s, char *why, size_t whylen)
{
	static int confined;
	const struct sandbox_limits lim = {
		/* The child's wall-clock limit bounds its CPU time too. */
		.cpu_seconds = (shared.hi ? shared.seconds : s->timeout) + 1,
		.more_memory = SNIPPET_MORE_MEMORY,
		.more_tasks = SNIPPET_MORE_TASKS,
	};
	const struct sandbox_policy pol = {
		.code_lo = shared.hi ? shared.lo : s->code,
		.code_hi = shared.hi ? shared.hi : s->code_end,
		.result_fd = OS_CHILD_RESULT_FD,
		.allow_syscalls = s->allow_syscalls,
	};
	unsigned layers;	/* docs/asm.md says which a kernel gives */

	if (!isolate_in_child() || confined)
		return (0);
	if (sandbox_limit(&lim, why, whylen) != 0 ||
	    sandbox_confine(&pol, &layers, why, whylen) != 0)
		return (CB_SETUP_ERROR);
	confined = 1;
	return (0);
}

static size_t
code_len_of(const struct snippet *s)
{
	return (round_page(ARCH_SNIPPET_OVERHEAD + ARCH_SNIPPET_LOOP_ALIGN +
	    s->init.len + s->body.len * s->unroll));
}

/* The bytes of s's mapping: guards, variables, code, scratch, stack. */
static size_t
map_len(const struct snippet *s)
{
	return (6 * page_size() + code_len_of(s) + SNIPPET_SCRATCH_SIZE +
	    SNIPPET_STACK_SIZE + SNIPPET_STACK_ABOVE);
}

/*
 * s laid out at `base' (NULL: in a mapping of its own), inaccessible
 * but for its parts, and its code emitted: 0, or CB_SETUP_ERROR.
 */
static int
lay_out(struct snippet *s, uint8_t *base, char *why, size_t whylen)
{
	struct arch_snippet_vars *vars;
	size_t ps = page_size(), code_len;
	uint8_t *code;

	s->maplen = map_len(s);
	code_len = code_len_of(s);
	if (base == NULL && (base = mmap(NULL, s->maplen, PROT_NONE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)) ==
	    MAP_FAILED) {
		snprintf(why, whylen, "cannot map %zu bytes for the snippet: "
		    "%s", s->maplen, strerror(errno));
		return (CB_SETUP_ERROR);
	}
	s->map = base;
	vars = (struct arch_snippet_vars *)(void *)(base + ps);
	code = base + 2 * ps;
	s->guard = ps;
	s->code = (uintptr_t)code;
	s->code_end = s->code + code_len;
	s->scratch = s->code_end + ps;
	s->stack = s->scratch + SNIPPET_SCRATCH_SIZE + 2 * ps;
	if (protect(vars, ps, PROT_READ | PROT_WRITE, "variables", why,
	    whylen) != 0 ||
	    protect(code, code_len, PROT_READ | PROT_WRITE, "code", why,
	    whylen) != 0 ||
	    protect((void *)s->scratch, SNIPPET_SCRATCH_SIZE,
	    PROT_READ | PROT_WRITE, "scratch area", why, whylen) != 0 ||
	    protect((void *)s->stack, SNIPPET_STACK_SIZE + SNIPPET_STACK_ABOVE,
	    PROT_READ | PROT_WRITE, "stack", why, whylen) != 0)
		return (CB_SETUP_ERROR);
	vars->scratch = s->scratch;
	vars->scratch2 = s->scratch + SNIPPET_R15_OFFSET;
	vars->stack_top = s->stack + SNIPPET_STACK_SIZE;
	if (arch_snippet_emit(code, code_len, vars, s->init.bytes, s->init.len,
	    s->body.bytes, s->body.len, s->unroll, &s->lay) != 0) {
		snprintf(why, whylen, "snippets run only in an "
		    ARCH_SNIPPET_ISA " build");
		return (CB_SETUP_ERROR);
	}
	/* arm64's instruction cache does not see stores: make it. */
	__builtin___clear_cache((char *)code, (char *)code + code_len);
	return (protect(code, code_len, PROT_READ | PROT_EXEC, "code", why,
	    whylen) != 0 ? CB_SETUP_ERROR : 0);
}

int
snippet_share(struct snippet **s, size_t n, char *why, size_t whylen)
{
	size_t i, at, total = 0;
	uint8_t *arena;

	for (i = 0; i < n; i++)
		total += map_len(s[i]);
	arena = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS |
	    MAP_NORESERVE, -1, 0);
	if (arena == MAP_FAILED) {
		snprintf(why, whylen, "cannot map %zu bytes for %zu snippets: "
		    "%s", total, n, strerror(errno));
		return (-1);
	}
	shared.lo = (uintptr_t)arena;
	shared.hi = shared.lo + total;
	for (i = at = 0; i < n; at += s[i++]->maplen) {
		if (lay_out(s[i], arena + at, why, whylen) != 0)
			return (-1);
		shared.seconds += s[i]->timeout;
	}
	return (0);
}

static int
snippet_setup(void **ctx, char *why, size_t whylen)
{
	struct snippet *s = *ctx;
	int rc;

	if (s->map == NULL && (rc = lay_out(s, NULL, why, whylen)) != 0)
		return (rc);
	isolate_on_trap(snippet_describe_trap, s);
	return (confine(s, why, whylen));
}

/*
 * Each round runs in the measuring program, which has nothing of
 * cyclebench's to steal: its path, and the snippet packed.
 */
static int
snippet_program(const void *arg, struct isolate_program *pg, char *why,
    size_t whylen)
{
	const struct snippet *s = arg;

	if ((size_t)snprintf(pg->path, sizeof(pg->path), "%s", s->runner) >=
	    sizeof(pg->path) || snippet_pack(s, &pg->payload, &pg->len) != 0) {
		snprintf(why, whylen, "out of memory");
		return (-1);
	}
	/* One filter for all: none may make system calls. */
	pg->shares = s->shares && !s->allow_syscalls;
	return (0);
}

static void
snippet_teardown(void *ctx)
{
	struct snippet *s = ctx;

	isolate_on_trap(NULL, NULL);
	if (s->map != NULL)
		munmap(s->map, s->maplen);
	s->map = NULL;
}

static void
snippet_body(uint64_t iters, void *ctx)
{
	((struct snippet *)ctx)->lay.entry(iters);
}

void
snippet_title(const char *text, size_t textlen, char *buf, size_t len)
{
	const char *p, *end = text + textlen;
	size_t n = 0;
	int gap = 0;

	for (p = text; p < end && n + 1 < len; p++) {
		if (*p == '\n' || *p == ';') {
			gap = 2;
			continue;
		}
		if (isspace((unsigned char)*p)) {
			gap = gap ? gap : 1;
			continue;
		}
		if (gap == 2 && n > 0 && n + 3 < len) {
			buf[n++] = ';';
			buf[n++] = ' ';
		} else if (gap == 1 && n > 0 && n + 2 < len)
			buf[n++] = ' ';
		gap = 0;
		buf[n++] = *p;
	}
	buf[n] = '\0';
	/* Cut short: say so rather than show a snippet that is not it. */
	if (p < end && len > 4)
		memcpy(buf + (n < len - 4 ? n : len - 4), "...", 4);
}

void
snippet_bench_init(struct snippet *s, enum cb_mode mode, int in_runner)
{
	snprintf(s->unroll_s, sizeof(s->unroll_s), "%u", s->unroll);
	s->bench.name = s->name;
	s->bench.desc = "an assembled snippet, unrolled";
	s->bench.mode = mode;
	s->bench.ops = s->unroll * s->per_copy;
	s->bench.body = snippet_body;
	s->bench.setup = snippet_setup;
	if (!in_runner)
		(void)isolate_in_program(snippet_setup, snippet_program);
	s->bench.teardown = snippet_teardown;
	s->bench.arg = s;
}

/* Copies of the body that make about SNIPPET_TARGET_INSNS instructions. */
static unsigned
default_unroll(const struct snippet_code *body)
{
	size_t n;

	/* Without objdump's count, guess four bytes an instruction. */
	n = body->ninsns ? body->ninsns : (body->len + 3) / 4;
	return ((unsigned)((SNIPPET_TARGET_INSNS + n - 1) / n));
}

/*
 * A part of the snippet into c: its code as given (characterize's), or
 * else its text assembled; no text, no part.
 */
static int
take_part(const struct snippet_spec *spec, const struct snippet_code *code,
    const char *text, size_t len, const char *label, struct snippet_code *c,
    char *err, size_t errlen, char *warn, size_t warnlen)
{
	const struct snippet_asm_opts o = { spec->intel,
	    spec->allow_includes, spec->timeout };
	size_t used = strlen(warn);

	if (code != NULL) {
		if (snippet_code_copy(c, code) == 0)
			return (0);
		snprintf(err, errlen, "out of memory");
		return (-1);
	}
	if (text == NULL)
		return (0);
	return (snippet_assemble(text, len, label, &o, c, err, errlen,
	    warn + used, warnlen - used));
}

int
snippet_prepare(const struct snippet_spec *spec, struct snippet **out,
    char *err, size_t errlen, char *warn, size_t warnlen)
{
	struct snippet *s;

	warn[0] = '\0';
	if ((s = calloc(1, sizeof(*s))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return (-1);
	}
	if (take_part(spec, spec->body_code, spec->body, spec->body_len,
	    spec->body_label, &s->body, err, errlen, warn, warnlen) != 0 ||
	    take_part(spec, spec->init_code, spec->init, spec->init_len,
	    spec->init_label, &s->init, err, errlen, warn, warnlen) != 0)
		goto fail;
	if (s->body.len == 0) {
		snprintf(err, errlen, "%s assembles to no instructions: there "
		    "is nothing to measure", spec->body_label);
		goto fail;
	}
	s->unroll = spec->unroll ? spec->unroll : default_unroll(&s->body);
	s->per_copy = spec->per_copy ? spec->per_copy : 1;
	if (s->unroll > SNIPPET_MAX_UNROLL ||
	    s->body.len * s->unroll > SNIPPET_MAX_UNROLLED) {
		snprintf(err, errlen, "%u copies of %s's %zu bytes make %zu "
		    "bytes of code; the limit is %d (--unroll %u at most)",
		    s->unroll, spec->body_label, s->body.len,
		    s->body.len * s->unroll, SNIPPET_MAX_UNROLLED,
		    (unsigned)(SNIPPET_MAX_UNROLLED / s->body.len));
		goto fail;
	}
	if (os_program_path(SNIPPET_RUNNER, s->runner,
	    sizeof(s->runner)) != 0) {
		snprintf(err, errlen, "no " SNIPPET_RUNNER " beside the "
		    "cyclebench binary or in its libexec/cyclebench (make "
		    "builds it into build/): snippets run only there");
		goto fail;
	}
	s->allow_syscalls = spec->allow_syscalls;
	s->shares = spec->share_process;
	s->timeout = spec->timeout > 0 ? spec->timeout : SNIPPET_TIMEOUT;
	snprintf(s->name, sizeof(s->name), "asm/%s", spec->title);
	s->chain = snippet_chain(&s->body, spec->intel, s->chain_regs,
	    sizeof(s->chain_regs));
	snippet_bench_init(s, spec->mode == CB_THROUGHPUT && s->chain == 1 &&
	    !spec->keep_mode ? CB_LATENCY : spec->mode, 0);
	s->bench.params[0] = (struct cb_param){ "unroll", s->unroll_s };
	if (spec->init != NULL) {
		snippet_title(spec->init, spec->init_len, s->init_title,
		    sizeof(s->init_title));
		s->bench.params[1] = (struct cb_param){ "init",
		    s->init_title };
	}
	if (spec->intel)
		s->bench.params[spec->init != NULL ? 2 : 1] =
		    (struct cb_param){ "syntax", "intel" };
	*out = s;
	return (0);
fail:
	snippet_free(s);
	return (-1);
}

void
snippet_free(struct snippet *s)
{
	if (s == NULL)
		return;
	snippet_code_free(&s->body);
	snippet_code_free(&s->init);
	free(s);
}
