/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The clock witness for x86-64 (arch_clock_witness in arch/arch.h).
 *
 * An Intel core lowers its clock while 512-bit floating-point and
 * multiply instructions execute (the AVX-512 license levels) and raises
 * it again within microseconds, before the add chain timed after a
 * sample runs: on an Emerald Rapids guest a load chain beside
 * vfmadd231ps on %zmm took 5.40 calibrated cycles a load, beside the
 * same on %ymm or vpaddd on %zmm 5.00.  So a body that names a %zmm
 * register gets a witness; one that does not cannot lower the clock on
 * the cores we know (256-bit code did not on the cores measured; AMD's
 * do not by instruction).
 *
 * The witness is `addq %r, %r' repeated, encoded here (no assembler to
 * run for each of thousands of rows): one cycle a link on every x86
 * core, on the integer ports, which 512-bit code leaves free (beside six
 * vpaddd on %zmm a copy the chain kept its cycle).  Its register is one
 * of those the body names in no width; the accumulator, counter, data and
 * index registers are passed over, as instructions use them without
 * naming them.  The body may be in either syntax, as objdump wrote it.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"

/* The chain's candidates, by name and number in the encoding. */
static const struct {
	const char	*name;
	unsigned	 num;
} witness_regs[] = {
	{ "r8", 8 }, { "r9", 9 }, { "r10", 10 }, { "r11", 11 },
	{ "r12", 12 }, { "r13", 13 }, { "rbx", 3 }, { "rbp", 5 },
};

/*
 * The register families `body' names, as bits, in either syntax (every
 * word is tried as a register name); *wide: it names a %zmm.
 */
static uint64_t
families(const char *body, int *wide)
{
	const char *p = body, *e;
	uint64_t used = 0;
	int f;

	*wide = 0;
	for (; *p != '\0'; p = e) {
		for (e = p; isalnum((unsigned char)*e); e++)
			;
		if (e == p) {
			e++;
			continue;
		}
		if ((f = arch_reg_family(p, (size_t)(e - p))) < 0 || f >= 64)
			continue;
		used |= (uint64_t)1 << f;
		if (strncmp(p, "zmm", 3) == 0)
			*wide = 1;
	}
	return (used);
}

int
arch_clock_witness(const char *body, struct arch_witness_link *l)
{
	uint64_t used;
	size_t i;
	unsigned n;
	int wide, f;

#if !defined(__x86_64__)
	/* 32-bit code has no r8-r13 and reads REX as inc/dec: no witness. */
	(void)l;
	return (0);
#endif
	used = families(body, &wide);
	if (!wide)
		return (0);
	for (i = 0; i < sizeof(witness_regs) / sizeof(witness_regs[0]); i++) {
		f = arch_reg_family(witness_regs[i].name,
		    strlen(witness_regs[i].name));
		if (f < 0 || f >= 64 || (used & ((uint64_t)1 << f)))
			continue;
		/* addq %r, %r: REX.W (R and B for r8-r15), 01 /r, mod 11. */
		n = witness_regs[i].num;
		l->code[0] = (uint8_t)(0x48 | (n >= 8 ? 0x05 : 0));
		l->code[1] = 0x01;
		l->code[2] = (uint8_t)(0xc0 | (n & 7) << 3 | (n & 7));
		l->len = 3;
		snprintf(l->text, sizeof(l->text), "add %%%s,%%%s",
		    witness_regs[i].name, witness_regs[i].name);
		return (1);
	}
	return (-1);
}
