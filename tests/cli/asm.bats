#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# cyclebench asm: every command form of the issue, every bad input.
# Measurements use --quick; timing assertions take the best of three.

bats_require_minimum_version 1.5.0

load table_patterns

setup() {
	CB=${CYCLEBENCH:-build/cyclebench}
	T=$(mktemp -d)
}

teardown() {
	rm -rf "$T"
}

# field FILE INDEX PYTHON-EXPR-ON-r: print one value of result INDEX
field() {
	python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]
print(eval(sys.argv[3]))' "$@"
}

# A row for the snippet, measured, in the table: its text, then figures.
assert_measured() {
	local l

	[ "$status" -eq 0 ]
	l=$(grep -F -- "$1" <<<"$output") || return 1
	[[ $l =~ (latency|throughput)$CB_ROW_OK ]]
}

@test "asm 'imul \$5,%rax,%rbx': throughput by default" {
	run --separate-stderr "$CB" asm --quick 'imul $5,%rax,%rbx'
	assert_measured "asm/imul \$5,%rax,%rbx unroll=100 throughput"
	[[ "$output" == *"4 bytes, 1 instruction, 100 copies per loop"* ]]
	[[ "$output" != *"latency"* ]]
}

@test "asm --latency 'imul %rax,%rax': a dependent chain" {
	run --separate-stderr "$CB" asm --quick --latency 'imul %rax,%rax'
	assert_measured "asm/imul %rax,%rax unroll=100 latency"
}

@test "asm --init 'mov \$1,%rcx' 'xchg %rcx,(%r14)'" {
	run --separate-stderr "$CB" asm --quick --init 'mov $1,%rcx' \
	    'xchg %rcx,(%r14)'
	assert_measured "asm/xchg %rcx,(%r14) unroll=100 init=mov \$1,%rcx"
	[[ "$output" == *"init 7 bytes"* ]]
}

@test "asm --intel 'lock xadd qword ptr [r14], rcx'" {
	run --separate-stderr "$CB" asm --quick --intel \
	    'lock xadd qword ptr [r14], rcx'
	assert_measured "syntax=intel"
}

@test "asm --file body.s --init-file init.s" {
	printf 'xchg %%rcx,(%%r14)\n# a comment\nnop\n' >"$T/body.s"
	printf 'mov $1,%%rcx\n' >"$T/init.s"
	run --separate-stderr "$CB" asm --quick --file "$T/body.s" \
	    --init-file "$T/init.s"
	assert_measured "asm/body.s unroll=50 init=mov \$1,%rcx"
	[[ "$output" == *"4 bytes, 2 instructions, 50 copies"* ]]
}

@test "asm 'mfence' --vs 'lock addl \$0,(%rsp)': A/B with a verdict" {
	run --separate-stderr "$CB" asm --quick --rounds 6 'mfence' \
	    --vs 'lock addl $0,(%rsp)' --json "$T/ab.json"
	[ "$status" -eq 0 ]
	assert_measured "asm/mfence unroll=100"
	assert_measured "asm/lock addl \$0,(%rsp) unroll=100"
	echo "$output" | grep -Eq \
	    '^(A is [0-9.]+ \+- [0-9.]+ cycles (slower|faster) than B|no difference detectable)'
	[[ "$output" == *"6 interleaved rounds"* ]]
	[ "$(field "$T/ab.json" 0 'r["extras"]["rounds"]')" = 6.0 ]
	field "$T/ab.json" 0 'r["extras"]["minus_b_ci95_low"] <= r["extras"]["minus_b"] <= r["extras"]["minus_b_ci95_high"]' | grep -q True
}

@test "asm --rounds without --vs: exactly that many rounds, as run's" {
	run --separate-stderr "$CB" asm --quick --rounds 7 nop --json "$T/a.json"
	[ "$status" -eq 0 ]
	[ "$(field "$T/a.json" 0 'len(r["rounds"])')" = 7 ]
	grep -Eq '^asm/nop unroll=100 .* 7 calibrated' <<<"$output"
}

