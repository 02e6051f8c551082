#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# A busy or changing machine must never yield a clean-looking wrong number:
# each result either stays in its normal band or says it was disturbed.

load helpers

two_cpus() {
	[ "$(nproc)" -ge 2 ] || skip "needs two CPUs, this machine has $(nproc)"
}

# imul latency is 3 cycles; within 5%, or flagged.
in_band_or_flagged() {
	json_check out.json <<'PY'
r = d["results"][0]
assert r["status"] in ("ok", "error"), r
if r["status"] == "error":
    assert "disturbed" in r["reason"], r["reason"]
else:
    clean = abs(r["cycles"]["median"] - 3.0) <= 0.15
    assert clean or "disturbed" in r["flags"], (r["cycles"]["median"], r["flags"])
PY
}

# A busy loop on CPU $1, killed when the test ends however it ends: a
# hog left behind would slow every later test and the machine's users.
start_hog() {
	taskset -c "$1" sh -c 'while :; do :; done' &
	hog=$!
}

teardown() {
	if [ -n "${hog:-}" ]; then
		kill "$hog" 2>/dev/null || true
	fi
}

@test "a CPU hog on the measuring CPU: in band or flagged, drops counted" {
	two_cpus
	need_python
	start_hog 1
	run "$CB" run basic/imul-latency --cpu 1 --json out.json
	in_band_or_flagged
	json_check out.json <<'PY'
assert d["results"][0]["disturbed_samples"] > 0, \
    "time-sliced with a hog, yet no sample was dropped"
PY
}

@test "the measuring child moved to another CPU: flagged, not silently wrong" {
	two_cpus
	need_python
	"$CB" run basic/imul-latency --cpu 1 --rounds 40 \
	    --json out.json >out.txt 2>&1 &
	pid=$!
	# Every round is a child of its own, pinned as it starts: move each
	# one to CPU 0 while it samples.
	while kill -0 "$pid" 2>/dev/null; do
		for child in $(pgrep -P "$pid"); do
			taskset -a -p -c 0 "$child" >/dev/null 2>&1 || true
		done
		sleep 0.005
	done
	wait "$pid" || true
	json_check out.json <<'PY'
r = d["results"][0]
moved = r["status"] == "error" or "disturbed" in r["flags"]
assert moved, (r["status"], r["flags"], r["disturbed_samples"])
PY
}

# A path that switches tasks by design is judged by how long its threads
# waited for their CPU (a hog's time slices are milliseconds), and the
# contention probe sees a core shared in time as well as with an SMT
# sibling: a hog on the CPU must not pass unflagged (the issue saw 3-19
# million cycles for 13,000).  Where the scheduler runs the hog in
# slivers between the two threads, no batch waits long and the probe
# misses it: a switch then reads a quarter to a half more, unflagged
# (seen: 4980 for 3950, 7630 for 5590), which the bound allows.  Nor do
# the threads' schedstat run times tell: over a round they ran 95-97% of
# its wall time beside the hog as alone.  Telling that sharing apart is
# not done yet (the issue's closing note says so).
@test "a CPU hog beside a one-CPU ping-pong: in band or flagged" {
	two_cpus
	need_python
	"$CB" run ctxsw/pipe-threads --cpu 1 --quick --json quiet.json \
	    >/dev/null
	start_hog 1
	run "$CB" run ctxsw/pipe-threads --cpu 1 --quick --json out.json
	json_check out.json <<'PY'
import json
quiet = {json.dumps(r["params"], sort_keys=True): r
         for r in json.load(open("quiet.json"))["results"]}
for r in d["results"]:
    if r["params"]["cpus"] != 1 or r["status"] != "ok":
        continue
    q = quiet[json.dumps(r["params"], sort_keys=True)]["cycles"]["median"]
    flagged = set(r["flags"]) & {"disturbed", "contended", "noisy",
                                 "multilevel"}
    assert r["cycles"]["median"] < 2 * q or flagged, \
        (r["params"], r["cycles"]["median"], q, r["flags"])
    # No sample is a whole time slice of the hog (1 ms = 2.3 M ticks).
    assert r["tsc"]["median"] < 1e6, (r["params"], r["tsc"])
PY
}

# A cost per operation cannot be negative: a contended row whose fits
# turned out negative drops those samples instead of printing them.
@test "contended rows never report a negative cost" {
	two_cpus
	need_python
	run "$CB" run atomic/contended-same-word atomic/contended-same-line \
	    --quick --json out.json
	json_check out.json <<'PY'
for r in d["results"]:
    if r["status"] != "ok":
        continue
    assert min(r["samples"]) > 0, (r["name"], min(r["samples"]))
    assert r["cycles"]["min"] > 0, (r["name"], r["cycles"])
PY
}

# Informative (each sample is converted under its own clock): the table
# shows it under --verbose, the results file always.  25% injected, so a
# host moving the real clock a few percent cannot cancel it.
@test "a drifting core clock (test hook) is flagged clock-drift" {
	need_python
	CYCLEBENCH_TEST_DRIFT=0.25 run "$CB_SEAMS" run basic/imul-latency --quick \
	    --verbose --json out.json
	assert_status 0
	assert_line '^basic/imul-latency .*clock-drift'
	json_check out.json <<'PY'
r = d["results"][0]
assert "clock-drift" in r["flags"], r["flags"]
assert r["ratio_after"] / r["ratio_before"] > 1.02, r
PY
}

@test "unprivileged: the default suites complete as nobody, no error rows" {
	[ "$(id -u)" -eq 0 ] || skip "needs root to switch to nobody"
	command -v setpriv >/dev/null || skip "no setpriv"
	need_python
	# The test's own directory sits below directories nobody cannot enter.
	dir=$(mktemp -d /tmp/cyclebench-nobody.XXXXXX)
	chmod 777 "$dir"
	run setpriv --reuid=nobody --regid=nogroup --clear-groups \
	    "$CB" run --quick --json "$dir/nobody.json"
	cp "$dir/nobody.json" out.json 2>/dev/null
	rm -rf "$dir"
	assert_status 0
	json_check out.json <<'PY'
bad = [(r["name"], r["reason"]) for r in d["results"] if r["status"] == "error"]
assert not bad, bad
PY
}
