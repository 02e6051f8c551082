/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The vector state XSAVE manages, cleaned or left in use (arch/arch.h):
 * XRSTOR of a header that marks the components unused, or instructions
 * that write them.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cyclebench.h"
#include "arch/arch.h"
#include "arch/x86/cpu.h"

/* XSAVE components: YMM_Hi128, opmask, ZMM_Hi256, Hi16_ZMM. */
#define XFEATURES_VECTOR	((1u << 2) | (1u << 5) | (1u << 6) | (1u << 7))
/* And x87 and SSE: all the floating-point state a new process has. */
#define XFEATURES_FP		((1u << 0) | (1u << 1) | XFEATURES_VECTOR)
#define XSTATE_BV_OFFSET	512	/* the header, after the legacy area */

static uint8_t *area;

/* An i386 build without SSE uses no vector register and may name none. */
#ifdef __SSE__
#define CLOBBERS_XMM7	"xmm7"
#else
#define CLOBBERS_XMM7
#endif

/* A 64-byte aligned area as large as XCR0's components need, or NULL. */
static uint8_t *
xsave_area(void)
{
	uint32_t r[4];
	size_t size;

	if (area != NULL || !(arch_cpu_features() & CB_CPU_XSAVE))
		return (area);
	arch_cpuid(0xd, 0, r);
	size = ((size_t)r[1] + 63) & ~(size_t)63;
	if ((area = aligned_alloc(64, size)) != NULL)
		memset(area, 0, size);
	return (area);
}

/*
 * XRSTOR initialises every requested component whose XSTATE_BV bit is
 * clear, and the processor then tracks it as unused.  Saving first keeps
 * MXCSR, which XRSTOR of the SSE or YMM component reloads.  The processor
 * ANDs the request with XCR0, so components the OS did not enable are
 * left alone.  0, or -1 without XSAVE.
 */
static int
init_components(uint32_t features)
{
	uint64_t *bv;
	uint8_t *a;

	if ((a = xsave_area()) == NULL)
		return (-1);
	__asm__ volatile("xsave (%0)" : : "r" (a), "a" (features), "d" (0) :
	    "memory");
	bv = (uint64_t *)(void *)(a + XSTATE_BV_OFFSET);
	*bv &= ~(uint64_t)features;
	__asm__ volatile("xrstor (%0)" : : "r" (a), "a" (features), "d" (0) :
	    "memory");
	return (0);
}

void
arch_xstate_clean(void)
{
	(void)init_components(XFEATURES_VECTOR);
}

/* Without XSAVE, the x87 state alone: the vector registers stay. */
void
arch_fp_state_init(void)
{
	if (init_components(XFEATURES_FP) != 0)
		__asm__ volatile("fninit" : : : "memory");
}

/* All ones, so the upper halves are in use whatever the CPU tracks. */
void
arch_xstate_dirty_avx(void)
{
	__asm__ volatile("vcmpps $0x0f, %%ymm7, %%ymm7, %%ymm7" : : :
	    CLOBBERS_XMM7);
}

/*
 * ZMM7 covers the YMM and ZMM upper halves, ZMM16 the high sixteen, K1
 * the opmasks.  The compiler, built without AVX-512, uses none of them.
 */
void
arch_xstate_dirty_avx512(void)
{
#ifdef __x86_64__
	__asm__ volatile("vpternlogd $0xff, %%zmm7, %%zmm7, %%zmm7\n\t"
	    "vpternlogd $0xff, %%zmm16, %%zmm16, %%zmm16\n\t"
	    "kxnorw %%k1, %%k1, %%k1" : : : "xmm7");
#endif
}
