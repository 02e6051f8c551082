/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An assembled snippet as a benchmark: `cyclebench asm' builds one (or
 * two, for --vs) and measures it with cb_measure() like any other.
 *
 * The environment a snippet runs in, as docs/asm.md and `cyclebench asm
 * --help' promise it:
 *
 *	%r14		the first byte of SNIPPET_SCRATCH_SIZE bytes of
 *			zeroed, page-aligned scratch memory, with
 *			inaccessible pages on both sides
 *	%r15		%r14 + SNIPPET_R15_OFFSET: the second half, offset
 *			by half a page so that loads through one register do
 *			not 4K-alias stores through the other; the pages
 *			both point at are in the TLB (the harness loads
 *			through each), which a masked load does not fill
 *	%rsp		16-byte aligned, on a stack of its own of
 *			SNIPPET_STACK_SIZE bytes (SNIPPET_STACK_ABOVE more
 *			above it), reset to its value after init at the top
 *			of every loop iteration
 *	other GPRs	zero before init
 *
 * The init code runs once per timed call, before the loop; the scratch
 * memory keeps whatever the snippet stored in it from call to call.
 *
 * The snippet runs in SNIPPET_RUNNER, a program of its own started
 * with nothing of cyclebench's (no environment, no descriptor but the
 * result pipe, a session of its own), confined (os/sandbox.h): limits on
 * CPU time, memory and processes; no system call from its code, and from
 * anywhere only those on a short allow-list, unless allow_syscalls;
 * namespaces of its own and no file access where the kernel allows; and
 * whatever processes it started are killed when it is done.
 * docs/asm.md states the threat model.
 */
#ifndef CB_SNIPPET_H
#define CB_SNIPPET_H

#include <stddef.h>

#include "cyclebench.h"
#include "arch/arch.h"
#include "os/trap.h"
#include "snippet/assemble.h"

#define SNIPPET_SCRATCH_SIZE	(1 << 20)
#define SNIPPET_R15_OFFSET	(SNIPPET_SCRATCH_SIZE / 2 + 2048)
#define SNIPPET_STACK_SIZE	(1 << 20)
#define SNIPPET_STACK_ABOVE	4096
#define SNIPPET_TARGET_INSNS	100	/* per loop iteration, by default */
#define SNIPPET_MAX_UNROLL	100000
#define SNIPPET_MAX_UNROLLED	(4 << 20)	/* bytes of body copies */
#define SNIPPET_TIMEOUT		60.0	/* seconds, when the spec says 0 */
#define SNIPPET_MORE_MEMORY	(256UL << 20)	/* address space it may add */
#define SNIPPET_MORE_TASKS	16	/* processes it may add (not root) */
#define SNIPPET_REAP_SECONDS	5.0	/* to kill what it left running */
#define SNIPPET_RUNNER		"cb-snippet"	/* the measuring program */

struct snippet_spec {
	const char	*title;		/* the name is "asm/<title>" */
	const char	*body;		/* assembly text */
	size_t		 body_len;
	const char	*body_label;	/* "body" or its file, in messages */
	const char	*init;		/* NULL: none */
	size_t		 init_len;
	const char	*init_label;
	int		 intel;		/* Intel syntax, no register prefix */
	/* Already assembled (characterize): each used instead of its text
	   (body then only names it); either may be NULL, its text then
	   assembled. */
	const struct snippet_code *body_code, *init_code;
	unsigned	 unroll;	/* 0: about SNIPPET_TARGET_INSNS
					   instructions per iteration */
	unsigned	 per_copy;	/* operations a copy counts as; 0: 1
					   (characterize: its instructions) */
	enum cb_mode	 mode;		/* CB_THROUGHPUT: latency when one
					   chain runs through the copies */
	int		 keep_mode;	/* mode as given, chain or not
					   (characterize: exegesis's modes) */
	int		 allow_syscalls;	/* no system call filter */
	int		 share_process;	/* its rounds may go on in one
					   measuring program with other
					   snippets' that may (core/isolate.h):
					   code from LLVM's tables, never a
					   user's, which could reach into the
					   next one's */
	int		 allow_includes;	/* .include, .incbin read */
	double		 timeout;	/* seconds: the measuring child's
					   limit, and each tool's; 0: 60 */
};

struct snippet {
	struct cb_bench	 bench;		/* arg is this snippet */
	struct snippet_code body, init;
	unsigned	 unroll;
	unsigned	 per_copy;	/* the figure is per copy / this */
	int		 allow_syscalls;
	int		 shares;	/* spec's share_process */
	double		 timeout;
	char		 runner[4096];	/* SNIPPET_RUNNER's path */
	char		 name[96];
	char		 unroll_s[16];
	char		 init_title[64];
	int		 chain;		/* snippet_chain()'s chains */
	char		 chain_regs[64];	/* what carries over */

	/* Set up in the measuring child: */
	void		*map;
	size_t		 maplen;
	struct arch_snippet_layout lay;
	uintptr_t	 scratch, stack, code, code_end;
	size_t		 guard;		/* bytes of each guard: a page */
};

/*
 * Assemble spec's body and init and choose the unroll.  Returns 0 with a
 * new snippet in *out, or -1 with the reason in err.  Assembler warnings
 * are left in warn.
 */
int	snippet_prepare(const struct snippet_spec *spec, struct snippet **out,
	    char *err, size_t errlen, char *warn, size_t warnlen);
void	snippet_free(struct snippet *s);

/*
 * The benchmark of a snippet whose code, unroll and name are set: set up
 * in cyclebench by handing it to SNIPPET_RUNNER, or (in_runner) there,
 * where it is mapped and confined.
 */
void	snippet_bench_init(struct snippet *s, enum cb_mode mode,
	    int in_runner);

/*
 * s as bytes for SNIPPET_RUNNER, in a new buffer at *out; 0, or -1 when
 * out of memory.  snippet_unpack() makes the runner's snippet of them,
 * checking every length: 0, or -1 with the reason in why.
 */
int	snippet_pack(const struct snippet *s, void **out, size_t *outlen);
int	snippet_unpack(const void *buf, size_t len, struct snippet **out,
	    char *why, size_t whylen);

/*
 * In SNIPPET_RUNNER: s[0..n-1], whose rounds go on there one after
 * another, mapped together before the first is confined.  0, or -1 with
 * the reason in why.
 */
int	snippet_share(struct snippet **s, size_t n, char *why, size_t whylen);

/* Assembly text on one line, at most len - 1 chars: a name or a label. */
void	snippet_title(const char *text, size_t textlen, char *buf,
	    size_t len);

/* Write what f was, in the snippet's terms (an isolate_trap_fn). */
void	snippet_describe_trap(const struct trap *f, void *arg, char *buf,
	    size_t len);

#endif
