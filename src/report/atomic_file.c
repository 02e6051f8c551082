/*
 * Replace a file so that a reader (or a crash) sees either the old
 * contents or the complete new ones, never a truncated results file.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/report.h"

#define TMP_SUFFIX	".tmp.XXXXXX"

/* The directory part of path, for messages about a missing directory. */
static void
dir_of(const char *path, char *buf, size_t len)
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

static int
write_all(int fd, const char *data, size_t len)
{
	ssize_t w;

	while (len > 0) {
		w = write(fd, data, len);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return (-1);
		}
		data += w;
		len -= (size_t)w;
	}
	return (0);
}

/*
 * mkstemp creates 0600; a results file should get the permissions any
 * other file would, so keep an existing file's mode or apply the umask.
 * umask can only be read by setting it: the window is harmless here
 * because results are written by the main thread after measuring ends.
 */
static mode_t
target_mode(const char *path)
{
	struct stat st;
	mode_t mask;

	if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
		return (st.st_mode & 07777);
	mask = umask(022);
	umask(mask);
	return (0666 & ~mask);
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

	dir_of(path, dir, sizeof(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return;
	(void)fsync(fd);
	(void)close(fd);
}

int
atomic_write_file(const char *path, const char *data, size_t len,
    char *err, size_t errlen)
{
	char dir[4096];
	char *tmp;
	size_t plen;
	int fd, saved;

	if (path == NULL || path[0] == '\0') {
		snprintf(err, errlen, "cannot write results: empty file name");
		return (-1);
	}
	plen = strlen(path);
	tmp = malloc(plen + sizeof(TMP_SUFFIX));
	if (tmp == NULL) {
		snprintf(err, errlen, "cannot write %s: %s", path,
		    strerror(errno));
		return (-1);
	}
	memcpy(tmp, path, plen);
	memcpy(tmp + plen, TMP_SUFFIX, sizeof(TMP_SUFFIX));

	/* Benchmarks fork isolated children; none should inherit this. */
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		saved = errno;
		dir_of(path, dir, sizeof(dir));
		snprintf(err, errlen, "cannot write %s: directory %s: %s",
		    path, dir, strerror(saved));
		free(tmp);
		return (-1);
	}
	if (fchmod(fd, target_mode(path)) < 0 ||
	    write_all(fd, data, len) < 0 || fsync(fd) < 0) {
		saved = errno;
		(void)close(fd);
		goto fail;
	}
	/* NFS and some FUSE file systems report deferred write errors here. */
	if (close(fd) < 0) {
		saved = errno;
		goto fail;
	}
	if (rename(tmp, path) < 0) {
		saved = errno;
		goto fail;
	}
	free(tmp);
	sync_dir(path);
	return (0);

fail:
	(void)unlink(tmp);
	free(tmp);
	snprintf(err, errlen, "cannot write %s: %s", path, strerror(saved));
	return (-1);
}
