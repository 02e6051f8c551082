/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine fingerprint: what the CPU says of itself (arch/arch.h),
 * what the OS says of the machine (os/fingerprint.h, os/coretypes.h),
 * uname, and how it is printed.  A missing fact must never stop a
 * measurement, so each reader leaves its field empty (or at its
 * "unknown" value) and carries on.
 */
#include <sys/utsname.h>

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cyclebench.h"
#include "arch/arch.h"
#include "core/flags.h"
#include "core/machine.h"
#include "core/names.h"
#include "os/fingerprint.h"
#include "util/scrub.h"

#define ASLR_UNKNOWN	OS_ASLR_UNKNOWN
#define PARANOID_UNKNOWN OS_PARANOID_UNKNOWN

#define KEY_WIDTH	23	/* "family/model/stepping:" and a space */

/* Bounded copy that always terminates; truncation is acceptable here. */
void
machine_copy_str(char *dst, size_t len, const char *src)
{
	size_t n;

	/* A loop, not strnlen: gcc flags a bound past a short source array. */
	for (n = 0; n + 1 < len && src[n] != '\0'; n++)
		dst[n] = src[n];
	dst[n] = '\0';
}

_Static_assert(MACHINE_MAX_MITIGATIONS == OS_MAX_MITIGATIONS,
    "every mitigation the OS reads is kept");

void
machine_read_files(struct machine *m, const char *sysroot)
{
	struct os_fingerprint f;
	int i;

	os_fingerprint_read(&f, sysroot);
	machine_copy_str(m->microcode, sizeof(m->microcode), f.microcode);
	m->nmitigations = f.nmitigations;
	for (i = 0; i < f.nmitigations; i++) {
		machine_copy_str(m->mitigations[i].name,
		    sizeof(m->mitigations[i].name), f.mitigations[i].name);
		machine_copy_str(m->mitigations[i].state,
		    sizeof(m->mitigations[i].state), f.mitigations[i].state);
	}
	/* CPUID names the hypervisor better; Xen PV guests only show it here. */
	if (m->hypervisor[0] == '\0')
		machine_copy_str(m->hypervisor, sizeof(m->hypervisor),
		    f.hypervisor);
	machine_copy_str(m->governor, sizeof(m->governor), f.governor);
	machine_copy_str(m->boost, sizeof(m->boost), f.boost);
	machine_copy_str(m->smt, sizeof(m->smt), f.smt);
	m->aslr = f.aslr;
	m->perf_paranoid = f.perf_paranoid;
	coretypes_read(&m->cores, sysroot);
}

/* What the CPU says of itself, into m. */
static void
read_cpu(struct machine *m, const char *sysroot)
{
	struct arch_cpu_id id;

	arch_cpu_identify(&id, os_cpu_idreg(sysroot != NULL ? sysroot : "",
	    -1));
	machine_copy_str(m->cpu_vendor, sizeof(m->cpu_vendor), id.vendor);
	machine_copy_str(m->cpu_brand, sizeof(m->cpu_brand), id.brand);
	m->cpu_family = id.family;
	m->cpu_model = id.model;
	m->cpu_stepping = id.stepping;
	machine_copy_str(m->codename, sizeof(m->codename), id.codename);
	machine_copy_str(m->hypervisor, sizeof(m->hypervisor), id.hypervisor);
	m->cpu_features = id.features;
}

void
machine_read(struct machine *m, const char *sysroot)
{
	struct utsname u;
	long n;

	memset(m, 0, sizeof(*m));
	m->aslr = ASLR_UNKNOWN;
	m->perf_paranoid = PARANOID_UNKNOWN;
	m->imul_check = m->imul_low = m->imul_high = NAN;
	read_cpu(m, sysroot);
	if (uname(&u) == 0) {
		machine_copy_str(m->os, sizeof(m->os), u.sysname);
		machine_copy_str(m->kernel, sizeof(m->kernel), u.release);
		machine_copy_str(m->kernel_version, sizeof(m->kernel_version),
		    u.version);
		machine_copy_str(m->arch, sizeof(m->arch), u.machine);
	}
	n = sysconf(_SC_NPROCESSORS_ONLN);
	m->ncpus = n > 0 && n <= INT_MAX ? (int)n : 0;
	machine_read_files(m, sysroot);
}

static const char *
or_else(const char *s, const char *absent)
{

	return (s[0] != '\0' ? s : absent);
}