@test "asm --vs-file: B from a file; identical snippets show no difference" {
	echo 'imul %rax,%rax' >"$T/b.s"
	run --separate-stderr "$CB" asm --quick --rounds 6 'imul %rax,%rax' \
	    --vs-file "$T/b.s" --json "$T/ab.json"
	[ "$status" -eq 0 ]
	[[ "$output" == *"B = asm/b.s"* ]]
	# Same code: the shift is within noise whatever the verdict says.
	field "$T/ab.json" 0 'abs(r["extras"]["minus_b"]) < 0.05 * r["cycles"]["median"]' | grep -q True
}

@test "asm --unroll N --json FILE" {
	run --separate-stderr "$CB" asm --quick --unroll 7 'add $1,%rax' \
	    --json "$T/r.json"
	assert_measured "asm/add \$1,%rax unroll=7"
	[ "$(field "$T/r.json" 0 'r["params"]["unroll"]')" = 7 ]
	[ "$(field "$T/r.json" 0 'r["status"]')" = ok ]
	# add $1,%rax reads what the copy before it wrote: a latency
	[ "$(field "$T/r.json" 0 'r["mode"]')" = latency ]
	[ "$(field "$T/r.json" 0 'len(r["samples"]) >= 10')" = True ]
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert d["machine"]["cpu_brand"]
assert d["run"]["argv"] == ["cyclebench", "asm", "--quick", "--unroll", "7",
    "add $1,%rax", "--json", sys.argv[1]]' \
	    "$T/r.json"
}

@test "asm --help explains how a latency chain is formed" {
	run "$CB" asm --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"output must feed its own input"* ]]
	[[ "$output" == *"cyclebench asm --latency 'imul %rax,%rax'"* ]]
	[[ "$output" == *"'add %rax,%rbx' reads what the copy before wrote"* ]]
	[[ "$output" == *"%r14"* && "$output" == *"%r15"* ]]
}

@test "asm is in the command list" {
	run "$CB" --help
	[[ "$output" == *"asm "* ]]
}

# Whatever the snippet does to callee-saved registers, flags and %rsp, the
# measurement completes (test_snippet checks the values themselves).
@test "asm: a snippet that clobbers everything still measures" {
	run --separate-stderr "$CB" asm --quick --unroll 3 \
	    'mov $-1,%rbx; mov $-1,%rbp; mov $-1,%r12; mov $-1,%r13; xor %r14,%r14; xor %r15,%r15; std; push %rax; sub $4096,%rsp'
	[ "$status" -eq 0 ]
	echo "$output" | grep -E '^asm/' | grep -vq error
}

# --- bad input: a clear message and a non-zero exit, never a crash ---

@test "asm: an assembler error shows as's message with the line" {
	run --separate-stderr "$CB" asm 'foo %rax'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"snippet:1: Error: no such instruction: \`foo %rax'"* ]]
	printf 'nop\nnop\nmov %%rax\n' >"$T/bad.s"
	run --separate-stderr "$CB" asm --file "$T/bad.s"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"$T/bad.s:3: Error: number of operands mismatch"* ]]
	run --separate-stderr "$CB" asm --init 'bogus' nop
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"init:1: Error"* ]]
	run --separate-stderr "$CB" asm --intel 'mov rax,[rbx'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"snippet:1: Error"* ]]
}

@test "asm: unknown flag, missing value, extra snippet" {
	run --separate-stderr "$CB" asm --bogus nop
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"unknown option '--bogus'"* ]]
	run --separate-stderr "$CB" asm -x nop
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"unknown option '-x'"* ]]
	run --separate-stderr "$CB" asm nop --unroll
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"'--unroll' needs a value"* ]]
	run --separate-stderr "$CB" asm nop nop
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"one snippet at a time"* ]]
	run --separate-stderr "$CB" asm
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"no snippet"* ]]
	run --separate-stderr "$CB" asm nop --rounds 3 --vs nop
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--rounds takes a whole number from 6 to 400"* ]]
}

@test "asm: a missing or unreadable file" {
	run --separate-stderr "$CB" asm --file "$T/nope.s"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"cannot read '$T/nope.s': No such file or directory"* ]]
	run --separate-stderr "$CB" asm nop --init-file "$T"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"is a directory"* ]]
}

