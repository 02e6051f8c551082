#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# asm reads the registers the assembled code uses: one chain through the
# copies is a latency, whatever the user asked, and says why; chains side
# by side are said; AT&T that fails on Intel text offers --intel.

load helpers
load table_patterns

# A row for the snippet, measured, in the table: its text, then figures.
assert_measured() {
	local l

	assert_status 0
	l=$(grep -F -- "$1" <<<"$output") || fail "no row '$1': $output"
	[[ $l =~ (latency|throughput)$CB_ROW_OK ]] || fail "not measured: $l"
}

@test "asm: a snippet that depends on itself is a latency, and says why" {
	run --separate-stderr "$CB" asm --quick 'add %rax,%rbx'
	assert_measured "asm/add %rax,%rbx unroll=100 latency"
	assert_line '^    latency: each copy reads %rbx, written by the copy before it, so each waits for the last$'
	# cmpxchg's %rax is implicit
	run --separate-stderr "$CB" asm --quick 'lock cmpxchg %rcx,(%r14)'
	assert_measured "asm/lock cmpxchg %rcx,(%r14) unroll=100 latency"
	[[ "$output" == *"5 bytes, 1 instruction, 100 copies per loop"* ]]
	assert_line '^    latency: each copy reads %rax, '
	# chains that never meet: what a throughput is measured with
	run --separate-stderr "$CB" asm --quick 'imul %rax,%rax; imul %rbx,%rbx'
	assert_measured "asm/imul %rax,%rax; imul %rbx,%rbx unroll=50 throughput"
	assert_line '^    2 chains side by side through the copies \(%rax and %rbx\)'
	# --latency on copies with no chain between them
	run --separate-stderr "$CB" asm --quick --latency 'imul $5,%rax,%rbx'
	assert_measured "unroll=100 latency"
	assert_line '^    --latency, but no register carries from one copy to the next'
}

@test "asm: Intel syntax given as AT&T fails with a hint of --intel" {
	run --separate-stderr "$CB" asm 'add rbx, rax'
	assert_status 2
	[[ $stderr == *"operand size mismatch"* ]] || fail "$stderr"
	[[ $stderr == *"(a register without its '%', 'rbx', is Intel syntax: did you mean --intel?)"* ]] ||
	    fail "no hint: $stderr"
	# AT&T that fails for another reason gets no such hint
	run --separate-stderr "$CB" asm 'addq %rax'
	assert_status 2
	[[ $stderr != *"--intel"* ]] || fail "hinted: $stderr"
	run --separate-stderr "$CB" asm --quick --intel 'add rbx, rax'
	assert_measured "asm/add rbx, rax unroll=100 syntax=intel latency"
}
