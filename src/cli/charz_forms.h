/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The forms a characterize run measures: exegesis's snippets for the
 * filters, those kept from the last run on this CPU and LLVM
 * (characterize/kept.h) or new ones, taken apart with llvm-mc, joined by
 * opcode, filtered (one register form a mnemonic for --quick), and
 * cyclebench's own chains written in Intel syntax too.
 */
#ifndef CB_CLI_CHARZ_FORMS_H
#define CB_CLI_CHARZ_FORMS_H

#include <stddef.h>

#include "characterize/disasm.h"
#include "characterize/exegesis.h"
#include "characterize/forms.h"
#include "cli/charz_doc.h"
#include "core/machine.h"

/* cyclebench's cache directory into dir, made if need be: 0, or -1. */
int	charz_cache_dir(char *dir, size_t len);

/*
 * a's forms into fs, over the documents lat and thr and their splits
 * *ls and *ts (the caller frees all four, and fs, whatever the outcome),
 * with the LLVM tools found into *tools: 0, or the exit status of a
 * refusal, said.
 */
int	charz_make_forms(const struct charz_args *a, const struct machine *m,
	    struct llvm_tools *tools, struct xdocs *lat, struct xdocs *thr,
	    struct xsplit **ls, struct xsplit **ts, struct forms *fs);

#endif
