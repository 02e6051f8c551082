/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The checked reading of a results file's JSON (results.h): each value
 * looked up is checked for presence and type, and a refusal names the
 * file and the place in it ("a.json: results[3].cycles: \"median\"
 * should be a number or null, not a string").  For the readers of the
 * results room; the messages go to the caller's buffer.
 */
#ifndef CB_RESULTS_GET_H
#define CB_RESULTS_GET_H

#include <stddef.h>

#include <jansson.h>

/* JSON types a key may hold, as a mask. */
#define RS_T_NULL	0x01u
#define RS_T_STR	0x02u
#define RS_T_INT	0x04u
#define RS_T_REAL	0x08u
#define RS_T_NUM	(RS_T_INT | RS_T_REAL)
#define RS_T_BOOL	0x10u
#define RS_T_OBJ	0x20u
#define RS_T_ARR	0x40u

/* What a message names: the file, where it goes, its schema. */
struct rs_vctx {
	const char	*path;
	char		*err;
	size_t		 errlen;
	long long	 schema;	/* the file's schema_version */
};

/* "path: where: message" into c->err ("path: message" where is ""). */
void	rs_say(struct rs_vctx *c, const char *where, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

/*
 * Put the message in c->err and be -1.  A macro so that static analysis
 * sees the -1: clang's analyzer does not follow calls into variadic
 * functions, and took every "return (rs_fail(...))" for a success that
 * had left its output unset.
 */
#define rs_fail(c, ...)	__extension__ ({ rs_say((c), __VA_ARGS__); -1; })

/* "a string", "an object": the type of v, for messages. */
const char *rs_type_text(const json_t *v);

/* Look up obj[key] and check its type; `where' names obj in messages. */
int	rs_get(struct rs_vctx *c, json_t *obj, const char *where,
	    const char *key, unsigned types, json_t **out);

/* A string or null; null reads as "". */
int	rs_get_str(struct rs_vctx *c, json_t *obj, const char *where,
	    const char *key, const char **out);

/*
 * The largest figure a file may hold either way: 1e12 cycles is minutes
 * of one operation, more than any benchmark's; a clock's rate in Hz is
 * far below it.
 */
#define RS_NUM_MAX	1e12

/* A number or null; null reads as NAN.  A number must be finite and
   within RS_NUM_MAX of 0. */
int	rs_get_num(struct rs_vctx *c, json_t *obj, const char *where,
	    const char *key, double *out);

/* A string that must be one of names[] (NULL-terminated), which the
   file's schema version defines. */
int	rs_get_enum(struct rs_vctx *c, json_t *obj, const char *where,
	    const char *key, const char *const *names, const char **out);

/* The numbers of array a, nulls left out, into a new array at *out; -1
   on any other element. */
int	rs_numbers(struct rs_vctx *c, json_t *a, const char *where,
	    double **out, size_t *n);

/* An array of exactly n numbers, one per sample (nulls read as NAN), into
   a new array at *out. */
int	rs_per_sample(struct rs_vctx *c, json_t *a, const char *where,
	    size_t n, double **out);

#endif
