/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A snippet made from text, as `cyclebench asm' makes one, for the tests
 * of each instruction set's harness.  Include after <cmocka.h>.
 */
#ifndef CB_TEST_SNIPPET_PREPARE_H
#define CB_TEST_SNIPPET_PREPARE_H

#include <string.h>

#include "snippet/snippet.h"

static struct snippet *
prepare(const char *init, const char *body, unsigned unroll)
{
	struct snippet_spec spec;
	struct snippet *s;
	char err[1024], warn[1024];

	memset(&spec, 0, sizeof(spec));
	spec.title = "test";
	spec.body = body;
	spec.body_len = strlen(body);
	spec.body_label = "snippet";
	spec.init = init;
	spec.init_len = init != NULL ? strlen(init) : 0;
	spec.init_label = "init";
	spec.unroll = unroll;
	spec.mode = CB_THROUGHPUT;
	if (snippet_prepare(&spec, &s, err, sizeof(err), warn,
	    sizeof(warn)) != 0)
		fail_msg("%s", err);
	return (s);
}

#endif
