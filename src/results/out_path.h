/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What an output path names once its symbolic links are followed, so
 * that a result is written to the file the user pointed at: through a
 * link to its target, straight into a FIFO or a device, and never by
 * renaming over anything that is not a regular file.  "-" is standard
 * output.  A link the kernel would not follow (fs.protected_symlinks:
 * someone else's, in a sticky world-writable directory) is refused.
 */
#ifndef CB_REPORT_OUT_PATH_H
#define CB_REPORT_OUT_PATH_H

#include <sys/stat.h>

#include <limits.h>
#include <stddef.h>

struct out_target {
	int		 is_stdout;	/* the path was "-" */
	char		 path[PATH_MAX];	/* the file itself, no link */
	int		 exists;
	int		 magic;		/* reached through a /proc link */
	struct stat	 st;		/* of path, when it exists */
	struct stat	 dir;		/* of the directory that holds it */
	const char	*name;		/* its last component, in path */
};

/*
 * Follow path's links and check that a result could be written there:
 * 0, or -1 with a message that names the real problem ("is a
 * directory", "file name too long", a missing directory) in err.
 */
int	out_resolve(const char *path, struct out_target *t, char *err,
	    size_t errlen);

/*
 * out_resolve's lookup without asking whether t could be written: where
 * a file is, or would be made, that some other program writes (a
 * store), to check outputs against it.
 */
int	out_locate(const char *path, struct out_target *t, char *err,
	    size_t errlen);

/*
 * Would writing t change f, a regular file existing or to be created?
 * Unlike out_same, through standard output, a device's link or a /proc
 * link too: appending to a store damages it as surely as replacing it.
 */
int	out_hits(const struct out_target *t, const struct out_target *f);

/* Is t written in place (a FIFO, a device) rather than replaced? */
int	out_in_place(const struct out_target *t);

/*
 * Would a and b write to the same file?  Two outputs written in place
 * (a device, a FIFO) may share one; standard output may not be named
 * twice, nor a regular file, existing or to be created.
 */
int	out_same(const struct out_target *a, const struct out_target *b);

/* The directory part of path: "." when it has none, "/" for the root. */
void	out_dir_part(const char *path, char *buf, size_t len);

/* Is the existing file st the file t would replace? */
int	out_is_file(const struct out_target *t, const struct stat *st);

#endif
