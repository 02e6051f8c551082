/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Output paths resolved the way the kernel would open them, one link at
 * a time, so that the checks made before measuring and the write made
 * after it agree on which file is meant, and a message can name what is
 * really wrong with it: a directory, a missing directory, a name longer
 * than the file system allows.
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "results/out_path.h"

#define MAX_LINKS	40	/* as the kernel's MAXSYMLINKS */

void
out_dir_part(const char *path, char *buf, size_t len)
{
	const char *slash;
	size_t n;

	slash = strrchr(path, '/');
	if (slash == NULL) {
		snprintf(buf, len, ".");
		return;
	}
	n = slash == path ? 1 : (size_t)(slash - path);
	snprintf(buf, len, "%.*s", (int)n, path);
}

static const char *
last_part(const char *path)
{
	const char *slash = strrchr(path, '/');

	return (slash != NULL ? slash + 1 : path);
}

/* Replace t->path, a symbolic link, with what it points to. */
static int
follow(const char *user, struct out_target *t, char *err, size_t errlen)
{
	char link[PATH_MAX], dir[PATH_MAX];
	ssize_t n;
	int w;

	if ((n = readlink(t->path, link, sizeof(link) - 1)) < 0) {
		snprintf(err, errlen, "cannot write '%s': link '%s': %s", user,
		    t->path, strerror(errno));
		return (-1);
	}
	link[n] = '\0';
	if (link[0] == '/' || strchr(t->path, '/') == NULL)
		w = snprintf(t->path, sizeof(t->path), "%s", link);
	else {
		out_dir_part(t->path, dir, sizeof(dir));
		w = snprintf(t->path, sizeof(t->path), "%s/%s", dir, link);
	}
	if (w < 0 || (size_t)w >= sizeof(t->path)) {
		snprintf(err, errlen, "cannot write '%s': the path its links "
		    "lead to is too long", user);
		return (-1);
	}
	return (0);
}

/* Is the last component "." or "..", or the path one ending in '/'? */
static int
names_directory(const char *path)
{
	const char *name = last_part(path);

	return (name[0] == '\0' || strcmp(name, ".") == 0 ||
	    strcmp(name, "..") == 0);
}

/*
 * The kernel would not follow the link t->path (fs.protected_symlinks):
 * it lies in a sticky, world-writable directory (/tmp), and belongs
 * neither to the follower nor to the directory's owner, so someone else
 * planted it there.  Following it ourselves would get round the rule,
 * whatever the sysctl says, and write where the planter chose.
 */
static int
protected_link(const char *path, const struct out_target *t, char *err,
    size_t errlen)
{
	char dir[PATH_MAX];
	struct stat d;

	out_dir_part(t->path, dir, sizeof(dir));
	if (stat(dir, &d) != 0 || (d.st_mode & (S_ISVTX | S_IWOTH)) !=
	    (S_ISVTX | S_IWOTH) || t->st.st_uid == geteuid() ||
	    t->st.st_uid == d.st_uid)
		return (0);
	snprintf(err, errlen, "cannot write '%s': '%s' is a symbolic link in "
	    "the sticky, world-writable directory '%s', owned by neither you "
	    "nor the directory's owner; it is not followed, as the kernel "
	    "would not (fs.protected_symlinks)", path, t->path, dir);
	return (-1);
}

static int
resolve_links(const char *path, struct out_target *t, char *err,
    size_t errlen)
{
	int hops;

	for (hops = 0;; hops++) {
		if (names_directory(t->path)) {
			snprintf(err, errlen, "cannot write '%s': %s names a "
			    "directory; give a file name", path,
			    last_part(t->path)[0] == '\0' ? "a name ending "
			    "in '/'" : "'.' or '..'");
			return (-1);
		}
		if (lstat(t->path, &t->st) != 0) {
			/* check_directory says which part is wrong. */
			if (errno == ENOENT || errno == ENOTDIR ||
			    errno == ENAMETOOLONG)
				return (0);
			if (hops)
				snprintf(err, errlen, "cannot write '%s' (a link "
				    "to '%s'): %s", path, t->path,
				    strerror(errno));
			else
				snprintf(err, errlen, "cannot write '%s': %s",
				    path, strerror(errno));
			return (-1);
		}
		if (!S_ISLNK(t->st.st_mode)) {
			t->exists = 1;
			return (0);
		}
		if (hops == MAX_LINKS) {
			snprintf(err, errlen, "cannot write '%s': more than %d "
			    "symbolic links (a loop?)", path, MAX_LINKS);
			return (-1);
		}
		if (protected_link(path, t, err, errlen) != 0)
			return (-1);
		/* /proc/self/fd/N's text may name a file, but not its open. */
		if (strncmp(t->path, "/proc/", 6) == 0)
			t->magic = 1;
		if (follow(path, t, err, errlen) != 0)
			return (-1);
	}
}

