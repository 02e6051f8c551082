#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# The seed suites atomic and counter, run twice with --quick: every row ok
# (or skipped with a reason), plausible and stable, and the seed-style
# tables and figures in the output.  Rows that disagree get one more run.

# `run --separate-stderr' keeps the unstable rows' names (stdout) apart
# from the reasons (stderr), so the names alone are run again.
bats_require_minimum_version 1.5.0

setup_file() {
	export RUN1="$BATS_FILE_TMPDIR/run1" RUN2="$BATS_FILE_TMPDIR/run2"
	"$CYCLEBENCH" run atomic counter --quick --json "$RUN1.json" \
	    >"$RUN1.txt" 2>"$RUN1.err" || true
	"$CYCLEBENCH" run atomic counter --quick --json "$RUN2.json" \
	    >"$RUN2.txt" 2>"$RUN2.err" || true
}

check() {
	run --separate-stderr python3 "$BATS_TEST_DIRNAME/seed_rows.py" \
	    atomic,counter "$@"
}

@test "atomic and counter: every row ok or skipped, plausible, stable" {
	[ -s "$RUN1.json" ] && [ -s "$RUN2.json" ]
	check "$RUN1.json" "$RUN2.json"
	if [ "$status" -eq 1 ]; then
		again="$BATS_TEST_TMPDIR/again.json"
		# shellcheck disable=SC2086
		"$CYCLEBENCH" run $output --quick --json "$again" >/dev/null
		check "$RUN1.json" "$RUN2.json" "$again"
	fi
	echo "$output"
	echo "$stderr"
	[ "$status" -eq 0 ]
}

@test "counter prints the seed-style table: a row per way, a column per k" {
	grep -q '^counter: median cycles per operation by k$' "$RUN1.txt"
	run sed -n '/^counter: median cycles per operation by k$/,/^$/p' \
	    "$RUN1.txt"
	echo "$output"
	[[ "${lines[1]}" =~ ^variant\ +k=1\ +k=2\ +k=4\ +k=6\ +k=8$ ]]
	[[ "${lines[2]}" =~ ^simple\  ]]
	[[ "${lines[13]}" =~ ^addq\ +[0-9.]+\ +[0-9.]+\ +[0-9.]+\ +[0-9.]+\ +[0-9.]+$ ]]
	[[ "${lines[17]}" =~ ^rseq-percpu\  ]]
	[ "${#lines[@]}" -ge 18 ]
}

@test "atomic prints the seed's method beside the fit for each cmpset" {
	for v in nolock lock pushf; do
		grep -Eq "^atomic/cmpset-$v +cycles [0-9.]+  seed_ticks [0-9.]+  seed_cycles [0-9.]+  seed_iters 10000$" \
		    "$RUN1.txt"
	done
	# atomic has no parameters: no seed-style table of its own.
	! grep -q '^atomic: median cycles' "$RUN1.txt"
}
