/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every suite includes: how to declare itself (CB_SUITE,
 * core/registry.h).  The build lists the suites (scripts/suite-list).
 */
#ifndef CB_SUITES_H
#define CB_SUITES_H

#include "core/registry.h"

#endif
