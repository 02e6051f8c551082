/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the OS knows of the reference counter's rate (arch/arch.h), for
 * when the hardware does not state it: FreeBSD keeps the TSC's in sysctl
 * machdep.tsc_freq.  Each OS provides this.
 */
#ifndef CB_OS_REF_RATE_H
#define CB_OS_REF_RATE_H

#include <stddef.h>

/* The rate in Hz, with where it came from in source; 0 when unknown. */
double	os_ref_hz(char *source, size_t len);

#endif
