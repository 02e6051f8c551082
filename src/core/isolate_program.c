/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Rounds that run in a program of their own (core/isolate.h,
 * isolate_in_program): the program started for each round with the
 * round's options and the benchmark's payload on its spec descriptor,
 * and, in that program, the payload read back, checked like a file, and
 * the round measured as a forked child would (isolate_child).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/isolate.h"
#include "core/isolate_child.h"
#include "os/child.h"
#include "util/time.h"
#include "util/write_all.h"

#define ISOLATE_SPEC_SECONDS	10.0	/* to read a spec from a memfd */

/* What isolate_spawn hands the program, ahead of the payload. */
struct exec_spec {
	char			 magic[8];
	uint32_t		 sizes[3];	/* of the three below */
	struct cb_options	 options;
	struct engine_prep	 prep;
	struct cb_result	 result;	/* unused: its size checked */
	int			 first;
	double			 ref_hz;	/* the parent's clock */
	char			 ref_source[64];
	size_t			 len;		/* of the payload */
};

#define EXEC_MAGIC	"cbround"
#define EXEC_MAX_PAYLOAD (64UL << 20)

/* Which benchmarks' rounds go on in a program (isolate_in_program). */
static struct {
	cb_setup_fn		*setup;
	isolate_program_fn	*describe;
} programs[ISOLATE_MAX_PROGRAMS];

int
isolate_in_program(cb_setup_fn *setup, isolate_program_fn *describe)
{
	size_t i;

	for (i = 0; i < ISOLATE_MAX_PROGRAMS; i++) {
		if (programs[i].setup == NULL || programs[i].setup == setup) {
			programs[i].setup = setup;
			programs[i].describe = describe;
			return (0);
		}
	}
	return (-1);
}

isolate_program_fn *
isolate_program_of(const struct cb_bench *b)
{
	size_t i;

	for (i = 0; i < ISOLATE_MAX_PROGRAMS && programs[i].setup != NULL;
	    i++)
		if (programs[i].setup == b->setup)
			return (programs[i].describe);
	return (NULL);
}

pid_t
isolate_spawn(const struct cb_bench *b, isolate_program_fn *describe,
    const struct cb_options *o, const struct engine_prep *p, int first,
    int fd, struct cb_result *r)
{
	char why[CB_REASON_MAX] = "", path[4096];
	struct exec_spec *h = NULL;
	void *payload = NULL;
	size_t len = 0;
	pid_t pid = -1;

	if (describe(b->arg, path, sizeof(path), &payload, &len, why,
	    sizeof(why)) != 0)
		goto out;
	if (len > EXEC_MAX_PAYLOAD ||
	    (h = calloc(1, sizeof(*h) + len)) == NULL) {
		snprintf(why, sizeof(why), "out of memory");
		goto out;
	}
	memcpy(h->magic, EXEC_MAGIC, sizeof(h->magic));
	h->sizes[0] = sizeof(h->options);
	h->sizes[1] = sizeof(h->prep);
	h->sizes[2] = sizeof(h->result);
	h->options = *o;
	h->prep = *p;
	h->first = first;
	h->ref_hz = clock_ref_hz();
	snprintf(h->ref_source, sizeof(h->ref_source), "%s",
	    clock_ref_source());
	h->len = len;
	memcpy(h + 1, payload, len);
	if (os_child_spawn(path, h, sizeof(*h) + len, fd, &pid, why,
	    sizeof(why)) != 0)
		pid = -1;
out:
	if (pid < 0)
		isolate_set_reason(r, CB_ERROR, "%s", why[0] ? why :
		    "cannot start the measuring program");
	free(payload);
	free(h);
	return (pid);
}

/* In a program isolate_spawn started: a result saying what went wrong. */
static void __attribute__((noreturn))
serve_error(const char *why)
{
	struct cb_result r;

	memset(&r, 0, sizeof(r));
	isolate_set_reason(&r, CB_ERROR, "%s", why);
	_exit(write_all(OS_CHILD_RESULT_FD, &r, sizeof(r)) == 0 ? 0 : 3);
}

void
isolate_serve(isolate_make_fn *make)
{
	char why[CB_REASON_MAX] = "";
	const struct cb_bench *b;
	struct exec_spec h;
	void *payload;

	if (isolate_read_until(OS_CHILD_SPEC_FD, &h, sizeof(h),
	    monotonic_seconds() + ISOLATE_SPEC_SECONDS) !=
	    (ssize_t)sizeof(h) ||
	    memcmp(h.magic, EXEC_MAGIC, sizeof(h.magic)) != 0 ||
	    h.sizes[0] != sizeof(h.options) || h.sizes[1] != sizeof(h.prep) ||
	    h.sizes[2] != sizeof(h.result) || h.len > EXEC_MAX_PAYLOAD)
		serve_error("the measuring program is not this cyclebench's "
		    "(reinstall both)");
	if ((payload = malloc(h.len ? h.len : 1)) == NULL)
		serve_error("out of memory");
	if (isolate_read_until(OS_CHILD_SPEC_FD, payload, h.len,
	    monotonic_seconds() + ISOLATE_SPEC_SECONDS) != (ssize_t)h.len)
		serve_error("the measuring program's spec is cut short");
	close(OS_CHILD_SPEC_FD);
	h.ref_source[sizeof(h.ref_source) - 1] = '\0';
	clock_init_from(h.ref_hz, h.ref_source);
	if (make(payload, h.len, &b, why, sizeof(why)) != 0)
		serve_error(why);
	isolate_child(OS_CHILD_RESULT_FD, b, &h.options, &h.prep, h.first);
}
