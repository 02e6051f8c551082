#!/usr/bin/env bats
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

@test "a CPU hog on the measuring CPU: in band or flagged, drops counted" {
	two_cpus
	need_python
	taskset -c 1 sh -c 'while :; do :; done' &
	hog=$!
	run "$CB" run basic/imul-latency --cpu 1 --json out.json
	kill "$hog"
	in_band_or_flagged
	json_check out.json <<'PY'
assert d["results"][0]["disturbed_samples"] > 0, \
    "time-sliced with a hog, yet no sample was dropped"
PY
}

@test "the measuring child moved to another CPU: flagged, not silently wrong" {
	two_cpus
	need_python
	"$CB" run basic/imul-latency --cpu 1 --repetitions 20000 \
	    --json out.json >out.txt 2>&1 &
	pid=$!
	# Sampling lasts the 2 s budget from soon after the child starts:
	# move it half a second in, well inside that window.
	for i in $(seq 100); do
		child=$(pgrep -P "$pid" | head -1)
		[ -n "$child" ] && break
		sleep 0.05
	done
	[ -n "$child" ] || fail "no child process to move"
	sleep 0.5
	taskset -a -p -c 0 "$child" >/dev/null
	wait "$pid" || true
	json_check out.json <<'PY'
r = d["results"][0]
moved = r["status"] == "error" or "disturbed" in r["flags"]
assert moved, (r["status"], r["flags"], r["disturbed_samples"])
PY
}

@test "a drifting core clock (test hook) is flagged clock-drift" {
	need_python
	CYCLEBENCH_TEST_DRIFT=0.05 run "$CB" run basic/imul-latency --quick \
	    --json out.json
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
