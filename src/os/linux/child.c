/* SPDX-License-Identifier: BSD-2-Clause */
/* Linux: the parent-death signal, prctl(PR_SET_PDEATHSIG). */
#include <signal.h>
#include <sys/prctl.h>

#include "os/child.h"

void
os_child_die_with_parent(void)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
}
