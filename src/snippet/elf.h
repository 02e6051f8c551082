/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The code of an assembled snippet out of the ELF object the assembler
 * wrote.  A snippet is copied many times to an address chosen at run
 * time, so anything the linker would have to fix up (a call to a symbol,
 * a reference to data) is refused with the symbol named.
 */
#ifndef CB_SNIPPET_ELF_H
#define CB_SNIPPET_ELF_H

#include <stddef.h>
#include <stdint.h>

/*
 * Find .text in the little-endian ELF64 relocatable object
 * obj[0..len-1] for this build's instruction set (arch_elf_machine):
 * *text points into obj.  Returns 0, or -1 with the reason in err.
 */
int	elf_snippet_text(const uint8_t *obj, size_t len, const uint8_t **text,
	    size_t *textlen, char *err, size_t errlen);

/*
 * The same for the n sections names[0..n-1] of an object that holds
 * several snippets, each in a section of its own (snippet/assemble.h):
 * text[k] and textlen[k] are names[k]'s.  Every one must be there, and
 * nothing else allocated may hold bytes.
 */
int	elf_snippet_sections(const uint8_t *obj, size_t len,
	    const char *const *names, size_t n, const uint8_t **text,
	    size_t *textlen, char *err, size_t errlen);

#endif
