/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading a results file (docs/results-schema.md) back, for compare and
 * report.  A file is validated completely on load, so its users never
 * meet a missing key or a wrong type; strings point into the parsed
 * document and live as long as the rs_file.
 */
#ifndef CB_RESULTS_H
#define CB_RESULTS_H

#include <stddef.h>

#include <jansson.h>

#include "cyclebench.h"

/*
 * Larger files are refused before parsing: 100000 samples of 64 suites.
 * Parsed, a value takes some 40 bytes against 2 in "0,", so the number of
 * values is bounded too, at what 100000 samples of 100 benchmarks need
 * with room to spare: a file of commas must not take gigabytes.
 */
#define RS_MAX_BYTES	(256L << 20)
#define RS_MAX_VALUES	(16L << 20)
/* cyclebench writes 32 bins; a histogram of more than this is ignored. */
#define RS_MAX_BINS	4096

struct rs_result {
	const char	*name;
	const char	*group;
	const char	*mode;		/* "latency", "throughput", "path" */
	const char	*status;	/* "ok", "skipped", "error" */
	const char	*reason;	/* "" when none */
	const char	*method;	/* "counted", "calibrated" */
	char		*params;	/* "k=v k=v" in file order; "" if none */
	json_t		*params_json;	/* the object itself (borrowed) */
	char		*key;		/* name and sorted params: matches runs */
	int		 ok;		/* status is "ok" */
	struct cb_summary cycles;	/* NAN where null or not ok */
	double		 ns_median;
	double		 first_call;	/* NAN unless a path result has it */
	char		*flags;		/* "a,b"; "" when none */
	double		*samples;	/* the non-null samples */
	size_t		 nsamples;
	/*
	 * By round: count[k] samples in round k.  A file from before rounds
	 * (schema 1) took its samples in one process at one time: one
	 * round.  probe is NULL or holds a reading per sample (NAN where
	 * none), probe_floor the run's quiet reading (NAN: no probe).
	 */
	size_t		*count;
	size_t		 nrounds;
	double		*probe;
	double		 probe_floor;
	/* The levels the run found (schema 2), for reading; none before. */
	struct cb_level	 levels[CB_MAX_LEVELS];
	size_t		 nlevels;
	double		 scattered;
	/* A histogram the file carries: nbins counts between nbins+1 edges. */
	double		*hist_edges;
	double		*hist_counts;
	size_t		 nbins;
};

struct rs_machine {
	const char	*cpu_brand;	/* "" when null, as all strings here */
	const char	*cpu_vendor;
	const char	*codename;
	const char	*microcode;
	const char	*kernel;
	const char	*os;
	const char	*arch;
	const char	*hypervisor;
	const char	*cycle_method;
	const char	*cycle_source;
	const char	*tsc_source;
	long long	 cpu_family, cpu_model, cpu_stepping;
	double		 tsc_hz;	/* NAN when null */
	double		 cycles_per_tick;
	json_t		*mitigations;	/* object: name -> string or null */
};

struct json_arena;

struct rs_file {
	char		*path;
	json_t		*root;
	struct json_arena *arena;	/* root's, if any (json_arena.h) */
	long long	 schema_version;
	const char	*tool_version;
	struct rs_machine machine;
	const char	*started_at;
	char		*argv;		/* the command line, joined by spaces */
	int		 secret;	/* 1: run.argv or context held a
					   password, which the tree and argv
					   no longer do (the text still does:
					   results_redact.h) */
	int		 partial;
	json_t		*context;	/* object of strings; NULL: none */
	struct rs_result *results;
	size_t		 nresults;
};

/*
 * Load and validate `path'.  On failure returns -1 with a message that
 * starts with the file name and says what is wrong, with the line and
 * column where the parser gives them ("a.json:12:5: ..."), and leaves
 * nothing to free.
 */
int	rs_load(const char *path, struct rs_file *f, char *err, size_t errlen);
void	rs_free(struct rs_file *f);

/*
 * The same for a document already in memory (from the results store):
 * `name' stands for the path in messages and in f->path.
 */
int	rs_load_text(const char *name, const char *buf, size_t len,
	    struct rs_file *f, char *err, size_t errlen);

/* The bytes of the file at path ("-": standard input), within
   RS_MAX_BYTES, and a NUL after them; malloc'ed, or NULL with a message
   like rs_load's. */
char	*rs_read_file(const char *path, size_t *len, char *err, size_t errlen);

/* What messages call the file at path: "standard input" for "-". */
const char *rs_input_name(const char *path);

/*
 * The JSON document in `path', read within the limits above, for readers
 * with a schema of their own; NULL with a message like rs_load's.
 */
json_t	*rs_read_json(const char *path, char *err, size_t errlen);

/* A file as rs_load_each read it: text and f when it is good, err when
   it is not (text NULL). */
struct rs_loaded {
	const char	*path;
	size_t		 index;		/* in the paths given */
	char		*text;		/* the file's bytes, a NUL after len */
	size_t		 len;
	struct rs_file	 f;		/* text validated */
	char		 err[1024];
};

/*
 * Read and validate paths[0..n-1] on every CPU this process may use, and
 * call take(l, arg) in the caller's thread for each file in the order
 * given, good or bad.  take owns l's contents (rs_loaded_free) and stops
 * the reading by returning non-zero, which rs_load_each returns.  ready,
 * when not NULL, is called first for each good file in the thread that
 * read it, for work that need not wait its turn; not for l's contents.
 */
int	rs_load_each(char *const *paths, size_t n,
	    void (*ready)(struct rs_loaded *l, void *arg),
	    int (*take)(struct rs_loaded *l, void *arg), void *arg);

/*
 * The same for documents in memory: texts[i], malloc'ed, of lens[i] bytes
 * and a NUL, named names[i] in messages.  Every text becomes rs_parse_each's
 * at the call: it is l->text when handed over, freed when not.
 */
int	rs_parse_each(char *const *names, char **texts, const size_t *lens,
	    size_t n, int (*take)(struct rs_loaded *l, void *arg), void *arg);
void	rs_loaded_free(struct rs_loaded *l);

/* A short machine label from the CPU brand: "Core i7-8700K", "EPYC 9654". */
void	rs_short_brand(const char *brand, char *buf, size_t len);

#endif
