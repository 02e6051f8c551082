/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hardware cycle counter, as the OS grants it: opened for the calling
 * thread (kernel and user cycles where allowed), then read from user
 * space without a system call.  Each OS provides these; the read itself
 * is inline in the port's osdep.h:
 *
 *	uint64_t os_counter_read(uint64_t (*pmc_read)(uint32_t idx));
 *		the count, reading the hardware counter the OS says holds
 *		it with pmc_read (arch_pmc_read(), arch/arch.h)
 */
#ifndef CB_OS_CYCLE_COUNTER_H
#define CB_OS_CYCLE_COUNTER_H

#include <stddef.h>
#include <stdint.h>

/*
 * Start counting core cycles on the calling thread.  Returns 1 when
 * counting and readable from user space, 0 with the reason (and what
 * would change it) otherwise.
 */
int	os_counter_open(char *why, size_t len);
void	os_counter_close(void);

/*
 * Why opening failed with errno `err', as os_counter_open() says it, for
 * providers that stand in for the OS (the test counter's refusals).
 */
void	os_counter_refusal(int err, char *why, size_t len);

/* What the count is read with, for the fingerprint. */
extern const char os_counter_source[];

#include "osdep.h"

#endif
