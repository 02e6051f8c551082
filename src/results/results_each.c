/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Many results files (or documents already in memory, from the results
 * store) read and checked on every CPU the process may use, and handed
 * to the caller one by one in the order they were named.
 * Parsing is what reading costs (JSON text of full-precision numbers:
 * docs/store.md#speed), and files are independent, so workers
 * take the next file name as they finish one; the caller's thread waits
 * for the files in order.  A window bounds how far the workers read
 * ahead of the caller, and so the memory.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os/cpuset.h"
#include "results/results.h"

/*
 * Files each worker may read ahead of the caller, a bound on memory (a
 * file read is its text and its tree), and room to read on while db
 * import stores a batch (of 32).
 */
#define AHEAD_PER_WORKER	32
#define MAX_WORKERS		32

/* What to read: the files at names[], or texts[] (lens[]) so named;
   ready(l, arg), if any, for each good one in the thread that read it. */
struct source {
	char *const	*names;
	char		**texts;	/* NULL: read the files */
	const size_t	*lens;
	void		(*ready)(struct rs_loaded *, void *);
	void		*arg;
};

struct pool {
	pthread_mutex_t	 mu;
	pthread_cond_t	 loaded, room;
	struct source	 src;
	size_t		 n;
	size_t		 next;		/* the next file a worker takes */
	size_t		 handed;	/* the next file the caller takes */
	size_t		 window;
	int		 stop;
	struct rs_loaded *slot;		/* file i in slot[i % window] */
	char		*ready;
};

static void
load_one(struct rs_loaded *l, struct source *src, size_t index)
{

	memset(l, 0, sizeof(*l));
	l->path = rs_input_name(src->names[index]);
	l->index = index;
	if (src->texts != NULL) {
		l->text = src->texts[index];
		l->len = src->lens[index];
		src->texts[index] = NULL;
	} else
		l->text = rs_read_file(src->names[index], &l->len, l->err,
		    sizeof(l->err));
	if (l->text != NULL && rs_load_text(l->path, l->text, l->len, &l->f,
	    l->err, sizeof(l->err)) != 0) {
		free(l->text);
		l->text = NULL;
	}
	if (l->text != NULL && src->ready != NULL)
		src->ready(l, src->arg);
}

/* The texts no worker took, when the caller stopped early. */
static void
free_untaken(struct source *src, size_t from, size_t n)
{

	for (; src->texts != NULL && from < n; from++) {
		free(src->texts[from]);
		src->texts[from] = NULL;
	}
}

static void *
worker(void *arg)
{
	struct pool *p = arg;
	size_t i;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!p->stop && p->next < p->n &&
		    p->next >= p->handed + p->window)
			pthread_cond_wait(&p->room, &p->mu);
		if (p->stop || p->next >= p->n)
			break;
		i = p->next++;
		pthread_mutex_unlock(&p->mu);
		load_one(&p->slot[i % p->window], &p->src, i);
		pthread_mutex_lock(&p->mu);
		p->ready[i % p->window] = 1;
		pthread_cond_broadcast(&p->loaded);
	}
	pthread_mutex_unlock(&p->mu);
	return (NULL);
}

void
rs_loaded_free(struct rs_loaded *l)
{

	if (l->text != NULL)
		rs_free(&l->f);
	free(l->text);
	l->text = NULL;
}

/* Without threads: one file after the other. */
static int
each_in_turn(struct source *src, size_t n,
    int (*take)(struct rs_loaded *, void *), void *arg)
{
	struct rs_loaded l;
	size_t i;
	int rc = 0;

	for (i = 0; i < n && rc == 0; i++) {
		load_one(&l, src, i);
		rc = take(&l, arg);
	}
	free_untaken(src, i, n);
	return (rc);
}

static int
each(struct source *src, size_t n, int (*take)(struct rs_loaded *, void *),
    void *arg)
{
	pthread_t tid[MAX_WORKERS];
	struct pool p;
	struct rs_loaded l;
	size_t i, nw, started;
	int rc = 0;

	nw = (size_t)cpuset_count();
	nw = nw > MAX_WORKERS ? MAX_WORKERS : nw;
	nw = nw > n ? n : nw;
	if (nw < 2)
		return (each_in_turn(src, n, take, arg));
	memset(&p, 0, sizeof(p));
	p.src = *src;
	p.n = n;
	p.window = nw * AHEAD_PER_WORKER;
	p.slot = calloc(p.window, sizeof(*p.slot));
	p.ready = calloc(p.window, 1);
	if (p.slot == NULL || p.ready == NULL) {
		free(p.slot);
		free(p.ready);
		return (each_in_turn(src, n, take, arg));
	}
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.loaded, NULL);
	pthread_cond_init(&p.room, NULL);
	/* The hash seed is made on first use, racily in older Jansson. */
	json_object_seed(0);
	for (started = 0; started < nw; started++)
		if (pthread_create(&tid[started], NULL, worker, &p) != 0)
			break;
	if (started == 0) {
		/* No thread to be had: the caller's own does the work. */
		p.n = 0;
		rc = each_in_turn(src, n, take, arg);
	}
	for (i = 0; i < p.n && rc == 0; i++) {
		pthread_mutex_lock(&p.mu);
		while (!p.ready[i % p.window])
			pthread_cond_wait(&p.loaded, &p.mu);
		l = p.slot[i % p.window];
		p.ready[i % p.window] = 0;
		p.handed = i + 1;
		pthread_cond_broadcast(&p.room);
		pthread_mutex_unlock(&p.mu);
		rc = take(&l, arg);
	}
	pthread_mutex_lock(&p.mu);
	p.stop = 1;
	pthread_cond_broadcast(&p.room);
	pthread_mutex_unlock(&p.mu);
	for (i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	/* What was read ahead of a caller that stopped. */
	for (i = 0; i < p.window; i++)
		if (p.ready[i])
			rs_loaded_free(&p.slot[i]);
	free_untaken(&p.src, p.next, p.n);
	pthread_cond_destroy(&p.room);
	pthread_cond_destroy(&p.loaded);
	pthread_mutex_destroy(&p.mu);
	free(p.slot);
	free(p.ready);
	return (rc);
}

int
rs_load_each(char *const *paths, size_t n,
    void (*ready)(struct rs_loaded *, void *),
    int (*take)(struct rs_loaded *, void *), void *arg)
{
	struct source src = { paths, NULL, NULL, ready, arg };

	return (each(&src, n, take, arg));
}

int
rs_parse_each(char *const *names, char **texts, const size_t *lens,
    size_t n, int (*take)(struct rs_loaded *, void *), void *arg)
{
	struct source src = { names, texts, lens, NULL, NULL };

	return (each(&src, n, take, arg));
}
