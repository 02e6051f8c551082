/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A run's context pairs.  Keys are plain words so that they can name a
 * column of `table --by KEY' and a term of a selection; values are one
 * line of text.  "git" and "host" are filled in from the environment
 * only when the command is about to run, so that parsing starts nothing.
 */
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/context.h"
#include "results/json_text.h"

/* Selections use these words for the run's own fields and limits. */
static const char *const reserved[] = {
	"machine", "kernel", "microcode", "last", "since", "until", "run",
	NULL
};

int
context_key_ok(const char *key, char *err, size_t errlen)
{
	size_t i, n;

	n = strlen(key);
	if (n == 0 || n > CTX_KEY_MAX || strspn(key, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") != n) {
		snprintf(err, errlen, "context key '%.*s' is not 1 to %d "
		    "letters, digits, '_', '.' or '-'", CTX_KEY_MAX + 8, key,
		    CTX_KEY_MAX);
		return (-1);
	}
	for (i = 0; reserved[i] != NULL; i++)
		if (strcmp(key, reserved[i]) == 0) {
			snprintf(err, errlen, "context key '%s' is reserved: "
			    "the results store records the run's %s itself",
			    key, i < 3 ? key : "selection terms");
			return (-1);
		}
	return (0);
}

int
context_set(struct run_context *c, const char *key, const char *value,
    char *err, size_t errlen)
{
	size_t i, n;

	if (context_key_ok(key, err, errlen) != 0)
		return (-1);
	for (i = 0; i < c->n; i++)
		if (strcmp(c->items[i].key, key) == 0) {
			snprintf(err, errlen, "context key '%s' given twice",
			    key);
			return (-1);
		}
	if (c->n == CTX_MAX) {
		snprintf(err, errlen, "at most %d context pairs", CTX_MAX);
		return (-1);
	}
	n = strlen(value);
	if (n > CTX_VALUE_MAX) {
		snprintf(err, errlen, "context value of '%s' is %zu bytes; "
		    "at most %d", key, n, CTX_VALUE_MAX);
		return (-1);
	}
	for (i = 0; i < n; i++)
		if ((unsigned char)value[i] < 0x20 || value[i] == 0x7f) {
			snprintf(err, errlen, "context value of '%s' has a "
			    "control character; a value is one line of text",
			    key);
			return (-1);
		}
	if ((c->items[c->n].value = strdup(value)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return (-1);
	}
	snprintf(c->items[c->n].key, sizeof(c->items[c->n].key), "%s", key);
	c->n++;
	return (0);
}

int
context_add(struct run_context *c, const char *arg, char *err, size_t errlen)
{
	const char *eq;
	char key[CTX_KEY_MAX + 2];

	if (strcmp(arg, "git") == 0 || strcmp(arg, "host") == 0) {
		if (arg[0] == 'g' ? c->want_git : c->want_host) {
			snprintf(err, errlen, "--context %s given twice", arg);
			return (-1);
		}
		*(arg[0] == 'g' ? &c->want_git : &c->want_host) = 1;
		return (0);
	}
	if ((eq = strchr(arg, '=')) == NULL) {
		snprintf(err, errlen, "--context takes KEY=VALUE, 'git' or "
		    "'host', not '%.80s'", arg);
		return (-1);
	}
	snprintf(key, sizeof(key), "%.*s", (int)(eq - arg < CTX_KEY_MAX + 1 ?
	    eq - arg : CTX_KEY_MAX + 1), arg);
	return (context_set(c, key, eq + 1, err, errlen));
}

/*
 * git describe's one line, or -1 with why.  No shell: a fixed argv.  The
 * work tree may be anyone's, and its .git/config is theirs to write:
 * every setting through which --dirty's look at the index could start a
 * program (a file-system monitor, hooks, an external diff) is overridden
 * on the command line, which wins over every file, the system's file is
 * not read, and the index is not rewritten.
 */
static int
git_describe(char *buf, size_t len, char *err, size_t errlen)
{
	static char *const argv[] = {
		"git", "--no-optional-locks",
		"-c", "core.fsmonitor=false",
		"-c", "core.hooksPath=/dev/null",
		"-c", "core.untrackedCache=false",
		"-c", "core.attributesFile=/dev/null",
		"-c", "diff.external=",
		"-c", "protocol.allow=never",
		"describe", "--always", "--dirty", "--tags", "--abbrev=12", NULL
	};
	static char nosystem[] = "GIT_CONFIG_NOSYSTEM=1";
	char **env = NULL;
	size_t i, nenv = 0;
	posix_spawn_file_actions_t fa;
	size_t got = 0;
	ssize_t n;
	pid_t pid;
	int fd[2], rc, st = -1;

	while (environ[nenv] != NULL)
		nenv++;
	if ((env = calloc(nenv + 2, sizeof(*env))) == NULL || pipe(fd) != 0) {
		snprintf(err, errlen, "--context git: %s", strerror(errno));
		free(env);
		return (-1);
	}
	env[0] = nosystem;
	for (i = 0; i < nenv; i++)
		env[i + 1] = environ[i];
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, fd[0]);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null",
	    O_WRONLY, 0);
	rc = posix_spawnp(&pid, "git", &fa, NULL, argv, env);
	posix_spawn_file_actions_destroy(&fa);
	free(env);
	close(fd[1]);
	while (rc == 0 && got + 1 < len && ((n = read(fd[0], buf + got,
	    len - 1 - got)) > 0 || (n < 0 && errno == EINTR)))
		got += n > 0 ? (size_t)n : 0;
	close(fd[0]);
	buf[got] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	while (rc == 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (rc != 0) {
		snprintf(err, errlen, "--context git: %s", rc == ENOENT ?
		    "git is not installed" : strerror(rc));
		return (-1);
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || buf[0] == '\0') {
		snprintf(err, errlen, "--context git: the current directory is "
		    "not in a git work tree (git describe failed)");
		return (-1);
	}
	return (0);
}

int
context_resolve(struct run_context *c, char *err, size_t errlen)
{
	char buf[256];

	if (c->want_git) {
		if (git_describe(buf, sizeof(buf), err, errlen) != 0 ||
		    context_set(c, "commit", buf, err, errlen) != 0)
			return (-1);
		c->want_git = 0;
	}
	if (c->want_host) {
		if (gethostname(buf, sizeof(buf)) != 0) {
			snprintf(err, errlen, "--context host: no host name");
			return (-1);
		}
		buf[sizeof(buf) - 1] = '\0';
		if (context_set(c, "host", buf, err, errlen) != 0)
			return (-1);
		c->want_host = 0;
	}
	return (0);
}

json_t *
context_json(const struct run_context *c)
{
	json_t *o;
	size_t i;

	if ((o = json_object()) == NULL)
		return (NULL);
	/* Keys are checked ASCII; a value may need results_json_text's repair. */
	for (i = 0; i < c->n; i++)
		if (json_object_set_new(o, c->items[i].key,
		    results_json_text(c->items[i].value)) != 0) {
			json_decref(o);
			return (NULL);
		}
	return (o);
}

void
context_free(struct run_context *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->items[i].value);
	memset(c, 0, sizeof(*c));
}
