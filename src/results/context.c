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
#include "util/redact.h"

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
	char key[CTX_KEY_MAX + 2], *value;
	int rc;

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
	/* A store's URL given as context keeps its password out too. */
	if ((value = redact(eq + 1)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return (-1);
	}
	rc = context_set(c, key, value, err, errlen);
	free(value);
	return (rc);
}

/* The overrides every git run starts with (see git_describe). */
static const char *const git_safe[] = {
	"git", "--no-optional-locks",
	"-c", "core.fsmonitor=false",
	"-c", "core.hooksPath=/dev/null",
	"-c", "core.untrackedCache=false",
	"-c", "core.attributesFile=/dev/null",
	"-c", "diff.external=",
	"-c", "protocol.allow=never",
};
#define GIT_NSAFE	(sizeof(git_safe) / sizeof(git_safe[0]))
#define GIT_MAX_ARGS	(GIT_NSAFE + 4 * 2 * 32 + 8)

/*
 * Run git with argv, no shell, the system's configuration unread; its
 * standard output into buf[0..len-1] (NUL-terminated, *got bytes).
 * Returns git's exit status, or -1 with why when it could not run.
 */
static int
git_run(char *const argv[], char *buf, size_t len, size_t *got, char *err,
    size_t errlen)
{
	static char nosystem[] = "GIT_CONFIG_NOSYSTEM=1";
	posix_spawn_file_actions_t fa;
	char **env;
	size_t i, nenv = 0;
	ssize_t n;
	pid_t pid;
	int fd[2], rc, st = -1;

	*got = 0;
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
	while (rc == 0 && *got + 1 < len && ((n = read(fd[0], buf + *got,
	    len - 1 - *got)) > 0 || (n < 0 && errno == EINTR)))
		*got += n > 0 ? (size_t)n : 0;
	close(fd[0]);
	buf[*got] = '\0';
	while (rc == 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (rc != 0) {
		snprintf(err, errlen, "--context git: %s", rc == ENOENT ?
		    "git is not installed" : strerror(rc));
		return (-1);
	}
	return (WIFEXITED(st) ? WEXITSTATUS(st) : 128);
}

/*
 * Each filter driver the configuration names ("filter.NAME.clean"),
 * emptied in argv from *n on: git runs an empty filter as none, and an
 * optional one's absence is no error.  Keys
 * come NUL-separated, so a name may hold anything but '=', which -c
 * would cut at.  0, or -1 with why.
 */
static int
git_no_filters(char **argv, size_t *n, char *names, char *err,
    size_t errlen)
{
	static const char *const var[] = {
		"clean=", "smudge=", "process=", "required=false"
	};
	char *safe[GIT_NSAFE + 6], *key, *next, *dot, *prev = "";
	size_t got, i, k;
	int st;

	memcpy(safe, git_safe, sizeof(git_safe));
	k = GIT_NSAFE;
	safe[k++] = "config";
	safe[k++] = "--null";
	safe[k++] = "--name-only";
	safe[k++] = "--get-regexp";
	safe[k++] = "^filter\\.";
	safe[k] = NULL;
	if ((st = git_run(safe, names, 4096, &got, err, errlen)) < 0)
		return (-1);
	for (key = names; st == 0 && key < names + got; key = next) {
		next = key + strlen(key) + 1;
		if ((dot = strrchr(key, '.')) == NULL || dot <= key + 6)
			continue;	/* filter.KEY: no driver */
		*dot = '\0';		/* "filter.NAME" */
		if (strcmp(key, prev) == 0)
			continue;	/* its other keys, listed together */
		prev = key;
		/* Room for these 8 and describe's 5 and NULL after them. */
		if (*n + 8 + 6 > GIT_MAX_ARGS || got + 1 >= 4096 ||
		    strchr(key, '=') != NULL) {
			snprintf(err, errlen, "--context git: the repository "
			    "configures filters this cannot turn off; give "
			    "--context commit=... instead");
			return (-1);
		}
		for (i = 0; i < 4; i++) {
			argv[(*n)++] = "-c";
			if (asprintf(&argv[*n], "%s.%s", key, var[i]) < 0) {
				snprintf(err, errlen, "--context git: out of "
				    "memory");
				return (-1);
			}
			(*n)++;
		}
	}
	return (0);
}

/*
 * git describe's one line, or -1 with why.  The work tree may be
 * anyone's, and its .git/config is theirs to write: every setting
 * through which --dirty's look at the index could start a program (a
 * file-system monitor, hooks, an external diff, a clean filter) is
 * overridden on the command line, which wins over every file, the
 * system's file is not read, and the index is not rewritten.
 */
static int
git_describe(char *buf, size_t len, char *err, size_t errlen)
{
	static const char *const describe[] = {
		"describe", "--always", "--dirty", "--tags", "--abbrev=12"
	};
	char *argv[GIT_MAX_ARGS], names[4096];
	size_t n, first, i, got;
	int rc = -1;

	buf[0] = '\0';
	memcpy(argv, git_safe, sizeof(git_safe));
	n = first = GIT_NSAFE;
	if (git_no_filters(argv, &n, names, err, errlen) == 0) {
		memcpy(argv + n, describe, sizeof(describe));
		argv[n + 5] = NULL;
		rc = git_run(argv, buf, len, &got, err, errlen);
	}
	buf[strcspn(buf, "\r\n")] = '\0';
	for (i = first; i < n; i++)
		if (strcmp(argv[i], "-c") != 0)
			free(argv[i]);
	if (rc > 0 || (rc == 0 && buf[0] == '\0')) {
		snprintf(err, errlen, "--context git: the current directory is "
		    "not in a git work tree (git describe failed)");
		return (-1);
	}
	return (rc);
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
