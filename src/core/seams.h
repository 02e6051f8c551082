/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Link seams: functions the tool declares weak and never defines, so
 * that a test build can link a definition (tests/seams/seams.c makes
 * build/cyclebench-seams) and bring on demand what no machine does when
 * asked.  In the tool each is absent (its address is NULL), and no
 * environment or input can change that.
 */
#ifndef CB_CORE_SEAMS_H
#define CB_CORE_SEAMS_H

/*
 * A round's closing clock reads a core clock faster by the share this
 * returns (engine.c), so the tests see a drift reported.
 */
double	cb_seam_drift(void) __attribute__((weak));

/*
 * A stretch of the host's over characterize's rows: 1 flags this
 * measurement of a row miscalibrated, 0 clears the flags that send a row
 * back, -1 leaves it as measured; `again' says it is the row's second
 * measurement (cmd_characterize.c).
 */
int	cb_seam_stretch(int again) __attribute__((weak));

#endif