static void __attribute__((__format__(__printf__, 3, 4)))
kv(FILE *fp, const char *key, const char *fmt, ...)
{
	va_list ap;

	fprintf(fp, "%s:%*s", key, (int)(KEY_WIDTH - 1 - strlen(key)), "");
	va_start(ap, fmt);
	/* CPUID's brand and the files' texts are the hypervisor's to say. */
	term_vfprintf(fp, fmt, ap);
	va_end(ap);
	fputc('\n', fp);
}

static void
print_features(const struct machine *m, FILE *fp)
{
	char buf[256];
	const char *name;
	size_t used;
	unsigned bit;

	buf[0] = '\0';
	used = 0;
	for (bit = 1; bit != 0; bit <<= 1) {
		if ((m->cpu_features & bit) == 0 ||
		    (name = cb_feature_name(bit)) == NULL)
			continue;
		used += snprintf(buf + used, sizeof(buf) - used, "%s%s",
		    used > 0 ? " " : "", name);
		if (used >= sizeof(buf))
			break;
	}
	kv(fp, "features", "%s", or_else(buf, "none"));
}

static void
print_mitigations(const struct machine *m, FILE *fp)
{
	size_t w, len;
	int i, n;

	n = m->nmitigations;
	if (n < 0 || n > MACHINE_MAX_MITIGATIONS)
		n = n < 0 ? 0 : MACHINE_MAX_MITIGATIONS;
	if (n == 0) {
		kv(fp, "mitigations", "not visible");
		return;
	}
	w = 0;
	for (i = 0; i < n; i++)
		if ((len = strlen(m->mitigations[i].name)) > w)
			w = len;
	fprintf(fp, "mitigations:\n");
	for (i = 0; i < n; i++)
		fprintf(fp, "  %s:%*s%s\n", m->mitigations[i].name,
		    (int)(w + 1 - strlen(m->mitigations[i].name)), "",
		    m->mitigations[i].state);
}

/*
 * A dependent multiply takes a whole number of cycles, the same on every
 * core of an architecture to within the range its port states: a
 * calibrated reading off a whole number means something shares the core,
 * and a whole number outside the range means the add chain itself is not
 * one add a cycle.
 */
#define IMUL_WHOLE_TOLERANCE	0.015

const char *
machine_cycle_warning(const struct machine *m, char *buf, size_t len)
{
	double whole, near;

	buf[0] = '\0';
	if (!isfinite(m->imul_check) || m->cycle_method != CB_CYCLES_CALIBRATED)
		return (buf);
	whole = round(m->imul_check);
	near = fmin(fmax(whole, ARCH_MUL_CYCLES_LOW), ARCH_MUL_CYCLES_HIGH);
	if (isfinite(m->imul_low) && isfinite(m->imul_high) ? whole == near &&
	    m->imul_low <= near * (1 + FLAGS_CAL_TOLERANCE) &&
	    m->imul_high >= near * (1 - FLAGS_CAL_TOLERANCE) : whole == near &&
	    fabs(m->imul_check / whole - 1) <= IMUL_WHOLE_TOLERANCE)
		return (buf);
	if (whole != near)
		snprintf(buf, len, "a dependent " ARCH_MUL_NAME " reads %.3f "
		    "calibrated cycles where every " ARCH_FAMILY " takes %d to "
		    "%d: the add chain "
		    "the cycles are calibrated on does not run one add a "
		    "cycle on this core, so calibrated figures are off by "
		    "about %.0f%%", m->imul_check, ARCH_MUL_CYCLES_LOW,
		    ARCH_MUL_CYCLES_HIGH, 100 * fabs(m->imul_check / near - 1));
	else
		snprintf(buf, len, "a dependent " ARCH_MUL_NAME " reads %.3f "
		    "calibrated cycles, not a whole number: the add chain the cycles "
		    "are calibrated on is losing cycles to something sharing "
		    "the core (an SMT sibling on the host?), so calibrated "
		    "figures may be off by %.1f%%", m->imul_check,
		    100 * fabs(m->imul_check / whole - 1));
	return (buf);
}

const char *
machine_core_type(const struct machine *m, int cpu)
{
	return (coretypes_of(&m->cores, cpu));
}

/* One line per kind of core, the fastest marked; nothing when unknown. */
static void
print_cores(const struct machine *m, FILE *fp)
{
	const struct coretypes *ct = &m->cores;
	int i;

	if (ct->n == 1) {
		kv(fp, "core type", "%s (%s)", ct->type[0].name, ct->source);
		return;
	}
	if (ct->n < 1 || ct->n > CORETYPES_MAX)
		return;
	fprintf(fp, "core types:             from %s\n", ct->source);
	for (i = 0; i < ct->n; i++) {
		fprintf(fp, "  %s: CPUs %s", ct->type[i].name,
		    ct->type[i].cpus);
		if (ct->type[i].capacity > 0)
			fprintf(fp, ", capacity %.0f", ct->type[i].capacity);
		if (ct->type[i].max_khz > 0)
			fprintf(fp, ", up to %.2f GHz",
			    ct->type[i].max_khz / 1e6);
		fprintf(fp, "%s\n", i == ct->fastest ? " (fastest: the "
		    "default)" : "");
	}
}

