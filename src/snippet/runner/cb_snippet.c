/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cb-snippet: the program a snippet runs in.  cyclebench starts it for
 * a round, or for one round each of several snippets that may share it
 * (core/isolate.h, isolate_in_program), with the rounds' options and the
 * snippets on its spec descriptor and nothing else of cyclebench: no
 * environment, no other descriptor, no controlling terminal.  It maps
 * the snippets, confines itself (os/sandbox.h) and measures the rounds,
 * whose results go down the pipe like any measuring child's.  It takes
 * no arguments and is not meant to be run by hand.
 */
#include "core/isolate.h"
#include "snippet/snippet.h"

static int
make(const void *const *payload, const size_t *len, size_t n,
    const struct cb_bench **b, char *why, size_t whylen)
{
	struct snippet *s[ISOLATE_MAX_SHARED];
	size_t i;

	for (i = 0; i < n; i++) {
		if (snippet_unpack(payload[i], len[i], &s[i], why,
		    whylen) != 0)
			return (-1);
		b[i] = &s[i]->bench;
	}
	return (n > 1 ? snippet_share(s, n, why, whylen) : 0);
}

int
main(void)
{
	isolate_serve(make);
}
