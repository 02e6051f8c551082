/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: resource limits (setrlimit); namespaces (unshare) and Landlock,
 * each where the kernel grants it; the seccomp filters of
 * os/linux/syscall_filter.c; and the child subreaper
 * (PR_SET_CHILD_SUBREAPER) with /proc/self/task/N/children to find and
 * kill whatever a snippet left.
 */
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/landlock.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "os/linux/audit_arch.h"
#include "os/linux/syscall_filter.h"
#include "os/sandbox.h"
#include "util/time.h"


/*
 * For messages, from a signal handler (so not libseccomp's resolver, which
 * allocates): the calls refused by name, and those a snippet is likely
 * to make.
 */
static const struct {
	int		 nr;
	const char	*name;
} names[] = {
#define N(call)	{ __NR_##call, #call }
#ifdef __NR_fork
	N(fork), N(vfork), N(open), N(getpgrp), N(pause),
#endif
	N(clone), N(clone3), N(execve), N(execveat), N(setsid), N(setpgid),
	N(kill), N(tkill), N(tgkill), N(pidfd_send_signal), N(ptrace),
	N(process_vm_readv), N(process_vm_writev), N(unshare), N(setns),
	N(reboot), N(kexec_load), N(init_module), N(finit_module),
	N(delete_module), N(mount), N(umount2), N(pivot_root), N(chroot),
	N(swapon), N(swapoff), N(read), N(write), N(close), N(getpid),
	N(getppid), N(gettid), N(getuid), N(sched_yield), N(nanosleep),
	N(clock_gettime), N(mmap), N(munmap), N(mprotect), N(brk), N(ioctl),
	N(openat), N(exit), N(exit_group), N(rt_sigreturn), N(rt_sigaction),
	N(rt_sigprocmask), N(futex), N(getrusage), N(madvise), N(prctl),
	N(getcpu), N(rt_sigqueueinfo), N(prlimit64), N(setpriority),
	N(pidfd_getfd), N(pidfd_open), N(socket),
	N(connect), N(perf_event_open), N(bpf), N(fsopen), N(move_mount),
#undef N
};

#define NELEMS(a)	(sizeof(a) / sizeof((a)[0]))

const char *
sandbox_syscall_name(int nr, unsigned arch)
{
	size_t i;

#ifdef NATIVE_ARCH
	if (arch != NATIVE_ARCH)
		return (NULL);
#else
	(void)arch;
#endif
	for (i = 0; i < NELEMS(names); i++)
		if (names[i].nr == nr)
			return (names[i].name);
	return (NULL);
}

/* Threads this user runs: what RLIMIT_NPROC counts them against. */
static unsigned
user_tasks(void)
{
	char path[300];
	struct dirent *e;
	struct stat st;
	unsigned n = 0;
	DIR *d;

	if ((d = opendir("/proc")) == NULL)
		return (0);
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/task", e->d_name);
		if (stat(path, &st) == 0 && st.st_uid == getuid() &&
		    st.st_nlink > 2)
			n += (unsigned)st.st_nlink - 2;
	}
	closedir(d);
	return (n);
}

/* Bytes of address space mapped now: statm's first field, in pages. */
static size_t
mapped_now(void)
{
	char buf[128];
	ssize_t n;
	int fd;

	if ((fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)) < 0)
		return (0);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return ((size_t)strtoul(buf, NULL, 10) * (size_t)sysconf(_SC_PAGESIZE));
}

static int
set_limit(int resource, rlim_t soft, rlim_t hard, const char *what,
    char *why, size_t len)
{
	struct rlimit rl;

	/* Never raise a limit someone set lower. */
	if (getrlimit(resource, &rl) == 0) {
		soft = soft < rl.rlim_max ? soft : rl.rlim_max;
		hard = hard < rl.rlim_max ? hard : rl.rlim_max;
	}
	rl.rlim_cur = soft;
	rl.rlim_max = hard;
	if (setrlimit(resource, &rl) == 0)
		return (0);
	snprintf(why, len, "cannot limit the snippet's %s: %s", what,
	    strerror(errno));
	return (-1);
}

int
sandbox_limit(const struct sandbox_limits *l, char *why, size_t len)
{
	rlim_t cpu, tasks;

	cpu = (rlim_t)ceil(l->cpu_seconds);
	if (set_limit(RLIMIT_CPU, cpu, cpu + 1, "CPU time", why, len) != 0 ||
	    set_limit(RLIMIT_AS, mapped_now() + l->more_memory,
	    mapped_now() + l->more_memory, "address space", why, len) != 0 ||
	    set_limit(RLIMIT_CORE, 0, 0, "core dumps", why, len) != 0)
		return (-1);
	if (getuid() == 0)
		return (0);
	tasks = user_tasks() + l->more_tasks;
	return (set_limit(RLIMIT_NPROC, tasks, tasks, "processes", why, len));
}

