/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: the audit architecture of this build's ABI, as seccomp reports
 * it (seccomp_data.arch, siginfo's si_arch); undefined where none is.
 */
#ifndef CB_OS_LINUX_AUDIT_ARCH_H
#define CB_OS_LINUX_AUDIT_ARCH_H

#include <linux/audit.h>

#if defined(__x86_64__)
#define NATIVE_ARCH	AUDIT_ARCH_X86_64
#elif defined(__i386__)
#define NATIVE_ARCH	AUDIT_ARCH_I386
#elif defined(__aarch64__)
#define NATIVE_ARCH	AUDIT_ARCH_AARCH64
#endif

#endif
