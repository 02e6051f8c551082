/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The architecture contract: everything the core needs from an
 * instruction set, and the only arch header the core includes.  A port
 * implements it in src/arch/<arch>/ (the Makefile picks the directory
 * from ARCH) and keeps what must be inline, the time stamps and the
 * counter read, in that directory's machdep.h, included at the end of
 * this file.  docs/porting.md walks through a port file by file.
 *
 * The reference counter is a counter at a constant rate that user space
 * reads without a system call: the TSC on x86, the generic timer's
 * virtual count CNTVCT_EL0 on arm64.  Every figure is timed in its ticks
 * first and converted to core cycles after, by a hardware cycle counter
 * where the OS grants one (os/cycle_counter.h) or by calibration against the
 * reference loops below.
 */
#ifndef CB_ARCH_H
#define CB_ARCH_H

#include <stddef.h>
#include <stdint.h>

#include "cyclebench.h"

/* The reference counter, as output names it: "TSC", "CNTVCT_EL0". */
extern const char	arch_ref_name[];

/* Probe how to stamp (once per process, before the first stamp). */
void		 arch_ref_init(void);

/*
 * The reference counter's rate in Hz where the hardware states it (CPUID
 * leaf 0x15, CNTFRQ_EL0), with where it came from in source; 0 where it
 * must be measured against the OS's clock.
 */
double		 arch_ref_hz(char *source, size_t len);

/*
 * Inline in machdep.h:
 *
 *	uint64_t arch_ref_begin(void);	a stamp that waits for everything
 *					before it
 *	uint64_t arch_ref_end(void);	a stamp that waits for the timed
 *					instructions, and that nothing after
 *					it passes
 *	uint64_t arch_pmc_read(uint32_t idx);
 *					hardware counter idx (the perf page's
 *					index - 1) read from user space
 *
 * and the constants
 *
 *	ARCH_PMC_NAME		how user space reads the hardware
 *				cycle counter ("rdpmc")
 *	ARCH_NAME		"x86-64", "i386", "arm64"
 *	ARCH_ASM_ILLEGAL	an instruction that raises SIGILL ("ud2")
 *	ARCH_ASM_SPIN_HINT	the spin-wait hint ("pause")
 *	ARCH_FEATURE_SOURCE	where CPU features are read ("CPUID")
 *	ARCH_MUL_NAME, ARCH_MUL_CYCLES_LOW, ARCH_MUL_CYCLES_HIGH
 *				the multiply of arch_mul_chain and the
 *				whole cycles it takes (see below)
 *	ARCH_FAMILY		what every core of that range is ("x86")
 *	ARCH_ASM_ADD_LINK, ARCH_ASM_MUL_LINK
 *				one link of the reference chains: %0 the
 *				chain, %1 a register holding 1
 */

/*
 * The reference loops (each a counted loop around ARCH_CHAIN_UNROLL
 * copies): a chain of dependent register adds, one core cycle each, which
 * calibration rests on; a chain of dependent multiplies, a whole number of
 * cycles each (ARCH_MUL_CYCLES_LOW to _HIGH on every core of the
 * architecture), which checks it; and the empty loop every body has.
 */
#define ARCH_CHAIN_UNROLL	100
#define ARCH_CHAIN_UNROLL_S	"100"
void		 arch_add_chain(uint64_t iters, void *ctx);
void		 arch_mul_chain(uint64_t iters, void *ctx);
void		 arch_empty_loop(uint64_t iters, void *ctx);

/*
 * The contention probe (core/estimate.h): a counted loop around
 * ARCH_PROBE_NOPS nops, which only the front end limits, so that another
 * thread on the core (an SMT sibling on the host, or a task sharing the
 * CPU in time) slows it at once.
 */
#define ARCH_PROBE_NOPS		100
#define ARCH_PROBE_NOPS_S	"100"
void		 arch_probe_block(uint64_t iters, void *ctx);

/*
 * enum cb_cpu_feature bits that are usable here: the CPU has them and the
 * OS enabled what they need.  Computed once, then cached.
 */
unsigned	 arch_cpu_features(void);

/* What the CPU says of itself, for the fingerprint (core/machine.h). */
struct arch_cpu_id {
	char	 vendor[16];		/* "AuthenticAMD", "ARM" */
	char	 brand[64];		/* brand string, spaces trimmed */
	unsigned family, model, stepping;	/* display values */
	char	 codename[64];		/* "Zen 3", "Cortex-A76" */
	char	 hypervisor[32];	/* the one the CPU names */
	unsigned features;		/* arch_cpu_features() */
};

/*
 * Fill id from scratch ("" where the CPU says nothing).  `os_idreg' is
 * the identification register of the first CPU as the OS shows it
 * (os/fingerprint.h), 0 where it shows none: arm64 user space may not
 * read MIDR_EL1 on every kernel; x86 has CPUID and ignores it.
 */
void		 arch_cpu_identify(struct arch_cpu_id *id, uint64_t os_idreg);

/*
 * The name of a core from its MIDR_EL1, the identification register
 * Linux shows per CPU on arm64 ("Cortex-A76"; "part 0xd0b" when the part
 * is not known).  In every build, not only arm64's: a fingerprint read
 * below a sysroot may be an arm64 machine's.
 */
void		 arch_midr_core_name(uint64_t midr, char *buf, size_t len);

