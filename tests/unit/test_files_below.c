/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/cli/files_below.c, on a tree made in a temporary
 * directory: the *.json files below a directory in name order at every
 * depth, nothing else; links inside not followed, one given by name
 * followed; files passed through untouched; a directory with none, or
 * one that cannot be read whole, said, counted and left out entirely.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "emulated.h"
#include "stderr_capture.h"

static char top[64];

static void
make_file(const char *rel)
{
	char path[256];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	if ((fp = fopen(path, "w")) == NULL)
		fail_msg("cannot create %s", path);
	fputs("{}\n", fp);
	fclose(fp);
}

static void
make_dir(const char *rel)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	if (mkdir(path, 0755) != 0)
		fail_msg("cannot create %s", path);
}

static void
make_link(const char *target, const char *rel)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	if (symlink(target, path) != 0)
		fail_msg("cannot link %s", path);
}

/*
 * top/d: b.json, a.json, notes.txt, .json, upper.JSON, sub/c.json,
 * sub/deeper/e.json, zz/ (no results), link.json -> ../outside.json,
 * loop -> . ; top/outside.json; top/empty/; top/bare/x.txt;
 * top/dlink -> d.
 */
static int
setup(void **state)
{
	(void)state;
	snprintf(top, sizeof(top), "%s/cb-below-XXXXXX", "/tmp");
	if (mkdtemp(top) == NULL)
		return (-1);
	make_dir("d");
	make_file("d/b.json");
	make_file("d/a.json");
	make_file("d/notes.txt");
	make_file("d/.json");
	make_file("d/upper.JSON");
	make_dir("d/sub");
	make_file("d/sub/c.json");
	make_dir("d/sub/deeper");
	make_file("d/sub/deeper/e.json");
	make_dir("d/zz");
	make_file("outside.json");
	make_link("../outside.json", "d/link.json");
	make_link(".", "d/loop");
	make_dir("empty");
	make_dir("bare");
	make_file("bare/x.txt");
	make_link("d", "dlink");
	return (0);
}

static int
teardown(void **state)
{
	char cmd[256];

	(void)state;
	snprintf(cmd, sizeof(cmd), "chmod -R u+rwx '%s' && rm -rf '%s'", top,
	    top);
	return (system(cmd) == 0 ? 0 : -1);
}

/* The names files_below gives for ops, relative to top, one a line. */
static const char *
below(const char *const *rel, int nops, size_t *bad)
{
	static char text[1024];
	char paths[8][256], *ops[8], **names;
	size_t n, i, used = 0, skip = strlen(top) + 1;

	assert_true(nops <= 8);
#ifdef __i386__
	/*
	 * qemu-i386 (7.2) hands glibc's fts the entries getdents64 read,
	 * and fts_read yields none of them (readdir lists them): the
	 * emulator's fault, not files_below's.  Native i386 runs all.
	 */
	SKIP_IF_EMULATED();
#endif
	for (i = 0; i < (size_t)nops; i++) {
		snprintf(paths[i], sizeof(paths[i]), "%s/%s", top, rel[i]);
		ops[i] = paths[i];
	}
	assert_int_equal(files_below(ops, nops, &names, &n, bad), 0);
	text[0] = '\0';
	for (i = 0; i < n; i++) {
		assert_true(strncmp(names[i], top, skip - 1) == 0);
		used += (size_t)snprintf(text + used, sizeof(text) - used,
		    "%s\n", names[i] + skip);
	}
	free_names(names, n);
	return (text);
}

static void
test_order_and_depth(void **state)
{
	const char *const ops[] = { "d" };
	size_t bad;

	(void)state;
	assert_string_equal(below(ops, 1, &bad), "d/a.json\nd/b.json\n"
	    "d/sub/c.json\nd/sub/deeper/e.json\n");
	assert_int_equal(bad, 0);
}

/* Operands keep their order; files, even absent ones, pass through. */
static void
test_operands(void **state)
{
	const char *const ops[] = { "outside.json", "d/sub", "absent.json",
	    "bare/x.txt" };
	size_t bad;

	(void)state;
	assert_string_equal(below(ops, 4, &bad), "outside.json\n"
	    "d/sub/c.json\nd/sub/deeper/e.json\nabsent.json\nbare/x.txt\n");
	assert_int_equal(bad, 0);
}

/* A link given by name is followed; those inside are not (loop, link.json). */
static void
test_links(void **state)
{
	const char *const ops[] = { "dlink" };
	size_t bad;

	(void)state;
	assert_string_equal(below(ops, 1, &bad), "dlink/a.json\n"
	    "dlink/b.json\ndlink/sub/c.json\ndlink/sub/deeper/e.json\n");
	assert_int_equal(bad, 0);
}

static void
test_no_results(void **state)
{
	const char *const ops[] = { "empty", "d/sub/deeper", "bare" };
	const char *said;
	size_t bad;

	(void)state;
	stderr_begin();
	assert_string_equal(below(ops, 3, &bad), "d/sub/deeper/e.json\n");
	said = stderr_end();
	assert_int_equal(bad, 2);
	assert_said(said, "/empty: a directory with no results files (*.json) "
	    "below it\n");
	assert_said(said, "/bare: a directory with no results files");
}

/* Nothing at all from a directory that is not read whole. */
static void
test_unreadable(void **state)
{
	const char *const ops[] = { "d", "outside.json" };
	char locked[256];
	const char *said, *got;
	size_t bad;

	(void)state;
	if (geteuid() == 0)
		skip();		/* root reads a directory of mode 0 */
	snprintf(locked, sizeof(locked), "%s/d/sub/deeper", top);
	assert_int_equal(chmod(locked, 0), 0);
	stderr_begin();
	got = below(ops, 2, &bad);
	said = stderr_end();
	chmod(locked, 0755);
	assert_string_equal(got, "outside.json\n");
	assert_int_equal(bad, 1);
	assert_said(said, "/d/sub/deeper: Permission denied\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_and_depth),
		cmocka_unit_test(test_operands),
		cmocka_unit_test(test_links),
		cmocka_unit_test(test_no_results),
		cmocka_unit_test(test_unreadable),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
