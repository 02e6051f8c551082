/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * llvm-exegesis as a source of snippets.  LLVM 16's exegesis, run with
 * --benchmark-phase=prepare-and-assemble-snippet, writes for each opcode
 * one YAML document: the instructions of a snippet (a serial chain in
 * latency mode, independent copies in inverse_throughput mode), the
 * registers' initial values and the assembled function (set-up, the
 * snippet repeated, ret), without touching a counter.  cyclebench times
 * the snippets itself; exegesis only writes them.
 *
 * The tools are found on PATH as llvm-exegesis-N, llvm-mc-N and
 * llvm-mca-N of one N, the newest from EXEGESIS_MIN_LLVM on (older ones
 * lack the phase option).
 */
#ifndef CB_CHARACTERIZE_EXEGESIS_H
#define CB_CHARACTERIZE_EXEGESIS_H

#include <stddef.h>

#define EXEGESIS_MIN_LLVM	16
#define EXEGESIS_MAX_LLVM	40	/* the newest N looked for */

struct llvm_tools {
	int	 version;		/* N */
	char	 exegesis[4096];
	char	 mc[4096];
	char	 mca[4096];		/* "" when not there */
};

/* One document of exegesis's output; strings are the document's own. */
struct xdoc {
	char	 *mode;			/* "latency", "inverse_throughput" */
	char	 *opcode;		/* the first instruction's opcode */
	char	**insns;		/* "ADD64rr RSI RSI R9", exegesis's form */
	size_t	  ninsns;
	char	**inits;		/* "RSI=0x0" */
	size_t	  ninits;
	char	 *config;
	char	 *cpu_name;
	char	 *triple;
	char	 *error;
	char	 *info;
	unsigned char *code;		/* assembled_snippet, decoded */
	size_t	  codelen;
};

struct xdocs {
	struct xdoc	*d;
	size_t		 n;
};

/*
 * Find the tools: 0, or -1 with what to install in err.  `version' 0:
 * the newest; otherwise that N only.
 */
int	llvm_tools_find(struct llvm_tools *t, int version, char *err,
	    size_t errlen);

/*
 * Run exegesis in `mode' ("latency", "inverse_throughput") for the
 * opcodes named in `opcodes' (comma-separated; NULL: every opcode), and
 * read its documents into *out.  Opcodes exegesis cannot make a snippet
 * for come back with their error and no code.  With every opcode and a
 * `keep' base (characterize/kept.h), its output is also kept there for
 * the next run.  0, or -1 with why.
 */
int	exegesis_generate(const struct llvm_tools *t, const char *mode,
	    const char *opcodes, const char *keep, double timeout,
	    struct xdocs *out, char *err, size_t errlen);

/*
 * Parse exegesis's YAML text: 0, or -1 with "line L: why" in err.  The
 * reasons exegesis writes to standard error ("OPCODE: why") are added
 * by exegesis_add_refusals as documents with an error and no code.
 */
int	exegesis_parse(const char *text, size_t len, const char *mode,
	    struct xdocs *out, char *err, size_t errlen);
int	exegesis_add_refusals(const char *text, size_t len, const char *mode,
	    struct xdocs *out);
/* Only the documents of the opcodes in list (comma-separated, any case). */
void	xdocs_keep(struct xdocs *x, const char *list);
void	xdocs_free(struct xdocs *x);

#endif
