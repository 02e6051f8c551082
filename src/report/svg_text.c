/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How wide a chart's text is drawn, so that a chart can be made as wide
 * as its longest label: there is no script in the page to measure it,
 * so it is estimated from a table of advance widths, DejaVu Sans's (the
 * widest of the common sans-serif faces: Liberation, Arial and
 * Helvetica draw narrower), in thousandths of the font size.  A
 * character past ASCII counts as a whole em, wider than any in the
 * table, so that an estimate errs wide, never narrow.
 */
#include <string.h>

#include "report/svg_draw.h"

#define EM	1000

/* Advance widths of ' ' to '~', in thousandths of an em. */
static const unsigned short ascii_w[] = {
	318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361,
	318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337,
	838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295,
	295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989,
	685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615,
	352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521,
	392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
};

#define NASCII	(sizeof(ascii_w) / sizeof(ascii_w[0]))

double
svg_text_width(const char *s, double px)
{
	const unsigned char *p;
	unsigned long w = 0;

	for (p = (const unsigned char *)s; p != NULL && *p != '\0'; p++) {
		if (*p >= ' ' && *p - ' ' < (int)NASCII)
			w += ascii_w[*p - ' '];
		else if (*p < 0x80 || (*p & 0xc0) == 0xc0)
			w += EM;	/* a control, or a character's lead byte */
	}
	return ((double)w * px / EM);
}
