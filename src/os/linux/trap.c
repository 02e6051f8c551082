/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: sigaction with SA_SIGINFO on an alternate stack (a fault may be a
 * stack overflow), the program counter and the page-fault error code from
 * the ucontext.  SA_RESETHAND makes a fault inside the handler itself kill
 * the process the ordinary way instead of looping.
 */
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <ucontext.h>

#include "os/trap.h"

#define ALT_STACK_SIZE	(64 * 1024)
#define X86_TRAP_PF	14		/* page fault */
#define X86_PF_WRITE	0x2		/* error code: the access was a write */
#if defined(__x86_64__)
#define REG_PC		REG_RIP
#elif defined(__i386__)
#define REG_PC		REG_EIP
#endif
/* arm64: ESR_EL1 for the fault, in a record of the signal frame. */
#define ESR_MAGIC	0x45535201
#define ESR_EC(esr)	((esr) >> 26 & 0x3f)
#define ESR_EC_DABT_LOW	0x24		/* data abort from EL0 */
#define ESR_WNR		(1u << 6)	/* the abort was on a write */

#ifndef SYS_SECCOMP
#define SYS_SECCOMP	1	/* si_code of a seccomp filter's SIGSYS */
#endif

static const int caught[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
    SIGSYS };

static trap_fn *handler_fn;
static void *handler_arg;
static char alt_stack[ALT_STACK_SIZE] __attribute__((aligned(64)));

#ifdef __aarch64__
/*
 * The frame's records after the registers: {magic, size} headers, the
 * last with magic 0.  ESR's WnR bit says whether a data abort wrote.
 */
static int
esr_write(const ucontext_t *uc)
{
	const unsigned char *p = uc->uc_mcontext.__reserved;
	const unsigned char *end = p + sizeof(uc->uc_mcontext.__reserved);
	uint32_t magic, size;
	uint64_t esr;

	while (p + 8 <= end) {
		__builtin_memcpy(&magic, p, 4);
		__builtin_memcpy(&size, p + 4, 4);
		if (magic == 0 || size < 8 || size > (size_t)(end - p))
			break;
		if (magic == ESR_MAGIC && size >= 16) {
			__builtin_memcpy(&esr, p + 8, 8);
			return (ESR_EC(esr) == ESR_EC_DABT_LOW ?
			    (esr & ESR_WNR) != 0 : -1);
		}
		p += size;
	}
	return (-1);
}
#endif

static void
on_signal(int sig, siginfo_t *si, void *uctx)
{
	const ucontext_t *uc = uctx;
	struct trap f;

	f.sig = sig;
	f.code = si->si_code;
	f.addr = (uintptr_t)si->si_addr;
	f.write = -1;
	f.syscall = sig == SIGSYS ? si->si_syscall : -1;
	f.syscall_arch = sig == SIGSYS ? si->si_arch : 0;
#if defined(__x86_64__) || defined(__i386__)
	f.pc = (uintptr_t)uc->uc_mcontext.gregs[REG_PC];
	/* int3 traps after itself: point at it, not at what follows. */
	if (sig == SIGTRAP && f.code == SI_KERNEL)
		f.pc--;
	if (sig == SIGSEGV && uc->uc_mcontext.gregs[REG_TRAPNO] == X86_TRAP_PF)
		f.write = (uc->uc_mcontext.gregs[REG_ERR] & X86_PF_WRITE) != 0;
#elif defined(__aarch64__)
	f.pc = (uintptr_t)uc->uc_mcontext.pc;
	if (sig == SIGSEGV || sig == SIGBUS)
		f.write = esr_write(uc);
#else
	(void)uc;
	f.pc = 0;
#endif
	handler_fn(&f, handler_arg);
}

int
trap_catch(trap_fn *fn, void *arg)
{
	struct sigaction sa;
	stack_t ss;
	size_t i;

	handler_fn = fn;
	handler_arg = arg;
	ss.ss_sp = alt_stack;
	ss.ss_size = sizeof(alt_stack);
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL) != 0)
		return (-1);
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(caught) / sizeof(caught[0]); i++)
		if (sigaction(caught[i], &sa, NULL) != 0)
			return (-1);
	return (0);
}

void
trap_release(void)
{
	size_t i;

	for (i = 0; i < sizeof(caught) / sizeof(caught[0]); i++)
		signal(caught[i], SIG_DFL);
}

const char *
trap_signal_name(int sig)
{
	switch (sig) {
	case SIGSEGV:
		return ("SIGSEGV");
	case SIGBUS:
		return ("SIGBUS");
	case SIGILL:
		return ("SIGILL");
	case SIGFPE:
		return ("SIGFPE");
	case SIGTRAP:
		return ("SIGTRAP");
	case SIGSYS:
		return ("SIGSYS");
	}
	return ("signal");
}

const char *
trap_code_name(int sig, int code)
{
	static const struct {
		int		 sig, code;
		const char	*name;
	} names[] = {
		{ SIGSEGV, SEGV_MAPERR, "address not mapped" },
		{ SIGSEGV, SEGV_ACCERR, "no permission for the access" },
		{ SIGBUS, BUS_ADRALN, "misaligned address" },
		{ SIGBUS, BUS_ADRERR, "address past the end of a mapped file" },
		{ SIGILL, ILL_ILLOPC, "illegal opcode" },
		{ SIGILL, ILL_ILLOPN, "illegal operand" },
		{ SIGILL, ILL_PRVOPC, "privileged instruction" },
		{ SIGILL, ILL_PRVREG, "privileged register" },
		{ SIGFPE, FPE_INTDIV, "integer divide by zero" },
		{ SIGFPE, FPE_INTOVF, "integer overflow" },
		{ SIGFPE, FPE_FLTDIV, "floating-point divide by zero" },
		{ SIGFPE, FPE_FLTINV, "invalid floating-point operation" },
		{ SIGTRAP, TRAP_BRKPT, "breakpoint" },
		{ SIGTRAP, TRAP_TRACE, "trace trap" },
		{ SIGSYS, SYS_SECCOMP, "system call refused" },
	};
	size_t i;

	/*
	 * The kernel says SI_KERNEL for a general protection fault (a
	 * privileged instruction, a non-canonical address) and for int3.
	 */
	if (code == SI_KERNEL && sig == SIGSEGV)
		return ("general protection fault");
	if (code == SI_KERNEL && sig == SIGTRAP)
		return ("breakpoint");
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].sig == sig && names[i].code == code)
			return (names[i].name);
	return ("");
}

const char *
trap_access(const struct trap *f)
{
	return (f->write > 0 ? "write to" : f->write == 0 ? "read of" :
	    "access to");
}
