/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for snippet/describe_trap.c: the text for each trap, on a
 * snippet laid out at made-up addresses (nothing runs).  Where the pc
 * was (an instruction of the body and which copy, of init, the stray-ret
 * trap, the harness, nowhere of ours), where a bad access went (below or
 * past the scratch area, past either end of the stack, elsewhere), a
 * system call the sandbox refused, and a buffer too short for the text.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <linux/audit.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>

#include "snippet/snippet.h"
#include "os/linux/audit_arch.h"


#define SCRATCH		((uintptr_t)0x10000000)
#define STACK		((uintptr_t)0x20000000)
#define CODE		((uintptr_t)0x30000000)
#define INIT		(CODE + 0x100)
#define BODY		(CODE + 0x200)
#define RET_TRAP	(CODE + 0xf00)
#define GUARD		0x1000
#define ELSEWHERE	((uintptr_t)0x50000000)

static struct snippet_insn body_insns[] = { { 0, "first" }, { 4, "second" } };
static struct snippet_insn init_insns[] = { { 0, "set-up" } };

/* A body of two 4-byte instructions unrolled 3 times, after a 4-byte init. */
static void
layout(struct snippet *s)
{
	memset(s, 0, sizeof(*s));
	s->body.len = 8;
	s->body.insns = body_insns;
	s->body.ninsns = 2;
	s->init.len = 4;
	s->init.insns = init_insns;
	s->init.ninsns = 1;
	s->unroll = 3;
	s->scratch = SCRATCH;
	s->stack = STACK;
	s->code = CODE;
	s->code_end = CODE + 0x1000;
	s->guard = GUARD;
	s->lay.init = INIT;
	s->lay.body = BODY;
	s->lay.ret_trap = RET_TRAP;
}

static struct trap
trap(int sig, int code, uintptr_t addr, uintptr_t pc, int write)
{
	struct trap f;

	memset(&f, 0, sizeof(f));
	f.sig = sig;
	f.code = code;
	f.addr = addr;
	f.pc = pc;
	f.write = write;
	return (f);
}

/* What f is told as: the whole text, or (prefix) how it starts. */
static void
expect_text(const struct trap *f, const char *want, int prefix)
{
	struct snippet s;
	char buf[512];

	layout(&s);
	snippet_describe_trap(f, &s, buf, sizeof(buf));
	if (prefix && strlen(want) < sizeof(buf))
		buf[strlen(want)] = '\0';
	assert_string_equal(buf, want);
}

static void
expect(const struct trap *f, const char *want)
{
	expect_text(f, want, 0);
}

/* An illegal instruction: which one, in which part, which copy. */
static void
test_where_pc(void **state)
{
	struct trap f;

	(void)state;
	f = trap(SIGILL, ILL_ILLOPC, BODY + 12, BODY + 12, -1);
	expect(&f, "by `second' at snippet+0x4 (copy 2 of 3)");
	f.pc = f.addr = BODY;
	expect(&f, "by `first' at snippet+0x0 (copy 1 of 3)");
	f.pc = f.addr = BODY + 23;		/* the last byte of copy 3 */
	expect(&f, "by `second' at snippet+0x7 (copy 3 of 3)");
	f.pc = f.addr = INIT + 2;
	expect(&f, "by `set-up' at init+0x2");
	f.pc = f.addr = RET_TRAP;
	expect(&f, "the snippet executed a ret with no matching call");
	f.pc = f.addr = BODY + 24;		/* past the copies */
	expect(&f, "in the harness around the snippet, at pc 0x30000218 "
	    "(after a jump out of the snippet?)");
	f.pc = f.addr = CODE;
	expect(&f, "in the harness around the snippet, at pc 0x30000000 "
	    "(after a jump out of the snippet?)");
	f.pc = f.addr = CODE + 0x1000;		/* code_end is past it */
	expect(&f, "at pc 0x30001000, outside the snippet (a jump or ret to "
	    "a bad address?)");
}

/* An offset no instruction is known at is still told. */
static void
test_no_insn(void **state)
{
	struct snippet s;
	struct trap f;
	char buf[256];

	(void)state;
	layout(&s);
	s.init.ninsns = 0;
	f = trap(SIGTRAP, 0, 0, INIT + 3, -1);
	snippet_describe_trap(&f, &s, buf, sizeof(buf));
	assert_string_equal(buf, "at init+0x3");
}

