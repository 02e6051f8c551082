#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# Every command refuses a bad option in the same shape: exit status 2,
# "cyclebench: <what is wrong>" and "Try 'cyclebench CMD --help'." on
# stderr, nothing on stdout; a mistyped command or option gets the
# nearest real ones.

load helpers

COMMANDS="run list info compare report asm impact"

# assert_refused CMD MESSAGE: the last run refused, for CMD, with MESSAGE.
assert_refused() {
	assert_usage_error "$2"
	assert_stderr "Try 'cyclebench $1 --help'."
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 2 ] ||
	    fail "more than the message and the hint: $stderr"
}

@test "an unknown short option, in every command" {
	local c
	for c in $COMMANDS; do
		run --separate-stderr "$CB" $c -x
		assert_refused $c "unknown option '-x'"
	done
}

@test "an unknown long option, in every command" {
	local c
	for c in $COMMANDS; do
		run --separate-stderr "$CB" $c --bogus
		assert_refused $c "unknown option '--bogus'"
	done
}

@test "a missing value, in every command that takes one" {
	run --separate-stderr "$CB" run --json
	assert_refused run "option '--json' needs a value"
	run --separate-stderr "$CB" compare a.json b.json --label
	assert_refused compare "option '--label' needs a value"
	run --separate-stderr "$CB" report -o
	assert_refused report "option '-o' needs a value"
	run --separate-stderr "$CB" asm nop --unroll
	assert_refused asm "option '--unroll' needs a value"
	run --separate-stderr "$CB" list --param
	assert_refused list "option '--param' needs a value"
}

@test "a value for an option that takes none" {
	run --separate-stderr "$CB" run --quick=yes
	assert_refused run "option '--quick' takes no value"
	run --separate-stderr "$CB" list --suites=1
	assert_refused list "option '--suites' takes no value"
	run --separate-stderr "$CB" asm --latency=1 nop
	assert_refused asm "option '--latency' takes no value"
}

@test "a mistyped option gets the nearest names" {
	run --separate-stderr "$CB" run --jsno x.json
	assert_refused run "unknown option '--jsno'; did you mean '--json'?"
	run --separate-stderr "$CB" compare --treshold 5 a b
	assert_refused compare "did you mean '--threshold'?"
	run --separate-stderr "$CB" asm --r 5 nop
	assert_refused asm "option '--r' is ambiguous; did you mean"
}

@test "a mistyped command gets the nearest command" {
	local typed want
	for typed in rnu:run comapre:compare lsit:list rport:report; do
		want=${typed#*:}
		run --separate-stderr "$CB" "${typed%%:*}"
		assert_usage_error "'${typed%%:*}' is not a command; did you mean '$want'?"
	done
	run --separate-stderr "$CB" frobnicate
	assert_usage_error "'frobnicate' is not a command"
	[[ $stderr != *"did you mean"* ]] || fail "suggested: $stderr"
}

@test "run: a mistyped benchmark name gets a suggestion, nothing runs" {
	run --separate-stderr "$CB" run basci
	assert_usage_error "no benchmark matches 'basci' (see 'cyclebench list'); did you mean 'basic'?"
}
