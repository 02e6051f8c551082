/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A fuzz target's corpus replayed as an ordinary test: every file in
 * tests/fuzz/corpus/NAME (seeds and the inputs of crashes since fixed)
 * goes through LLVMFuzzerTestOneInput once, built like the unit tests
 * (so under check-asan's sanitizers too), no libFuzzer needed.  An
 * input that hangs is killed by SIGALRM, which fails the test too.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A hang, not a slow build: libFuzzer allows 10 (scripts/run-fuzz). */
#define INPUT_SECONDS	30

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
replay(const char *path)
{
	uint8_t *buf;
	long len;
	FILE *fp;
	int rc = -1;

	if ((fp = fopen(path, "rb")) == NULL)
		return (-1);
	if (fseek(fp, 0, SEEK_END) == 0 && (len = ftell(fp)) >= 0 &&
	    fseek(fp, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)len + 1)) != NULL) {
		if (fread(buf, 1, (size_t)len, fp) == (size_t)len) {
			alarm(INPUT_SECONDS);
			LLVMFuzzerTestOneInput(buf, (size_t)len);
			alarm(0);
			rc = 0;
		}
		free(buf);
	}
	fclose(fp);
	return (rc);
}

int
main(void)
{
	char path[4096];
	struct dirent *d;
	FILE *out, *err;
	DIR *dir;
	int n = 0, bad = 0;

	if ((dir = opendir(CORPUS)) == NULL) {
		perror(CORPUS);
		return (1);
	}
	/* What the parsers say to a user is noise here; crashes are not. */
	out = stdout;
	err = stderr;
	stdout = stderr = fopen("/dev/null", "w");
	while ((d = readdir(dir)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", CORPUS, d->d_name);
		if (replay(path) != 0) {
			fprintf(err, "%s: cannot read\n", path);
			bad++;
		}
		n++;
	}
	closedir(dir);
	fclose(stdout);
	stdout = out;
	stderr = err;
	printf("%s: %d inputs replayed\n", CORPUS, n);
	return (bad != 0 || n == 0);
}
