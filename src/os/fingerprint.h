/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the OS says of the machine, for the fingerprint (core/machine.h):
 * microcode, the CPU vulnerability mitigations in effect, hypervisor,
 * frequency governor, boost, SMT, ASLR and perf_event_paranoid.  Each OS
 * provides these, reading below a sysroot so that tests can hand it a
 * fixture tree ("" for the live system).
 */
#ifndef CB_OS_FINGERPRINT_H
#define CB_OS_FINGERPRINT_H

struct machine;

/*
 * Fill those fields of m.  Every one but the hypervisor is overwritten,
 * found or not, so reading a second root leaves nothing of the first.
 */
void	os_fingerprint_read(struct machine *m, const char *sysroot);

/* The first line of sysroot + path as a whole decimal int, else unknown. */
int	os_read_int(const char *sysroot, const char *path, int unknown);

#endif
