/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The signals that end a measuring command early: Ctrl-C (SIGINT),
 * SIGTERM, and SIGHUP from a closed terminal or ssh session.  Each asks
 * the library to stop (cb_interrupt) so that the command can save what
 * it has, clean up and exit as the signal would have.  A reader of the
 * output that has gone away (SIGPIPE) must not cost the results files.
 */
#include <signal.h>
#include <string.h>

#include "cyclebench.h"
#include "cli/cli.h"

static volatile sig_atomic_t stop_signal;

static void
on_stop_signal(int sig)
{
	stop_signal = sig;
	cb_interrupt();
}

void
cli_catch_stop_signals(void)
{
	static const int stops[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(stops) / sizeof(stops[0]); i++)
		sigaction(stops[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

int
cli_stop_signal(void)
{
	return (stop_signal != 0 ? stop_signal : SIGINT);
}
