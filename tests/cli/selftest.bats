#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# Benchmarks that misbehave on purpose (the hidden selftest suite): each
# crash, illegal instruction, exit or hang in a child becomes an error row
# for that benchmark, and the run goes on.

load helpers

# assert_row NAME REGEX: the table row of NAME exists and matches REGEX.
assert_row() {
	local r

	r=$(table_row "$1") || { show_run >&2; fail "no row for $1"; }
	[[ $r =~ $2 ]] || { show_run >&2; fail "row '$r' does not match $2"; }
}

@test "selftest/crash: error row naming SIGSEGV, exit 1" {
	run "$CB" run selftest/crash --quick
	assert_status 1
	assert_row selftest/crash '^selftest/crash +latency +error: crashed: killed by signal [0-9]+ \(SIGSEGV\)$'
}

@test "selftest/sigill: error row naming SIGILL, exit 1" {
	run "$CB" run selftest/sigill --quick
	assert_status 1
	assert_row selftest/sigill '^selftest/sigill +latency +error: .*SIGILL'
}

@test "selftest/exit: error row with the exit status 7, exit 1" {
	run "$CB" run selftest/exit --quick
	assert_status 1
	assert_row selftest/exit '^selftest/exit +latency +error: .*status 7'
}

@test "selftest/hang --timeout 1: timed out, within a few seconds" {
	SECONDS=0
	run "$CB" run selftest/hang --quick --timeout 1
	local took=$SECONDS
	assert_status 1
	assert_row selftest/hang '^selftest/hang +latency +error: timed out after 1 s'
	[ "$took" -le 5 ] || fail "took $took s with --timeout 1"
}

@test "selftest/hang --timeout 0.5: fractional seconds are honoured" {
	SECONDS=0
	run "$CB" run selftest/hang --quick --timeout 0.5
	local took=$SECONDS
	assert_status 1
	assert_row selftest/hang 'error: timed out after 0\.5 s'
	[ "$took" -le 4 ] || fail "took $took s with --timeout 0.5"
}

@test "selftest/skip: skipped row with the reason, exit 0" {
	run "$CB" run selftest/skip --quick
	assert_status 0
	assert_row selftest/skip '^selftest/skip +latency +skipped: selftest: setup declines to run$'
}

@test "a crash does not stop the run: the next benchmark is measured" {
	need_python
	run "$CB" run selftest/crash basic/empty-loop --quick --json out.json \
	    --csv out.csv
	assert_status 1
	assert_row selftest/crash 'error: .*SIGSEGV'
	assert_row basic/empty-loop "^basic/empty-loop +throughput$CB_ROW_OK"
	json_check out.json <<'PY'
res = {r["name"]: r for r in d["results"]}
assert set(res) == {"selftest/crash", "basic/empty-loop"}, list(res)
c, e = res["selftest/crash"], res["basic/empty-loop"]
assert c["status"] == "error", c["status"]
assert "SIGSEGV" in c["reason"], c["reason"]
# A failed result has no numbers rather than zeros.
assert c["cycles"] is None and c["samples"] == [], (c["cycles"], c["samples"])
assert e["status"] == "ok", (e["status"], e["reason"])
assert e["cycles"]["median"] > 0, e["cycles"]
assert len(e["samples"]) > 0
PY
	grep -q '^selftest/crash,,latency,error,.*SIGSEGV' out.csv ||
	    fail "CSV: $(cat out.csv)"
	grep -q '^basic/empty-loop,,throughput,ok,' out.csv ||
	    fail "CSV: $(cat out.csv)"
}

@test "the whole selftest group: every failure mode in one run" {
	SECONDS=0
	run "$CB" run selftest --quick --timeout 1
	local took=$SECONDS
	assert_status 1
	assert_row selftest/crash 'SIGSEGV'
	assert_row selftest/sigill 'SIGILL'
	assert_row selftest/hang 'timed out'
	assert_row selftest/exit 'status 7'
	assert_row selftest/skip 'skipped: '
	[ "$took" -le 6 ] || fail "took $took s"
}

@test "selftest/flat: a body that ignores its iteration count is an error, fast" {
	SECONDS=0
	run "$CB" run selftest/flat --quick
	assert_status 1
	assert_output "does not grow with its iteration count"
	[ "$SECONDS" -lt 30 ] || fail "took $SECONDS s"
}
