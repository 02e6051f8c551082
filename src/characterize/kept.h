/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The snippets llvm-exegesis wrote for this CPU, kept for the next run.
 * exegesis chooses registers and the partner of a latency pair at random
 * on every run, so two runs of the same table measure different code for
 * some forms (between two --quick runs, 93 of 2,115 figures differed by
 * more than 2%, all but one of them with different code).  Its output
 * for every opcode is kept in the cache directory, under a name made of
 * the LLVM version and what the CPU says it is (vendor, brand, family,
 * model, stepping, microcode, features), and a later run on the same
 * CPU and LLVM measures those snippets again: figures that move from run
 * to run moved in the machine, a resumed run finishes the table it
 * began, and exegesis's 16 s are not spent again.
 */
#ifndef CB_CHARACTERIZE_KEPT_H
#define CB_CHARACTERIZE_KEPT_H

#include <stddef.h>

#include "characterize/exegesis.h"
#include "core/machine.h"

/* dir/exegesis-LLVM-KEY into buf: the base of the kept files' names. */
void	kept_base(char *buf, size_t len, const char *dir, int llvm,
	    const struct machine *m);

/*
 * The kept snippets of `mode' (BASE-MODE.yaml, and exegesis's refusals
 * in BASE-MODE.stderr) read into *out: 0; 1 when none are kept; -1 with
 * why in err (a kept file that does not read is not used).
 */
int	kept_read(const char *base, const char *mode, struct xdocs *out,
	    char *err, size_t errlen);

/* exegesis's output for `mode' kept, each file whole or not at all. */
int	kept_write(const char *base, const char *mode, const char *text,
	    size_t len, const char *msg, size_t msglen, char *err,
	    size_t errlen);

#endif
