/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembly text to machine code with the GNU assembler, for `cyclebench
 * asm'.  The text goes to `as --64' as written, so the assembler's
 * messages carry the user's own line numbers; objdump then splits the
 * code into instructions, which is how a fault is traced back to one.
 */
#ifndef CB_SNIPPET_ASSEMBLE_H
#define CB_SNIPPET_ASSEMBLE_H

#include <stddef.h>
#include <stdint.h>

#define SNIPPET_MAX_SOURCE	(256 * 1024)	/* bytes of assembly text */
#define SNIPPET_MAX_CODE	(64 * 1024)	/* bytes of one assembled copy */
#define SNIPPET_INSN_TEXT	64		/* chars kept per instruction */
#define SNIPPET_TOOL_SECONDS	5		/* CPU limit for as/objdump */
#define SNIPPET_TOOL_WALL	60.0		/* their wall limit by default */

struct snippet_insn {
	uint32_t	 offset;
	char		 text[SNIPPET_INSN_TEXT];	/* objdump's, one line */
};

struct snippet_code {
	uint8_t			*bytes;
	size_t			 len;
	struct snippet_insn	*insns;
	size_t			 ninsns;
};

struct snippet_asm_opts {
	int		 intel;		/* Intel syntax, no register prefix */
	int		 allow_includes; /* let .include and .incbin read files */
	double		 timeout;	/* wall seconds for each tool; 0: 60 */
};

/*
 * Assemble src[0..len-1] as o says.  `label' stands for the text in
 * messages ("body", "init", a file name).  Returns 0, or -1 with the
 * reason in err: the assembler's own messages with their line numbers, a
 * relocation the snippet would need, a size limit, a file the text would
 * have the assembler read, a tool stopped by the timeout or by
 * cb_interrupt() (err then starts "interrupted").  What the assembler
 * says about files other than the snippet is never passed on unless
 * o->allow_includes: it may quote them.  Warnings from a successful
 * assembly are left in warn (empty when none).
 */
int	snippet_assemble(const char *src, size_t len, const char *label,
	    const struct snippet_asm_opts *o, struct snippet_code *c,
	    char *err, size_t errlen, char *warn, size_t warnlen);
/*
 * Assemble texts src[0..n-1] together as o says, into c[0..n-1]: one run
 * of the assembler and one of objdump for them all rather than one each
 * (some 7 ms apiece), each text in a section of its own.  A text comes
 * out as snippet_assemble would make it, or not at all (c[i].bytes NULL)
 * and is left for snippet_assemble, which gives its message: a text
 * that could read differently beside others (anything but instructions
 * and .byte lines: a label, a symbol, a section, a macro), one that
 * fails or draws a warning (a failing batch is halved until the texts
 * that fail stand alone), any when o->allow_includes.
 */
void	snippet_assemble_batch(const char *const *src, const size_t *len,
	    size_t n, const struct snippet_asm_opts *o,
	    struct snippet_code *c);
void	snippet_code_free(struct snippet_code *c);
/* A copy of c in *to: 0, or -1 when out of memory. */
int	snippet_code_copy(struct snippet_code *to, const struct snippet_code *c);

/* The instruction containing offset, or NULL past the end. */
const struct snippet_insn *snippet_insn_at(const struct snippet_code *c,
	    size_t offset);

#endif
