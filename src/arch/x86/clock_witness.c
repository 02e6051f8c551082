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
 * The witness is `addq %r, %r' repeated: one cycle a link on every x86
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

static const char *const witness_regs[] = {
	"%r8", "%r9", "%r10", "%r11", "%r12", "%r13", "%rbx", "%rbp",
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
arch_clock_witness(const char *body, unsigned links, FILE *fp)
{
	const char *reg = NULL;
	uint64_t used;
	size_t i;
	unsigned k;
	int wide, f;

	used = families(body, &wide);
	if (!wide)
		return (0);
	for (i = 0; i < sizeof(witness_regs) / sizeof(witness_regs[0]) &&
	    reg == NULL; i++) {
		f = arch_reg_family(witness_regs[i] + 1,
		    strlen(witness_regs[i] + 1));
		if (f >= 0 && f < 64 && !(used & ((uint64_t)1 << f)))
			reg = witness_regs[i];
	}
	if (reg == NULL)
		return (-1);
	for (k = 0; k < links; k++)
		fprintf(fp, "addq %s, %s\n", reg, reg);
	return (1);
}
