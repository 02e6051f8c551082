/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: resource limits (setrlimit), a seccomp filter in classic BPF,
 * and the child subreaper (PR_SET_CHILD_SUBREAPER) with
 * /proc/self/task/N/children to find and kill whatever a snippet left.
 *
 * The filter looks at where a call comes from as well as which it is:
 * every call from the snippet's code is refused, and from anywhere else
 * the few that would let code escape (a process, another program, a new
 * session, a signal to another process), in case the snippet jumped
 * into the C library to make them.
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
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "os/sandbox.h"
#include "util/time.h"

#if defined(__x86_64__)
#define NATIVE_ARCH	AUDIT_ARCH_X86_64
#elif defined(__i386__)
#define NATIVE_ARCH	AUDIT_ARCH_I386
#elif defined(__aarch64__)
#define NATIVE_ARCH	AUDIT_ARCH_AARCH64
#endif
#define X32_BIT		0x40000000u	/* x32 ABI calls on x86-64 */

#ifndef SECCOMP_FILTER_FLAG_SPEC_ALLOW
#define SECCOMP_FILTER_FLAG_SPEC_ALLOW	(1UL << 2)
#endif

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the filter reads the low half of 64-bit values first"
#endif
#define DATA_LO(field)	((uint32_t)offsetof(struct seccomp_data, field))
#define DATA_HI(field)	(DATA_LO(field) + 4)

/* Refused from anywhere, whatever their arguments. */
static const int refused[] = {
#ifdef __NR_fork
	__NR_fork, __NR_vfork,
#endif
	__NR_execve, __NR_execveat, __NR_setsid, __NR_setpgid, __NR_tkill,
	__NR_pidfd_send_signal, __NR_ptrace, __NR_process_vm_readv,
	__NR_process_vm_writev, __NR_unshare, __NR_setns, __NR_reboot,
	__NR_kexec_load, __NR_init_module, __NR_finit_module,
	__NR_delete_module, __NR_mount, __NR_umount2, __NR_pivot_root,
	__NR_chroot, __NR_swapon, __NR_swapoff,
};

/* Allowed from outside the snippet when aimed at this process (arg 0). */
static const int self_only[] = { __NR_kill, __NR_tgkill };

/* For messages: the calls above, and those a snippet is likely to make. */
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
	N(getcpu),
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
 * A filter program under construction: jumps name labels, resolved to
 * offsets once every label is placed (classic BPF jumps only forward).
 */
enum label {
	L_NEXT = -1,
	L_TRAP,
	L_ALLOW,
	L_OUTSIDE,
	L_UPPER,
	L_NOT_CLONE3,
	L_NOT_CLONE,
	L_SELF,
	NLABELS
};

#define PROG_MAX	96

struct prog {
	struct sock_filter f[PROG_MAX];
	signed char	 jt[PROG_MAX], jf[PROG_MAX];
	unsigned	 at[NLABELS];
	unsigned	 n;
};

static void
emit(struct prog *p, uint16_t code, uint32_t k, int jt, int jf)
{
	if (p->n == PROG_MAX)
		return;
	p->f[p->n] = (struct sock_filter)BPF_STMT(code, k);
	p->jt[p->n] = (signed char)jt;
	p->jf[p->n] = (signed char)jf;
	p->n++;
}

#define LOAD(p, off)	emit((p), BPF_LD | BPF_W | BPF_ABS, (off), L_NEXT, \
			    L_NEXT)
#define RET(p, v)	emit((p), BPF_RET | BPF_K, (v), L_NEXT, L_NEXT)
#define JUMP(p, op, k, t, f) emit((p), BPF_JMP | (op) | BPF_K, (k), (t), (f))

static int
resolve(struct prog *p)
{
	unsigned i, t;

	if (p->n == PROG_MAX)
		return (-1);
	for (i = 0; i < p->n; i++) {
		if (BPF_CLASS(p->f[i].code) != BPF_JMP)
			continue;
		t = p->jt[i] == L_NEXT ? i + 1 : p->at[p->jt[i]];
		if (t <= i || t - i - 1 > 255)
			return (-1);
		p->f[i].jt = (uint8_t)(t - i - 1);
		t = p->jf[i] == L_NEXT ? i + 1 : p->at[p->jf[i]];
		if (t <= i || t - i - 1 > 255)
			return (-1);
		p->f[i].jf = (uint8_t)(t - i - 1);
	}
	return (0);
}

