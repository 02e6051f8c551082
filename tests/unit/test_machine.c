/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine fingerprint: file parsing against the fake roots in
 * tests/fixtures (and throwaway roots for the awkward cases).  What the
 * CPU says of itself is tested per architecture (tests/unit/<arch>).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sys/prctl.h>
#include <sys/stat.h>

#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cyclebench.h"
#include "arch/arch.h"
#include "core/machine.h"
#include "core/names.h"
#include "emulated.h"
#include "os/fingerprint.h"

#ifndef FIXTURES
#define FIXTURES	"tests/fixtures"
#endif
#define KVM_ROOT	FIXTURES "/sysroot-kvm"
#define BARE_ROOT	FIXTURES "/sysroot-bare"
#define HYBRID_ROOT	FIXTURES "/sysroot-hybrid-x86"
#define BIGLITTLE_ROOT	FIXTURES "/sysroot-biglittle-arm64"
#define VULN		"/sys/devices/system/cpu/vulnerabilities/"

/* A struct as machine_read leaves it before the files are read. */
static void
blank(struct machine *m)
{

	memset(m, 0, sizeof(*m));
	m->aslr = -1;
	m->perf_paranoid = -99;
}

static const char *
mitigation(const struct machine *m, const char *name)
{
	int i;

	for (i = 0; i < m->nmitigations; i++)
		if (strcmp(m->mitigations[i].name, name) == 0)
			return (m->mitigations[i].state);
	return (NULL);
}

/* Write `content' to root + rel, creating the directories on the way. */
static void
put(const char *root, const char *rel, const char *content)
{
	char path[4096], *p;
	FILE *fp;

	assert_true((size_t)snprintf(path, sizeof(path), "%s%s", root, rel) <
	    sizeof(path));
	for (p = path + strlen(root) + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		(void)mkdir(path, 0755);
		*p = '/';
	}
	assert_non_null(fp = fopen(path, "w"));
	assert_int_equal(fputs(content, fp) >= 0, 1);
	assert_int_equal(fclose(fp), 0);
}

static int
tmp_root_setup(void **state)
{
	char *root;

	root = strdup("/tmp/cb-test-machine-XXXXXX");
	if (root == NULL || mkdtemp(root) == NULL)
		return (-1);
	*state = root;
	return (0);
}

static int
rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{

	(void)st;
	(void)flag;
	(void)ftw;
	return (remove(path));
}

