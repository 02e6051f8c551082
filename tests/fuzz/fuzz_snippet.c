/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz target: the snippet front end of cyclebench asm.  The text goes
 * to the real assembler and objdump, as asm sends it, and what comes back
 * (messages, the object, the listing) through the code that reads it;
 * the snippet is then described as a fault report would describe it, at
 * each of its instructions, but never mapped or run.  The input's first
 * line holds options, "intel" and "unroll=N"; a line "%init" starts the
 * init snippet.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snippet/snippet.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A layout as the measuring child's would be: where each part starts. */
static void
fake_layout(struct snippet *s)
{
	s->guard = 4096;
	s->code = 0x100000;
	s->lay.init = s->code + 64;
	s->lay.body = s->lay.init + s->init.len + 64;
	s->code_end = s->lay.body + s->body.len * s->unroll + 64;
	s->lay.ret_trap = s->code_end - 1;
	s->scratch = s->code_end + 2 * s->guard;
	s->stack = s->scratch + SNIPPET_SCRATCH_SIZE + 2 * s->guard;
}

static void
describe_at(struct snippet *s, int sig, uintptr_t pc, uintptr_t addr)
{
	struct trap f = { .sig = sig, .addr = addr, .pc = pc, .write = -1,
	    .syscall = sig == SIGSYS ? 57 : -1 };
	char buf[512];

	snippet_describe_trap(&f, s, buf, sizeof(buf));
}

/* Faults at every instruction of the first and last copy, and around. */
static void
describe_faults(struct snippet *s)
{
	uintptr_t last;
	size_t i;

	fake_layout(s);
	last = s->lay.body + s->body.len * (s->unroll - 1);
	for (i = 0; i < s->body.ninsns; i++) {
		describe_at(s, SIGILL, s->lay.body + s->body.insns[i].offset,
		    0);
		describe_at(s, SIGSEGV, last + s->body.insns[i].offset,
		    s->scratch - 1);
	}
	for (i = 0; i < s->init.ninsns; i++)
		describe_at(s, SIGFPE, s->lay.init + s->init.insns[i].offset,
		    0);
	/* A refused system call names the instruction before the pc. */
	for (i = 0; i < s->body.ninsns; i++)
		describe_at(s, SIGSYS, s->lay.body + s->body.insns[i].offset,
		    0);
	describe_at(s, SIGSEGV, s->lay.body + s->body.len - 1,
	    s->scratch + SNIPPET_SCRATCH_SIZE);
	describe_at(s, SIGSEGV, s->lay.ret_trap, s->stack - 1);
	describe_at(s, SIGBUS, s->code - 1, s->code - 1);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char mark[] = "\n%init\n";
	struct snippet_spec spec;
	struct snippet *s;
	const char *text, *end, *body, *init, *u;
	char opts[64], title[64], err[4096], warn[4096];

	/* Lengths, not NULs, end the parts: asm --file passes NULs on. */
	text = (const char *)data;
	end = text + size;
	memset(&spec, 0, sizeof(spec));
	body = memchr(text, '\n', size);
	body = body != NULL ? body + 1 : end;
	snprintf(opts, sizeof(opts), "%.*s", (int)(body - text), text);
	spec.intel = strstr(opts, "intel") != NULL;
	if ((u = strstr(opts, "unroll=")) != NULL)
		spec.unroll = (unsigned)(strtoul(u + 7, NULL, 10) %
		    (SNIPPET_MAX_UNROLL + 1));
	spec.body = body;
	spec.body_len = (size_t)(end - body);
	spec.body_label = "snippet";
	if ((init = memmem(body, (size_t)(end - body), mark,
	    sizeof(mark) - 1)) != NULL) {
		spec.body_len = (size_t)(init - body);
		spec.init = init + sizeof(mark) - 1;
		spec.init_len = (size_t)(end - spec.init);
		spec.init_label = "init";
	}
	snippet_title(spec.body, spec.body_len, title, sizeof(title));
	spec.title = title;
	spec.mode = CB_THROUGHPUT;
	if (snippet_prepare(&spec, &s, err, sizeof(err), warn,
	    sizeof(warn)) == 0) {
		describe_faults(s);
		snippet_free(s);
	}
	return (0);
}
