/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Passwords out of everything cyclebench shows or keeps: a store's URL
 * is typed on the command line, and the command line is recorded in
 * results files, the store, reports and messages.  One rule finds the
 * password in any word or connection string; everything else about the
 * text stays, so a reader still sees which user on which host.
 */
#ifndef CB_UTIL_REDACT_H
#define CB_UTIL_REDACT_H

#include <stddef.h>

/*
 * s with every password in it replaced by "***": a URL's user-info
 * ("scheme://user:PW@host", to the last '@', so that a raw '@' in PW
 * hides all of it), and the value of any "password=" key, in any case
 * and with or without "ssl" before it (a URL query's, up to '&'; a libpq
 * keyword string's, up to a blank, or 'quoted').  malloc'ed; NULL when
 * out of memory.
 */
char	*redact(const char *s);

/* 1 when redact(s) differs from s. */
int	redact_needed(const char *s);

/*
 * redact(s) written over s itself, cut to s's length and the rest of it
 * zeroed: for text others read where it lies (the process's arguments,
 * which /proc/PID/cmdline and ps show).  Out of memory, every byte of a
 * word that holds a password becomes '*'.  1 when s changed.
 */
int	redact_in_place(char *s);

/*
 * In msg, every copy of a password that conninfo holds replaced by
 * "***", and every copy of each piece of it between '@' and '/': a
 * connection library may quote a password it could not parse, or the
 * host or port it then read from a piece of it.  Only copies of three
 * bytes or more, lest a short one mask half the message's letters; the
 * message never grows.
 */
void	redact_echo(char *msg, const char *conninfo);

#endif
