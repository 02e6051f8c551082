/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: the fingerprint's files.  Every one is optional: containers, old
 * kernels and locked-down systems hide parts of /proc and /sys, so each
 * reader leaves its field empty (or at its "unknown" value) and carries
 * on.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "os/fingerprint.h"
#include "sysroot.h"

#define CPU_SYS		"/sys/devices/system/cpu"
#define VULN_DIR	CPU_SYS "/vulnerabilities"

static void
rtrim(char *s)
{
	size_t n;

	n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

int
os_read_int(const char *sysroot, const char *path, int unknown)
{
	char buf[32], *end;
	long v;

	if (sysroot_line(sysroot, path, buf, sizeof(buf)) != 0)
		return (unknown);
	errno = 0;
	v = strtol(buf, &end, 10);
	if (end == buf || *end != '\0' || errno != 0 || v < INT_MIN ||
	    v > INT_MAX)
		return (unknown);
	return ((int)v);
}

/* A 0/1 switch file as "on"/"off" (swapped when it names the opposite). */
static const char *
read_switch(const char *sysroot, const char *path, int inverted)
{
	int v;

	v = os_read_int(sysroot, path, -1);
	if (v != 0 && v != 1)
		return (NULL);
	return (v != inverted ? "on" : "off");
}

/*
 * `key' of the first processor in /proc/cpuinfo.  getline, not fgets:
 * the flags line runs past any fixed buffer, and a split line could
 * pass for a key of its own.
 */
static void
read_cpuinfo(const char *sysroot, const char *key, char *buf, size_t len)
{
	FILE *fp;
	char *line, *colon, *v;
	size_t cap;
	int seen;

	buf[0] = '\0';
	if ((fp = sysroot_open(sysroot, "/proc/cpuinfo")) == NULL)
		return;
	line = NULL;
	cap = 0;
	seen = 0;
	while (getline(&line, &cap, fp) != -1) {
		rtrim(line);
		if (line[0] == '\0') {
			if (seen)
				break;		/* the first processor ends here */
			continue;
		}
		seen = 1;
		if ((colon = strchr(line, ':')) == NULL)
			continue;
		*colon = '\0';
		rtrim(line);
		if (strcmp(line, key) != 0)
			continue;
		v = colon + 1;
		v += strspn(v, " \t");
		snprintf(buf, len, "%s", v);
		break;
	}
	free(line);
	fclose(fp);
}

static int
not_hidden(const struct dirent *d)
{

	return (d->d_name[0] != '.');
}

/* strcmp, not alphasort: the order must not depend on the locale. */
static int
by_name(const struct dirent **a, const struct dirent **b)
{

	return (strcmp((*a)->d_name, (*b)->d_name));
}

static void
read_mitigations(struct os_fingerprint *f, const char *sysroot)
{
	struct os_mitigation *mi;
	struct dirent **ents;
	char dir[PATH_MAX], rel[PATH_MAX];
	int i, n;

	f->nmitigations = 0;
	if (sysroot_path(dir, sizeof(dir), sysroot, VULN_DIR) != 0)
		return;
	if ((n = scandir(dir, &ents, not_hidden, by_name)) < 0)
		return;
	for (i = 0; i < n; i++) {
		mi = &f->mitigations[f->nmitigations];
		if (f->nmitigations < OS_MAX_MITIGATIONS &&
		    sysroot_path(rel, sizeof(rel), VULN_DIR "/", ents[i]->d_name) == 0 &&
		    sysroot_line(sysroot, rel, mi->state, sizeof(mi->state)) == 0) {
			snprintf(mi->name, sizeof(mi->name), "%.*s",
			    (int)sizeof(mi->name) - 1, ents[i]->d_name);
			f->nmitigations++;
		}
		free(ents[i]);
	}
	free(ents);
}

void
os_fingerprint_read(struct os_fingerprint *f, const char *sysroot)
{
	const char *boost;

	read_cpuinfo(sysroot, "microcode", f->microcode, sizeof(f->microcode));
	read_mitigations(f, sysroot);
	sysroot_line(sysroot, "/sys/hypervisor/type", f->hypervisor,
	    sizeof(f->hypervisor));
	sysroot_line(sysroot, CPU_SYS "/cpu0/cpufreq/scaling_governor",
	    f->governor, sizeof(f->governor));
	boost = read_switch(sysroot, CPU_SYS "/cpufreq/boost", 0);
	if (boost == NULL)
		boost = read_switch(sysroot, CPU_SYS "/intel_pstate/no_turbo", 1);
	snprintf(f->boost, sizeof(f->boost), "%s", boost != NULL ? boost : "");
	sysroot_line(sysroot, CPU_SYS "/smt/control", f->smt, sizeof(f->smt));
	f->aslr = os_read_int(sysroot, "/proc/sys/kernel/randomize_va_space",
	    OS_ASLR_UNKNOWN);
	f->perf_paranoid = os_read_int(sysroot,
	    "/proc/sys/kernel/perf_event_paranoid", OS_PARANOID_UNKNOWN);
}

/* A qemu-user binary's name: "qemu-aarch64", "qemu-i386-static". */
static int
is_qemu(const char *name)
{
	return (strncmp(name, "qemu-", 5) == 0);
}

/*
 * qemu-user answers for /proc/self (its exe is the guest program), but
 * not for the kernel's name for the process, which is the program the
 * kernel ran: qemu's, when it was started by hand or by a wrapper.
 * Started through binfmt_misc, the process has the guest's name, and
 * /proc/thread-self/exe, which qemu does not answer for, is qemu's.
 */
int
os_emulated(void)
{
	char comm[17] = "", exe[PATH_MAX];
	const char *base;
	ssize_t n;

	if (prctl(PR_GET_NAME, comm) == 0 && is_qemu(comm))
		return (1);
	if ((n = readlink("/proc/thread-self/exe", exe, sizeof(exe) - 1)) <= 0)
		return (0);
	exe[n] = '\0';
	base = strrchr(exe, '/');
	return (is_qemu(base != NULL ? base + 1 : exe));
}
