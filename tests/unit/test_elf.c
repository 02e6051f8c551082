/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for snippet/elf.c, the reader of the assembler's object, on
 * objects built here byte by byte: a good one gives its .text; a damaged
 * one (not ELF, another machine, a section table past the end or
 * wrapping, names out of range or unterminated) and one that needs a
 * linker (a relocation, data outside .text) each get their message,
 * never a read outside the buffer.  Built for this build's instruction
 * set, so the same tests run on every port.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "snippet/elf.h"

/* The sections of the object, by index. */
enum { S_NULL, S_TEXT, S_SHSTR, S_SYMTAB, S_STRTAB, S_RELA, S_DATA, S_NOTE,
	NSECT };

/* Where each part lies in the file. */
#define AT_TEXT		64
#define AT_SHSTR	128
#define AT_SYMTAB	256
#define AT_STRTAB	320
#define AT_RELA		336
#define AT_SH		384
#define OBJ_LEN		(AT_SH + NSECT * sizeof(Elf64_Shdr))

static const char shstr[] = "\0.text\0.shstrtab\0.symtab\0.strtab\0"
    ".rela.text\0.data\0.note.gnu.property";
static const char strtab[] = "\0foo";

struct obj {
	uint8_t		 b[OBJ_LEN];
	Elf64_Ehdr	*eh;
	Elf64_Shdr	*sh;
	Elf64_Sym	*sym;
	Elf64_Rela	*rela;
};

static uint32_t
name_of(const char *name)
{
	const char *p;

	for (p = shstr; p < shstr + sizeof(shstr); p += strlen(p) + 1)
		if (strcmp(p, name) == 0)
			return ((uint32_t)(p - shstr));
	fail_msg("no section name %s", name);
	return (0);
}

static void
section(struct obj *o, int i, const char *name, uint32_t type,
    uint64_t flags, uint64_t off, uint64_t size)
{
	Elf64_Shdr *s = &o->sh[i];

	s->sh_name = name_of(name);
	s->sh_type = type;
	s->sh_flags = flags;
	s->sh_offset = off;
	s->sh_size = size;
}

/*
 * A well-formed object as the assembler writes it for "call foo": four
 * bytes of .text, a symbol table naming foo, and an empty relocation
 * section and .data, which the tests fill to ask for a linker.
 */
static struct obj *
build(void)
{
	struct obj *o;

	o = calloc(1, sizeof(*o));
	assert_non_null(o);
	o->eh = (Elf64_Ehdr *)(void *)o->b;
	o->sh = (Elf64_Shdr *)(void *)(o->b + AT_SH);
	o->sym = (Elf64_Sym *)(void *)(o->b + AT_SYMTAB);
	o->rela = (Elf64_Rela *)(void *)(o->b + AT_RELA);
	memcpy(o->eh->e_ident, ELFMAG, SELFMAG);
	o->eh->e_ident[EI_CLASS] = ELFCLASS64;
	o->eh->e_ident[EI_DATA] = ELFDATA2LSB;
	o->eh->e_ident[EI_VERSION] = EV_CURRENT;
	o->eh->e_type = ET_REL;
	o->eh->e_machine = arch_elf_machine;
	o->eh->e_version = EV_CURRENT;
	o->eh->e_ehsize = sizeof(Elf64_Ehdr);
	o->eh->e_shentsize = sizeof(Elf64_Shdr);
	o->eh->e_shoff = AT_SH;
	o->eh->e_shnum = NSECT;
	o->eh->e_shstrndx = S_SHSTR;
	memcpy(o->b + AT_TEXT, "\x01\x02\x03\x04", 4);
	memcpy(o->b + AT_SHSTR, shstr, sizeof(shstr));
	memcpy(o->b + AT_STRTAB, strtab, sizeof(strtab));
	o->sym[1].st_name = 1;				/* foo */
	o->sym[1].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE);
	o->sym[1].st_shndx = SHN_UNDEF;
	o->rela[0].r_offset = 1;
	o->rela[0].r_info = ELF64_R_INFO(1, 4);
	section(o, S_TEXT, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR,
	    AT_TEXT, 4);
	section(o, S_SHSTR, ".shstrtab", SHT_STRTAB, 0, AT_SHSTR,
	    sizeof(shstr));
	section(o, S_SYMTAB, ".symtab", SHT_SYMTAB, 0, AT_SYMTAB,
	    2 * sizeof(Elf64_Sym));
	o->sh[S_SYMTAB].sh_link = S_STRTAB;
	o->sh[S_SYMTAB].sh_entsize = sizeof(Elf64_Sym);
	section(o, S_STRTAB, ".strtab", SHT_STRTAB, 0, AT_STRTAB,
	    sizeof(strtab));
	section(o, S_RELA, ".rela.text", SHT_RELA, SHF_INFO_LINK, AT_RELA, 0);
	o->sh[S_RELA].sh_link = S_SYMTAB;
	o->sh[S_RELA].sh_info = S_TEXT;
	o->sh[S_RELA].sh_entsize = sizeof(Elf64_Rela);
	section(o, S_DATA, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE,
	    AT_TEXT, 0);
	section(o, S_NOTE, ".note.gnu.property", SHT_NOTE, SHF_ALLOC,
	    AT_TEXT, 4);
	return (o);
}

