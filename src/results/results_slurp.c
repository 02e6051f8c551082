/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading within limits (results/results_slurp.h).  A results file is
 * read into memory whole, so its size is checked before reading where the
 * file has one, and while reading where it has not (a pipe); the values
 * the text holds are counted before parsing, since a parsed value takes
 * twenty times the bytes of its text.  Every string in the tree is
 * scrubbed of control characters (util/scrub.h): what a file says is
 * shown on terminals.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/json_parse.h"
#include "results/results.h"
#include "results/results_slurp.h"
#include "util/scrub.h"

/*
 * The whole file ("-": standard input), refused early when it is larger
 * than RS_MAX_BYTES: a results file is read into memory whole, and a
 * mistaken argument (a device, a huge log) must not take the machine's
 * memory with it.
 */
static char *
slurp(struct rs_vctx *c, const char *path, size_t *len)
{
	struct stat st;
	char *buf, *nbuf;
	ssize_t r;
	size_t cap;
	int fd;

	/*
	 * A FIFO's open waits for a writer, forever if none comes: opened
	 * without waiting, then read as any file, so one with no writer
	 * reads as empty and a pipe being written (<(cat a.json)) whole.
	 */
	if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		rs_fail(c, "", "cannot open: %s", strerror(errno));
		return (NULL);
	}
	buf = NULL;
	if ((fd != STDIN_FILENO && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) &
	    ~O_NONBLOCK) != 0) || fstat(fd, &st) != 0) {
		rs_fail(c, "", "cannot read: %s", strerror(errno));
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		rs_fail(c, "", "is a directory, not a results file");
		goto out;
	}
	if (S_ISREG(st.st_mode) && st.st_size > RS_MAX_BYTES) {
		rs_fail(c, "", "is %lld MB; results files over %ld MB are "
		    "refused", (long long)(st.st_size >> 20),
		    RS_MAX_BYTES >> 20);
		goto out;
	}
	/*
	 * A pipe has no size: grow, and stop at the same limit.  The buffer
	 * never outgrows the limit by more than the byte that proves it.
	 */
	cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 65536;
	if ((buf = malloc(cap)) == NULL) {
		rs_fail(c, "", "out of memory");
		goto out;
	}
	*len = 0;
	while ((r = read(fd, buf + *len, cap - *len)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			rs_fail(c, "", "cannot read: %s", strerror(errno));
			goto fail;
		}
		if ((*len += (size_t)r) > RS_MAX_BYTES) {
			rs_fail(c, "", "is over %ld MB; results files that "
			    "large are refused", RS_MAX_BYTES >> 20);
			goto fail;
		}
		if (*len < cap)
			continue;
		cap = cap * 2 < RS_MAX_BYTES + 1 ? cap * 2 : RS_MAX_BYTES + 1;
		if ((nbuf = realloc(buf, cap)) == NULL) {
			rs_fail(c, "", "out of memory");
			goto fail;
		}
		buf = nbuf;
	}
	if (*len == 0) {
		rs_fail(c, "", S_ISFIFO(st.st_mode) && fd != STDIN_FILENO ?
		    "is a FIFO or pipe that nobody wrote to (no writer), not "
		    "a results file" : "is empty, not a results file");
		goto fail;
	}
	/* The loop always leaves room: a reader may take it as a string. */
	buf[*len] = '\0';
	goto out;
fail:
	free(buf);
	buf = NULL;
out:
	if (fd != STDIN_FILENO)
		close(fd);
	return (buf);
}

/*
 * At most how many values the text holds: each but the first follows a
 * ',' or opens an array or object.  Counting is cheap next to parsing.
 */
static size_t
count_values(const char *buf, size_t len)
{
	size_t i, n = 1;
	int in_string = 0;

	/* A value takes a byte at least: a shorter text needs no count. */
	if (len <= RS_MAX_VALUES)
		return (len);
	/* Then the separators in strings too, which only raises the bound:
	   a loop without branches, and under the limit in practice. */
	for (i = 0; i < len; i++)
		n += buf[i] == ',' || buf[i] == '[' || buf[i] == '{';
	if (n <= RS_MAX_VALUES)
		return (n);
	for (i = 0, n = 1; i < len; i++) {
		if (in_string) {
			if (buf[i] == '\\')
				i++;
			else if (buf[i] == '"')
				in_string = 0;
		} else if (buf[i] == '"')
			in_string = 1;
		else if (buf[i] == ',' || buf[i] == '[' || buf[i] == '{')
			n++;
	}
	return (n);
}

/*
 * Every string value with a control character in it, as '?': what a file
 * says is shown on terminals (util/scrub.h).  Object keys cannot be
 * changed in place; the parameters' are scrubbed where they are shown.
 */
static int
scrub_strings(json_t *v)
{
	const char *k;
	json_t *e;
	size_t i, len;
	char *copy;

	if (json_is_string(v)) {
		len = json_string_length(v);
		if (term_safe(json_string_value(v), len, 0))
			return (0);
		if ((copy = malloc(len + 1)) == NULL)
			return (-1);
		memcpy(copy, json_string_value(v), len + 1);
		term_scrub(copy, len, 0);
		if (json_string_setn(v, copy, len) != 0) {
			free(copy);
			return (-1);
		}
		free(copy);
		return (0);
	}
	json_array_foreach(v, i, e)
		if (scrub_strings(e) != 0)
			return (-1);
	json_object_foreach(v, k, e)
		if (scrub_strings(e) != 0)
			return (-1);
	return (0);
}

json_t *
rs_parse_text(struct rs_vctx *c, const char *buf, size_t len)
{
	json_error_t je;
	json_t *root;

	if (count_values(buf, len) > RS_MAX_VALUES) {
		rs_fail(c, "", "holds over %ld million values; results files "
		    "that large are refused", RS_MAX_VALUES / 1000000);
		return (NULL);
	}
	root = json_parse(buf, len, &je);
	/* An error at the very end is almost always a cut-off copy. */
	if (root == NULL) {
		/* The parser's text may quote the file. */
		term_scrub(je.text, strlen(je.text), 0);
		snprintf(c->err, c->errlen, "%s:%d:%d: %s%s", c->path, je.line,
		    je.column, je.text, je.position >= 0 &&
		    (size_t)je.position >= len ? " (the file ends early: "
		    "truncated?)" : "");
	} else if (scrub_strings(root) != 0) {
		json_decref(root);
		root = NULL;
		rs_fail(c, "", "out of memory");
	}
	return (root);
}

json_t *
rs_read_json(const char *path, char *err, size_t errlen)
{
	struct rs_vctx c = { rs_input_name(path), err, errlen,
	    CB_SCHEMA_VERSION };
	json_t *root;
	size_t len;
	char *buf;

	if ((buf = slurp(&c, path, &len)) == NULL)
		return (NULL);
	root = rs_parse_text(&c, buf, len);
	free(buf);
	return (root);
}

char *
rs_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
	struct rs_vctx c = { rs_input_name(path), err, errlen,
	    CB_SCHEMA_VERSION };

	return (slurp(&c, path, len));
}
