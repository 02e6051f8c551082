/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Rounds that run in a program of their own (core/isolate.h,
 * isolate_in_program): the program started with the rounds' options and
 * the benchmarks' payloads on its spec descriptor, and, in that program,
 * the payloads read back, checked like a file, and the rounds measured
 * one after another as a forked child measures one (isolate_child).
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

/* Each round's options, then its payload. */
struct exec_round {
	struct cb_options	 options;
	size_t			 len;		/* of the payload */
};

/*
 * What isolate_spawn hands the program, ahead of its rounds; the sizes
 * of what both must agree on, checked.
 */
struct exec_spec {
	char			 magic[8];
	uint32_t		 sizes[4];
	struct engine_prep	 prep;
	int			 first;
	double			 ref_hz;	/* the parent's clock */
	char			 ref_source[64];
	uint32_t		 n;		/* rounds, each after this */
};

static const uint32_t exec_sizes[4] = { sizeof(struct exec_spec),
    sizeof(struct cb_result), sizeof(struct cb_options),
    sizeof(struct exec_round) };

#define EXEC_MAGIC	"cbround"
#define EXEC_MAX_SPEC	(256UL << 20)	/* every round's payload */

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
isolate_spawn(const struct isolate_program *pg,
    const struct cb_options *const *o, size_t n,
    const struct engine_prep *p, int first, int fd, struct cb_result *r)
{
	char why[CB_REASON_MAX] = "";
	struct exec_spec *h;
	struct exec_round er;
	size_t i, len = sizeof(*h);
	char *at;
	pid_t pid = -1;

	for (i = 0; i < n; i++)
		len += sizeof(er) + pg[i].len;
	if (n > ISOLATE_MAX_SHARED || len > EXEC_MAX_SPEC ||
	    (h = calloc(1, len)) == NULL) {
		isolate_set_reason(r, CB_ERROR, "out of memory");
		return (-1);
	}
	memcpy(h->magic, EXEC_MAGIC, sizeof(h->magic));
	memcpy(h->sizes, exec_sizes, sizeof(h->sizes));
	h->prep = *p;
	h->first = first;
	h->ref_hz = clock_ref_hz();
	snprintf(h->ref_source, sizeof(h->ref_source), "%s",
	    clock_ref_source());
	h->n = (uint32_t)n;
	at = (char *)(h + 1);
	for (i = 0; i < n; i++) {
		memset(&er, 0, sizeof(er));
		er.options = *o[i];
		er.len = pg[i].len;
		memcpy(at, &er, sizeof(er));
		memcpy(at + sizeof(er), pg[i].payload, pg[i].len);
		at += sizeof(er) + pg[i].len;
	}
	if (os_child_spawn(pg[0].path, h, len, fd, &pid, why,
	    sizeof(why)) != 0) {
		pid = -1;
		isolate_set_reason(r, CB_ERROR, "%s", why[0] ? why :
		    "cannot start the measuring program");
	}
	free(h);
	return (pid);
}

/*
 * In a program isolate_spawn started: a result saying what went wrong,
 * the first round's, and the end of the program.
 */
static void __attribute__((noreturn))
serve_error(const char *why)
{
	struct cb_result r;

	memset(&r, 0, sizeof(r));
	isolate_set_reason(&r, CB_ERROR, "%s", why);
	_exit(write_all(OS_CHILD_RESULT_FD, &r, sizeof(r)) == 0 ?
	    ISOLATE_EXIT_ENDED : ISOLATE_EXIT_UNSENT);
}

/* The spec's next len bytes into buf, or the program ends saying so. */
static void
spec_read(void *buf, size_t len)
{
	if (isolate_read_until(OS_CHILD_SPEC_FD, buf, len,
	    monotonic_seconds() + ISOLATE_SPEC_SECONDS) != (ssize_t)len)
		serve_error("the measuring program's spec is cut short");
}

void
isolate_serve(isolate_make_fn *make)
{
	char why[CB_REASON_MAX] = "";
	const struct cb_bench *b[ISOLATE_MAX_SHARED];
	struct cb_options o[ISOLATE_MAX_SHARED];
	void *payload[ISOLATE_MAX_SHARED];
	size_t len[ISOLATE_MAX_SHARED], total = 0;
	struct exec_round er;
	struct exec_spec h;
	uint32_t i;

	if (isolate_read_until(OS_CHILD_SPEC_FD, &h, sizeof(h),
	    monotonic_seconds() + ISOLATE_SPEC_SECONDS) !=
	    (ssize_t)sizeof(h) ||
	    memcmp(h.magic, EXEC_MAGIC, sizeof(h.magic)) != 0 ||
	    memcmp(h.sizes, exec_sizes, sizeof(h.sizes)) != 0)
		serve_error("the measuring program is not this cyclebench's "
		    "(reinstall both)");
	if (h.n == 0 || h.n > ISOLATE_MAX_SHARED)
		serve_error("the measuring program's spec has no rounds or "
		    "too many");
	for (i = 0; i < h.n; i++) {
		spec_read(&er, sizeof(er));
		if (er.len > EXEC_MAX_SPEC - total)
			serve_error("the measuring program's spec is too "
			    "large");
		total += er.len;
		o[i] = er.options;
		len[i] = er.len;
		if ((payload[i] = malloc(er.len ? er.len : 1)) == NULL)
			serve_error("out of memory");
		spec_read(payload[i], er.len);
	}
	close(OS_CHILD_SPEC_FD);
	h.ref_source[sizeof(h.ref_source) - 1] = '\0';
	clock_init_from(h.ref_hz, h.ref_source);
	if (make((const void *const *)payload, len, h.n, b, why,
	    sizeof(why)) != 0)
		serve_error(why);
	isolate_child(OS_CHILD_RESULT_FD, b, o, h.n, &h.prep, h.first);
}
