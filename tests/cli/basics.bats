#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# The top level: help, version, usage errors, and each command's --help.

load helpers

@test "--help lists the commands and exits 0" {
	run --separate-stderr "$CB" --help
	assert_status 0
	assert_output "usage: cyclebench <command>"
	assert_line '^  info +'
	assert_line '^  list +'
	assert_line '^  run +'
	[ -z "$stderr" ] || fail "help should print nothing on stderr"
}

@test "-h is --help" {
	run "$CB" -h
	assert_status 0
	assert_output "usage: cyclebench <command>"
	assert_line '^  run +measure benchmarks'
}

@test "help is --help" {
	run "$CB" help
	assert_status 0
	assert_output "usage: cyclebench <command>"
	assert_line '^  info +'
	assert_line '^  list +'
	assert_line '^  run +'
}

@test "--version prints the version from cyclebench.h" {
	local v

	v=$(cb_version)
	[ -n "$v" ] || fail "no CB_VERSION in $CB_HEADER"
	run "$CB" --version
	assert_status 0
	[[ $v =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "odd CB_VERSION '$v'"
	[ "$output" = "cyclebench $v" ] ||
	    fail "expected 'cyclebench $v', got '$output'"
}

@test "no arguments: usage on stderr, exit 2" {
	run --separate-stderr "$CB"
	assert_status 2
	assert_stderr "usage: cyclebench <command>"
	assert_stderr "run"
	[ -z "$output" ] || fail "usage belongs on stderr, stdout had: $output"
}

@test "an unknown command is named, exit 2" {
	run --separate-stderr "$CB" frobnicate
	assert_usage_error "'frobnicate' is not a command"
}

@test "an option where a command belongs is a usage error" {
	run --separate-stderr "$CB" --frob
	assert_usage_error "'--frob'"
}

@test "run --help describes every option" {
	run --separate-stderr "$CB" run --help
	assert_status 0
	assert_output "usage: cyclebench run"
	for opt in --csv --quick --cpu --repetitions --timeout --legend; do
		assert_line "^  $opt( |$)"
	done
	# the short forms first, as in getopt's own help
	assert_line "^  -j, --json FILE "
	assert_line "^  -q, --quiet "
	[ -z "$stderr" ] || fail "help should print nothing on stderr"
}

@test "run -h is run --help and measures nothing" {
	run "$CB" run -h
	assert_status 0
	assert_output "usage: cyclebench run"
	refute_output "benchmark "
}

@test "info --help" {
	run "$CB" info --help
	assert_status 0
	assert_output "usage: cyclebench info"
	refute_line '^cpu: '
}

@test "list --help" {
	run "$CB" list --help
	assert_status 0
	assert_output "usage: cyclebench list [PATTERN...]"
	refute_line '^  basic/'
	refute_line '^basic: '
}

@test "info and list refuse unknown options with exit 2" {
	run --separate-stderr "$CB" info --bogus
	assert_status 2
	assert_stderr "Try 'cyclebench info --help'."
	[ -z "$output" ] || fail "stdout should be empty: $output"
	run --separate-stderr "$CB" list --bogus
	assert_status 2
	assert_stderr "Try 'cyclebench list --help'."
	[ -z "$output" ] || fail "stdout should be empty: $output"
}

@test "info refuses an argument" {
	run --separate-stderr "$CB" info extra
	assert_usage_error "unexpected argument 'extra'"
}
