/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz target: the bytes that come back from the assembler.  asm reads
 * the ELF object as writes with elf_snippet_text, which must refuse any
 * file it cannot make sense of with a message (a truncated object, an odd
 * section table, a relocation naming a symbol out of range), never read
 * outside it.  The bytes are copied to a buffer of exactly their size, as
 * the object is read, so any read past the end is caught.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "snippet/elf.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *text;
	uint8_t *obj, *copy;
	size_t textlen;
	char err[512];

	if ((obj = malloc(size ? size : 1)) == NULL)
		abort();
	memcpy(obj, data, size);
	/* Copy what it found, as asm does: ASan checks it lies inside. */
	if (elf_snippet_text(obj, size, &text, &textlen, err,
	    sizeof(err)) == 0) {
		if ((copy = malloc(textlen ? textlen : 1)) == NULL)
			abort();
		memcpy(copy, text, textlen);
		free(copy);
	}
	free(obj);
	return (0);
}
