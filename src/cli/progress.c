/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Progress on stderr: one line redrawn in place (\r and erase to end of
 * line), cut to the terminal's width so that it never wraps, which would
 * leave a trail of half-erased lines.  The time left is the mean time of
 * the steps done so far times the steps to come: benchmarks differ by
 * orders of magnitude, so it is an estimate, and says so with "~".
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/progress.h"
#include "os/term.h"
#include "util/scrub.h"
#include "util/time.h"

/* 75 s: "1:15"; 4000 s: "1:06:40". */
static void
duration(double s, char *buf, size_t len)
{
	long t = s > 0 ? (long)(s + 0.5) : 0;

	if (t >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60,
		    t % 60);
	else
		snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
}

void
progress_start(struct progress *p, size_t total)
{

	memset(p, 0, sizeof(*p));
	p->show = isatty(STDERR_FILENO);
	p->width = term_width(stderr);
	p->start = monotonic_seconds();
	p->total = total;
}

void
progress_line(struct progress *p, const char *head, size_t done,
    const char *what)
{
	char times[96], spent[32], left[32];
	double elapsed;
	int room;

	if (!p->show)
		return;
	elapsed = monotonic_seconds() - p->start;
	duration(elapsed, spent, sizeof(spent));
	if (done > 0 && done < p->total) {
		duration(elapsed / (double)done * (double)(p->total - done),
		    left, sizeof(left));
		snprintf(times, sizeof(times), "  %s elapsed, ~%s left", spent,
		    left);
	} else
		snprintf(times, sizeof(times), "  %s elapsed", spent);
	room = p->width > 0 ? p->width - 1 - (int)strlen(head) -
	    (int)strlen(times) : (int)strlen(what);
	if (room < 8)
		room = 8;
	/* what may be a file's name: only the line's own escape is ours. */
	fputs("\r\033[K", stderr);
	term_eprintf("%s%.*s%s", head, room, what, times);
	fflush(stderr);
}

void
progress_step(struct progress *p, size_t done, const char *what)
{
	char head[64];

	snprintf(head, sizeof(head), "[%zu/%zu] ", done + 1, p->total);
	progress_line(p, head, done, what);
}

void
progress_end(struct progress *p)
{

	if (!p->show)
		return;
	fprintf(stderr, "\r\033[K");
	fflush(stderr);
}
