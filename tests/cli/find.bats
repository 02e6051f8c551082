#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# Finding stored benchmarks by less than their whole name, as run finds
# built-in ones: history takes a glob, a suite or a name's unique end;
# history and table say which stored names are near one that is not
# there.  The store is $CYCLEBENCH_DB, so the tests hold whatever the
# store option is called.

load helpers
load store

setup_store() {
	make_runs runs 4 1
	export CYCLEBENCH_DB=$PWD/s.db
	"$CB" db import runs/*.json >/dev/null
}

@test "history takes a glob and a suite: a series per benchmark" {
	setup_store
	run "$CB" history 'basic/imul-*'
	assert_status 0
	assert_line '^basic/imul-latency on '
	assert_line '^basic/imul-throughput on '
	refute_line '^basic/add-latency on '
	run "$CB" history basic
	assert_status 0
	[ "$(grep -c '^basic/.* on ' <<<"$output")" -eq 7 ] ||
	    fail "not every basic benchmark: $output"
}

@test "history NAME-TAIL: the stored benchmark whose name ends so" {
	setup_store
	run "$CB" history imul-latency
	assert_status 0
	assert_line '^basic/imul-latency on '
	refute_line '^basic/imul-throughput on '
	run --separate-stderr "$CB" history latency
	assert_usage_error "no stored result of 'latency'"
}

@test "history and table: an unknown name gets the stored names near it" {
	setup_store
	run --separate-stderr "$CB" history basic/imul-latncy
	assert_usage_error "no stored result of 'basic/imul-latncy'"
	[[ $stderr == *"did you mean 'basic/imul-latency'?"* ]] ||
	    fail "no suggestion: $stderr"
	run --separate-stderr "$CB" history 'basic/imul-*' --last 1 \
	    --where 'since=2999-01-01'
	assert_usage_error "no stored result of 'basic/imul-*' in the runs selected"
	run --separate-stderr "$CB" table basci --by machine
	assert_usage_error "no stored result of 'basci'"
	[[ $stderr == *"did you mean 'basic'?"* ]] ||
	    fail "no suggestion: $stderr"
	run --separate-stderr "$CB" table zzzzzz --by machine
	assert_status 2
	[[ $stderr != *"did you mean"* ]] || fail "suggested: $stderr"
}
