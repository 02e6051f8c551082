/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Confining code that is not ours, such as a snippet `cyclebench asm' was
 * given by someone else.  It runs in a program of its own, started with
 * nothing of cyclebench's (os/child.h, os_child_exec), which confines
 * itself here before the code first runs: what the process may take of
 * the machine, which system calls it may make at all and which from the
 * code itself, what it may see of the file systems and the network, and
 * the processes it leaves behind.  Each OS provides these.
 */
#ifndef CB_OS_SANDBOX_H
#define CB_OS_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

struct sandbox_limits {
	double		 cpu_seconds;	/* CPU time of each process */
	size_t		 more_memory;	/* address space beyond today's */
	unsigned	 more_tasks;	/* processes and threads beyond what
					   the user runs now (the kernel does
					   not hold root to this one) */
};

/*
 * Limit this process and whatever it starts, and let none of them dump
 * core.  Returns 0, or -1 with the reason in why.
 */
int	sandbox_limit(const struct sandbox_limits *l, char *why, size_t len);

struct sandbox_policy {
	uintptr_t	 code_lo, code_hi;	/* the untrusted code, [lo, hi) */
	int		 result_fd;	/* the one descriptor written to */
	int		 allow_syscalls; /* the code may make system calls */
};

/* What sandbox_confine() put in place, beyond the system call filter. */
#define SANDBOX_NAMESPACES	0x1	/* own user, network, mount, IPC */
#define SANDBOX_LANDLOCK	0x2	/* no file (nor TCP, where the kernel
					   can) may be opened */

/*
 * Confine this process, single-threaded, for good.  Without
 * allow_syscalls, a system call made from [code_lo, code_hi) stops the
 * process with SIGSYS (which os/trap.h reports, with the call's number),
 * and so does one made from anywhere but on a short allow-list: what
 * measuring needs (time, usage, memory that is not executable, the
 * cycle counter's read and ioctls, the signal calls of its own fault
 * handler) and a write to result_fd.  With allow_syscalls there is no
 * filter: the caller trusts the code with every call.  Either way, where
 * the kernel lets an unprivileged process have them, it gets namespaces
 * of its own and no access to files; *layers says which (SANDBOX_*).
 * Speculation mitigations stay as they were, so what is measured does
 * not change.  Returns 0, or -1 with the reason in why.
 */
int	sandbox_confine(const struct sandbox_policy *p, unsigned *layers,
	    char *why, size_t len);

/* Become the parent of every orphan among this process's descendants. */
int	sandbox_adopt_orphans(void);

/*
 * Kill every child of this process, and every orphan that comes to it
 * meanwhile (see sandbox_adopt_orphans), and reap them all, for at most
 * `seconds'.  Returns how many were killed, or -1 if some were left.
 */
int	sandbox_kill_children(double seconds);

/* The name of system call nr of the ABI `arch' (si_arch), or NULL. */
const char *sandbox_syscall_name(int nr, unsigned arch);

#endif
