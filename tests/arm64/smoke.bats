#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# The arm64 build as a user types it, run under qemu-aarch64 by make
# check-arm64: info, list, run basic --quick, asm and compare.  Emulated,
# a cycle figure means nothing, and no sample passes the engine's checks
# for disturbance, so a round ends at its time with the disturbed ones
# (flagged unsettled): these check what the program does, every row
# measured within its time, with a figure flagged emulated, files written
# and read back, bad input refused with its message.

load ../cli/helpers

# qemu-user refuses seccomp filters (PR_SET_SECCOMP), and asm does not run
# a snippet unfiltered unless told to: here it must be.
UNFILTERED=--allow-syscalls

# Every row of `run' output measured: a figure, and the emulated flag.
MEASURED=" (latency|throughput|path)$CB_ROW_OK +([^ ]*,)?emulated([ ,]|\$)"
assert_rows_measured() {
	local l n=0
	for l in "${lines[@]}"; do
		case $l in
		asm/*": "*" byte"*) ;;	# what was run, not a row
		basic/*|asm/*)
			n=$((n + 1))
			[[ $l =~ $MEASURED ]] ||
			    { show_run >&2; fail "row not measured: $l"; } ;;
		esac
	done
	[ "$n" -ge "$1" ] || { show_run >&2; fail "expected $1 rows, got $n"; }
}

@test "info: the generic timer, MIDR identity, HWCAP features" {
	run --separate-stderr "$CB" info
	assert_status 0
	assert_line '^cpu: +[^ ]'
	assert_line '^cntvct_el0: +[0-9]+\.[0-9] MHz \(CNTFRQ_EL0\)'
	assert_line '^cycles: +[0-9]+\.[0-9]{4} core cycles per CNTVCT_EL0 tick, (calibrated|counted)'
	assert_line '^cycle check: +a dependent mul reads'
	assert_line '^features: +.*lse'
	assert_line '^arch: +aarch64'
}

@test "list: the arm64 suites, and what only x86 has" {
	run "$CB" list
	assert_status 0
	assert_line '^  basic/mul-latency +latency +'
	assert_line '^  atomic/add-ldadd +latency +'
	assert_line '^  atomic/add-ldxr-stxr +latency +'
	assert_line '^  counter/rseq-percpu k=1[|]2[|]4[|]6[|]8 +varies +'
	assert_line '^  signal/udf +path +'
	assert_line '^  syscall/getppid +path +'
	refute_line 'basic/imul-latency'
	refute_line '^  entry/'
	assert_line '^Not in this arm64 build, written for other instruction sets: entry \(x86-64, i386\), fpu \(x86-64, i386\), serialize \(x86-64, i386\), i386 \(i386\)$'
}

@test "list entry: written for x86, not this build" {
	run --separate-stderr "$CB" list entry
	assert_usage_error "'entry' is written for x86-64, i386: this is an arm64 build"
}

@test "run basic --quick: every row measured within two minutes, JSON written" {
	SECONDS=0
	run "$CB" run basic --quick --json basic.json
	took=$SECONDS
	assert_status 0
	[ "$took" -lt 120 ] || fail "run basic --quick took $took s"
	echo "run basic --quick: $took s" >&3
	assert_line 'per CNTVCT_EL0 tick'
	assert_rows_measured 7
	python3 - basic.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["machine"]["arch"] == "aarch64", d["machine"]["arch"]
assert len(d["results"]) == 7
for r in d["results"]:
    assert r["status"] == "ok", r["name"] + ": " + str(r["reason"])
    assert r["cycles"]["median"] > 0, r["name"]
    assert "emulated" in r["flags"], r["name"]
PY
}

@test "run with the test counter: counted cycles, labelled" {
	run env CYCLEBENCH_TEST_COUNTER=ratio=2 "$CB" run basic/add-latency \
	    --quick
	[ "$status" -le 1 ] || { show_run >&2; fail "status $status"; }
	assert_line '^cycles counted: [0-9.]+ core cycles per CNTVCT_EL0 tick \(the test counter, 2 cycles'
}

@test "asm: an aarch64 snippet measured" {
	run "$CB" asm $UNFILTERED --latency --quick 'add x0, x0, x1'
	assert_status 0
	assert_rows_measured 1
	assert_line '^asm/add x0, x0, x1: 4 bytes, 1 instruction, 100 copies per loop iteration'
}

@test "asm: the snippet's registers are as documented" {
	run "$CB" asm $UNFILTERED --quick --init 'mov x1, sp; sub x2, x15, x14' \
	    'str x1, [x14]; str x2, [x14, #8]; str x30, [x14, #16]'
	assert_status 0
	assert_rows_measured 1
}

@test "asm: a fault is told in the snippet's terms" {
	run "$CB" asm $UNFILTERED --quick 'ldr x0, [x14, #-8]'
	assert_status 1
	assert_output 'crashed: SIGSEGV'
	# qemu-user's signal frame has no ESR record to tell a read.
	assert_line '(read of|access to) x14-0x8 \(below the scratch area\)'
	assert_output "by \`ldur x0, [x14, #-8]' at snippet+0x0 (copy 1 of 100)"
}

@test "asm: a stray ret traps" {
	run "$CB" asm $UNFILTERED --quick 'ret'
	assert_status 1
	assert_output 'the snippet executed a ret with no matching call'
}

@test "asm: x86 text is refused by the aarch64 assembler" {
	run --separate-stderr "$CB" asm 'mov %rax,%rbx'
	assert_status 2
	[[ $stderr == *"snippet:1: Error:"* ]] || fail "stderr: $stderr"
}

@test "asm: without a system call filter, a snippet is not run unless allowed" {
	run "$CB" asm --quick 'add x0, x0, x1'
	assert_status 1
	assert_output "asm runs a snippet unfiltered only with --allow-syscalls"
}

@test "asm --intel: no such syntax here" {
	run --separate-stderr "$CB" asm --intel 'nop'
	assert_usage_error "--intel: there is no Intel syntax for arm64"
}

@test "compare: two arm64 runs side by side" {
	"$CB" run basic/add-latency basic/mul-latency --quick --json a.json \
	    >/dev/null || true
	"$CB" run basic/add-latency basic/mul-latency --quick --json b.json \
	    >/dev/null || true
	run "$CB" compare a.json b.json
	assert_status 0
	assert_output 'basic/add-latency'
	assert_output 'basic/mul-latency'
}

@test "characterize: x86-64 only, said plainly" {
	run --separate-stderr "$CB" characterize ADD64rr
	assert_usage_error "llvm-exegesis's snippets are x86-64 code: characterize runs in an x86-64 build"
}
