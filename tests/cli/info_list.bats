#!/usr/bin/env bats
# `info' (the machine fingerprint) and `list' (what patterns select).

load helpers

# The benchmark lines of `list' output: two-space indent, then the name.
list_names() {
	local l

	for l in "${lines[@]}"; do
		case $l in
		"  "*) l=${l#  }; printf '%s\n' "${l%% *}" ;;
		esac
	done
}

@test "info prints the cpu, tsc, cycles and mitigations" {
	run --separate-stderr "$CB" info
	assert_status 0
	assert_line '^cpu: +[^ ]'
	assert_line '^tsc: +[0-9]+\.[0-9] MHz'
	assert_line '^cycles: +[0-9]+\.[0-9]{4} core cycles per TSC tick, (calibrated|counted)'
	assert_line '^mitigations:'
	assert_line '^perf counters: +(usable|unavailable)'
	[ -z "$stderr" ] || fail "info wrote to stderr: $stderr"
}

@test "list shows the basic suite and hides selftest" {
	run "$CB" list
	assert_status 0
	assert_line '^basic: '
	assert_line '^  basic/imul-latency +latency +'
	assert_line '^  basic/imul-throughput +throughput +'
	refute_line 'selftest'
}

@test "list basic shows only basic" {
	run "$CB" list basic
	assert_status 0
	assert_line '^  basic/empty-loop '
	local n
	for n in $(list_names); do
		case $n in
		basic/*) ;;
		*) fail "list basic showed $n" ;;
		esac
	done
	[ "$(list_names | wc -l)" -eq 7 ] ||
	    fail "expected the 7 basic benchmarks, got: $(list_names)"
}

@test "list 'basic/imul-*' shows exactly the two imul benchmarks" {
	run "$CB" list 'basic/imul-*'
	assert_status 0
	[ "$(list_names | tr '\n' ' ')" = \
	    "basic/imul-latency basic/imul-throughput " ] ||
	    fail "got: $(list_names | tr '\n' ' ')"
}

@test "list by full name shows one benchmark" {
	run "$CB" list basic/load-latency
	assert_status 0
	[ "$(list_names)" = "basic/load-latency" ] || fail "got: $(list_names)"
}

@test "list nosuch: exit 2, no benchmark matches" {
	run --separate-stderr "$CB" list nosuch
	assert_usage_error "no benchmark matches 'nosuch'"
}

@test "a pattern that matches nothing fails even next to one that does" {
	run --separate-stderr "$CB" list basic nosuch
	assert_usage_error "no benchmark matches 'nosuch'"
}

@test "hidden selftest answers to its group and full names, not to globs" {
	run "$CB" list selftest
	assert_status 0
	[ "$(list_names | tr '\n' ' ')" = \
	    "selftest/crash selftest/sigill selftest/hang selftest/exit selftest/skip selftest/flat selftest/orphan " ] ||
	    fail "got: $(list_names | tr '\n' ' ')"

	run "$CB" list selftest/hang
	assert_status 0
	[ "$(list_names)" = "selftest/hang" ] || fail "got: $(list_names)"

	run --separate-stderr "$CB" list 'selftest/*'
	assert_usage_error "no benchmark matches 'selftest/*'"

	run "$CB" list '*'
	assert_status 0
	refute_line 'selftest'
}
