/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * exegesis's assembled snippets taken apart with llvm-mc.  A snippet is
 * a function: pushes of the callee-saved registers it uses, the
 * registers' initial values, the key's instructions repeated, the pops,
 * ret.  Every snippet is disassembled in one llvm-mc run (a sentinel
 * instruction between snippets keeps them apart, with nops before it so
 * that a snippet's undecodable tail cannot run into it, and each
 * snippet's decoded encodings must add up to its bytes exactly, or it is
 * not used); then, from the end, ret and the pops go, the last copy of the
 * key is the body, the copies before it that repeat its bytes are
 * passed over, and what is left after the pushes is the set-up, kept as
 * bytes so that it runs exactly as exegesis wrote it.  A second run
 * writes the body in Intel syntax; a chain of cyclebench's own, written
 * in AT&T, gets its Intel text from llvm-mc's assembler, the same way.
 */
#ifndef CB_CHARACTERIZE_DISASM_H
#define CB_CHARACTERIZE_DISASM_H

#include <stddef.h>

#include "characterize/exegesis.h"
#include "snippet/assemble.h"

struct xsplit {
	char		*att;		/* the body, "; "-separated; NULL:
					   not taken apart (why says) */
	char		*intel;
	struct snippet_code body, init;	/* init starts with the line that
					   points %rdi at the scratch memory */
	size_t		 ninsns;	/* in the body */
	const char	*why;		/* static text */
};

/*
 * Take apart x->d[0..n-1] into split[0..n-1] (zeroed by the caller);
 * documents without code get why set.  0, or -1 with why llvm-mc could
 * not be run in err.
 */
int	disasm_split(const char *mc, const struct xdocs *x,
	    struct xsplit *split, double timeout, char *err, size_t errlen);

/*
 * Take one document's decoded instructions apart (the second step
 * above): text[i] and enc[i] (enclen[i] bytes) for i < n.  0, or -1
 * with s->why set.
 */
int	disasm_take_apart(const struct xdoc *d, char *const *att,
	    char *const *intel, unsigned char *const *enc,
	    const size_t *enclen, size_t n, struct xsplit *s);

/*
 * Bodies att[0..n-1] (AT&T, "; " between instructions, as the split
 * writes them) in Intel syntax, assembled in one llvm-mc run with the
 * sentinel after each: intel[i] a new string, or NULL when llvm-mc did
 * not take every instruction of att[i].  0, or -1 with why llvm-mc could
 * not be run in err.
 */
int	disasm_intel(const char *mc, char *const *att, size_t n,
	    char **intel, double timeout, char *err, size_t errlen);

void	xsplit_free(struct xsplit *s);

#endif
