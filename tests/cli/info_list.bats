#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
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
	assert_line '^basic \(7\): '
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
	    "selftest/crash selftest/sigill selftest/hang selftest/exit selftest/skip selftest/flat selftest/orphan selftest/orphan-hang " ] ||
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

@test "list --suites: each suite once, with its count and question" {
	run "$CB" list --suites
	assert_status 0
	assert_line '^basic +7  Reference points'
	assert_line '^ctxsw +[0-9]+  Context switches'
	refute_line '^selftest'
	# one line a suite, then what other builds have
	[ "$(grep -cE '^[a-z0-9]+ +[0-9]+  ' <<<"$output")" -eq \
	    "$("$CB" list --suites --names | wc -l)" ] ||
	    fail "--suites and --suites --names disagree"
	run "$CB" list --suites --names basic atomic
	[ "$output" = "$(printf 'basic\natomic')" ] || fail "got: $output"
}

@test "list --names: every name as run takes it, one a line" {
	run "$CB" list --names ctxsw
	assert_status 0
	assert_line '^ctxsw/pipe-procs cpus=1 fpu=none$'
	refute_line '^ctxsw: '
	# Each line selects exactly itself.
	local l n
	for l in "${lines[@]:0:4}"; do
		n=$("$CB" list --names "$l")
		[ "$n" = "$l" ] || fail "'$l' selected: $n"
	done
}

@test "a description shared by a benchmark's variants is printed once" {
	run "$CB" list counter/simple
	assert_status 0
	[ "$(grep -c 'seed (1) simple increment' <<<"$output")" -eq 1 ] ||
	    fail "repeated: $output"
	assert_line '^  counter/simple k=8 +throughput$'
}

@test "on a terminal, list fits its width; --wide and a pipe do not" {
	command -v script >/dev/null || skip "script(1) is not installed"
	local out l
	out=$(COLUMNS=80 script -qec "$CB list ctxsw atomic" /dev/null)
	while IFS= read -r l; do
		l=${l%$'\r'}
		[ "${#l}" -le 80 ] || fail "longer than 80: $l"
	done <<<"$out"
	grep -q 'ctxsw/pipe-procs cpus=1 fpu=none' <<<"$out" ||
	    fail "a name was lost: $out"
	out=$(COLUMNS=80 script -qec "$CB list ctxsw --wide" /dev/null)
	grep -qE '^.{100}' <<<"$out" || fail "--wide was cut: $out"
	run "$CB" list ctxsw
	assert_line '^.{100}'
}

@test "a name with parameters, as list prints it, selects that variant" {
	run "$CB" list --names 'ctxsw/pipe-procs cpus=1 fpu=none'
	assert_status 0
	[ "$output" = "ctxsw/pipe-procs cpus=1 fpu=none" ] || fail "got: $output"
	run "$CB" list --names 'counter/simple k=[12]'
	[ "$output" = "$(printf 'counter/simple k=1\ncounter/simple k=2')" ] ||
	    fail "got: $output"
	run --separate-stderr "$CB" list 'ctxsw/pipe-procs cpus=3'
	assert_usage_error "no variant of 'ctxsw/pipe-procs' has those parameters; it takes cpus=1|2 fpu=none|one|both"
	run --separate-stderr "$CB" list 'ctxsw/pipe-procs cpus=1 fpu'
	assert_usage_error "'fpu' is not a parameter"
}

@test "--param keeps the variants with a parameter" {
	run "$CB" list --names ctxsw --param cpus=2 --param fpu=none \
	    --param fpu=one
	assert_status 0
	[ "$output" = "$(printf '%s\n' 'ctxsw/pipe-threads cpus=2 fpu=none' \
	    'ctxsw/pipe-threads cpus=2 fpu=one' \
	    'ctxsw/pipe-procs cpus=2 fpu=none' 'ctxsw/pipe-procs cpus=2 fpu=one')" ] ||
	    fail "got: $output"
	run --separate-stderr "$CB" list counter --param k=3
	assert_usage_error "no selected benchmark has 'k=3'; the selection's are k=1|2|4|6|8"
	run --separate-stderr "$CB" list counter --param k
	assert_usage_error "--param takes KEY=VALUE, not 'k'"
}

