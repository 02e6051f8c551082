/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The steps of assembling (snippet/assemble.c), shared by one text's
 * assembly and a batch's (snippet/assemble_batch.c).
 */
#ifndef CB_SNIPPET_ASSEMBLE_STEPS_H
#define CB_SNIPPET_ASSEMBLE_STEPS_H

#include <stddef.h>

#include "snippet/assemble.h"
#include "snippet/workdir.h"

#define ASM_OBJ_MAX	(SNIPPET_MAX_CODE + (1 << 20))	/* bytes read */

/* data[0..len-1] into path, ending in a newline. */
int	asm_write_source(const char *path, const char *data, size_t len);

/* A character of a symbol's name, as gas reads one. */
int	asm_is_name_char(char c);

/*
 * The assembler on w->src: 0, its warnings (if any) in warn; or -1 with
 * its messages, `label' for the input, in err ("interrupted..." when
 * cb_interrupt() stopped it).
 */
int	asm_run_as(const struct workdir *w, const char *label,
	    const struct snippet_asm_opts *o, char *err, size_t errlen,
	    char *warn, size_t warnlen);

/* 1, with the reason in err, when the assembler read another file. */
int	asm_read_others(const struct workdir *w, const char *label, char *err,
	    size_t errlen);

/*
 * objdump's listing of w->obj into c[0..n-1]'s instructions: .text's
 * when prefix is NULL (n is 1), else the sections prefix0, prefix1, ...
 */
void	asm_disassemble(const struct workdir *w, int intel, double timeout,
	    const char *prefix, struct snippet_code *c, size_t n);

#endif