/*
 * The vector register state a signal frame saves on delivery and restores
 * on return, put in a known condition for benchmarks whose cost depends
 * on how much of it is in use.  On x86 that is what XSAVE manages: clean
 * returns the AVX and AVX-512 components (YMM upper halves, opmasks, ZMM
 * upper halves, ZMM16-31) to their init state, so XSAVE finds them
 * unused (glibc's EVEX string functions leave ZMM16-31 in use otherwise),
 * and does nothing without XSAVE; dirty_avx leaves the YMM upper halves
 * in use (needs AVX), dirty_avx512 every AVX-512 component (needs
 * AVX-512F, x86-64).  arm64 saves its FP/SIMD registers whole whatever
 * they hold: there these do nothing.
 */
void		 arch_xstate_clean(void);
/*
 * The floating-point state as a new process finds it, but for MXCSR
 * (FPCR on arm64), which is kept: on x86, x87 with its control word
 * 0x37f, no exception flags and an empty stack, the vector registers
 * zero and unused; on arm64, FPSR's cumulative flags clear.  Rounds that share a process (core/isolate.h) each start so:
 * a snippet that leaves an x87 exception flag set made the next one's
 * `fldcw' of a zero control word raise it.
 */
void		 arch_fp_state_init(void);
void		 arch_xstate_dirty_avx(void);
void		 arch_xstate_dirty_avx512(void);

/*
 * `cyclebench asm': the GNU assembler and objdump for this target, each
 * with the options that select it (NULL-terminated), the ELF machine
 * their objects carry, and whether Intel syntax exists here.
 */
extern const char *const arch_as_argv[];
extern const char *const arch_objdump_argv[];
extern const uint16_t	 arch_elf_machine;
extern const int	 arch_has_intel_syntax;

/*
 * characterize: a latency chain for a memory form llvm-exegesis will not
 * chain (it refuses memory operands in latency mode).  From the form's
 * first instruction as llvm-mc writes it (AT&T) and exegesis's key for
 * it ("ADD64rm RSI RSI RDI i_0x1 %noreg i_0x0 %noreg"): assembly text for
 * the body and for what the set-up must add, and what ties one copy to
 * the next; `evex' keeps the EVEX encoding, which the assembler would
 * otherwise trade for VEX where one exists.  0, or -1 with kind saying
 * why no chain is built.
 */
struct arch_chain {
	char		 body[256];
	char		 init[128];
	const char	*kind;
	unsigned	 per_link;	/* copies of the form in one link */
};

int		 arch_exegesis_chain(const char *insn, const char *key,
		    int evex, struct arch_chain *c);

/*
 * characterize: a latency chain through registers for a register form
 * whose latency snippet from exegesis names one register for every
 * operand (vandnps %xmm7, %xmm7, %xmm7; movq %r9, %r9), which a core may
 * take as an idiom and drop from the chain.  From the first copy of its
 * throughput snippet (AT&T) and its key: a chain through the form's
 * destination in which no copy has one register for every operand, as
 * arch_exegesis_chain's.  0, or -1 with kind saying why none is built.
 */
int		 arch_exegesis_register_chain(const char *insn,
		    const char *key, int evex, struct arch_chain *c);

/*
 * characterize: independent copies for a throughput snippet whose
 * instruction reads its own destination (exegesis's key ties the two, or
 * the instruction keeps it: bsf), which runs no faster than its latency
 * over the destinations the snippet cycles through.  From the first
 * instruction (AT&T) and its key: the instruction once for its own
 * destination and once for each free register of the same kind, "; "
 * between them, in body, and set-up zeroing the new ones (exegesis's are
 * zero) in init; `evex' keeps the EVEX encoding.  Returns the number of
 * copies, or 0 when there is no such register destination or no more
 * than `had' copies could be made.
 */
struct arch_widen {
	char		 body[2048];
	char		 init[1024];
};

unsigned	 arch_exegesis_widen(const char *insn, const char *key,
		    int evex, unsigned had, struct arch_widen *w);

/*
 * characterize: what a form needs set, beyond exegesis's registers (all
 * zero), to run at all, from its body as llvm-mc writes it (AT&T, "; "
 * between instructions): assembly text into buf for the end of the
 * set-up, and 1; 0 when it needs nothing; -1 with why in buf when no
 * values will do (or buf cannot hold them).
 */
int		 arch_exegesis_setup(const char *body, char *buf, size_t len);

/*
 * The clock witness (snippet/witness.c): whether `body' (the snippet's
 * instructions as objdump writes them, in either syntax) may lower the
 * core clock while it runs, and if so one link of a chain of one cycle a
 * link, through a register the body does not name: its encoding and its
 * text into *l, and 1.  0 when the body cannot lower the clock on this
 * architecture; -1 when no register is free for the chain.
 */
struct arch_witness_link {
	uint8_t		 code[8];
	size_t		 len;
	char		 text[24];
};
int		 arch_clock_witness(const char *body,
		    struct arch_witness_link *l);

/*
 * The registers one instruction reads and writes, from objdump's text of
 * it (intel: in Intel syntax), as bits of register families (a register
 * and its parts are one family; the flags are one): for asm's test of
 * whether a snippet depends on itself (snippet/chain.c).  0, or -1 when
 * the text is not understood.  The method is in each port's
 * insn_regs.c.
 */
struct arch_insn_regs {
	uint64_t	 reads, writes;
};
int		 arch_insn_regs(const char *text, int intel,
		    struct arch_insn_regs *r);

/* The family of register `name' (len chars), or -1 when it is none. */
int		 arch_reg_family(const char *name, size_t len);

/* A family as the user writes it ("%rbx", "x3"); NULL when none. */
const char	*arch_reg_family_name(int family, int intel);

#include "machdep.h"

#endif /* CB_ARCH_H */
