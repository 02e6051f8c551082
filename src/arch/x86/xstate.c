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
 * MXCSR, which XRSTOR of the YMM component reloads.  The processor ANDs
 * the request with XCR0, so components the OS did not enable are left
 * alone.
 */
void
arch_xstate_clean(void)
{
	uint64_t *bv;
	uint8_t *a;

	if ((a = xsave_area()) == NULL)
		return;
	__asm__ volatile("xsave (%0)" : : "r" (a), "a" (XFEATURES_VECTOR),
	    "d" (0) : "memory");
	bv = (uint64_t *)(void *)(a + XSTATE_BV_OFFSET);
	*bv &= ~(uint64_t)XFEATURES_VECTOR;
	__asm__ volatile("xrstor (%0)" : : "r" (a), "a" (XFEATURES_VECTOR),
	    "d" (0) : "memory");
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