const char *
machine_ref_name(const struct machine *m)
{
	return (m->ref_name[0] != '\0' ? m->ref_name : "TSC");
}

void
machine_print(const struct machine *m, FILE *fp)
{
	char paranoid[40], warning[512] = "", key[sizeof(m->ref_name)];
	const char *aslr;
	size_t i;

	kv(fp, "cpu", "%s", or_else(m->cpu_brand, "unknown"));
	kv(fp, "vendor", "%s", or_else(m->cpu_vendor, "unknown"));
	kv(fp, "family/model/stepping", "%u/%u/%u (%#x/%#x/%#x)",
	    m->cpu_family, m->cpu_model, m->cpu_stepping,
	    m->cpu_family, m->cpu_model, m->cpu_stepping);
	kv(fp, "codename", "%s", or_else(m->codename, "unknown"));
	kv(fp, "microcode", "%s", or_else(m->microcode, "not visible"));
	print_features(m, fp);
	kv(fp, "cpus", "%d", m->ncpus);
	print_cores(m, fp);

	for (i = 0; i + 1 < sizeof(key) && machine_ref_name(m)[i] != '\0'; i++)
		key[i] = (char)tolower((unsigned char)machine_ref_name(m)[i]);
	key[i] = '\0';
	if (m->ref_hz <= 0)
		kv(fp, key, "unknown");
	else if (m->ref_source[0] == '\0')
		kv(fp, key, "%.1f MHz", m->ref_hz / 1e6);
	else
		kv(fp, key, "%.1f MHz (%s)", m->ref_hz / 1e6, m->ref_source);
	if (m->cycles_per_tick <= 0)
		kv(fp, "cycles", "not measured");
	else
		kv(fp, "cycles", "%.4f core cycles per %s tick, %s%s%s%s",
		    m->cycles_per_tick, machine_ref_name(m),
		    cb_method_name(m->cycle_method),
		    m->cycle_source[0] != '\0' ? " (" : "", m->cycle_source,
		    m->cycle_source[0] != '\0' ? ")" : "");
	if (isfinite(m->imul_check))
		kv(fp, "cycle check", "a dependent " ARCH_MUL_NAME " reads %.3f "
		    "cycles%s",
		    m->imul_check, machine_cycle_warning(m, warning,
		    sizeof(warning))[0] ? "" : ", a whole number: good");
	if (warning[0] != '\0')
		fprintf(fp, "WARNING: %s\n", warning);

	if (m->perf_paranoid == PARANOID_UNKNOWN)
		snprintf(paranoid, sizeof(paranoid),
		    "perf_event_paranoid unknown");
	else
		snprintf(paranoid, sizeof(paranoid), "perf_event_paranoid=%d",
		    m->perf_paranoid);
	if (m->perf_counters)
		kv(fp, "perf counters", "usable (%s)", paranoid);
	else
		kv(fp, "perf counters", "unavailable%s%s (%s)",
		    m->perf_reason[0] != '\0' ? ": " : "", m->perf_reason,
		    paranoid);

	kv(fp, "os", "%s", or_else(m->os, "unknown"));
	kv(fp, "kernel", "%s%s%s", or_else(m->kernel, "unknown"),
	    m->kernel_version[0] != '\0' ? " " : "", m->kernel_version);
	kv(fp, "arch", "%s", or_else(m->arch, "unknown"));
	kv(fp, "hypervisor", "%s", or_else(m->hypervisor, "none"));
	kv(fp, "governor", "%s", or_else(m->governor, "not visible"));
	kv(fp, "boost", "%s", or_else(m->boost, "not visible"));
	kv(fp, "smt", "%s", or_else(m->smt, "not visible"));
	switch (m->aslr) {
	case 0:
		aslr = " (off)";
		break;
	case 1:
		aslr = " (no heap randomization)";
		break;
	case 2:
		aslr = " (full)";
		break;
	default:
		aslr = "";
		break;
	}
	if (m->aslr == ASLR_UNKNOWN)
		kv(fp, "aslr", "unknown");
	else
		kv(fp, "aslr", "%d%s", m->aslr, aslr);
	print_mitigations(m, fp);
}