/* A bad access: where it went, then the instruction that made it. */
static void
test_where_access(void **state)
{
	struct trap f;
	char want[256];

	(void)state;
	f = trap(SIGSEGV, SEGV_MAPERR, SCRATCH - 8, BODY + 4, 1);
	snprintf(want, sizeof(want), "write to " ARCH_SNIPPET_SCRATCH_REG
	    "-0x8 (below the scratch area) by `second' at snippet+0x4 "
	    "(copy 1 of 3)");
	expect(&f, want);
	f = trap(SIGSEGV, SEGV_ACCERR, SCRATCH - GUARD, BODY, 0);
	snprintf(want, sizeof(want), "read of " ARCH_SNIPPET_SCRATCH_REG
	    "-0x1000 (below the scratch area) by `first' at snippet+0x0 "
	    "(copy 1 of 3)");
	expect(&f, want);
	f = trap(SIGBUS, BUS_ADRERR, SCRATCH + SNIPPET_SCRATCH_SIZE + 0x10,
	    INIT, -1);
	snprintf(want, sizeof(want), "access to " ARCH_SNIPPET_SCRATCH_REG
	    "+0x100010 (past the end of the 1 MiB scratch area) by `set-up' "
	    "at init+0x0");
	expect(&f, want);
	f = trap(SIGSEGV, SEGV_MAPERR, STACK - 8, BODY, 1);
	expect(&f, "write to 0x1ffffff8 (stack overflow: past the bottom of "
	    "the snippet's 1 MiB stack; more pushes than pops?) by `first' "
	    "at snippet+0x0 (copy 1 of 3)");
	f = trap(SIGSEGV, SEGV_MAPERR, STACK + SNIPPET_STACK_SIZE +
	    SNIPPET_STACK_ABOVE, BODY, 0);
	expect(&f, "read of 0x20101000 (more than 4096 bytes above the "
	    "stack's start; more pops than pushes?) by `first' at "
	    "snippet+0x0 (copy 1 of 3)");
	/* Just past a guard page, and inside the memory: no story. */
	f.addr = SCRATCH - GUARD - 1;
	expect(&f, "read of 0xfffefff by `first' at snippet+0x0 (copy 1 of 3)");
	f.addr = SCRATCH + 16;
	expect(&f, "read of 0x10000010 by `first' at snippet+0x0 "
	    "(copy 1 of 3)");
	f.addr = ELSEWHERE;
	expect(&f, "read of 0x50000000 by `first' at snippet+0x0 "
	    "(copy 1 of 3)");
}

/*
 * No access to tell: a general protection fault (SI_KERNEL) has no
 * address, and a jump to a bad address faults at the address it fetched.
 */
static void
test_no_access(void **state)
{
	struct trap f;

	(void)state;
	f = trap(SIGSEGV, SI_KERNEL, 0, BODY + 4, -1);
	expect(&f, "by `second' at snippet+0x4 (copy 1 of 3)");
	f = trap(SIGSEGV, SEGV_MAPERR, ELSEWHERE, ELSEWHERE, 0);
	expect(&f, "at pc 0x50000000, outside the snippet (a jump or ret to "
	    "a bad address?)");
	/* Other signals carry no access, whatever si_addr holds. */
	f = trap(SIGFPE, FPE_INTDIV, SCRATCH - 8, BODY + 4, -1);
	expect(&f, "by `second' at snippet+0x4 (copy 1 of 3)");
}

/* A refused call names the instruction before the pc, and the call. */
static void
test_refused_call(void **state)
{
	struct trap f;
	char want[256];

	(void)state;
	f = trap(SIGSYS, 1, 0, BODY + 8 + 4 + ARCH_SNIPPET_SYSCALL_LEN, -1);
	f.syscall = SYS_getpid;
	f.syscall_arch = NATIVE_ARCH;
	snprintf(want, sizeof(want), "system call %d (getpid) by `second' at "
	    "snippet+0x4 (copy 2 of 3); asm refuses a snippet's system calls "
	    "unless given --allow-syscalls", SYS_getpid);
	expect(&f, want);
	/* A call of no name we know, and one of another ABI. */
	f.syscall = 99999;
	expect(&f, "system call 99999 by `second' at snippet+0x4 (copy 2 of "
	    "3); asm refuses a snippet's system calls unless given "
	    "--allow-syscalls");
	f.syscall = SYS_getpid;
	f.syscall_arch = 0;
	snprintf(want, sizeof(want), "system call %d by `second'", SYS_getpid);
	expect_text(&f, want, 1);
}

/* Cut to the buffer, always terminated, never written past. */
static void
test_short_buffer(void **state)
{
	struct snippet s;
	struct trap f;
	char buf[32];
	size_t len;

	(void)state;
	layout(&s);
	f = trap(SIGSEGV, SEGV_MAPERR, STACK - 8, BODY, 1);
	for (len = 1; len <= 20; len++) {
		memset(buf, 'x', sizeof(buf));
		snippet_describe_trap(&f, &s, buf, len);
		assert_int_equal(strlen(buf), len - 1);
		assert_memory_equal(buf, "write to 0x1ffffff8 (stack", len - 1);
		assert_int_equal(buf[len], 'x');
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_where_pc),
		cmocka_unit_test(test_no_insn),
		cmocka_unit_test(test_where_access),
		cmocka_unit_test(test_no_access),
		cmocka_unit_test(test_refused_call),
		cmocka_unit_test(test_short_buffer),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
