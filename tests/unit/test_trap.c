/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for os/linux/trap.c: faults raised here on purpose (a read
 * and a write of an inaccessible page, an illegal instruction, a
 * breakpoint, a division by zero on x86) are caught on the alternate
 * stack with the signal, its code, the address, the instruction's pc and
 * whether the access wrote, and the test goes on; the handler is reset
 * after one trap, and released; and the names given to signals, codes
 * and accesses.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "os/trap.h"
#include "emulated.h"

/* An illegal instruction and a breakpoint, each at a known address. */
void	trap_ill(void);
void	trap_brk(void);
#if defined(__x86_64__) || defined(__i386__)
void	trap_div(void);
__asm__(
"	.text\n"
"	.globl trap_ill, trap_brk, trap_div\n"
"	.type trap_ill,@function\n"
"trap_ill: ud2\n"
"	ret\n"
"	.type trap_brk,@function\n"
"trap_brk: int3\n"
"	ret\n"
"	.type trap_div,@function\n"
"trap_div: xor %edx,%edx; mov $1,%eax; xor %ecx,%ecx\n"
"	div %ecx\n"
"	ret\n");
#elif defined(__aarch64__)
__asm__(
"	.text\n"
"	.globl trap_ill, trap_brk\n"
"	.type trap_ill,%function\n"
"trap_ill: udf #0\n"
"	ret\n"
"	.type trap_brk,%function\n"
"trap_brk: brk #0\n"
"	ret\n");
#endif

static sigjmp_buf back;
static struct trap got;
static void *got_arg;
static int on_alt_stack;

static void
caught(const struct trap *f, void *arg)
{
	stack_t ss;

	got = *f;
	got_arg = arg;
	on_alt_stack = sigaltstack(NULL, &ss) == 0 &&
	    (ss.ss_flags & SS_ONSTACK) != 0;
	siglongjmp(back, 1);
}

static volatile char *page;

static void
do_read(void)
{
	(void)*page;
}

static void
do_write(void)
{
	*page = 1;
}

/* Run fn with traps caught; whether it trapped, with the trap in got. */
static int
trapped(void (*fn)(void))
{
	static int marker;

	memset(&got, 0, sizeof(got));
	got_arg = NULL;
	on_alt_stack = 0;
	assert_int_equal(trap_catch(caught, &marker), 0);
	if (sigsetjmp(back, 1) == 0) {
		fn();
		trap_release();
		return (0);
	}
	assert_ptr_equal(got_arg, &marker);
	assert_true(on_alt_stack);
	return (1);
}

