/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Finding LLVM's tools on PATH and running llvm-exegesis to write the
 * snippets (characterize/exegesis.h): its documents on standard output
 * and its refusals on standard error, both memory files.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "characterize/exegesis.h"
#include "characterize/kept.h"
#include "snippet/tool.h"
#include "snippet/workdir.h"

/* exegesis writes every opcode's snippet in some 15 s of CPU, 66 MiB. */
static const struct tool_limits exegesis_limits = {
	.cpu_seconds = 600,
	.max_file = 1L << 30,
};
#define EXEGESIS_MAX_READ	(1UL << 30)

/* `name' in a directory of PATH, into buf: 1 found, 0 not. */
static int
on_path(const char *name, char *buf, size_t len)
{
	const char *path = getenv("PATH"), *s, *e;
	int n;

	if (path == NULL || *path == '\0')
		path = "/usr/local/bin:/usr/bin:/bin";
	for (s = path; ; s = e + 1) {
		e = strchr(s, ':');
		if (e == NULL)
			e = s + strlen(s);
		n = snprintf(buf, len, "%.*s/%s", (int)(e - s),
		    e == s ? "." : s, name);
		if (n > 0 && (size_t)n < len && access(buf, X_OK) == 0)
			return (1);
		if (*e == '\0')
			return (0);
	}
}

static int
find_version(struct llvm_tools *t, int v)
{
	char name[64];

	snprintf(name, sizeof(name), "llvm-exegesis-%d", v);
	if (!on_path(name, t->exegesis, sizeof(t->exegesis)))
		return (0);
	snprintf(name, sizeof(name), "llvm-mc-%d", v);
	if (!on_path(name, t->mc, sizeof(t->mc)))
		return (0);
	snprintf(name, sizeof(name), "llvm-mca-%d", v);
	if (!on_path(name, t->mca, sizeof(t->mca)))
		t->mca[0] = '\0';
	t->version = v;
	return (1);
}

int
llvm_tools_find(struct llvm_tools *t, int version, char *err, size_t errlen)
{
	int v;

	memset(t, 0, sizeof(*t));
	if (version != 0 && (version < EXEGESIS_MIN_LLVM ||
	    version > EXEGESIS_MAX_LLVM)) {
		snprintf(err, errlen, "--llvm takes a version from %d to %d",
		    EXEGESIS_MIN_LLVM, EXEGESIS_MAX_LLVM);
		return (-1);
	}
	for (v = version != 0 ? version : EXEGESIS_MAX_LLVM;
	    v >= EXEGESIS_MIN_LLVM && (version == 0 || v == version); v--)
		if (find_version(t, v))
			return (0);
	if (version != 0)
		snprintf(err, errlen, "no llvm-exegesis-%d and llvm-mc-%d on "
		    "PATH: install them (Debian: apt-get install llvm-%d)",
		    version, version, version);
	else
		snprintf(err, errlen, "characterize takes its snippets from "
		    "llvm-exegesis %d or newer, and none is on PATH (looked for "
		    "llvm-exegesis-%d to -%d, with llvm-mc of the same "
		    "version): install one (Debian 12: apt-get install "
		    "llvm-16)", EXEGESIS_MIN_LLVM, EXEGESIS_MIN_LLVM,
		    EXEGESIS_MAX_LLVM);
	return (-1);
}

/* What the tool said last, for a message: its last line. */
static void
last_line(const char *s, size_t len, char *buf, size_t buflen)
{
	const char *e = s + len, *b;

	while (e > s && (e[-1] == '\n' || e[-1] == '\r'))
		e--;
	for (b = e; b > s && b[-1] != '\n'; b--)
		;
	snprintf(buf, buflen, "%.*s", (int)(e - b > 200 ? 200 : e - b), b);
}

int
exegesis_generate(const struct llvm_tools *t, const char *mode,
    const char *opcodes, const char *keep, double timeout, struct xdocs *out,
    char *err, size_t errlen)
{
	struct workdir w;
	char *argv[8], *modearg = NULL, *oparg = NULL;
	char *text = NULL, *msg = NULL, why[256], said[256];
	size_t len = 0, msglen = 0;
	int status, rc = -1;

	memset(out, 0, sizeof(*out));
	if (workdir_make(&w, err, errlen) != 0)
		return (-1);
	if (asprintf(&modearg, "-mode=%s", mode) < 0 ||
	    (opcodes == NULL ? (oparg = strdup("-opcode-index=-1")) == NULL :
	    asprintf(&oparg, "-opcode-name=%s", opcodes) < 0)) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	argv[0] = (char *)t->exegesis;
	argv[1] = modearg;
	argv[2] = oparg;
	argv[3] = (char *)"--benchmark-phase=prepare-and-assemble-snippet";
	argv[4] = NULL;
	status = tool_run(argv, "llvm-exegesis", "LLVM", NULL, w.out, w.msg,
	    timeout, &exegesis_limits, err, errlen);
	if (status < 0)
		goto out;
	msg = workdir_read(w.msg, EXEGESIS_MAX_READ, &msglen);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		last_line(msg != NULL ? msg : "", msglen, said, sizeof(said));
		snprintf(err, errlen, "%s -mode=%s failed (%s%d)%s%s",
		    t->exegesis, mode, WIFEXITED(status) ? "exit " : "signal ",
		    WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
		    said[0] != '\0' ? ": " : "", said);
		goto out;
	}
	if ((text = workdir_read(w.out, EXEGESIS_MAX_READ, &len)) == NULL) {
		snprintf(err, errlen, "reading llvm-exegesis's output: %s",
		    strerror(errno));
		goto out;
	}
	if (exegesis_parse(text, len, mode, out, why,
	    sizeof(why)) != 0) {
		snprintf(err, errlen, "llvm-exegesis's output, %s", why);
		goto out;
	}
	if (msg != NULL && exegesis_add_refusals(msg, msglen, mode, out) !=
	    0) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	/* Not kept (a full disk, say): the next run asks exegesis again. */
	if (keep != NULL && opcodes == NULL)
		(void)kept_write(keep, mode, text, len, msg, msglen, why,
		    sizeof(why));
	rc = 0;
out:
	if (rc != 0)
		xdocs_free(out);
	workdir_remove(&w);
	free(text);
	free(msg);
	free(modearg);
	free(oparg);
	return (rc);
}
