/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Confining code that is not ours, such as a snippet `cyclebench asm' was
 * given by someone else: the system calls it may make, what it may take
 * of the machine, and the processes it may leave behind.  Each OS
 * provides these.
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

/*
 * From now on, stop this process with SIGSYS (which os/trap.h reports,
 * with the call's number) at any system call made from code in
 * [lo, hi], and at one made from anywhere that would start a process,
 * run another program, leave the process group or session, or signal
 * another process.  Threads may still be started.  Speculation
 * mitigations stay as they were, so what is measured does not change.
 * Returns 0, or -1 with the reason in why.
 */
int	sandbox_forbid_syscalls(uintptr_t lo, uintptr_t hi, char *why,
	    size_t len);

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
