/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The terminal a table is printed on.  A table fits the terminal's width
 * only when a person reads it there; into a pipe or a file it goes whole,
 * so that what a script reads does not depend on a window's size.
 */
#ifndef CB_OS_TERM_H
#define CB_OS_TERM_H

#include <stdio.h>

/*
 * Columns of the terminal fp writes to: $COLUMNS when it holds a width,
 * else what the terminal reports; 0 when fp is not a terminal, or its
 * width is unknown (then nothing is cut).
 */
int	term_width(FILE *fp);

#endif