/* Anything from [lo, hi] traps: unsigned 64-bit compares in halves. */
static void
from_range(struct prog *p, uint64_t lo, uint64_t hi)
{
	LOAD(p, DATA_HI(instruction_pointer));
	JUMP(p, BPF_JGT, (uint32_t)(lo >> 32), L_UPPER, L_NEXT);
	JUMP(p, BPF_JEQ, (uint32_t)(lo >> 32), L_NEXT, L_OUTSIDE);
	LOAD(p, DATA_LO(instruction_pointer));
	JUMP(p, BPF_JGE, (uint32_t)lo, L_NEXT, L_OUTSIDE);
	LOAD(p, DATA_HI(instruction_pointer));
	p->at[L_UPPER] = p->n;
	JUMP(p, BPF_JGT, (uint32_t)(hi >> 32), L_OUTSIDE, L_NEXT);
	JUMP(p, BPF_JEQ, (uint32_t)(hi >> 32), L_NEXT, L_TRAP);
	LOAD(p, DATA_LO(instruction_pointer));
	JUMP(p, BPF_JGT, (uint32_t)hi, L_OUTSIDE, L_TRAP);
}

static void
build(struct prog *p, uint64_t lo, uint64_t hi, pid_t self)
{
	size_t i;

	memset(p, 0, sizeof(*p));
	LOAD(p, DATA_LO(arch));
	JUMP(p, BPF_JEQ, NATIVE_ARCH, L_NEXT, L_TRAP);
#if defined(__x86_64__)
	LOAD(p, DATA_LO(nr));
	JUMP(p, BPF_JGE, X32_BIT, L_TRAP, L_NEXT);
#endif
	from_range(p, lo, hi);
	p->at[L_OUTSIDE] = p->n;
	LOAD(p, DATA_LO(nr));
	/* glibc falls back to clone when clone3 is not there. */
	JUMP(p, BPF_JEQ, __NR_clone3, L_NEXT, L_NOT_CLONE3);
	RET(p, SECCOMP_RET_ERRNO | ENOSYS);
	p->at[L_NOT_CLONE3] = p->n;
	JUMP(p, BPF_JEQ, __NR_clone, L_NEXT, L_NOT_CLONE);
	LOAD(p, DATA_LO(args[0]));
	JUMP(p, BPF_JSET, CLONE_THREAD, L_ALLOW, L_TRAP);
	p->at[L_NOT_CLONE] = p->n;
	for (i = 0; i < NELEMS(self_only); i++)
		JUMP(p, BPF_JEQ, (uint32_t)self_only[i], L_SELF, L_NEXT);
	for (i = 0; i < NELEMS(refused); i++)
		JUMP(p, BPF_JEQ, (uint32_t)refused[i], L_TRAP, L_NEXT);
	RET(p, SECCOMP_RET_ALLOW);
	/* A signal to this process itself (raise, abort) is its own affair. */
	p->at[L_SELF] = p->n;
	LOAD(p, DATA_LO(args[0]));
	JUMP(p, BPF_JEQ, (uint32_t)self, L_ALLOW, L_TRAP);
	p->at[L_ALLOW] = p->n;
	RET(p, SECCOMP_RET_ALLOW);
	p->at[L_TRAP] = p->n;
	RET(p, SECCOMP_RET_TRAP);
}

int
sandbox_forbid_syscalls(uintptr_t lo, uintptr_t hi, char *why, size_t len)
{
#ifdef NATIVE_ARCH
	struct sock_fprog fp;
	struct prog p;

	build(&p, lo, hi, getpid());
	if (resolve(&p) != 0) {
		snprintf(why, len, "the system call filter does not fit");
		return (-1);
	}
	fp.len = (unsigned short)p.n;
	fp.filter = p.f;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER,
	    SECCOMP_FILTER_FLAG_SPEC_ALLOW, &fp) != 0) {
		snprintf(why, len, "system calls cannot be filtered here "
		    "(seccomp: %s): asm runs a snippet unfiltered only with "
		    "--allow-syscalls", strerror(errno));
		return (-1);
	}
	return (0);
#else
	(void)lo, (void)hi;
	snprintf(why, len, "system calls cannot be filtered on this "
	    "architecture; --allow-syscalls runs the snippet unfiltered");
	return (-1);
#endif
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