/*
 * Read the first len bytes of o from a buffer of exactly that size, so a
 * read past the end is one past a heap block (caught under ASan and
 * valgrind); 0 or -1 as elf_snippet_text, with its message in err.
 */
static int
read_obj(const struct obj *o, size_t len, size_t *off, size_t *textlen,
    char *err, size_t errlen)
{
	const uint8_t *text;
	uint8_t *copy;
	int r;

	copy = malloc(len ? len : 1);
	assert_non_null(copy);
	memcpy(copy, o->b, len);
	err[0] = '\0';
	text = NULL;
	r = elf_snippet_text(copy, len, &text, textlen, err, errlen);
	if (r == 0)
		*off = (size_t)(text - copy);
	else
		assert_true(err[0] != '\0');
	free(copy);
	return (r);
}

/* Expect -1 and a message holding `want'. */
static void
refused(const struct obj *o, size_t len, const char *want)
{
	char err[1024];
	size_t off, n;

	assert_int_equal(read_obj(o, len, &off, &n, err, sizeof(err)), -1);
	if (strstr(err, want) == NULL)
		fail_msg("message \"%s\" lacks \"%s\"", err, want);
}

static void
test_text_found(void **state)
{
	struct obj *o = build();
	char err[256];
	size_t off = 0, n = 0;

	(void)state;
	assert_int_equal(read_obj(o, OBJ_LEN, &off, &n, err, sizeof(err)), 0);
	assert_int_equal(off, AT_TEXT);
	assert_int_equal(n, 4);
	/* An empty .text is still one, and empty allocated sections pass. */
	o->sh[S_TEXT].sh_size = 0;
	assert_int_equal(read_obj(o, OBJ_LEN, &off, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 0);
	free(o);
}

/* The header: magic, class, byte order, machine, type, size. */
static void
test_not_ours(void **state)
{
	struct obj *o = build();
	char want[128];

	(void)state;
	memcpy(o->b, "hello", 5);
	refused(o, 5, "the assembler's output is not ELF");
	free(o);
	o = build();
	refused(o, sizeof(Elf64_Ehdr) - 1, "not ELF");
	snprintf(want, sizeof(want), "is not an %s ELF64 object",
	    ARCH_SNIPPET_ISA);
	o->eh->e_machine = EM_386;	/* no port's machine */
	refused(o, OBJ_LEN, want);
	o->eh->e_machine = arch_elf_machine;
	o->eh->e_ident[EI_CLASS] = ELFCLASS32;
	refused(o, OBJ_LEN, want);
	o->eh->e_ident[EI_CLASS] = ELFCLASS64;
	o->eh->e_ident[EI_DATA] = ELFDATA2MSB;
	refused(o, OBJ_LEN, want);
	o->eh->e_ident[EI_DATA] = ELFDATA2LSB;
	o->eh->e_type = ET_EXEC;
	refused(o, OBJ_LEN, want);
	free(o);
}

/* A section table that does not lie inside the file as described. */
static void
test_section_table_malformed(void **state)
{
	struct obj *o = build();
	const char *want = "the assembler's output is truncated or malformed";

	(void)state;
	refused(o, OBJ_LEN - 1, want);
	o->eh->e_shnum = 1000;
	refused(o, OBJ_LEN, want);
	o->eh->e_shnum = NSECT;
	o->eh->e_shentsize = sizeof(Elf64_Shdr) - 8;
	refused(o, OBJ_LEN, want);
	o->eh->e_shentsize = sizeof(Elf64_Shdr);
	o->eh->e_shoff = AT_SH + 4;		/* misaligned */
	refused(o, OBJ_LEN, want);
	o->eh->e_shoff = UINT64_MAX - 7;	/* offset + size wraps */
	refused(o, OBJ_LEN, want);
	free(o);
}

/* .text missing, or not inside the file. */
static void
test_no_text(void **state)
{
	struct obj *o = build();
	const char *want = "the assembler's output has no readable .text "
	    "section";

	(void)state;
	o->eh->e_shnum = 0;
	refused(o, OBJ_LEN, want);
	o->eh->e_shnum = NSECT;
	o->sh[S_TEXT].sh_offset = OBJ_LEN - 2;	/* runs past the end */
	refused(o, OBJ_LEN, want);
	o->sh[S_TEXT].sh_offset = UINT64_MAX - 1;	/* wraps */
	refused(o, OBJ_LEN, want);
	free(o);
}

/*
 * Section names unreadable (the name table's index, type or range bad, a
 * name past its end or unterminated): each is "?", so the code is not
 * taken for .text but refused as bytes in another section.
 */
static void
test_names_unreadable(void **state)
{
	struct obj *o = build();
	const char *want = "the snippet puts 4 bytes in section ?,";

	(void)state;
	o->eh->e_shstrndx = NSECT;
	refused(o, OBJ_LEN, want);
	o->eh->e_shstrndx = S_TEXT;
	refused(o, OBJ_LEN, want);
	o->eh->e_shstrndx = S_SHSTR;
	o->sh[S_SHSTR].sh_size = OBJ_LEN;
	refused(o, OBJ_LEN, want);
	o->sh[S_SHSTR].sh_size = sizeof(shstr);
	o->sh[S_TEXT].sh_name = sizeof(shstr);
	refused(o, OBJ_LEN, want);
	/* ".text" with its NUL cut off by the end of the table. */
	o->sh[S_TEXT].sh_name = 1;
	o->sh[S_SHSTR].sh_size = 1 + strlen(".text");
	refused(o, OBJ_LEN, want);
	/* Named .text but not code: refused as bytes too. */
	o->sh[S_SHSTR].sh_size = sizeof(shstr);
	o->sh[S_TEXT].sh_type = SHT_NOBITS;
	refused(o, OBJ_LEN, "the snippet puts 4 bytes in section .text,");
	free(o);
}

/* Bytes in another allocated section would never be run. */
static void
test_data_refused(void **state)
{
	struct obj *o = build();
	char err[256];
	size_t off, n;

	(void)state;
	o->sh[S_DATA].sh_size = 8;
	refused(o, OBJ_LEN, "the snippet puts 8 bytes in section .data, but "
	    "only .text is run: keep data in the scratch area at");
	/* Not allocated (debug information): nothing to run, no matter. */
	o->sh[S_DATA].sh_flags = 0;
	assert_int_equal(read_obj(o, OBJ_LEN, &off, &n, err, sizeof(err)), 0);
	free(o);
}

/* A relocation: which place, which symbol, how many. */
static void
test_relocation_refused(void **state)
{
	struct obj *o = build();

	(void)state;
	o->sh[S_RELA].sh_size = sizeof(Elf64_Rela);
	refused(o, OBJ_LEN, ".text+0x1 refers to symbol 'foo', which only a "
	    "linker could resolve (1 relocation): a snippet runs from copies "
	    "at an address chosen at run time");
	o->sh[S_RELA].sh_size = 3 * sizeof(Elf64_Rela);
	refused(o, OBJ_LEN, "(3 relocations)");
	/* Rel entries are smaller: the count follows the type. */
	o->sh[S_RELA].sh_type = SHT_REL;
	refused(o, OBJ_LEN, "(4 relocations)");
	o->sh[S_RELA].sh_type = SHT_RELA;
	o->sh[S_RELA].sh_size = sizeof(Elf64_Rela);
	/* Against a section symbol: the section is named. */
	o->sym[1].st_info = ELF64_ST_INFO(STB_LOCAL, STT_SECTION);
	o->sym[1].st_shndx = S_DATA;
	refused(o, OBJ_LEN, ".text+0x1 refers to section .data, which");
	/* A section symbol of a section that does not exist: by name. */
	o->sym[1].st_shndx = NSECT + 5;
	refused(o, OBJ_LEN, "refers to symbol 'foo'");
	free(o);
}

/* A relocation whose parts are out of range still gets its message. */
static void
test_relocation_malformed(void **state)
{
	struct obj *o = build();
	const char *unknown = ".text+0x1 refers to an unknown symbol";

	(void)state;
	o->sh[S_RELA].sh_size = sizeof(Elf64_Rela);
	o->rela[0].r_info = ELF64_R_INFO(2, 4);		/* past the table */
	refused(o, OBJ_LEN, unknown);
	o->rela[0].r_info = ELF64_R_INFO(0xffffffffu, 4);
	refused(o, OBJ_LEN, unknown);
	o->rela[0].r_info = ELF64_R_INFO(1, 4);
	/* The table where the file is not, or wrapping past zero. */
	o->sh[S_SYMTAB].sh_offset = UINT64_MAX - 16;
	refused(o, OBJ_LEN, unknown);
	o->sh[S_SYMTAB].sh_offset = AT_SYMTAB;
	o->sh[S_SYMTAB].sh_size = sizeof(Elf64_Sym) + 8;
	refused(o, OBJ_LEN, unknown);
	o->sh[S_SYMTAB].sh_size = 2 * sizeof(Elf64_Sym);
	/* The link to a section that is not a symbol table, or none. */
	o->sh[S_RELA].sh_link = S_STRTAB;
	refused(o, OBJ_LEN, unknown);
	o->sh[S_RELA].sh_link = 999;
	refused(o, OBJ_LEN, unknown);
	o->sh[S_RELA].sh_link = S_SYMTAB;
	/* Its symbol's name out of its string table, or unterminated. */
	o->sym[1].st_name = 100;
	refused(o, OBJ_LEN, "refers to symbol '?'");
	o->sym[1].st_name = 1;
	o->sh[S_STRTAB].sh_size = 4;			/* "\0foo" */
	refused(o, OBJ_LEN, "refers to symbol '?'");
	o->sh[S_STRTAB].sh_size = sizeof(strtab);
	/* The section it applies to out of range; the entry past the end. */
	o->sh[S_RELA].sh_info = 999;
	refused(o, OBJ_LEN, "?+0x1 refers to symbol 'foo'");
	o->sh[S_RELA].sh_info = S_TEXT;
	o->sh[S_RELA].sh_offset = OBJ_LEN - 8;
	refused(o, OBJ_LEN, ".text+0x0 refers to ");
	free(o);
}

/* A message longer than the buffer is cut, terminated. */
static void
test_short_buffer(void **state)
{
	struct obj *o = build();
	char err[16];
	size_t off, n;

	(void)state;
	o->sh[S_RELA].sh_size = sizeof(Elf64_Rela);
	memset(err, 'x', sizeof(err));
	assert_int_equal(read_obj(o, OBJ_LEN, &off, &n, err, sizeof(err)),
	    -1);
	assert_int_equal(strlen(err), sizeof(err) - 1);
	assert_string_equal(err, ".text+0x1 refer");
	free(o);
}

/* The damaged objects test_snippet.c once held, for every port. */
static void
test_elf_damaged(void **state)
{
	const uint8_t *text;
	uint8_t *obj;
	Elf64_Ehdr eh;
	size_t len, n;
	char err[256], want[128];

	(void)state;
	assert_int_equal(elf_snippet_text((const uint8_t *)"hello", 5, &text,
	    &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "not ELF"));

	/* A header claiming sections past the end of the file. */
	memset(&eh, 0, sizeof(eh));
	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_type = ET_REL;
	eh.e_machine = arch_elf_machine;
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shoff = 64;
	eh.e_shnum = 1000;
	len = sizeof(eh) + 64;
	obj = calloc(1, len);
	assert_non_null(obj);
	memcpy(obj, &eh, sizeof(eh));
	assert_int_equal(elf_snippet_text(obj, len, &text, &n, err,
	    sizeof(err)), -1);
	assert_non_null(strstr(err, "truncated"));

	/* Sections that fit but hold no .text. */
	eh.e_shnum = 0;
	memcpy(obj, &eh, sizeof(eh));
	assert_int_equal(elf_snippet_text(obj, len, &text, &n, err,
	    sizeof(err)), -1);
	assert_non_null(strstr(err, "no readable .text"));

	eh.e_machine = EM_386;
	memcpy(obj, &eh, sizeof(eh));
	assert_int_equal(elf_snippet_text(obj, len, &text, &n, err,
	    sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s", ARCH_SNIPPET_ISA);
	assert_non_null(strstr(err, want));
	free(obj);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_found),
		cmocka_unit_test(test_not_ours),
		cmocka_unit_test(test_section_table_malformed),
		cmocka_unit_test(test_no_text),
		cmocka_unit_test(test_names_unreadable),
		cmocka_unit_test(test_data_refused),
		cmocka_unit_test(test_relocation_refused),
		cmocka_unit_test(test_relocation_malformed),
		cmocka_unit_test(test_short_buffer),
		cmocka_unit_test(test_elf_damaged),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
