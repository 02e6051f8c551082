/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bodies that create a task and wait for it to end, for the ctxsw suite:
 * thread create + join, fork + exit + wait, fork + exec + wait.
 */
#ifndef CB_SUITES_TASKS_H
#define CB_SUITES_TASKS_H

#include <stddef.h>
#include <stdint.h>

/* What fork + exec runs: a static program that only exits. */
#define EXEC_HELPER	"cb-true"

/* pthread_create of a thread that returns at once, pthread_join. */
void	spawn_thread_body(uint64_t iters, void *ctx);

/* fork, waitpid; the child execs ctx's helper, or _exits with ctx NULL. */
void	spawn_body(uint64_t iters, void *ctx);

/* Find EXEC_HELPER beside the binary and prove it runs, into *ctx. */
int	spawn_setup_exec(void **ctx, char *why, size_t len);

/* Free what spawn_setup_exec() made. */
void	spawn_free(void *ctx);

#endif