/*
 * Namespaces of its own: a user namespace with no mapping makes even
 * root an unprivileged stranger to every file and process outside; no
 * network interface but a loopback that is down; its own mounts and IPC.
 * Kernels or containers that refuse unprivileged user namespaces say
 * EPERM or ENOSPC, and the process goes on without them.
 */
static int
own_namespaces(void)
{
	return (unshare(CLONE_NEWUSER | CLONE_NEWNET | CLONE_NEWNS |
	    CLONE_NEWIPC | CLONE_NEWUTS) == 0);
}

/*
 * Landlock's ruleset, as the kernel's ABI versions grew it; the headers
 * of an older kernel may lack the later fields and rights, so they are
 * spelled out here (include/uapi/linux/landlock.h).
 */
struct ruleset {
	uint64_t	 fs;		/* ABI 1: every right below FS_ALL */
	uint64_t	 net;		/* ABI 4: TCP bind and connect */
	uint64_t	 scoped;	/* ABI 6: abstract sockets, signals */
};
#define FS_RIGHTS(abi)	((abi) >= 5 ? 1ULL << 16 : (abi) >= 3 ? 1ULL << 15 : \
			    (abi) >= 2 ? 1ULL << 14 : 1ULL << 13)

/*
 * Landlock with every access right this kernel knows handled and none
 * granted: no file may be opened, made, removed or executed; from ABI 4
 * no TCP port bound or connected; from ABI 6 no signal sent and no
 * abstract socket reached outside the process.  Kernels before 5.13, or
 * booted without it, go on without.
 */
static int
no_files(void)
{
	struct ruleset r = { 0 };
	size_t size;
	int abi, fd, ok;

	abi = (int)syscall(__NR_landlock_create_ruleset, NULL, 0,
	    LANDLOCK_CREATE_RULESET_VERSION);
	if (abi < 1)
		return (0);
	r.fs = FS_RIGHTS(abi) - 1;
	size = sizeof(r.fs);
	if (abi >= 4) {
		r.net = 0x3;
		size += sizeof(r.net);
	}
	if (abi >= 6) {
		r.scoped = 0x3;
		size += sizeof(r.scoped);
	}
	if ((fd = (int)syscall(__NR_landlock_create_ruleset, &r, size, 0)) < 0)
		return (0);
	ok = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
	    syscall(__NR_landlock_restrict_self, fd, 0) == 0;
	close(fd);
	return (ok);
}

int
sandbox_confine(const struct sandbox_policy *p, unsigned *layers, char *why,
    size_t len)
{
	*layers = 0;
	if (own_namespaces())
		*layers |= SANDBOX_NAMESPACES;
	if (no_files())
		*layers |= SANDBOX_LANDLOCK;
	if (p->allow_syscalls)
		return (0);
	/* This one first: it sets no_new_privs, which the list forbids. */
	return (filter_calls_from(p->code_lo, p->code_hi, why, len) != 0 ||
	    filter_allow_only(p->result_fd, why, len) != 0 ? -1 : 0);
}

int
sandbox_adopt_orphans(void)
{
	return (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0));
}

/* SIGKILL every child some thread of this process has; how many. */
static int
kill_listed(void)
{
	char path[300], buf[4096], *p, *end;
	struct dirent *e;
	ssize_t n;
	long pid;
	int fd, count = 0;
	DIR *d;

	if ((d = opendir("/proc/self/task")) == NULL)
		return (0);
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/children",
		    e->d_name);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		buf[n > 0 ? n : 0] = '\0';
		for (p = buf; (pid = strtol(p, &end, 10)) > 0; p = end) {
			kill((pid_t)pid, SIGKILL);
			count++;
		}
	}
	closedir(d);
	return (count);
}

int
sandbox_kill_children(double seconds)
{
	const struct timespec pause = { 0, 1000000 };
	double end = monotonic_seconds() + seconds;
	int killed = 0;
	pid_t pid;

	/* None, and none to come: a confined process may not look further. */
	if (waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD)
		return (0);
	for (;;) {
		killed += kill_listed();
		while ((pid = waitpid(-1, NULL, WNOHANG)) > 0)
			;
		if (pid < 0 && errno == ECHILD)
			return (killed);
		if (monotonic_seconds() > end)
			return (-1);
		nanosleep(&pause, NULL);
	}
}
