/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Does a snippet depend on itself?  Its copies run back to back, so a
 * register the body reads before it writes it, and writes, carries a
 * value from each copy to the next: each copy waits for the one before,
 * and the loop times that chain's latency whatever the user called it.
 */
#ifndef CB_SNIPPET_CHAIN_H
#define CB_SNIPPET_CHAIN_H

#include <stddef.h>

#include "snippet/assemble.h"

/*
 * How many separate chains of registers run from copy to copy (1: one
 * chain, a latency), with the registers that carry over in regs ("%rbx
 * and the flags"); 0 when none does, -1 when it cannot be told (objdump
 * listed nothing, or an instruction was not understood).
 */
int	snippet_chain(const struct snippet_code *c, int intel, char *regs,
	    size_t len);

/*
 * What asm's reading of the registers adds to the mode the user asked
 * for (asked_latency: --latency): one chain through the copies is a
 * latency; several side by side may be either; --latency on a body with
 * none may be a throughput.  "" when there is nothing to say.  Returns
 * buf.
 */
struct snippet;
const char *snippet_chain_note(const struct snippet *s, int asked_latency,
	    char *buf, size_t len);

#endif
