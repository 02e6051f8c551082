#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# Ctrl-C, SIGTERM or SIGHUP (a closed terminal or ssh session) during
# `run': what was measured is saved as complete JSON marked partial, the
# benchmark's child is gone, and the exit status is the shell's 128 +
# signal.

load helpers

# The run's timeout, unique to this test run: its children show it in
# their command line, which tells them from those of the same test run by
# anyone else on the machine at the same time.
TIMEOUT=120.$$$RANDOM

# interrupt SIGNAL: start a run whose second benchmark hangs, let the
# first finish, send SIGNAL, and leave status/output behind.
interrupt() {
	"$CB" run basic/empty-loop selftest/hang --quick --timeout "$TIMEOUT" \
	    --json out.json >out.txt 2>err.txt &
	pid=$!
	sleep 5		# basic/empty-loop --quick takes well under a second
	kill -"$1" "$pid"
	status=0
	wait "$pid" || status=$?
	output=$(cat out.txt err.txt)
}

check_partial_json() {
	need_python
	json_check out.json <<'PY'
assert d["run"]["partial"] is True, d["run"]
names = [r["name"] for r in d["results"]]
assert names == ["basic/empty-loop"], names
assert d["results"][0]["status"] == "ok", d["results"][0]
assert d["results"][0]["samples"], "no samples"
PY
}

no_stray_children() {
	sleep 0.5
	if ps -eo stat=,args= | awk -v t="--timeout $TIMEOUT" \
	    '$1 !~ /^Z/ && /selftest\/hang/ && index($0, t) \
	    { found = 1 } END { exit !found }'; then
		fail "a benchmark child outlived the run"
	fi
}

@test "SIGINT during run: partial JSON, exit 130, no stray child" {
	interrupt INT
	assert_status 130
	assert_output "Interrupted by SIGINT after 1 of 2 benchmarks"
	assert_output "basic/empty-loop"
	check_partial_json
	no_stray_children
}

@test "SIGTERM during run: partial JSON, exit 143, no stray child" {
	interrupt TERM
	assert_status 143
	assert_output "Interrupted by SIGTERM"
	check_partial_json
	no_stray_children
}

@test "SIGHUP during run (terminal closed): partial JSON, exit 129, no stray child" {
	interrupt HUP
	assert_status 129
	assert_output "Interrupted by SIGHUP after 1 of 2 benchmarks"
	check_partial_json
	no_stray_children
}

@test "the table's reader gone (SIGPIPE): the results are saved all the same" {
	need_python
	# true exits at once: the table is written into a closed pipe.
	"$CB" run basic/empty-loop --quick --json out.json | true
	json_check out.json <<'PY'
assert d["run"]["partial"] is False, d["run"]
assert [r["name"] for r in d["results"]] == ["basic/empty-loop"], d["results"]
PY
}

@test "a process a benchmark started does not outlive it" {
	run "$CB" run selftest/orphan --quick
	assert_status 0
	sleep 0.5
	# A killed orphan may linger as a zombie until init reaps it.
	if ps -eo stat=,comm= | awk '$2 == "cb-orphan" && $1 !~ /^Z/ \
	    { found = 1 } END { exit !found }'; then
		pkill -x cb-orphan
		fail "selftest/orphan's process survived the run"
	fi
}
