/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Under an emulator (make check-arm64 runs the arm64 tests with
 * qemu-aarch64, scripts/check-i386 the i386 ones with qemu-i386 where the
 * kernel cannot run 32-bit programs; both say so in CYCLEBENCH_EMULATED),
 * cycles are the emulator's and CPUID describes its model, not the host
 * the kernel reports: tests of those skip, the rest check behaviour as
 * anywhere.
 */
#ifndef CB_TESTS_EMULATED_H
#define CB_TESTS_EMULATED_H

#include <stdlib.h>

#define EMULATED()	(getenv("CYCLEBENCH_EMULATED") != NULL)

#define SKIP_IF_EMULATED() do {						\
	if (EMULATED())							\
		skip();							\
} while (0)

#endif
