/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cb-snippet: the program a snippet runs in.  cyclebench starts it for
 * each round (core/isolate.h, isolate_in_program) with the round's options
 * and the snippet on its spec descriptor and nothing else of cyclebench:
 * no environment, no other descriptor, no controlling terminal.  It maps
 * the snippet, confines itself (os/sandbox.h) and measures one round,
 * whose result goes down the pipe like any measuring child's.  It takes
 * no arguments and is not meant to be run by hand.
 */
#include "core/isolate.h"
#include "snippet/snippet.h"

static int
make(const void *payload, size_t len, const struct cb_bench **b, char *why,
    size_t whylen)
{
	struct snippet *s;

	if (snippet_unpack(payload, len, &s, why, whylen) != 0)
		return (-1);
	*b = &s->bench;
	return (0);
}

int
main(void)
{
	isolate_serve(make);
}
