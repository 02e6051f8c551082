#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# Help where a user looks for it: 'help COMMAND' as git has it, and a
# --format that a command writes through an option of its own names it.

load helpers

@test "help COMMAND is COMMAND --help" {
	local c
	for c in run db asm; do
		run "$CB" help "$c"
		assert_status 0
		[ "$output" = "$("$CB" "$c" --help)" ] || fail "help $c differs"
	done
	run "$CB" help
	assert_status 0
	assert_output "'cyclebench help <command>'"
	run --separate-stderr "$CB" help rnu
	assert_usage_error "'rnu' is not a command; did you mean 'run'?"
	run --separate-stderr "$CB" help run list
	assert_usage_error "help takes one command"
}

@test "run --format csv and json point to --csv - and --json -" {
	run --separate-stderr "$CB" run --format csv basic
	assert_usage_error "--format is text or markdown, not 'csv': csv is written by --csv FILE, or --csv - for standard output"
	run --separate-stderr "$CB" run --format json basic
	assert_usage_error "json is written by --json FILE, or --json - for standard output"
	run --separate-stderr "$CB" run --format html basic
	assert_usage_error "--format is text or markdown, not 'html'"
	[[ $stderr != *"written by"* ]] || fail "$stderr"
}
