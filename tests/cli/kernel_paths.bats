#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# The syscall and signal suites through the command line: every row is
# measured or skipped with its reason, per-call quantiles are ordered, the
# JSON carries a histogram of every kept call, and a child that crashes or
# hangs costs its own row only.

setup_file() {
	export CB="${CYCLEBENCH:-build/cyclebench}"
	export OUT="$BATS_FILE_TMPDIR"
	rc=0
	"$CB" run syscall signal --quick --json "$OUT/paths.json" \
	    >"$OUT/paths.txt" 2>"$OUT/paths.err" || rc=$?
	echo "$rc" >"$OUT/paths.rc"
}

# Check the results file with python3; the script's argv[1] is the file.
check_json() {
	python3 - "$OUT/paths.json" "$@"
}

@test "syscall and signal run to the end" {
	cat "$OUT/paths.txt" "$OUT/paths.err"
	[ "$(cat "$OUT/paths.rc")" -eq 0 ]
	grep -q '^syscall/getppid ' "$OUT/paths.txt"
	grep -q '^signal/divzero ' "$OUT/paths.txt"
}

@test "every row is ok, or skipped with a reason" {
	check_json <<'PY'
import json, sys
res = json.load(open(sys.argv[1]))["results"]
assert len(res) >= 20, len(res)
for r in res:
    assert r["mode"] == "path", r["name"]
    if r["status"] == "skipped":
        assert r["reason"] and len(r["reason"]) > 20, r
    else:
        assert r["status"] == "ok", (r["name"], r["status"], r["reason"])
PY
}

@test "the names other commands look up are there" {
	check_json <<'PY'
import json, sys
names = {r["name"] for r in json.load(open(sys.argv[1]))["results"]}
want = {"syscall/getppid", "syscall/read-devzero", "syscall/write-devnull",
        "syscall/clock_gettime-vdso", "syscall/clock_gettime-raw",
        "syscall/sched_yield", "syscall/getpid-libc", "signal/divzero",
        "signal/divzero-delivery", "signal/divzero-return", "signal/segv",
        "signal/ud2", "signal/int3", "signal/kill-self", "signal/tgkill-self",
        "signal/sigqueue-self"}
assert want <= names, want - names
assert "signal/divzero-3m" not in names
# impact prices events by name with no params: one such row each.
for n in ("syscall/getppid", "signal/kill-self"):
    rows = [r for r in json.load(open(sys.argv[1]))["results"]
            if r["name"] == n]
    assert [r["params"] for r in rows] == [{}], (n, rows)
PY
}

@test "per-call p50 <= p90 <= p99 <= max, first call and batched present" {
	check_json <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    if r["status"] != "ok":
        continue
    c = r["cycles"]
    assert 0 < c["median"] <= c["p90"] <= c["p99"] <= c["max"], (r["name"], c)
    assert c["min"] <= c["median"], r["name"]
    assert r["first_call"] is not None and r["first_call"] > 0, r["name"]
    assert r["batched"] is not None and r["batched"] > 0, r["name"]
PY
}

@test "the JSON histogram accounts for every kept call" {
	check_json <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    h = r["histogram"]
    if r["status"] != "ok":
        assert h is None, r["name"]
        continue
    e, n = h["edges"], h["counts"]
    assert len(e) == len(n) + 1 and 1 <= len(n) <= 32, r["name"]
    assert all(a <= b for a, b in zip(e, e[1:])), r["name"]
    assert sum(n) == len(r["samples"]), r["name"]
    assert e[0] == min(r["samples"]) and e[-1] == max(r["samples"])
    assert h["scale"] == ("log" if e[0] > 0 else "linear"), r["name"]
PY
}

@test "signal rows report their frame and the vector state it saved" {
	check_json <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    if r["status"] != "ok" or not r["name"].startswith("signal/"):
        continue
    x = r["extras"]
    assert 512 < x["frame_bytes"] < 65536, (r["name"], x)
    bv = int(x["xstate_bv"])
    avx = r["params"].get("avx")
    if bv:
        assert bool(bv & 0x4) == (avx is not None), (r["name"], hex(bv))
PY
}

@test "the path table names the mitigations and the distribution" {
	grep -q '^Kernel paths' "$OUT/paths.txt"
	grep -q '^  meltdown ' "$OUT/paths.txt"
	grep -q '^  spectre_v2 ' "$OUT/paths.txt"
	grep -Eq '^benchmark +p50 +p90 +p99 +max +first +batched' \
	    "$OUT/paths.txt"
}

@test "the macro run answers only to its full name" {
	run "$CB" list signal/divzero-3m
	[ "$status" -eq 0 ]
	[[ "$output" == *"signal/divzero-3m"*"(runs only when named)"* ]]
	run "$CB" run 'signal/divzero-3*' --quick
	[ "$status" -eq 2 ]
}

@test "a crashing or hanging child costs its own row only" {
	run "$CB" run selftest/crash selftest/hang signal/kill-self \
	    syscall/getppid --quick --timeout 2
	[ "$status" -eq 1 ]
	grep -q '^selftest/crash .*error: crashed: killed by signal' \
	    <<<"$output"
	grep -q '^selftest/hang .*error: timed out after 2 s' <<<"$output"
	grep -Eq '^signal/kill-self +path +[0-9]' <<<"$output"
	grep -Eq '^syscall/getppid +path +[0-9]' <<<"$output"
}
