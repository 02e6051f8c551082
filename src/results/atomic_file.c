/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Replace a file so that a reader (or a crash) sees either the old
 * contents or the complete new ones, never a truncated results file:
 * a temporary file beside the target, fsync, rename.  The temporary file
 * has no name while it is written (O_TMPFILE, where the file system has
 * it), so a kill -9 then leaves nothing behind.  The target is the
 * file the path leads to (results/out_path.h): a symbolic link is written
 * through, not replaced, and what is not a regular file (a FIFO, a
 * terminal, /dev/null) is written in place, as a shell's redirection
 * would, since renaming over it would destroy it.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "results/out_path.h"
#include "results/atomic_file.h"
#include "util/write_all.h"

#define TMP_SUFFIX	".tmp.XXXXXX"

/*
 * mkstemp creates 0600; a results file should get the permissions any
 * other file would, so keep an existing file's mode (and, for root, its
 * owner) or apply the umask.  umask can only be read by setting it: the
 * window is harmless here because results are written by the main thread
 * after measuring ends.
 */
static void
take_over(int fd, const struct out_target *t)
{
	mode_t mask;
	int rc;

	if (t->exists) {
		(void)fchmod(fd, t->st.st_mode & 07777);
		/* At best: the contents matter more than their owner. */
		rc = geteuid() == 0 ? fchown(fd, t->st.st_uid, t->st.st_gid) :
		    0;
		(void)rc;
		return;
	}
	mask = umask(022);
	umask(mask);
	(void)fchmod(fd, 0666 & ~mask);
}

/*
 * The directory is synced so the rename itself survives a crash.  By
 * then the new file is in place, so a failure here is not reported as
 * a failed write: path already holds the complete new contents.
 */
static void
sync_dir(const char *path)
{
	char dir[4096];
	int fd;

	out_dir_part(path, dir, sizeof(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return;
	(void)fsync(fd);
	(void)close(fd);
}

/* Standard output, a FIFO, a device: written as they are. */
static int
write_in_place(const char *path, const struct out_target *t,
    const char *data, size_t len, char *err, size_t errlen)
{
	int fd;

	if (t->is_stdout) {
		if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
			snprintf(err, errlen, "cannot write to standard "
			    "output: %s", strerror(errno));
			return (-1);
		}
		return (0);
	}
	/*
	 * Appending: a regular file behind /dev/stdout keeps the table.  A
	 * FIFO's open waits for a reader, forever if none comes: opened
	 * without waiting, which fails at once when there is none.
	 */
	if ((fd = open(t->path, O_WRONLY | O_APPEND | O_NOCTTY | O_NONBLOCK |
	    O_CLOEXEC)) < 0 && errno == ENXIO && S_ISFIFO(t->st.st_mode)) {
		snprintf(err, errlen, "cannot write %s: no reader on FIFO %s",
		    path, t->path);
		return (-1);
	}
	if (fd < 0 || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) &
	    ~O_NONBLOCK) != 0 || write_all(fd, data, len) < 0) {
		snprintf(err, errlen, "cannot write %s: %s", path,
		    strerror(errno));
		if (fd >= 0)
			(void)close(fd);
		return (-1);
	}
	if (close(fd) < 0) {
		snprintf(err, errlen, "cannot write %s: %s", path,
		    strerror(errno));
		return (-1);
	}
	return (0);
}

/* Fill tmp's trailing XXXXXX, for a name linkat may find taken. */
static void
fill_name(char *tmp, unsigned *seed)
{
	static const char set[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789";
	char *x = tmp + strlen(tmp) - 6;
	int i;

	for (i = 0; i < 6; i++)
		x[i] = set[rand_r(seed) % (sizeof(set) - 1)];
}

/*
 * Give the complete file fd, made with no name (O_TMPFILE), the name
 * t->path: linked there when nothing is (nobody sees it before it is
 * whole), else linked beside it under tmp and renamed over it, so that a
 * kill leaves a stray file only between those two calls.  -1 with errno,
 * and no name left, on failure.
 */
static int
name_file(int fd, const struct out_target *t, char *tmp)
{
	char proc[64];
	unsigned seed;
	int tries, saved;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if (!t->exists && linkat(AT_FDCWD, proc, AT_FDCWD, t->path,
	    AT_SYMLINK_FOLLOW) == 0)
		return (0);
	if (!t->exists && errno != EEXIST)
		return (-1);
	seed = (unsigned)getpid() ^ (unsigned)(uintptr_t)tmp ^
	    (unsigned)time(NULL);
	for (tries = 0; tries < 100; tries++) {
		fill_name(tmp, &seed);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, tmp,
		    AT_SYMLINK_FOLLOW) == 0) {
			if (rename(tmp, t->path) == 0)
				return (0);
			saved = errno;
			(void)unlink(tmp);
			errno = saved;
			return (-1);
		}
		if (errno != EEXIST)
			return (-1);
	}
	return (-1);
}

int
atomic_write_file(const char *path, const char *data, size_t len,
    char *err, size_t errlen)
{
	struct out_target t;
	char dir[PATH_MAX], tmp[PATH_MAX];
	size_t keep;
	int fd, saved, named;

	if (out_resolve(path, &t, err, errlen) != 0)
		return (-1);
	if (out_in_place(&t))
		return (write_in_place(path, &t, data, len, err, errlen));
	/* The temporary name must fit where a name of NAME_MAX fits. */
	out_dir_part(t.path, dir, sizeof(dir));
	keep = strlen(t.name);
	if (keep > NAME_MAX - (sizeof(TMP_SUFFIX) - 1))
		keep = NAME_MAX - (sizeof(TMP_SUFFIX) - 1);
	if (snprintf(tmp, sizeof(tmp), "%s/%.*s%s", dir, (int)keep, t.name,
	    TMP_SUFFIX) >= (int)sizeof(tmp)) {
		snprintf(err, errlen, "cannot write %s: path too long", path);
		return (-1);
	}

	/*
	 * Benchmarks fork isolated children; none should inherit this.  A
	 * file system without O_TMPFILE gets a named temporary file, which
	 * a SIGKILL while it is written leaves behind.
	 */
	named = 0;
	if ((fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600)) < 0) {
		named = 1;
		fd = mkostemp(tmp, O_CLOEXEC);
	}
	if (fd < 0) {
		snprintf(err, errlen, "cannot write %s: directory %s: %s",
		    path, dir, strerror(errno));
		return (-1);
	}
	take_over(fd, &t);
	if (write_all(fd, data, len) < 0 || fsync(fd) < 0 ||
	    (!named && name_file(fd, &t, tmp) < 0)) {
		saved = errno;
		(void)close(fd);
		goto fail;
	}
	/* NFS and some FUSE file systems report deferred write errors here. */
	if (close(fd) < 0) {
		saved = errno;
		goto fail;
	}
	if (named && rename(tmp, t.path) < 0) {
		saved = errno;
		goto fail;
	}
	sync_dir(t.path);
	return (0);

fail:
	if (named)
		(void)unlink(tmp);
	snprintf(err, errlen, "cannot write %s: %s", path, strerror(saved));
	return (-1);
}
