#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# Output a user chooses: the legend once, last, on a terminal or with
# --legend and never in markdown; -q for the figures alone; a line that
# sums up run and compare; -j for --json FILE wherever a command writes
# one.  As a user types them, into a pipe (bats) and on a terminal
# (script(1)).

load helpers

F=$BATS_TEST_DIRNAME/../fixtures/results

# count TEXT: how many lines of $output contain TEXT.
count() {
	grep -cF -- "$1" <<<"$output" || true
}

@test "run into a pipe: no legend, a summary line last" {
	run --separate-stderr "$CB" run basic/imul-latency basic/add-latency \
	    --quick
	assert_status 0
	refute_output "+-ci95 says"
	refute_output "cycles: core cycles per operation"
	[[ "${lines[-1]}" =~ ^2\ rows\ measured,\ [0-2]\ flagged,\ 0\ not\ measured,\ [0-9]+\.[0-9]\ s$ ]] ||
	    fail "no summary last: ${lines[-1]}"
}

@test "run --legend: the legend once, under the tables, the kernel paths' with it" {
	run --separate-stderr "$CB" run basic/imul-latency syscall/getppid \
	    --quick --legend
	assert_status 0
	[ "$(count '+-ci95 says how well')" -eq 1 ] || fail "legend not once"
	[ "$(count 'Kernel paths: p50..max')" -eq 1 ] ||
	    fail "the paths' legend not once"
	legend=$(grep -nF '+-ci95 says how well' <<<"$output" | cut -d: -f1)
	paths=$(grep -nF 'Kernel paths: core cycles per call' <<<"$output" |
	    cut -d: -f1)
	row=$(grep -n '^syscall/getppid' <<<"$output" | tail -1 | cut -d: -f1)
	[ "$paths" -lt "$legend" ] && [ "$row" -lt "$legend" ] ||
	    fail "the legend is not under the tables"
	[[ "${lines[-1]}" =~ ^2\ rows\ measured ]] || fail "summary not last"
}

@test "run on a terminal: the legend once; markdown never has one" {
	command -v script >/dev/null || skip "script(1) is not installed"
	local out
	out=$(COLUMNS=100 script -qec \
	    "$CB run basic/imul-latency --quick 2>/dev/null" /dev/null)
	[ "$(grep -cF '+-ci95 says how well' <<<"$out")" -eq 1 ] ||
	    fail "legend not once on a terminal: $out"
	out=$(COLUMNS=100 script -qec \
	    "$CB run basic/imul-latency --quick --format markdown 2>/dev/null" \
	    /dev/null)
	! grep -qF '+-ci95 says' <<<"$out" || fail "a legend in markdown: $out"
	grep -qF '| basic/imul-latency |' <<<"$out" || fail "no table: $out"
}

@test "run -q: the table's heads and rows, nothing else" {
	run --separate-stderr "$CB" run basic/imul-latency basic/add-latency \
	    --quick -q --save --db s.db
	assert_status 0
	[ "${#lines[@]}" -eq 3 ] || fail "not heads and two rows: $output"
	[[ "${lines[0]}" =~ ^benchmark\ +mode\ +cycles ]] || fail "no heads"
	assert_line '^basic/imul-latency +latency +[0-9.]+ '
	refute_output "cyclebench 0."
	refute_output "rows measured"
	refute_output "Stored as run"
	refute_stderr "Stored as run"
	run "$CB" db runs --db s.db
	assert_line '^ +1 '
}

@test "run -j FILE is --json FILE" {
	run --separate-stderr "$CB" run basic/add-latency --quick -j a.json
	assert_status 0
	python3 -c 'import json,sys; d=json.load(open("a.json")); assert d["results"][0]["name"]=="basic/add-latency"'
	run --separate-stderr "$CB" run basic/add-latency --quick -qj b.json
	assert_status 0
	[ -s b.json ] || fail "-qj b.json wrote nothing"
}

@test "--legend with -q or markdown is refused" {
	run --separate-stderr "$CB" run basic/add-latency --quick --legend -q
	assert_usage_error "cyclebench: --legend and -q do not mix: -q prints the figures alone"
	assert_stderr "Try 'cyclebench run --help'."
	run --separate-stderr "$CB" run basic/add-latency --legend \
	    --format markdown
	assert_usage_error "cyclebench: --legend is for text; --format markdown has no legend"
	run --separate-stderr "$CB" asm --legend -q 'nop'
	assert_usage_error "cyclebench: --legend and -q do not mix"
	run --separate-stderr "$CB" run -j
	assert_usage_error "cyclebench: option '-j' needs a value"
}

@test "asm -q and -j: the row alone, the file written" {
	[ "$(uname -m)" = x86_64 ] || skip "the snippet is x86"
	run --separate-stderr "$CB" asm --quick -q -j a.json 'add %rax,%rbx'
	assert_status 0
	[ "${#lines[@]}" -eq 2 ] || fail "not heads and a row: $output"
	refute_output "per loop iteration"
	[ -s a.json ] || fail "-j a.json wrote nothing"
	run --separate-stderr "$CB" asm --quick 'add %rax,%rbx'
	assert_status 0
	assert_output "per loop iteration"
	refute_output "+-ci95 says"
}

@test "compare: a last line counts the verdicts; -q prints the table alone" {
	run --separate-stderr "$CB" compare $F/rounds-cpu0.json \
	    $F/rounds-lfence.json
	assert_status 0
	[ "${lines[-1]}" = "1 slower, 0 faster, 0 same, 6 unknown of 7." ] ||
	    fail "no summary last: ${lines[-1]}"
	run --separate-stderr "$CB" compare -q $F/rounds-cpu0.json \
	    $F/rounds-lfence.json
	assert_status 0
	[ "${#lines[@]}" -eq 9 ] || fail "not two heads and 7 rows: $output"
	assert_line '^basic/imul-latency +3\.00 +16\.0 +\+432% \*$'
	refute_output "unknown of 7"
	refute_output "cyclebench compare:"
	# the github notice counts them with the same words
	run "$CB" compare --format github $F/rounds-cpu0.json \
	    $F/rounds-lfence.json
	assert_output "::1 slower, 0 faster, 0 same, 6 unknown of 7 against"
}

@test "impact -j FILE is --json FILE" {
	run --separate-stderr "$CB" impact -j i.json \
	    --costs "$BATS_TEST_DIRNAME/../fixtures/impact/costs.json" -- true
	assert_status 0
	python3 -c 'import json; json.load(open("i.json"))'
}

@test "every --help names the short forms" {
	run "$CB" run --help
	assert_line '^  -q, --quiet '
	assert_line '^  -j, --json FILE '
	assert_line '^  --legend '
	run "$CB" asm --help
	assert_line '^  -q, --quiet '
	assert_line '^  -j, --json FILE '
	run "$CB" compare --help
	assert_line '^  -q, --quiet '
	run "$CB" impact --help
	assert_line '^  -j, --json FILE '
	run "$CB" report --help
	assert_line '^  -o, --output FILE '
	run "$CB" db --help
	assert_line '^  -o, --output P '
}
