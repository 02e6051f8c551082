/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A measuring child's tie to the process that forked it (core/isolate.h),
 * and the programs a child may become.  Each OS provides these.
 */
#ifndef CB_OS_CHILD_H
#define CB_OS_CHILD_H

#include <stddef.h>
#include <sys/types.h>

/* Where a program started by os_child_spawn() finds what it was given. */
#define OS_CHILD_SPEC_FD	0	/* the spec, from its first byte */
#define OS_CHILD_RESULT_FD	3	/* where it writes its result */

/*
 * Have the calling process killed when its parent dies, so that a child
 * measuring for a parent that was killed stops at once.  A port whose OS
 * cannot do this makes it do nothing: the orphan then ends at the end of
 * its round, when writing the result to its parent fails.
 */
void	os_child_die_with_parent(void);

/*
 * The path of `name', a program that ships with cyclebench, into buf:
 * beside the running binary (build/), one folder up (build/tests/), or
 * in ../libexec/cyclebench/ (an install).  Returns 0, or -1 if there is
 * none that may be executed.
 */
int	os_program_path(const char *name, char *buf, size_t len);

/*
 * Start the program at `path' as a child of this process, in a session
 * of its own, with nothing of this process but its CPU set: no
 * environment, no argument but its name, spec[0..len-1] readable at
 * OS_CHILD_SPEC_FD, result_fd at OS_CHILD_RESULT_FD, and no other
 * descriptor open.  Without a fork: its cost does not grow with this
 * process's memory.  Returns 0 with *pid set, or -1 with the reason in
 * why (the program could not be started).
 */
int	os_child_spawn(const char *path, const void *spec, size_t len,
	    int result_fd, pid_t *pid, char *why, size_t whylen);

#endif