@test "a mistyped benchmark or suite name gets a suggestion" {
	run --separate-stderr "$CB" list basci
	assert_usage_error "no benchmark matches 'basci' (see 'cyclebench list'); did you mean 'basic'?"
	run --separate-stderr "$CB" list imul-latncy
	assert_usage_error "did you mean 'basic/imul-latency'?"
	run --separate-stderr "$CB" list zzzzzz
	assert_usage_error "no benchmark matches 'zzzzzz'"
	[[ $stderr != *"did you mean"* ]] || fail "suggested: $stderr"
}

@test "list --flags: every flag word with its class and meaning" {
	run "$CB" list --flags
	assert_status 0
	assert_line '^noisy +distrust: The spread of the kept samples, \(p90 - p10\) / median'
	assert_line '^below-resolution +distrust: The cost of one loop iteration'
	[ "${#lines[@]}" -ge 6 ] || fail "too few: $output"
}

@test "list in brief: a line a benchmark, descriptions cut to the terminal" {
	command -v script >/dev/null || skip "script(1) is not installed"
	local out l n
	out=$(COLUMNS=80 script -qec "$CB list" /dev/null)
	while IFS= read -r l; do
		l=${l%$'\r'}
		[ "${#l}" -le 80 ] || fail "longer than 80: $l"
	done <<<"$out"
	n=$(wc -l <<<"$out")
	[ "$n" -lt 200 ] || fail "$n lines at 80 columns"
	# a benchmark's variants on one line, their parameters joined
	grep -q '^  counter/simple k=1|2|4|6|8 *varies ' <<<"$out" ||
	    fail "variants not joined: $out"
	grep -q 'list --long' <<<"$out" || fail "no word of --long: $out"
	# --long and a suite: every variant, whole descriptions
	run "$CB" list --long
	assert_line '^  counter/simple k=8 +throughput$'
	assert_line '^basic: '
	run "$CB" list counter
	assert_line '^  counter/simple k=8 +throughput$'
}

@test "list WORD shows names and descriptions that hold it" {
	run "$CB" list --names mfence
	assert_status 0
	assert_line '^atomic/mfence$'
	assert_line '^serialize/mfence$'
	# found by its description only
	run "$CB" list --names cmpxchg
	assert_status 0
	assert_line '^atomic/cmpset-lock$'
	run "$CB" list CMPXCHG
	assert_line '^  atomic/cmpset-lock +latency '
	# a suite's name is still the suite, not a word
	run "$CB" list --names basic
	[ "${#lines[@]}" -eq 7 ] || fail "basic became a word: $output"
	# a word found nowhere: exit 2, with what is near
	run --separate-stderr "$CB" list mfenec
	assert_usage_error "no benchmark matches 'mfenec' (see 'cyclebench list'); did you mean"
	[[ $stderr == *"'atomic/mfence'"* ]] || fail "no suggestion: $stderr"
}

@test "run NAME-TAIL: the one benchmark whose name ends so; several refused" {
	run --separate-stderr "$CB" run imul-latency --rounds 1 \
	    --repetitions 5
	assert_status 0
	assert_line '^basic/imul-latency +latency '
	run --separate-stderr "$CB" run mfence --rounds 1 --repetitions 5
	assert_usage_error "'mfence' ends the names of 2 benchmarks, give one whole: atomic/mfence, serialize/mfence"
	[ -z "$output" ] || fail "measured: $output"
	# a tail is whole parts of the name only
	run --separate-stderr "$CB" run latency --rounds 1
	assert_usage_error "no benchmark matches 'latency'"
}
