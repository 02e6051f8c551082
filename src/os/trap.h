/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Traps: the signals an instruction raises synchronously (SIGSEGV,
 * SIGBUS, SIGILL, SIGFPE, SIGTRAP, and SIGSYS from a refused system call,
 * os/sandbox.h), caught in the process that raised them, so a measuring
 * child can say what went wrong, and where, before it dies.  Each OS
 * provides these.
 */
#ifndef CB_OS_TRAP_H
#define CB_OS_TRAP_H

#include <stddef.h>
#include <stdint.h>

struct trap {
	int		 sig;
	int		 code;		/* si_code */
	uintptr_t	 addr;		/* si_addr: the address that faulted */
	uintptr_t	 pc;		/* the faulting instruction */
	int		 write;		/* page fault on a write: 1, read: 0,
					   unknown or not a page fault: -1 */
	int		 syscall;	/* SIGSYS: the call's number */
	unsigned	 syscall_arch;	/* SIGSYS: its ABI (si_arch) */
};

/*
 * Called on an alternate stack with the faulting thread stopped; it must
 * not return.  Only async-signal-safe work belongs here.
 */
typedef void trap_fn(const struct trap *f, void *arg);

/* Route the traps above in this process to fn; -1 with errno on failure. */
int		 trap_catch(trap_fn *fn, void *arg);

/* Give the traps above their default action again. */
void		 trap_release(void);

/* "SIGSEGV" for SIGSEGV; "signal" for one not caught here. */
const char	*trap_signal_name(int sig);

/* What si_code says, e.g. "address not mapped", or "" when nothing useful. */
const char	*trap_code_name(int sig, int code);

/* "write to", "read of" or "access to", as f->write says. */
const char	*trap_access(const struct trap *f);

#endif
