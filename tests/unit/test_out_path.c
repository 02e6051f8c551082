/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for results/out_path.c: a path is followed through its
 * links to the file meant; what is not a regular file is written in
 * place; two names of one file are the same output; and each refusal
 * names what is really wrong.  Works in a fresh directory under /tmp.
 */
#include <sys/stat.h>

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/out_path.h"
#include "scratch.h"

static char dir[] = "/tmp/cb-out-path-XXXXXX";
static char path[PATH_MAX], err[1024];

static const char *
in_dir(const char *name)
{

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return (path);
}

static void
touch(const char *name)
{
	FILE *fp;

	fp = fopen(in_dir(name), "w");
	assert_non_null(fp);
	fclose(fp);
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
test_dir_part(void **state)
{
	char buf[64];

	(void)state;
	out_dir_part("a/b/c.json", buf, sizeof(buf));
	assert_string_equal(buf, "a/b");
	out_dir_part("c.json", buf, sizeof(buf));
	assert_string_equal(buf, ".");
	out_dir_part("/c.json", buf, sizeof(buf));
	assert_string_equal(buf, "/");
	out_dir_part("a/", buf, sizeof(buf));
	assert_string_equal(buf, "a");
}

static void
test_stdout_and_new(void **state)
{
	struct out_target t, u;

	(void)state;
	assert_int_equal(out_resolve("-", &t, err, sizeof(err)), 0);
	assert_true(t.is_stdout);
	assert_true(out_in_place(&t));
	assert_string_equal(t.name, "-");
	assert_int_equal(out_resolve(in_dir("new.json"), &t, err, sizeof(err)),
	    0);
	assert_false(t.exists);
	assert_false(out_in_place(&t));
	assert_string_equal(t.name, "new.json");
	assert_string_equal(t.path, path);
	/* Files to be created: the same when their names are. */
	assert_int_equal(out_resolve(in_dir("new.json"), &u, err, sizeof(err)),
	    0);
	assert_true(out_same(&t, &u));
	assert_int_equal(out_resolve(in_dir("other.json"), &u, err,
	    sizeof(err)), 0);
	assert_false(out_same(&t, &u));
	assert_int_equal(out_resolve("", &t, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot write results: empty file name");
}

/* A link is written through: to its target, relative to its directory. */
static void
test_links(void **state)
{
	struct out_target t, u;
	char want[PATH_MAX], link[PATH_MAX];

	(void)state;
	assert_int_equal(mkdir(in_dir("sub"), 0755), 0);
	touch("sub/target.json");
	snprintf(want, sizeof(want), "%s", path);
	snprintf(link, sizeof(link), "%s", in_dir("sub/link.json"));
	assert_int_equal(symlink("target.json", link), 0);
	assert_int_equal(out_resolve(link, &t, err, sizeof(err)), 0);
	assert_true(t.exists);
	assert_string_equal(t.path, want);
	assert_string_equal(t.name, "target.json");
	assert_false(out_in_place(&t));
	/* Two names of one file are one output. */
	assert_int_equal(out_resolve(want, &u, err, sizeof(err)), 0);
	assert_true(out_same(&t, &u));
	assert_true(out_is_file(&t, &u.st));
	/* A dangling link names the file it would create. */
	assert_int_equal(symlink("later.json", in_dir("dangling")), 0);
	assert_int_equal(out_resolve(path, &t, err, sizeof(err)), 0);
	assert_false(t.exists);
	assert_string_equal(t.name, "later.json");
	assert_int_equal(out_resolve(in_dir("later.json"), &u, err,
	    sizeof(err)), 0);
	assert_true(out_same(&t, &u));
	/* A loop is refused. */
	assert_int_equal(symlink("loop", in_dir("loop")), 0);
	assert_int_equal(out_resolve(path, &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "more than 40 symbolic links (a loop?)"));
}

static void
test_in_place(void **state)
{
	struct out_target t, u;

	(void)state;
	assert_int_equal(out_resolve("/dev/null", &t, err, sizeof(err)), 0);
	assert_true(t.exists);
	assert_true(out_in_place(&t));
	/* Devices may take two outputs; they are not the same file. */
	assert_int_equal(out_resolve("/dev/null", &u, err, sizeof(err)), 0);
	assert_false(out_same(&t, &u));
	assert_false(out_is_file(&t, &u.st));
	assert_int_equal(mkfifo(in_dir("fifo"), 0600), 0);
	assert_int_equal(out_resolve(path, &t, err, sizeof(err)), 0);
	assert_true(out_in_place(&t));
	/* Standard output is one output, whatever else it is. */
	assert_int_equal(out_resolve("-", &t, err, sizeof(err)), 0);
	assert_int_equal(out_resolve("-", &u, err, sizeof(err)), 0);
	assert_true(out_same(&t, &u));
	assert_int_equal(out_resolve(in_dir("x.json"), &u, err, sizeof(err)),
	    0);
	assert_false(out_same(&t, &u));
}

static void
test_refusals(void **state)
{
	struct out_target t;
	char name[NAME_MAX + 8];

	(void)state;
	assert_int_equal(out_resolve(dir, &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "it is a directory; give a file name"));
	assert_int_equal(out_resolve(in_dir("."), &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'.' or '..' names a directory"));
	assert_int_equal(out_resolve(in_dir("d/"), &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "a name ending in '/' names a directory"));
	assert_int_equal(out_resolve(in_dir("none/x.json"), &t, err,
	    sizeof(err)), -1);
	assert_non_null(strstr(err, "none': No such file or directory"));
	touch("plain");
	assert_int_equal(out_resolve(in_dir("plain/x.json"), &t, err,
	    sizeof(err)), -1);
	assert_non_null(strstr(err, "plain' is not a directory"));
	memset(name, 'n', NAME_MAX + 1);
	name[NAME_MAX + 1] = '\0';
	assert_int_equal(out_resolve(in_dir(name), &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "file name too long (256 bytes; at most "
	    "255)"));
	assert_int_equal(symlink(dir, in_dir("to-dir")), 0);
	assert_int_equal(out_resolve(path, &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "it leads to the directory"));
}

/*
 * A file another program writes (a store) is hit by an output that is
 * it, existing or to be made, even through a device's link: out_same
 * lets two outputs share a device, out_hits does not.
 */
static void
test_hits(void **state)
{
	struct out_target t, f;
	char store[PATH_MAX], link[64];
	int fd;

	(void)state;
	/* A directory not writable is fine to locate: the store only reads. */
	assert_int_equal(out_locate("/proc/store.db", &f, err, sizeof(err)),
	    0);
	assert_false(f.exists);
	snprintf(store, sizeof(store), "%s", in_dir("s.db"));
	assert_int_equal(out_locate(store, &f, err, sizeof(err)), 0);
	assert_int_equal(out_resolve(in_dir("./s.db"), &t, err, sizeof(err)),
	    0);
	assert_true(out_hits(&t, &f));
	assert_int_equal(out_resolve(in_dir("s.db-wal"), &t, err, sizeof(err)),
	    0);
	assert_false(out_hits(&t, &f));
	touch("s.db");
	assert_int_equal(out_locate(store, &f, err, sizeof(err)), 0);
	/* /proc/self/fd/N, written in place, appends to the store. */
	assert_true((fd = open(store, O_WRONLY)) >= 0);
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	assert_int_equal(out_resolve(link, &t, err, sizeof(err)), 0);
	assert_true(out_in_place(&t));
	assert_true(out_hits(&t, &f));
	close(fd);
	assert_int_equal(out_resolve("/dev/null", &t, err, sizeof(err)), 0);
	assert_false(out_hits(&t, &f));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dir_part),
		cmocka_unit_test(test_stdout_and_new),
		cmocka_unit_test(test_links),
		cmocka_unit_test(test_in_place),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_hits),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