@test "asm: an empty snippet" {
	run --separate-stderr "$CB" asm ''
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"snippet assembles to no instructions"* ]]
	run --separate-stderr "$CB" asm '# only a comment'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"no instructions"* ]]
}

@test "asm: a faulting snippet reports the signal and the offset" {
	run --separate-stderr "$CB" asm --quick 'nop; mov (%rax),%rbx'
	[ "$status" -eq 1 ]
	[[ "$output" == *"SIGSEGV (address not mapped): read of 0x0 by \`mov (%rax),%rbx' at snippet+0x1 (copy 1 of 50)"* ]]
	run --separate-stderr "$CB" asm --quick 'nop; nop; ud2'
	[ "$status" -eq 1 ]
	[[ "$output" == *"SIGILL"*"\`ud2' at snippet+0x2"* ]]
	run --separate-stderr "$CB" asm --quick 'xor %ecx,%ecx; div %rcx'
	[ "$status" -eq 1 ]
	[[ "$output" == *"SIGFPE (integer divide by zero)"*"\`div %rcx' at snippet+0x2"* ]]
	run --separate-stderr "$CB" asm --quick --init 'nop; int3' nop
	[ "$status" -eq 1 ]
	[[ "$output" == *"SIGTRAP"*"\`int3' at init+0x1"* ]]
	run --separate-stderr "$CB" asm --quick 'cli'
	[ "$status" -eq 1 ]
	[[ "$output" == *"SIGSEGV (general protection fault): by \`cli'"* ]]
}

@test "asm: a ret without a call, a jump to nowhere" {
	run --separate-stderr "$CB" asm --quick 'ret'
	[ "$status" -eq 1 ]
	[[ "$output" == *"executed a ret with no matching call"* ]]
	run --separate-stderr "$CB" asm --quick 'jmp *%rax'
	[ "$status" -eq 1 ]
	[[ "$output" == *"at pc 0x0, outside the snippet"* ]]
}

@test "asm: a hanging snippet is stopped by --timeout" {
	run --separate-stderr "$CB" asm --timeout 1 '1: jmp 1b'
	[ "$status" -eq 1 ]
	[[ "$output" == *"timed out after 1 s"* ]]
}

@test "asm: writing outside the scratch area is caught, not measured" {
	run --separate-stderr "$CB" asm --quick 'movq $1,-8(%r14)'
	[ "$status" -eq 1 ]
	[[ "$output" == *"write to %r14-0x8 (below the scratch area)"* ]]
	run --separate-stderr "$CB" asm --quick 'movq $1,0x7f800(%r15)'
	[ "$status" -eq 1 ]
	[[ "$output" == *"write to %r14+0x100000 (past the end of the 1 MiB scratch area)"* ]]
	run --separate-stderr "$CB" asm --quick --unroll 300 \
	    'sub $4096,%rsp; movq $0,(%rsp)'
	[ "$status" -eq 1 ]
	[[ "$output" == *"stack overflow"* ]]
}

@test "asm: symbols and data sections are refused" {
	run --separate-stderr "$CB" asm 'call foo'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *".text+0x1 refers to symbol 'foo'"* ]]
	run --separate-stderr "$CB" asm 'mov counter(%rip),%rax'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"symbol 'counter'"* ]]
	run --separate-stderr "$CB" asm '.data; .quad 1; .text; nop'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"section .data"* ]]
}

@test "asm: a megabyte snippet, an absurd --unroll, a giant .fill" {
	head -c 1048576 /dev/zero | tr '\0' '\n' >"$T/big.s"
	run --separate-stderr "$CB" asm --file "$T/big.s"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"at most 262144 bytes"* ]]
	run --separate-stderr "$CB" asm --unroll 1000000000 nop
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--unroll takes a whole number from 1 to 100000"* ]]
	run --separate-stderr "$CB" asm --unroll 100000 '.fill 100,1,0x90'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"the limit is 4194304 (--unroll 41943 at most)"* ]]
	run --separate-stderr "$CB" asm '.fill 100000,1,0x90'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"the limit is 65536"* ]]
	# Past what the object is read up to: too large, not "truncated".
	run --separate-stderr "$CB" asm '.fill 3000000,1,0x90'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"more than 65536 bytes of code"*"the limit is 65536"* ]]
	[[ "$stderr" != *truncated* ]]
	run --separate-stderr "$CB" asm '.fill 1000000000,1,0x90'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"passed 64 MiB"* ]]
	run --separate-stderr "$CB" asm '.rept 100000000; nop; .endr'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"out of memory"* ]]
}

