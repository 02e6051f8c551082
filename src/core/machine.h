/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine fingerprint: what CPU, kernel and environment produced a
 * number.  Printed by `cyclebench info' and stored in every results file.
 */
#ifndef CB_MACHINE_H
#define CB_MACHINE_H

#include <stdio.h>

#include "cyclebench.h"
#include "core/coretype_cpu.h"

#define MACHINE_MAX_MITIGATIONS	32

struct machine_mitigation {
	char	name[48];	/* file name under .../vulnerabilities */
	char	state[160];	/* its first line */
};

struct machine {
	/* CPU, as it says itself (arch/arch.h: CPUID, MIDR_EL1) */
	char	cpu_vendor[16];		/* "AuthenticAMD" */
	char	cpu_brand[64];		/* brand string, spaces trimmed */
	unsigned cpu_family, cpu_model, cpu_stepping;	/* display values */
	char	codename[64];		/* "" when unknown */
	char	microcode[32];		/* as the OS shows it, "" if absent */
	unsigned cpu_features;		/* enum cb_cpu_feature bits */
	int	ncpus;			/* online CPUs */

	/* Clock: filled by the clock module (clock.h), not by machine_read */
	char	ref_name[16];		/* the reference counter: "TSC",
					   "CNTVCT_EL0" ("": TSC) */
	double	ref_hz;			/* the reference counter's rate */
	char	ref_source[64];		/* how ref_hz was obtained */
	double	cycles_per_tick;	/* core cycles per reference tick */
	enum cb_cycle_method cycle_method;
	char	cycle_source[96];	/* e.g. "add-chain calibration" */
	double	imul_check;		/* cycles of a dependent imul: whole if
					   the cycle is a true one (NAN: none) */
	double	imul_low, imul_high;	/* its 95% interval (NAN: none) */

	/* OS: uname, and what it shows (os/fingerprint.h) */
	char	os[32];			/* uname sysname */
	char	kernel[128];		/* uname release */
	char	kernel_version[128];	/* uname version */
	char	arch[16];		/* uname machine */
	struct machine_mitigation mitigations[MACHINE_MAX_MITIGATIONS];
	int	nmitigations;
	char	hypervisor[32];		/* the CPU's word, else the OS's; "" on
					   bare metal */
	char	governor[32];		/* cpu0's frequency governor, "" if not
					   visible */
	char	boost[16];		/* "on", "off" or "" */
	char	smt[16];		/* the OS's SMT control, "" if absent */
	int	aslr;			/* randomize_va_space, -1 if unknown */
	int	perf_counters;		/* 1 if a hardware cycle counter opened */
	char	perf_reason[256];	/* why not, when perf_counters == 0 */
	int	perf_paranoid;		/* perf_event_paranoid, -99 if unknown */
	struct coretypes cores;		/* the kinds of core, where known */
};

/*
 * Read the fingerprint.  What the OS shows in files is read below
 * `sysroot' ("" for the live system; a fixture directory in tests), so
 * that a file the OS shows as /F is read as sysroot + /F.  What the CPU
 * says and uname are always the live machine's.  Never fails: unknown fields are
 * left empty.
 */
void	machine_read(struct machine *m, const char *sysroot);

/* Only the file-based parts; what the tests call with a fixture root. */
void	machine_read_files(struct machine *m, const char *sysroot);

/* Copy src into dst[len], cut short if need be, always terminated. */
void	machine_copy_str(char *dst, size_t len, const char *src);

/*
 * "" when imul_check is a whole number of cycles the architecture allows,
 * else a sentence saying what that means for calibrated cycles.  With an
 * interval, it is off only when the whole interval lies more than
 * FLAGS_CAL_TOLERANCE from that number (core/flags.h); without one (a
 * file from before it was kept), when imul_check itself is more than
 * 1.5% from it.
 */
const char *machine_cycle_warning(const struct machine *m, char *buf,
	    size_t len);

/* The kind of core `cpu' is, or NULL where kinds are not known. */
const char *machine_core_type(const struct machine *m, int cpu);

/* The reference counter's name; results from before it was kept: "TSC". */
const char *machine_ref_name(const struct machine *m);

/* Print the fingerprint as `cyclebench info' shows it. */
void	machine_print(const struct machine *m, FILE *fp);

#endif
