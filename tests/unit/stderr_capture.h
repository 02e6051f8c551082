/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What code under test prints on stderr, for the tests of messages (the
 * command line's refusals): stderr goes to an unlinked temporary file
 * between stderr_begin() and stderr_end(), which returns the text.
 * Include after <cmocka.h>.
 */
#ifndef CB_TEST_STDERR_CAPTURE_H
#define CB_TEST_STDERR_CAPTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int stderr_saved = -1;
static char stderr_text[8192];

static inline void
stderr_begin(void)
{
	char path[] = "/tmp/cb-stderr-XXXXXX";
	int fd;

	fflush(stderr);
	if ((fd = mkstemp(path)) < 0)
		fail_msg("mkstemp failed");
	unlink(path);
	stderr_saved = dup(STDERR_FILENO);
	dup2(fd, STDERR_FILENO);
	close(fd);
}

/* The text printed since stderr_begin(), NUL-terminated (cut at 8 KiB). */
static inline const char *
stderr_end(void)
{
	ssize_t n;

	fflush(stderr);
	n = pread(STDERR_FILENO, stderr_text, sizeof(stderr_text) - 1, 0);
	stderr_text[n > 0 ? n : 0] = '\0';
	dup2(stderr_saved, STDERR_FILENO);
	close(stderr_saved);
	stderr_saved = -1;
	return (stderr_text);
}

/* Assert that the captured text contains want. */
#define assert_said(text, want) do {					\
	if (strstr((text), (want)) == NULL)				\
		fail_msg("stderr \"%s\" does not say \"%s\"", (text),	\
		    (want));						\
} while (0)

#endif