static int
setup(void **state)
{
	(void)state;
	page = mmap(NULL, (size_t)getpagesize(), PROT_NONE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return (page == MAP_FAILED ? -1 : 0);
}

static int
teardown(void **state)
{
	(void)state;
	trap_release();
	return (munmap((void *)page, (size_t)getpagesize()));
}

/*
 * A bad access: where, and whether it wrote (unknown is allowed only
 * under an emulator, which may not pass the fault's syndrome on).
 */
static void
test_bad_access(void **state)
{
	(void)state;
	assert_true(trapped(do_read));
	assert_int_equal(got.sig, SIGSEGV);
	assert_int_equal(got.code, SEGV_ACCERR);
	assert_true(got.addr == (uintptr_t)page);
	assert_true(got.pc != 0 && got.pc != got.addr);
	if (!(EMULATED() && got.write == -1))
		assert_int_equal(got.write, 0);
	assert_true(trapped(do_write));
	assert_int_equal(got.sig, SIGSEGV);
	assert_true(got.addr == (uintptr_t)page);
	if (!(EMULATED() && got.write == -1))
		assert_int_equal(got.write, 1);
	assert_string_equal(trap_code_name(got.sig, got.code),
	    "no permission for the access");
}

/* The pc is the instruction that trapped, even after an x86 int3. */
static void
test_instruction(void **state)
{
	(void)state;
	assert_true(trapped(trap_ill));
	assert_int_equal(got.sig, SIGILL);
	assert_true(got.code == ILL_ILLOPC || got.code == ILL_ILLOPN);
	assert_true(got.pc == (uintptr_t)trap_ill);
	assert_int_equal(got.write, -1);
	assert_int_equal(got.syscall, -1);
	assert_true(trapped(trap_brk));
	assert_int_equal(got.sig, SIGTRAP);
	assert_true(got.pc == (uintptr_t)trap_brk);
	assert_string_equal(trap_code_name(got.sig, got.code), "breakpoint");
#if defined(__x86_64__) || defined(__i386__)
	assert_true(trapped(trap_div));
	assert_int_equal(got.sig, SIGFPE);
	assert_int_equal(got.code, FPE_INTDIV);
	assert_true(got.pc > (uintptr_t)trap_div &&
	    got.pc < (uintptr_t)trap_div + 16);
#endif
}

/* After one trap the default action is back, and trap_release too. */
static void
test_reset_and_release(void **state)
{
	struct sigaction sa;
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE,
	    SIGTRAP, SIGSYS };
	size_t i;

	(void)state;
	assert_true(trapped(do_read));
	assert_int_equal(sigaction(SIGSEGV, NULL, &sa), 0);
	assert_true(sa.sa_handler == SIG_DFL);
	assert_int_equal(trap_catch(caught, NULL), 0);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		assert_int_equal(sigaction(sigs[i], NULL, &sa), 0);
		assert_true(sa.sa_flags & SA_ONSTACK);
	}
	trap_release();
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		assert_int_equal(sigaction(sigs[i], NULL, &sa), 0);
		assert_true(sa.sa_handler == SIG_DFL);
	}
	/* Nothing trapped: fn returns, nothing is caught. */
	assert_false(trapped(trap_release));
}

static void
test_names(void **state)
{
	struct trap f;

	(void)state;
	assert_string_equal(trap_signal_name(SIGSEGV), "SIGSEGV");
	assert_string_equal(trap_signal_name(SIGBUS), "SIGBUS");
	assert_string_equal(trap_signal_name(SIGILL), "SIGILL");
	assert_string_equal(trap_signal_name(SIGFPE), "SIGFPE");
	assert_string_equal(trap_signal_name(SIGTRAP), "SIGTRAP");
	assert_string_equal(trap_signal_name(SIGSYS), "SIGSYS");
	assert_string_equal(trap_signal_name(SIGINT), "signal");
	assert_string_equal(trap_code_name(SIGSEGV, SEGV_MAPERR),
	    "address not mapped");
	assert_string_equal(trap_code_name(SIGSEGV, SI_KERNEL),
	    "general protection fault");
	assert_string_equal(trap_code_name(SIGTRAP, SI_KERNEL),
	    "breakpoint");
	assert_string_equal(trap_code_name(SIGBUS, BUS_ADRALN),
	    "misaligned address");
	assert_string_equal(trap_code_name(SIGFPE, FPE_FLTINV),
	    "invalid floating-point operation");
	assert_string_equal(trap_code_name(SIGSYS, 1), "system call refused");
	/* An unknown code, one of another signal's: nothing. */
	assert_string_equal(trap_code_name(SIGBUS, 99), "");
	assert_string_equal(trap_code_name(SIGILL, SI_KERNEL), "");
	assert_string_equal(trap_code_name(SIGINT, 1), "");
	memset(&f, 0, sizeof(f));
	f.write = 1;
	assert_string_equal(trap_access(&f), "write to");
	f.write = 0;
	assert_string_equal(trap_access(&f), "read of");
	f.write = -1;
	assert_string_equal(trap_access(&f), "access to");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_access),
		cmocka_unit_test(test_instruction),
		cmocka_unit_test(test_reset_and_release),
		cmocka_unit_test(test_names),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
