/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The vector register state XSAVE manages, put in a known condition for
 * benchmarks whose cost depends on how much of it is in use: a signal
 * frame saves it on delivery and restores it on return.
 */
#ifndef CB_ARCH_X86_XSTATE_H
#define CB_ARCH_X86_XSTATE_H

/*
 * Return the AVX and AVX-512 components (YMM upper halves, opmasks, ZMM
 * upper halves, ZMM16-31) to their init state, so XSAVE finds them
 * unused; glibc's EVEX string functions leave ZMM16-31 in use otherwise.
 * Does nothing without XSAVE, where no such state exists.
 */
void	arch_xstate_clean(void);

/* Leave the YMM upper halves in use (needs AVX). */
void	arch_xstate_dirty_avx(void);

/* Leave every AVX-512 component in use (needs AVX-512F, x86-64). */
void	arch_xstate_dirty_avx512(void);

#endif