/* The directory that holds (or will hold) t, and room in it. */
static int
check_directory(const char *path, struct out_target *t, char *err,
    size_t errlen)
{
	char dir[PATH_MAX];
	size_t len;

	out_dir_part(t->path, dir, sizeof(dir));
	if (stat(dir, &t->dir) != 0) {
		snprintf(err, errlen, "cannot write '%s': directory '%s': %s",
		    path, dir, strerror(errno));
		return (-1);
	}
	if (!S_ISDIR(t->dir.st_mode)) {
		snprintf(err, errlen, "cannot write '%s': '%s' is not a "
		    "directory", path, dir);
		return (-1);
	}
	if ((len = strlen(t->name)) > NAME_MAX) {
		snprintf(err, errlen, "cannot write '%.64s...': file name too "
		    "long (%zu bytes; at most %d)", path, len, NAME_MAX);
		return (-1);
	}
	return (0);
}

/* Could t be written: the directory, or the file written in place? */
static int
check_access(const char *path, const struct out_target *t, char *err,
    size_t errlen)
{
	char dir[PATH_MAX];

	out_dir_part(t->path, dir, sizeof(dir));
	/* A replaced file is written beside it, then renamed over it. */
	if (!out_in_place(t) && access(dir, W_OK | X_OK) != 0) {
		snprintf(err, errlen, "cannot write '%s': directory '%s': %s",
		    path, dir, strerror(errno));
		return (-1);
	}
	if (out_in_place(t) && access(t->path, W_OK) != 0) {
		snprintf(err, errlen, "cannot write '%s': %s", path,
		    strerror(errno));
		return (-1);
	}
	return (0);
}

int
out_locate(const char *path, struct out_target *t, char *err,
    size_t errlen)
{
	struct stat st;

	memset(t, 0, sizeof(*t));
	if (path == NULL || path[0] == '\0') {
		snprintf(err, errlen, "cannot write results: empty file name");
		return (-1);
	}
	if (strcmp(path, "-") == 0) {
		t->is_stdout = 1;
		t->exists = fstat(STDOUT_FILENO, &t->st) == 0;
		snprintf(t->path, sizeof(t->path), "-");
		t->name = t->path;
		return (0);
	}
	if (strlen(path) >= sizeof(t->path)) {
		snprintf(err, errlen, "cannot write '%.64s...': path too long "
		    "(%zu bytes; at most %d)", path, strlen(path),
		    PATH_MAX - 1);
		return (-1);
	}
	snprintf(t->path, sizeof(t->path), "%s", path);
	if (resolve_links(path, t, err, errlen) != 0)
		return (-1);
	/*
	 * A link in /proc (/dev/stdout, /dev/fd/N) leads to an open file,
	 * which its text may not even name ("pipe:[1234]"): the kernel's
	 * own lookup is the truth, and what it finds is written in place,
	 * where whoever opened it expects the output.
	 */
	if (stat(path, &st) == 0 && (t->magic || !t->exists ||
	    st.st_dev != t->st.st_dev || st.st_ino != t->st.st_ino)) {
		snprintf(t->path, sizeof(t->path), "%s", path);
		t->st = st;
		t->exists = t->magic = 1;
	}
	t->name = last_part(t->path);
	if (t->exists && S_ISDIR(t->st.st_mode)) {
		if (strcmp(path, t->path) == 0)
			snprintf(err, errlen, "cannot write '%s': it is a "
			    "directory; give a file name", path);
		else
			snprintf(err, errlen, "cannot write '%s': it leads to "
			    "the directory '%s'; give a file name", path,
			    t->path);
		return (-1);
	}
	return (check_directory(path, t, err, errlen));
}

int
out_resolve(const char *path, struct out_target *t, char *err,
    size_t errlen)
{

	if (out_locate(path, t, err, errlen) != 0)
		return (-1);
	return (t->is_stdout ? 0 : check_access(path, t, err, errlen));
}

int
out_in_place(const struct out_target *t)
{
	return (t->is_stdout || t->magic || (t->exists &&
	    !S_ISREG(t->st.st_mode)));
}

int
out_same(const struct out_target *a, const struct out_target *b)
{
	if (a->is_stdout || b->is_stdout)
		return (a->is_stdout && b->is_stdout);
	if (out_in_place(a) || out_in_place(b) || a->exists != b->exists)
		return (0);
	if (a->exists)
		return (a->st.st_dev == b->st.st_dev &&
		    a->st.st_ino == b->st.st_ino);
	return (a->dir.st_dev == b->dir.st_dev &&
	    a->dir.st_ino == b->dir.st_ino && strcmp(a->name, b->name) == 0);
}

int
out_is_file(const struct out_target *t, const struct stat *st)
{
	return (t->exists && !out_in_place(t) && t->st.st_dev == st->st_dev &&
	    t->st.st_ino == st->st_ino);
}

int
out_hits(const struct out_target *t, const struct out_target *f)
{
	if (t->exists && f->exists)
		return (t->st.st_dev == f->st.st_dev &&
		    t->st.st_ino == f->st.st_ino);
	if (t->exists || f->exists || t->is_stdout || f->is_stdout)
		return (0);
	return (t->dir.st_dev == f->dir.st_dev &&
	    t->dir.st_ino == f->dir.st_ino && strcmp(t->name, f->name) == 0);
}