static int
tmp_root_teardown(void **state)
{
	char *root = *state;
	int rc;

	rc = nftw(root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(root);
	return (rc);
}

static void
test_kvm_fixture(void **state)
{
	struct machine m;

	(void)state;
	blank(&m);
	machine_read_files(&m, KVM_ROOT);
	assert_string_equal(m.microcode, "0xa201016");
	assert_int_equal(m.nmitigations, 14);
	assert_string_equal(mitigation(&m, "meltdown"), "Not affected");
	assert_string_equal(mitigation(&m, "spectre_v1"),
	    "Mitigation: usercopy/swapgs barriers and __user pointer "
	    "sanitization");
	assert_string_equal(mitigation(&m, "spectre_v2"),
	    "Mitigation: Retpolines; IBPB: conditional; IBRS_FW; STIBP: "
	    "disabled; RSB filling; PBRSB-eIBRS: Not affected; BHI: Not "
	    "affected");
	assert_string_equal(mitigation(&m, "spec_rstack_overflow"),
	    "Mitigation: Safe RET");
	assert_string_equal(m.hypervisor, "kvm");
	assert_string_equal(m.governor, "performance");
	assert_string_equal(m.boost, "on");
	assert_string_equal(m.smt, "on");
	assert_int_equal(m.aslr, 2);
	assert_int_equal(m.perf_paranoid, 2);

	/* Not file facts: machine_read_files must leave them alone. */
	assert_string_equal(m.cpu_vendor, "");
	assert_string_equal(m.codename, "");
	assert_int_equal(m.ncpus, 0);
	assert_true(m.ref_hz == 0);
}

static void
test_bare_fixture(void **state)
{
	struct machine m;

	(void)state;
	blank(&m);
	machine_read_files(&m, BARE_ROOT);
	assert_string_equal(m.microcode, "");
	assert_int_equal(m.nmitigations, 0);
	assert_string_equal(m.hypervisor, "");
	assert_string_equal(m.governor, "");
	assert_string_equal(m.boost, "off");	/* no_turbo 1 */
	assert_string_equal(m.smt, "");
	assert_int_equal(m.aslr, 0);
	assert_int_equal(m.perf_paranoid, -99);
}

static void
test_missing_sysroot(void **state)
{
	struct machine m;

	(void)state;
	/* Zeroed, not blank(): the unknown values must come from the reader. */
	memset(&m, 0, sizeof(m));
	machine_read_files(&m, FIXTURES "/no-such-root");
	assert_string_equal(m.microcode, "");
	assert_int_equal(m.nmitigations, 0);
	assert_string_equal(m.hypervisor, "");
	assert_string_equal(m.governor, "");
	assert_string_equal(m.boost, "");
	assert_string_equal(m.smt, "");
	assert_int_equal(m.aslr, -1);
	assert_int_equal(m.perf_paranoid, -99);
}

static void
test_cpuid_hypervisor_kept(void **state)
{
	struct machine m;

	(void)state;
	blank(&m);
	strcpy(m.hypervisor, "KVM");
	machine_read_files(&m, KVM_ROOT);
	assert_string_equal(m.hypervisor, "KVM");
}

static void
test_reread_clears(void **state)
{
	struct machine m;

	(void)state;
	blank(&m);
	machine_read_files(&m, KVM_ROOT);
	machine_read_files(&m, BARE_ROOT);
	assert_string_equal(m.microcode, "");
	assert_int_equal(m.nmitigations, 0);
	assert_string_equal(m.governor, "");
	assert_string_equal(m.boost, "off");
	assert_string_equal(m.smt, "");
	assert_int_equal(m.aslr, 0);
	assert_int_equal(m.perf_paranoid, -99);
}

static void
test_mitigations_sorted(void **state)
{
	struct machine m;
	int i;

	(void)state;
	blank(&m);
	machine_read_files(&m, KVM_ROOT);
	assert_int_equal(m.nmitigations, 14);
	assert_string_equal(m.mitigations[0].name, "gather_data_sampling");
	assert_string_equal(m.mitigations[13].name, "tsx_async_abort");
	for (i = 1; i < m.nmitigations; i++)
		assert_true(strcmp(m.mitigations[i - 1].name,
		    m.mitigations[i].name) < 0);
	/* Underscore sorts before letters in "spec_" vs "spectre". */
	assert_string_equal(m.mitigations[8].name, "spec_rstack_overflow");
	assert_string_equal(m.mitigations[10].name, "spectre_v1");
}

static void
test_mitigations_capped(void **state)
{
	const char *root = *state;
	struct machine m;
	char rel[128];
	int i;

	/* Written in reverse so that directory order is not sorted order. */
	for (i = MACHINE_MAX_MITIGATIONS + 4; i >= 0; i--) {
		snprintf(rel, sizeof(rel), VULN "bug%02d", i);
		put(root, rel, "Vulnerable\n");
	}
	put(root, VULN ".hidden", "Vulnerable\n");
	put(root, VULN "adir/file", "Vulnerable\n");	/* not a file: skipped */
	blank(&m);
	machine_read_files(&m, root);
	assert_int_equal(m.nmitigations, MACHINE_MAX_MITIGATIONS);
	for (i = 0; i < MACHINE_MAX_MITIGATIONS; i++) {
		snprintf(rel, sizeof(rel), "bug%02d", i);
		assert_string_equal(m.mitigations[i].name, rel);
		assert_string_equal(m.mitigations[i].state, "Vulnerable");
	}
}

static void
test_whitespace_trimmed(void **state)
{
	const char *root = *state;
	struct machine m;

	put(root, "/proc/cpuinfo",
	    "processor\t: 0\nmicrocode   :   0x1234 \t\r\n\n");
	put(root, "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor",
	    "schedutil \t\r\n\n");
	put(root, "/sys/devices/system/cpu/smt/control", "off  \n");
	put(root, "/sys/hypervisor/type", "xen\n\n");
	put(root, VULN "mds", "Vulnerable; SMT vulnerable  \nsecond line\n");
	put(root, "/proc/sys/kernel/randomize_va_space", "1 \n");
	put(root, "/proc/sys/kernel/perf_event_paranoid", "-1\n");
	blank(&m);
	machine_read_files(&m, root);
	assert_string_equal(m.microcode, "0x1234");
	assert_string_equal(m.governor, "schedutil");
	assert_string_equal(m.smt, "off");
	assert_string_equal(m.hypervisor, "xen");
	assert_int_equal(m.nmitigations, 1);
	assert_string_equal(m.mitigations[0].state, "Vulnerable; SMT vulnerable");
	assert_int_equal(m.aslr, 1);
	assert_int_equal(m.perf_paranoid, -1);
}

static void
test_first_processor_only(void **state)
{
	const char *root = *state;
	struct machine m;

	put(root, "/proc/cpuinfo",
	    "processor\t: 0\nmodel name\t: A microcode-less CPU\n\n"
	    "processor\t: 1\nmicrocode\t: 0xbad\n\n");
	blank(&m);
	machine_read_files(&m, root);
	assert_string_equal(m.microcode, "");
}

static void
test_malformed_values(void **state)
{
	const char *root = *state;
	struct machine m;

	put(root, "/proc/sys/kernel/randomize_va_space", "2x\n");
	put(root, "/proc/sys/kernel/perf_event_paranoid", "\n");
	/* An unreadable boost file falls back to intel_pstate. */
	put(root, "/sys/devices/system/cpu/cpufreq/boost", "2\n");
	put(root, "/sys/devices/system/cpu/intel_pstate/no_turbo", "0\n");
	put(root, "/sys/hypervisor/type", "");
	blank(&m);
	machine_read_files(&m, root);
	assert_int_equal(m.aslr, -1);
	assert_int_equal(m.perf_paranoid, -99);
	assert_string_equal(m.boost, "on");
	assert_string_equal(m.hypervisor, "");
}

static void
test_machine_read(void **state)
{
	struct machine m;

	(void)state;
	memset(&m, 0xa5, sizeof(m));
	machine_read(&m, KVM_ROOT);
	assert_true(m.cpu_vendor[0] != '\0');
#if defined(__x86_64__) || defined(__i386__)
	assert_true(m.cpu_features & CB_CPU_SSE2);
#endif
	assert_true(m.ncpus >= 1);
	assert_true(m.os[0] != '\0');
	assert_true(m.kernel[0] != '\0');
	assert_true(m.arch[0] != '\0');
	assert_true(strlen(m.codename) < sizeof(m.codename));
	assert_true(strncmp(m.codename, "Unknown", 7) != 0);
	assert_string_equal(m.microcode, "0xa201016");
	assert_int_equal(m.nmitigations, 14);
	assert_true(m.hypervisor[0] != '\0');
	assert_int_equal(m.aslr, 2);
	/* The clock module's fields start out empty. */
	assert_true(m.ref_hz == 0);
	assert_string_equal(m.ref_source, "");
	assert_true(m.cycles_per_tick == 0);
	assert_int_equal(m.perf_counters, 0);
	assert_string_equal(m.perf_reason, "");
}

/* An Intel hybrid part: the kinds from the cpu_core and cpu_atom PMUs. */
static void
test_hybrid_x86(void **state)
{
	struct machine m;
	const struct coretypes *ct = &m.cores;

	(void)state;
	blank(&m);
	machine_read_files(&m, HYBRID_ROOT);
	assert_int_equal(ct->n, 2);
	assert_string_equal(ct->type[0].name, "P-core");
	assert_string_equal(ct->type[0].cpus, "0-11");
	assert_int_equal(ct->type[0].ncpus, 12);
	assert_string_equal(ct->type[1].name, "E-core");
	assert_string_equal(ct->type[1].cpus, "12-19");
	assert_int_equal(ct->type[1].max_khz, 3600000);
	assert_string_equal(ct->type[ct->fastest].name, "P-core");
	assert_string_equal(machine_core_type(&m, 3), "P-core");
	assert_string_equal(machine_core_type(&m, 19), "E-core");
	assert_null(machine_core_type(&m, 20));
	assert_null(machine_core_type(&m, -1));
	assert_int_equal(coretypes_find(ct, "e-core"), 1);
	assert_int_equal(coretypes_find(ct, "Cortex-A76"), -1);
}

/* big.LITTLE: the kinds from MIDR per CPU, the fastest by capacity. */
static void
test_biglittle_arm64(void **state)
{
	struct machine m;
	const struct coretypes *ct = &m.cores;

	(void)state;
	blank(&m);
	machine_read_files(&m, BIGLITTLE_ROOT);
	assert_int_equal(ct->n, 2);
	assert_string_equal(ct->type[0].name, "Cortex-A55");
	assert_string_equal(ct->type[0].cpus, "0-3");
	assert_true(ct->type[0].capacity == 414);
	assert_string_equal(ct->type[1].name, "Cortex-A76");
	assert_string_equal(ct->type[1].cpus, "4-7");
	assert_true(ct->type[1].capacity == 1024);
	assert_int_equal(ct->fastest, 1);
	assert_string_equal(machine_core_type(&m, 5), "Cortex-A76");
	assert_int_equal(coretypes_find(ct, "cortex-a55"), 0);
}

/* The kinds the fingerprint prints, the fastest marked; none when alike. */
static void
test_core_types_printed(void **state)
{
	struct machine m;
	char buf[8192];
	FILE *fp;

	(void)state;
	blank(&m);
	machine_read_files(&m, BIGLITTLE_ROOT);
	assert_non_null(fp = fmemopen(buf, sizeof(buf), "w"));
	machine_print(&m, fp);
	fclose(fp);
	assert_non_null(strstr(buf, "core types:             from MIDR_EL1 "
	    "per CPU\n"));
	assert_non_null(strstr(buf, "  Cortex-A55: CPUs 0-3, capacity 414, "
	    "up to 1.80 GHz\n"));
	assert_non_null(strstr(buf, "  Cortex-A76: CPUs 4-7, capacity 1024, "
	    "up to 2.40 GHz (fastest: the default)\n"));
	blank(&m);
	machine_read_files(&m, KVM_ROOT);
	assert_int_equal(m.cores.n, 0);
	assert_non_null(fp = fmemopen(buf, sizeof(buf), "w"));
	machine_print(&m, fp);
	fclose(fp);
	assert_null(strstr(buf, "core type"));
}

/*
 * Without sysfs's registers the kinds come from /proc/cpuinfo's parts
 * per processor; with capacities alone, they are named for them; with one
 * capacity for all, there are no kinds to tell apart.
 */
static void
test_core_types_fallbacks(void **state)
{
	const char *root = *state;
	struct coretypes ct;
	char rel[128];
	int c;

	put(root, "/sys/devices/system/cpu/online", "0-3\n");
	put(root, "/proc/cpuinfo",
	    "processor\t: 0\nCPU implementer\t: 0x41\nCPU variant\t: 0x3\n"
	    "CPU part\t: 0xd0c\nCPU revision\t: 1\n\n"
	    "processor\t: 1\nCPU implementer\t: 0x41\nCPU variant\t: 0x3\n"
	    "CPU part\t: 0xd0c\nCPU revision\t: 1\n\n"
	    "processor\t: 2\nCPU implementer\t: 0x41\nCPU variant\t: 0x0\n"
	    "CPU part\t: 0xd03\nCPU revision\t: 4\n\n"
	    "processor\t: 3\nCPU implementer\t: 0x41\nCPU variant\t: 0x0\n"
	    "CPU part\t: 0xd03\nCPU revision\t: 4\n\n");
	coretypes_read(&ct, root);
	assert_int_equal(ct.n, 2);
	assert_string_equal(ct.type[0].name, "Neoverse-N1");
	assert_string_equal(ct.type[0].cpus, "0-1");
	assert_string_equal(ct.type[1].name, "Cortex-A53");
	assert_string_equal(ct.type[1].cpus, "2-3");

	put(root, "/proc/cpuinfo", "processor\t: 0\n\n");
	for (c = 0; c < 4; c++) {
		snprintf(rel, sizeof(rel), "/sys/devices/system/cpu/cpu%d/"
		    "cpu_capacity", c);
		put(root, rel, c == 2 ? "1024\n" : "512\n");
	}
	coretypes_read(&ct, root);
	assert_int_equal(ct.n, 2);
	assert_string_equal(ct.type[0].name, "capacity 512");
	assert_string_equal(ct.type[0].cpus, "0-1,3");
	assert_string_equal(ct.type[ct.fastest].name, "capacity 1024");

	put(root, "/sys/devices/system/cpu/cpu2/cpu_capacity", "512\n");
	coretypes_read(&ct, root);
	assert_int_equal(ct.n, 0);
	assert_null(coretypes_of(&ct, 0));
}

#if defined(__x86_64__) || defined(__i386__)
/* The imul cross-check of the calibrated cycle: a whole number or a warning. */
static void
test_cycle_warning(void **state)
{
	struct machine m;
	char buf[512];

	(void)state;
	memset(&m, 0, sizeof(m));
	m.cycle_method = CB_CYCLES_CALIBRATED;
	m.imul_low = m.imul_high = NAN;		/* a file without them */
	m.imul_check = 3.001;
	assert_string_equal(machine_cycle_warning(&m, buf, sizeof(buf)), "");
	m.imul_check = 4.02;		/* K10's four cycles, within 1.5% */
	assert_string_equal(machine_cycle_warning(&m, buf, sizeof(buf)), "");
	m.imul_check = 2.92;		/* seen here with a busy SMT sibling */
	machine_cycle_warning(&m, buf, sizeof(buf));
	assert_non_null(strstr(buf, "2.920 calibrated cycles"));
	assert_non_null(strstr(buf, "off by 2.7%"));
	m.imul_check = 1.5;		/* nothing x86 multiplies that fast */
	assert_string_not_equal(machine_cycle_warning(&m, buf, sizeof(buf)),
	    "");
	/* Seen with an add-immediate chain on a Golden Cove core. */
	m.imul_check = 17.890;
	machine_cycle_warning(&m, buf, sizeof(buf));
	assert_non_null(strstr(buf, "every x86 takes 3 to 5"));
	assert_non_null(strstr(buf, "off by about 258%"));
	m.cycle_method = CB_CYCLES_COUNTED;	/* counted cycles need no check */
	assert_string_equal(machine_cycle_warning(&m, buf, sizeof(buf)), "");
	m.cycle_method = CB_CYCLES_CALIBRATED;
	m.imul_check = NAN;
	assert_string_equal(machine_cycle_warning(&m, buf, sizeof(buf)), "");
}

/*
 * With its interval, the check is off only when the whole interval is
 * more than 1% from the whole number: a median of 2.92 whose readings
 * reach 3.00 says nothing (seen: the warning printed, and imul then read
 * 3.00), one whose readings all sit near 2.92 warns.
 */
static void
test_cycle_warning_interval(void **state)
{
	struct machine m;
	char buf[512];

	(void)state;
	memset(&m, 0, sizeof(m));
	m.cycle_method = CB_CYCLES_CALIBRATED;
	m.imul_check = 2.928;
	m.imul_low = 2.90;
	m.imul_high = 3.002;
	assert_string_equal(machine_cycle_warning(&m, buf, sizeof(buf)), "");
	m.imul_high = 2.975;		/* within 1% of 3 */
	assert_string_equal(machine_cycle_warning(&m, buf, sizeof(buf)), "");
	m.imul_high = 2.934;
	machine_cycle_warning(&m, buf, sizeof(buf));
	assert_non_null(strstr(buf, "2.928 calibrated cycles"));
	m.imul_check = m.imul_low = m.imul_high = 3.001;
	assert_string_equal(machine_cycle_warning(&m, buf, sizeof(buf)), "");
}
#endif

/*
 * An emulator is told by the kernel's name for the process: qemu-user's,
 * where the tests run under it (CYCLEBENCH_EMULATED says so), else this
 * program's, which a process named like qemu's stands in for here.
 */
static void
test_emulated(void **state)
{
	char name[17] = "";

	(void)state;
	assert_int_equal(os_emulated(), EMULATED());
	assert_int_equal(prctl(PR_GET_NAME, name), 0);
	assert_int_equal(prctl(PR_SET_NAME, "qemu-aarch64"), 0);
	assert_int_equal(os_emulated(), 1);
	assert_int_equal(prctl(PR_SET_NAME, name), 0);
	assert_int_equal(os_emulated(), EMULATED());
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kvm_fixture),
		cmocka_unit_test(test_bare_fixture),
		cmocka_unit_test(test_missing_sysroot),
		cmocka_unit_test(test_cpuid_hypervisor_kept),
		cmocka_unit_test(test_reread_clears),
		cmocka_unit_test(test_mitigations_sorted),
		cmocka_unit_test_setup_teardown(test_mitigations_capped,
		    tmp_root_setup, tmp_root_teardown),
		cmocka_unit_test_setup_teardown(test_whitespace_trimmed,
		    tmp_root_setup, tmp_root_teardown),
		cmocka_unit_test_setup_teardown(test_first_processor_only,
		    tmp_root_setup, tmp_root_teardown),
		cmocka_unit_test_setup_teardown(test_malformed_values,
		    tmp_root_setup, tmp_root_teardown),
		cmocka_unit_test(test_machine_read),
		cmocka_unit_test(test_hybrid_x86),
		cmocka_unit_test(test_biglittle_arm64),
		cmocka_unit_test(test_core_types_printed),
		cmocka_unit_test_setup_teardown(test_core_types_fallbacks,
		    tmp_root_setup, tmp_root_teardown),
		cmocka_unit_test(test_emulated),
#if defined(__x86_64__) || defined(__i386__)
		cmocka_unit_test(test_cycle_warning),
		cmocka_unit_test(test_cycle_warning_interval),
#endif
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
