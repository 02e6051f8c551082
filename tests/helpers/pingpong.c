/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A workload whose kernel events are known, for `cyclebench impact':
 *
 *	pingpong SWITCHES PAGES SIGNALS
 *
 * makes SWITCHES context switches (a byte handed back and forth through
 * two pipes between two processes pinned to one CPU: each hand-off blocks
 * or preempts exactly one of them) and 2 x SWITCHES system calls doing it,
 * takes PAGES minor faults (first writes to fresh anonymous pages, huge
 * pages refused) and has SIGNALS signals delivered to itself.  Every run
 * makes the same calls, so a run with all zero cancels what any process
 * costs to start and exit.
 */
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static void
die(const char *what)
{
	perror(what);
	exit(1);
}

static long
count_arg(const char *s)
{
	char *end;
	long v;

	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || v < 0) {
		fprintf(stderr, "pingpong: '%s' is not a count\n", s);
		exit(2);
	}
	return (v);
}

static void
touch(long pages)
{
	long size = sysconf(_SC_PAGESIZE);
	size_t len = (size_t)(pages + 1) * (size_t)size;
	char *p;
	long i;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE |
	    MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		die("mmap");
	if (madvise(p, len, MADV_NOHUGEPAGE) != 0)
		die("madvise");
	for (i = 0; i < pages; i++)
		p[i * size] = 1;
	munmap(p, len);
}

static volatile sig_atomic_t caught;

static void
on_signal(int sig)
{
	(void)sig;
	caught++;
}

static void
raise_signals(long n)
{
	struct sigaction sa = { .sa_handler = on_signal };
	long i;

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL) != 0)
		die("sigaction");
	for (i = 0; i < n; i++)
		raise(SIGUSR1);
	if (caught != n)
		die("signals lost");
}

static void
hand(int from, int to)
{
	char c = 0;

	if (from >= 0 && read(from, &c, 1) != 1)
		die("read");
	if (to >= 0 && write(to, &c, 1) != 1)
		die("write");
}

/* CPU 0: cyclebench measures on the highest CPU; stay out of its way. */
static void
pingpong(long switches)
{
	cpu_set_t one;
	pid_t pid;
	long i;
	int a[2], b[2], st;

	CPU_ZERO(&one);
	CPU_SET(0, &one);
	if (sched_setaffinity(0, sizeof(one), &one) != 0)
		die("sched_setaffinity");
	if (pipe(a) != 0 || pipe(b) != 0)
		die("pipe");
	if ((pid = fork()) < 0)
		die("fork");
	for (i = 0; i < switches / 2; i++)
		if (pid == 0)
			hand(a[0], b[1]);
		else {
			hand(-1, a[1]);
			hand(b[0], -1);
		}
	if (pid == 0)
		_exit(0);
	if (waitpid(pid, &st, 0) != pid || st != 0)
		die("child");
}

int
main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: pingpong SWITCHES PAGES SIGNALS\n");
		return (2);
	}
	touch(count_arg(argv[2]));
	raise_signals(count_arg(argv[3]));
	pingpong(count_arg(argv[1]));
	return (0);
}
