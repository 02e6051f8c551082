/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: seccomp filters.  The lists are built with libseccomp, which
 * checks the architecture and (on x86-64) refuses x32's numbers, and
 * resolves each call's name for the build's ABI, so one table serves
 * x86-64, i386 and arm64.  libseccomp cannot look at where a call comes
 * from, so the filter on the code's own calls is classic BPF written
 * here: four compares of the instruction pointer's halves.
 *
 * The allow-list is what the measuring program makes after it has set
 * up (tests/cli/asm_sandbox.bats fails on any call it misses): time and
 * CPU usage for the engine's guard, memory for samples (never
 * executable, so no code can be made to run that was not checked), the
 * cycle counter's read and ioctls, the signal calls of its own fault
 * handler, and the result written to its pipe.  Nothing in it opens,
 * names or reaches anything outside the process.
 */
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/perf_event.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "os/linux/audit_arch.h"
#include "os/linux/syscall_filter.h"

#ifndef NATIVE_ARCH
#error "no seccomp architecture for this build"
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

#define NELEMS(a)	(sizeof(a) / sizeof((a)[0]))

enum arg_rule {
	ANY,		/* whatever its arguments */
	TO_FD,		/* argument 0 is the one descriptor allowed */
	NO_EXEC,	/* argument 2, the protection, lacks PROT_EXEC */
	COUNTER,	/* argument 1 is one of the cycle counter's ioctls */
};

struct rule {
	const char	*name;
	enum arg_rule	 args;
};

/* Names a build's ABI lacks (mmap2 on x86-64) are skipped. */
static const struct rule allowed[] = {
	{ "read", ANY },		{ "pread64", ANY },
	{ "write", TO_FD },		{ "close", ANY },
	{ "exit", ANY },		{ "exit_group", ANY },
	{ "restart_syscall", ANY },
	{ "rt_sigreturn", ANY },	{ "sigreturn", ANY },
	{ "rt_sigaction", ANY },	{ "rt_sigprocmask", ANY },
	{ "sigaltstack", ANY },
	{ "clock_gettime", ANY },	{ "clock_gettime64", ANY },
	{ "clock_getres", ANY },	{ "clock_getres_time64", ANY },
	{ "gettimeofday", ANY },	{ "time", ANY },
	{ "clock_nanosleep", ANY },	{ "clock_nanosleep_time64", ANY },
	{ "nanosleep", ANY },		{ "sched_yield", ANY },
	{ "getrusage", ANY },		{ "getcpu", ANY },
	{ "getpid", ANY },		{ "gettid", ANY },
	{ "wait4", ANY },		{ "waitid", ANY },
	{ "brk", ANY },			{ "munmap", ANY },
	{ "mremap", ANY },		{ "madvise", ANY },
	{ "mmap", NO_EXEC },		{ "mmap2", NO_EXEC },
	{ "mprotect", NO_EXEC },
	{ "ioctl", COUNTER },
};

static const unsigned long counter_ioctls[] = {
	PERF_EVENT_IOC_ENABLE, PERF_EVENT_IOC_DISABLE, PERF_EVENT_IOC_RESET,
};

static int
failed(int rc, const char *what, char *why, size_t len)
{
	snprintf(why, len, "system calls cannot be filtered here (%s: %s): "
	    "asm runs a snippet unfiltered only with --allow-syscalls", what,
	    strerror(rc < 0 ? -rc : rc));
	return (-1);
}

/* One comparison of argument `arg' (SCMP_A0's, with every field set). */
static struct scmp_arg_cmp
cmp(unsigned arg, enum scmp_compare op, scmp_datum_t a, scmp_datum_t b)
{
	struct scmp_arg_cmp c = { .arg = arg, .op = op, .datum_a = a,
	    .datum_b = b };

	return (c);
}

/* Allow call r of the list, where its arguments' rule holds. */
static int
allow(scmp_filter_ctx ctx, const struct rule *r, int fd)
{
	int nr, rc = 0;
	size_t i;

	if ((nr = seccomp_syscall_resolve_name(r->name)) == __NR_SCMP_ERROR ||
	    nr < 0)
		return (0);
	switch (r->args) {
	case ANY:
		return (seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0));
	case TO_FD:
		return (seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 1,
		    cmp(0, SCMP_CMP_EQ, (scmp_datum_t)fd, 0)));
	case NO_EXEC:
		return (seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 1,
		    cmp(2, SCMP_CMP_MASKED_EQ, PROT_EXEC, 0)));
	case COUNTER:
		for (i = 0; i < NELEMS(counter_ioctls) && rc == 0; i++)
			rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 1,
			    cmp(1, SCMP_CMP_EQ, counter_ioctls[i], 0));
		return (rc);
	}
	return (-EINVAL);
}

int
filter_allow_only(int fd, char *why, size_t len)
{
	scmp_filter_ctx ctx;
	size_t i;
	int rc;

	if ((ctx = seccomp_init(SCMP_ACT_TRAP)) == NULL)
		return (failed(ENOMEM, "seccomp_init", why, len));
	rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_TRAP);
	/* Mitigations as they were: what is measured must not change. */
	if (rc == 0)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1);
	for (i = 0; i < NELEMS(allowed) && rc == 0; i++)
		rc = allow(ctx, &allowed[i], fd);
	if (rc == 0)
		rc = seccomp_load(ctx);
	seccomp_release(ctx);
	return (rc == 0 ? 0 : failed(rc, "seccomp", why, len));
}

int
filter_calls_from(uintptr_t lo, uintptr_t hi, char *why, size_t len)
{
	const uint64_t l = lo, h = hi - 1;
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, DATA_LO(arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCH, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),
#if defined(__x86_64__)
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, DATA_LO(nr)),
		BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, X32_BIT, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),
#endif
		/* ip < l: allow.  Halves: high above, or equal and low. */
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, DATA_HI(instruction_pointer)),
		BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, (uint32_t)(l >> 32), 3, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)(l >> 32), 0, 8),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, DATA_LO(instruction_pointer)),
		BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, (uint32_t)l, 0, 6),
		/* ip > h: allow. */
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, DATA_HI(instruction_pointer)),
		BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, (uint32_t)(h >> 32), 4, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)(h >> 32), 0, 2),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, DATA_LO(instruction_pointer)),
		BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, (uint32_t)h, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog fp = { .len = NELEMS(f), .filter = f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		return (failed(errno, "no_new_privs", why, len));
	if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER,
	    SECCOMP_FILTER_FLAG_SPEC_ALLOW, &fp) != 0)
		return (failed(errno, "seccomp", why, len));
	return (0);
}
