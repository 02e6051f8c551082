/* SPDX-License-Identifier: BSD-2-Clause */
/* The built-in suites; registry.c lists them in run order. */
#ifndef CB_SUITES_H
#define CB_SUITES_H

#include "core/registry.h"

extern const struct cb_suite suite_basic;
extern const struct cb_suite suite_atomic;
extern const struct cb_suite suite_counter;
extern const struct cb_suite suite_selftest;
extern const struct cb_suite suite_entry;
extern const struct cb_suite suite_fpu;
extern const struct cb_suite suite_serialize;
extern const struct cb_suite suite_i386;	/* i386 builds only */
extern const struct cb_suite suite_signal;
extern const struct cb_suite suite_syscall;

extern const struct cb_suite suite_fault;
extern const struct cb_suite suite_mmap;
extern const struct cb_suite suite_ctxsw;

#endif
