/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The general registers' names, shared by what reads instructions
 * (insn_regs.c) and what writes them (exegesis_widen.c): by width (64,
 * 32, 16, 8 bits), then by number, as the encoding numbers them.
 */
#ifndef CB_ARCH_X86_REGS_H
#define CB_ARCH_X86_REGS_H

#define X86_NGPR	16

extern const char *const x86_gpr[4][X86_NGPR];

#endif