@test "asm: without GNU as, a message; without objdump, still measured" {
	mkdir "$T/bin"
	run --separate-stderr env PATH="$T/bin" "$CB" asm nop
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"cannot run 'as': No such file or directory"* ]]
	ln -s "$(command -v as)" "$T/bin/as"
	run --separate-stderr env PATH="$T/bin" "$CB" asm --quick 'nop; ud2'
	[ "$status" -eq 1 ]
	[[ "$output" == *"SIGILL"*"at snippet+0x1 (copy 1 of"* ]]
}

@test "asm: --json into a missing directory is refused before measuring" {
	run --separate-stderr "$CB" asm nop --json "$T/no/such/dir.json"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"cannot write"* ]]
}

# --- agreement with the basic suite (the issue's acceptance check) ---

# within5 A B: |A/B - 1| <= 5%
within5() {
	python3 -c 'import sys; a, b = map(float, sys.argv[1:]); sys.exit(abs(a / b - 1) > 0.05)' "$1" "$2"
}

# agree SUITE-BENCH ASM-ARGS...: medians within 5% in one of 3 tries
agree() {
	local bench=$1 i a b
	shift
	for i in 1 2 3; do
		"$CB" run "$bench" --quick --json "$T/run.json" >/dev/null
		"$CB" asm --quick "$@" --json "$T/asm.json" >/dev/null
		b=$(field "$T/run.json" 0 'r["cycles"]["median"]')
		a=$(field "$T/asm.json" 0 'r["cycles"]["median"]')
		echo "try $i: $bench $b, asm $* $a"
		within5 "$a" "$b" && return 0
	done
	return 1
}

@test "asm --latency 'imul %rax,%rax' agrees with basic/imul-latency within 5%" {
	agree basic/imul-latency --latency 'imul %rax,%rax'
}

# 'add %rax,%rbx' repeated is a chain through %rbx: every add waits for
# the last one, so what it measures is add's latency, not its throughput
# (independent adds run four or more per cycle).  Its counterpart in the
# basic suite is therefore add-latency (1 cycle), not a throughput row.
@test "asm 'add %rax,%rbx' (a chain on %rbx) agrees with basic/add-latency within 5%" {
	agree basic/add-latency 'add %rax,%rbx'
}

# A 512-bit FMA lowers an Intel core's clock while it runs (8% on an
# Emerald Rapids guest), and the add chain timed around each sample runs
# after the clock is back: the witness beside the body reads the clock it
# ran at, and the figure is 4 cycles on every AVX-512 core we know.
@test "asm --latency on %zmm: cycles under the clock the code ran at" {
	grep -qw avx512f /proc/cpuinfo || skip "no AVX-512 on this CPU"
	run --separate-stderr "$CB" asm --quick --latency \
	    'vfmadd231ps %zmm2,%zmm2,%zmm1' --json "$T/z.json"
	assert_measured "asm/vfmadd231ps %zmm2,%zmm2,%zmm1 unroll=100 latency"
	within5 "$(field "$T/z.json" 0 'r["cycles"]["median"]')" 4
	w=$(field "$T/z.json" 0 'r["extras"]["clock_witness"]')
	slowed=$(field "$T/z.json" 0 '"clock-slowed" in r["flags"]')
	python3 -c 'import sys; w = float(sys.argv[1]); sys.exit(not (0.98 < w < 1.3))' "$w"
	if [ "$slowed" = True ]; then
		[[ "$output" == *"slower under this code than around it (clock-slowed)"* ]]
	fi
	# On %ymm no core lowers its clock by instruction: no witness.
	run --separate-stderr "$CB" asm --quick --latency \
	    'vfmadd231ps %ymm2,%ymm2,%ymm1' --json "$T/y.json"
	assert_measured "asm/vfmadd231ps %ymm2,%ymm2,%ymm1 unroll=100 latency"
	[ "$(field "$T/y.json" 0 '"clock_witness" in r["extras"]')" = False ]
}

