#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# Results files that cannot be written: a clear message naming the path,
# a non-zero exit, and never a missing, partial or stray file.

load helpers

@test "--json into a missing directory: refused before measuring" {
	run --separate-stderr "$CB" run basic/empty-loop --quick \
	    --json /nonexistent-dir/x.json
	[ "$status" -ne 0 ] && [ "$status" -lt 128 ] ||
	    { show_run >&2; fail "expected a clean failure, got $status"; }
	assert_stderr "/nonexistent-dir/x.json"
	assert_stderr "No such file or directory"
	[ ! -e /nonexistent-dir ] || fail "/nonexistent-dir was created"
	# Checked up front: nothing was measured.
	refute_output "basic/empty-loop"
}

@test "--csv into a missing directory: refused before measuring" {
	run --separate-stderr "$CB" run basic/empty-loop --quick \
	    --csv "$T/missing/x.csv"
	[ "$status" -ne 0 ] && [ "$status" -lt 128 ] ||
	    { show_run >&2; fail "expected a clean failure, got $status"; }
	assert_stderr "$T/missing/x.csv"
	[ ! -e "$T/missing" ] || fail "$T/missing was created"
	refute_output "basic/empty-loop"
}

@test "--json into a read-only directory" {
	if [ "$(id -u)" -eq 0 ]; then
		skip "running as root, which writes through directory permissions"
	fi
	mkdir ro
	chmod 555 ro
	run --separate-stderr "$CB" run basic/empty-loop --quick --json ro/x.json
	chmod 755 ro
	[ "$status" -ne 0 ] && [ "$status" -lt 128 ] ||
	    { show_run >&2; fail "expected a clean failure, got $status"; }
	assert_stderr "ro/x.json"
	assert_stderr "Permission denied"
	[ -z "$(ls -A ro)" ] || fail "files left in ro: $(ls -A ro)"
}

@test "--json naming a directory: refused before measuring, nothing left" {
	mkdir out.json
	run --separate-stderr "$CB" run basic/empty-loop --quick --json out.json
	assert_usage_error "cannot write 'out.json': it is a directory"
	[ -d out.json ] && [ -z "$(ls -A out.json)" ] ||
	    fail "out.json changed: $(ls -la out.json)"
	[ -z "$(ls -A | grep -v -e '^out\.json$' -e '^separate-stderr-')" ] ||
	    fail "files left behind: $(ls -A)"
}

# Run cyclebench with files limited to 1 KiB: the JSON (raw samples and
# all) cannot fit, so the write fails part-way with EFBIG.  SIGXFSZ is
# ignored so that write() fails instead of killing the process.
run_with_small_files() {
	trap '' XFSZ
	ulimit -f 1
	"$CB" "$@"
}

@test "a failed write leaves the existing JSON file untouched (exit 3)" {
	need_python
	printf '{"schema_version": 1, "results": []}\n' > good.json
	cp good.json expected.json
	run run_with_small_files run basic/empty-loop --quick --json good.json
	assert_status 3
	assert_output "cannot write good.json"
	assert_output "File too large"
	cmp -s good.json expected.json ||
	    fail "good.json was replaced: $(head -c 200 good.json)"
	json_check good.json <<'PY'
assert d == {"schema_version": 1, "results": []}, d
PY
	[ -z "$(ls -A | grep -v -e '^good\.json$' -e '^expected\.json$')" ] ||
	    fail "temporary files left behind: $(ls -A)"
}

@test "a failed JSON write does not stop the CSV being saved" {
	# The JSON, samples and all, passes 1 KiB; one CSV row does not.
	run run_with_small_files run basic/empty-loop --quick --json out.json \
	    --csv out.csv
	assert_status 3
	assert_output "cannot write out.json"
	[ "$(wc -l < out.csv)" -eq 2 ] || fail "CSV: $(cat out.csv)"
	grep -q '^basic/empty-loop,' out.csv || fail "CSV: $(cat out.csv)"
}

@test "standard output that cannot be written: said, exit 3, for every command" {
	[ -w /dev/full ] || skip "no /dev/full"
	GOOD=$BATS_TEST_DIRNAME/../fixtures/results/basic-cpu0.json
	"$CB" db import --db s.db "$GOOD" >/dev/null
	for cmd in "--version" "--help" "info" "list" "list basic" \
	    "run basic/empty-loop --quick" "db runs --db s.db" \
	    "db info --db s.db" "db export --db s.db 1" "table basic --by machine --db s.db" \
	    "compare $GOOD $GOOD"; do
		# shellcheck disable=SC2086
		run --separate-stderr "$CB" $cmd
		[ "$status" -eq 0 ] || { show_run >&2; fail "$cmd failed"; }
		# shellcheck disable=SC2086
		run --separate-stderr sh -c '"$0" "$@" >/dev/full' "$CB" $cmd
		[ "$status" -eq 3 ] || { show_run >&2; fail "'$cmd >/dev/full': $status"; }
		assert_stderr "cannot write to standard output"
	done
	# Closed: the table is lost all the same.
	run --separate-stderr sh -c '"$0" "$@" >&-' "$CB" run basic/empty-loop \
	    --quick --json x.json
	assert_status 3
	assert_stderr "cannot write to standard output"
	[ -s x.json ] || fail "the results file was not written"
}

# kill9_at SYSCALL CMD...: run CMD, killed by SIGKILL at its first SYSCALL
# (strace's fault injection: the moment is exact, not a race).
kill9_at() {
	command -v strace >/dev/null || skip "no strace (scripts/install-deps)"
	strace -f -o /dev/null -e trace="$1" -e inject="$1":signal=KILL \
	    "${@:2}" >/dev/null 2>&1 && return 1
	strace -o /dev/null true 2>/dev/null || skip "ptrace is not permitted"
}

@test "kill -9 while a results file is written: nothing is left beside it" {
	echo old >x.json
	kill9_at fsync "$CB" run basic/empty-loop --quick --json x.json ||
	    fail "the run was not killed at fsync"
	[ "$(cat x.json)" = old ] || fail "x.json changed"
	[ "$(ls -A)" = x.json ] || fail "left behind: $(ls -A)"
	# A file not there before: none made.
	rm x.json
	kill9_at fsync "$CB" run basic/empty-loop --quick --csv y.csv ||
	    fail "the run was not killed at fsync"
	[ -z "$(ls -A)" ] || fail "left behind: $(ls -A)"
}
