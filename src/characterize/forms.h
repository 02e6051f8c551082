/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The instruction forms of a characterize run: one per LLVM opcode, with
 * the latency snippet and the throughput snippet exegesis wrote for it
 * (either may be missing, with exegesis's reason), the opcode's class
 * (an ISA extension, lock, x87, memory), and the user's filters.
 *
 * A filter is a class word (FORMS_CLASSES), an opcode name (ADD64rr,
 * matched exactly, or else ignoring case), or else a POSIX extended
 * regular expression matched against the whole opcode name.
 */
#ifndef CB_CHARACTERIZE_FORMS_H
#define CB_CHARACTERIZE_FORMS_H

#include <stddef.h>

#include "arch/arch.h"
#include "characterize/disasm.h"
#include "characterize/exegesis.h"

#define FORMS_CLASSES	"base, mem, lock, x87, mmx, sse, avx, avx512"

/* One snippet of a form, with how its latency chain is made. */
struct form_snip {
	const struct xdoc *doc;		/* NULL: none */
	struct xsplit	 *split;
	const char	 *chain;	/* latency: what ties copy to copy */
};

struct form {
	const char	*opcode;
	char		 cls[48];	/* "avx512 mem", "lock mem", "base" */
	struct form_snip lat, thr;
	/* A memory form exegesis would not chain: cyclebench's chain
	   (arch_exegesis_chain) from the throughput snippet's first copy,
	   when `chained'; else chain.kind says why there is none. */
	struct arch_chain chain;
	int		 chained;
	char		*chain_intel;	/* chain.body in Intel syntax, or
					   NULL (forms_free frees it) */
	struct form_wide {		/* throughput: copies made independent
					   (arch_exegesis_widen); body NULL:
					   exegesis's snippet as it is */
		char	*body, *init, *intel;
		unsigned copies;
		char	 kind[160];	/* what was done, for the row */
	} wide;
};

struct forms {
	struct form	*f;
	size_t		 n;
};

/* Join the two modes' documents and their splits by opcode, in the
   order of the throughput ones; 0 or -1 (out of memory). */
int	forms_join(const struct xdocs *lat, struct xsplit *lsplit,
	    const struct xdocs *thr, struct xsplit *tsplit, struct forms *out);

/*
 * Keep the forms any of filters[0..n-1] selects (all when n is 0).
 * 0, or -1 with what is wrong with a filter in err.
 */
int	forms_filter(struct forms *fs, char *const *filters, size_t n,
	    char *err, size_t errlen);

/* The filters checked before exegesis runs: 0, or -1 with why. */
int	forms_check_filters(char *const *filters, size_t n, char *err,
	    size_t errlen);

/* The filters as exegesis's -opcode-name list when every one is an
   opcode name: a new string, or NULL (run exegesis for all). */
char	*forms_opcode_list(char *const *filters, size_t n);

/* Whether `word' is a class of FORMS_CLASSES. */
int	forms_is_class(const char *word);

/* Make the throughput copies of every form that reads its own
   destination independent (struct form_wide); out of memory leaves a
   form's snippet as exegesis wrote it. */
void	forms_widen(struct forms *fs);

/* --quick: one form a mnemonic, the widest GPR or vector one. */
void	forms_quick(struct forms *fs);

void	forms_free(struct forms *fs);

#endif
