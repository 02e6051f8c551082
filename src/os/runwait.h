/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How long threads have waited for a CPU while runnable: what a
 * benchmark path that switches tasks by design is judged by, since a task
 * that took its CPU shows there (core/engine.h).  Each OS provides these.
 * A port whose OS keeps no such figure per thread has os_runwait_open()
 * return -1 and os_runwait_read() NAN: the engine then does not watch
 * the wait, and such a path is guarded by its CPU alone.
 */
#ifndef CB_OS_RUNWAIT_H
#define CB_OS_RUNWAIT_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Watch the calling thread and `partners' (thread ids, n of them) from
 * now on.  The first call that succeeds fixes whom; later calls keep it.
 * 0, or -1 when the OS does not say how long the calling thread waited.
 * A partner whose figure cannot be read is left out.
 */
int	os_runwait_open(const pid_t *partners, size_t n);

/* Nanoseconds the watched threads have waited, summed; NAN: not known. */
double	os_runwait_read(void);

#endif