# --vs converts each side under its own clock before pairing the rounds:
# the same FMA on %zmm and %ymm is 4 cycles either way, where unconverted
# the 512-bit side read 6% to 8% slower on an Emerald Rapids guest.
@test "asm --vs: each side under the clock it ran at" {
	grep -qw avx512f /proc/cpuinfo || skip "no AVX-512 on this CPU"
	run --separate-stderr "$CB" asm --latency \
	    'vfmadd231ps %zmm2,%zmm2,%zmm1' --vs 'vfmadd231ps %ymm2,%ymm2,%ymm1' \
	    --json "$T/vs.json"
	[ "$status" -eq 0 ]
	field "$T/vs.json" 0 '"clock_witness" in r["extras"]' | grep -q True
	field "$T/vs.json" 1 '"clock_witness" in r["extras"]' | grep -q False
	field "$T/vs.json" 0 'abs(r["extras"]["minus_b"]) < 0.12' | grep -q True
	if field "$T/vs.json" 0 '"clock-slowed" in r["flags"]' | grep -q True; then
		[[ "$output" == *"slower under this code than around it (clock-slowed)"* ]]
	fi
}

# Merge-masking keeps what the mask leaves out of the destination, so a
# masked op repeated is a chain through it; {z} and a plain vector load
# write theirs whole.  Which mode asm chose says how it read them.
@test "asm: an AVX-512 merge-masked op is a chain, a zero-masked one not" {
	grep -qw avx512f /proc/cpuinfo || skip "no AVX-512 on this CPU"
	run --separate-stderr "$CB" asm --quick \
	    'vaddps %zmm2,%zmm3,%zmm1{%k1}' --json "$T/m.json"
	[ "$status" -eq 0 ]
	[ "$(field "$T/m.json" 0 'r["mode"]')" = latency ]
	run --separate-stderr "$CB" asm --quick \
	    'vaddps %zmm2,%zmm3,%zmm1{%k1}{z}' --json "$T/z.json"
	[ "$status" -eq 0 ]
	[ "$(field "$T/z.json" 0 'r["mode"]')" = throughput ]
	run --separate-stderr "$CB" asm --quick 'vmovups (%r14),%zmm1' \
	    --json "$T/l.json"
	[ "$status" -eq 0 ]
	[ "$(field "$T/l.json" 0 'r["mode"]')" = throughput ]
}

# A load whose mask is zero does not fill the TLB; where its page was
# not there, each one took a 545-cycle assist on Zen 5 (517 for
# vmaskmovps) until the harness's first loads through %r14 and %r15.
@test "asm: a masked load with a zero mask reads its warm cost" {
	grep -qw avx /proc/cpuinfo || skip "no AVX on this CPU"
	run --separate-stderr "$CB" asm --quick \
	    --init 'vxorps %xmm5,%xmm5,%xmm5' 'vmaskmovps (%r14),%xmm5,%xmm1' \
	    --json "$T/v.json"
	[ "$status" -eq 0 ]
	[ "$(field "$T/v.json" 0 'r["cycles"]["median"] < 20')" = True ]
	grep -qw avx512f /proc/cpuinfo || return 0
	run --separate-stderr "$CB" asm --quick \
	    --init 'kxorw %k1,%k1,%k1' 'vpaddd (%r15),%xmm1,%xmm2{%k1}' \
	    --json "$T/k.json"
	[ "$status" -eq 0 ]
	[ "$(field "$T/k.json" 0 'r["cycles"]["median"] < 20')" = True ]
}

@test "asm --format markdown: the row to paste into a post" {
	run --separate-stderr "$CB" asm --quick --format markdown 'nop'
	[ "$status" -eq 0 ]
	grep -q '^| benchmark | mode | cycles | min | time |' <<<"$output"
	grep -qE '^\| asm/nop unroll=100 \| throughput \| [0-9.]+ \| ' <<<"$output"
}
