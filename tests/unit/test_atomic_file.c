/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for results/atomic_file.c: a missing or read-only
 * directory (the old file left as it was), replacing a file and keeping
 * its mode, a directory in the way; a new file gets the mode the umask
 * gives; a link is written through and stays a link; a FIFO is written
 * in place; a name as long as the file system allows still gets its
 * temporary file; nothing is left beside the file.
 */
#include <sys/stat.h>

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/report.h"
#include "results/atomic_file.h"
#include "results/results_write.h"

#include "report_fixture.h"
#include "scratch.h"

static char dir[] = "/tmp/cb-atomic-XXXXXX";
static char path[PATH_MAX], err[1024];

static const char *
in_dir(const char *name)
{

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return (path);
}

/* How many names the directory holds, besides . and .. */
static size_t
entries(void)
{
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	d = opendir(dir);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 &&
		    strcmp(e->d_name, "..") != 0;
	closedir(d);
	return (n);
}

static void
contents(const char *p, const char *want)
{
	char buf[256];
	ssize_t n;
	int fd;

	fd = open(p, O_RDONLY);
	assert_true(fd >= 0);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	assert_true(n >= 0);
	buf[n] = '\0';
	assert_string_equal(buf, want);
}

static int
setup(void **state)
{

	(void)state;
	return (scratch_make(dir));
}

static int
teardown(void **state)
{

	(void)state;
	return (scratch_remove(dir));
}

static void
test_new_file_mode(void **state)
{
	struct stat st;
	mode_t old;

	(void)state;
	old = umask(027);
	assert_int_equal(atomic_write_file(in_dir("new.json"), "{}\n", 3, err,
	    sizeof(err)), 0);
	umask(old);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	contents(path, "{}\n");
	assert_int_equal(entries(), 1);
}

static void
test_through_link(void **state)
{
	char target[PATH_MAX];
	struct stat st;

	(void)state;
	snprintf(target, sizeof(target), "%s", in_dir("target.json"));
	assert_int_equal(atomic_write_file(target, "old", 3, err,
	    sizeof(err)), 0);
	assert_int_equal(symlink("target.json", in_dir("link.json")), 0);
	assert_int_equal(atomic_write_file(path, "new", 3, err, sizeof(err)),
	    0);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	contents(target, "new");
	assert_int_equal(entries(), 3);
}

static void
test_fifo_in_place(void **state)
{
	struct stat st;
	char buf[16];
	ssize_t n;
	int fd;

	(void)state;
	assert_int_equal(mkfifo(in_dir("fifo"), 0600), 0);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	assert_true(fd >= 0);
	assert_int_equal(atomic_write_file(path, "piped", 5, err,
	    sizeof(err)), 0);
	n = read(fd, buf, sizeof(buf));
	close(fd);
	assert_int_equal(n, 5);
	assert_memory_equal(buf, "piped", 5);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
}

/* A name of NAME_MAX bytes: its temporary name is cut to fit. */
static void
test_longest_name(void **state)
{
	char name[NAME_MAX + 1];
	size_t before;

	(void)state;
	before = entries();
	memset(name, 'n', NAME_MAX);
	name[NAME_MAX] = '\0';
	assert_int_equal(atomic_write_file(in_dir(name), "long", 4, err,
	    sizeof(err)), 0);
	contents(path, "long");
	assert_int_equal(entries(), before + 1);
}

static void
test_atomic_missing_dir(void **state)
{
	struct fixture *f = *state;
	struct stat st;
	char msg[512];

	snprintf(f->path, sizeof(f->path), "%s/nope/results.json", f->dir);
	msg[0] = '\0';
	assert_int_equal(results_write_file(f->path, &f->m, &f->run, f->r,
	    NRESULTS, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, f->path));
	assert_non_null(strstr(msg, strerror(ENOENT)));
	assert_int_equal(stat(f->path, &st), -1);
	assert_int_equal(errno, ENOENT);
}

static void
test_atomic_readonly_dir(void **state)
{
	struct fixture *f = *state;
	char msg[512], names[256], *buf;

	/* Permission bits do not stop root, so nothing would fail. */
	if (geteuid() == 0)
		skip();
	snprintf(f->path, sizeof(f->path), "%s/results.csv", f->dir);
	assert_int_equal(atomic_write_file(f->path, "old\n", 4, msg,
	    sizeof(msg)), 0);
	assert_int_equal(chmod(f->dir, 0555), 0);
	assert_int_equal(report_csv_write(f->path, &f->m, &f->run, f->r,
	    NRESULTS, msg, sizeof(msg)), -1);
	assert_int_equal(chmod(f->dir, 0755), 0);
	assert_non_null(strstr(msg, f->path));
	assert_non_null(strstr(msg, strerror(EACCES)));
	buf = slurp(f->path, NULL);
	assert_string_equal(buf, "old\n");
	free(buf);
	assert_int_equal(count_entries(f->dir, names, sizeof(names)), 1);
}

static void
test_atomic_replace(void **state)
{
	struct fixture *f = *state;
	struct stat st;
	char msg[512], names[256], *buf;
	size_t len;

	snprintf(f->path, sizeof(f->path), "%s/out.txt", f->dir);
	assert_int_equal(atomic_write_file(f->path, "old contents\n", 13, msg,
	    sizeof(msg)), 0);
	assert_int_equal(chmod(f->path, 0640), 0);
	assert_int_equal(atomic_write_file(f->path, "new\0x", 5, msg,
	    sizeof(msg)), 0);
	buf = slurp(f->path, &len);
	assert_int_equal(len, 5);
	assert_memory_equal(buf, "new\0x", 5);
	free(buf);
	/* Replacing a file must not quietly change who may read it. */
	assert_int_equal(stat(f->path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	if (count_entries(f->dir, names, sizeof(names)) != 1)
		fail_msg("leftover files: %s", names);

	assert_int_equal(atomic_write_file(f->path, "", 0, msg, sizeof(msg)),
	    0);
	assert_int_equal(stat(f->path, &st), 0);
	assert_int_equal(st.st_size, 0);
}

/* A failure after the temporary file exists must clean it up. */
static void
test_atomic_onto_directory(void **state)
{
	struct fixture *f = *state;
	char msg[512], names[256];

	snprintf(f->path, sizeof(f->path), "%s/sub", f->dir);
	assert_int_equal(mkdir(f->path, 0755), 0);
	assert_int_equal(atomic_write_file(f->path, "x", 1, msg, sizeof(msg)),
	    -1);
	assert_non_null(strstr(msg, f->path));
	if (count_entries(f->dir, names, sizeof(names)) != 1)
		fail_msg("leftover files: %s", names);
	assert_int_equal(atomic_write_file("", "x", 1, msg, sizeof(msg)), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_file_mode),
		cmocka_unit_test(test_through_link),
		cmocka_unit_test(test_fifo_in_place),
		cmocka_unit_test(test_longest_name),
		cmocka_unit_test_setup_teardown(test_atomic_missing_dir,
		    setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_atomic_readonly_dir,
		    setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_atomic_replace,
		    setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_atomic_onto_directory,
		    setup_dir, teardown_dir),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
