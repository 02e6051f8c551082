#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# The platform seam as a user sees it: suites of other instruction sets
# named by `list', and the counted path through the test counter, which
# stands in for a hardware cycle counter on machines without one.

load helpers

@test "list names the suites other builds have" {
	run "$CB" list
	assert_status 0
	assert_line '^Not in this (x86-64|i386) build, written for other instruction sets: '
}

@test "a pattern naming another build's suite says where it runs" {
	run --separate-stderr "$CB" list i386
	if [ "$status" -eq 0 ]; then
		skip "this is an i386 build"
	fi
	assert_usage_error "'i386' is written for i386: this is an x86-64 build"
}

@test "the test counter: counted cycles at its ratio, labelled as its own" {
	run env CYCLEBENCH_TEST_COUNTER=ratio=2.5 "$CB" run \
	    basic/add-latency --quick --json r.json
	assert_status 0
	assert_line '^cycles counted: 2\.[45][0-9]* core cycles per TSC tick \(the test counter, 2\.5 cycles per reference tick'
	assert_line '^basic/add-latency +latency .* counted( |$)'
	python3 - r.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
m, r = d["machine"], d["results"][0]
assert m["cycle_method"] == "counted" and m["perf_counters"] == 1, m
assert "test counter" in m["cycle_source"], m["cycle_source"]
assert r["method"] == "counted", r["method"]
assert abs(r["ratio_before"] / 2.5 - 1) < 0.01, r["ratio_before"]
assert abs(r["cycles"]["median"] / (r["tsc"]["median"] * 2.5) - 1) < 0.02
PY
}

@test "the test counter drifting: the row is flagged clock-drift" {
	run env CYCLEBENCH_TEST_COUNTER=ratio=2,drift=40 "$CB" run \
	    basic/add-latency --quick --verbose
	assert_status 0
	assert_line '^basic/add-latency +latency .* counted +.*clock-drift'
}

@test "the test counter refusing: calibrated, with the OS's reason" {
	run env CYCLEBENCH_TEST_COUNTER=refuse=paranoid "$CB" info
	assert_status 0
	assert_line '^cycles: .* calibrated'
	assert_line '^perf counters: +unavailable: perf_event_open cycles: Permission denied; to count cycles, lower kernel.perf_event_paranoid'
	run env CYCLEBENCH_TEST_COUNTER=refuse=user "$CB" info
	assert_line '^perf counters: +unavailable: cycle counter opens but user-space rdpmc is not allowed'
	run env CYCLEBENCH_TEST_COUNTER=ratio=x "$CB" info
	assert_line "^perf counters: +unavailable: CYCLEBENCH_TEST_COUNTER: cannot use 'ratio=x'"
}

@test "--cpu takes a kind of core, and names the kinds when it is wrong" {
	run --separate-stderr "$CB" run basic/empty-loop --quick --cpu P-core
	if [ "$status" -eq 0 ]; then
		assert_line ', CPU [0-9]+ \(P-core\)'
		return
	fi
	assert_status 2
	assert_stderr "--cpu 'P-core' is neither a CPU number nor a kind of core"
}

@test "results name the kind of core where the machine has kinds" {
	"$CB" run basic/empty-loop --quick --json r.json >/dev/null
	python3 - r.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
types = d["machine"]["core_types"]
r = d["results"][0]
assert "core_type" in r
if types is None:
    assert r["core_type"] is None
else:
    assert r["core_type"] in [t["name"] for t in types], r["core_type"]
    if len(types) > 1:
        assert r["core_type"] == types[0]["name"], "not the fastest kind"
PY
}
