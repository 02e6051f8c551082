#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# `run' measuring real benchmarks, and the JSON and CSV files it saves.

load helpers

# A measured row: name, mode, then helpers.bash's CB_ROW_OK.
ROW_OK=$CB_ROW_OK

@test "run basic/imul-latency --quick --json --csv: table, JSON and CSV" {
	need_python
	run --separate-stderr "$CB" run basic/imul-latency --quick \
	    --json out.json --csv out.csv
	assert_status 0
	assert_line '^benchmark +mode +cycles +min +time +\+-ci95 +cv +rounds +method +flags$'
	assert_line "^basic/imul-latency +latency$ROW_OK"
	assert_line '^cycles (calibrated|counted): '
	[ -s out.json ] || fail "no JSON file"
	[ -s out.csv ] || fail "no CSV file"

	CB_V=$(cb_version) json_check out.json <<'PY'
import os
num = (int, float)
assert d["schema_version"] == 2, d["schema_version"]
assert d["tool"]["name"] == "cyclebench", d["tool"]
assert d["tool"]["version"] == os.environ["CB_V"], d["tool"]
m = d["machine"]
assert isinstance(m["cpu_brand"], str) and m["cpu_brand"].strip(), m["cpu_brand"]
assert m["cycle_method"] in ("calibrated", "counted"), m["cycle_method"]
argv = d["run"]["argv"]
assert isinstance(argv, list) and argv, argv
assert all(isinstance(a, str) for a in argv), argv
# As typed, in the order typed (getopt_long must not have reordered it).
assert argv[1:] == ["run", "basic/imul-latency", "--quick",
    "--json", "out.json", "--csv", "out.csv"], argv
assert len(d["results"]) == 1, len(d["results"])
r = d["results"][0]
assert r["name"] == "basic/imul-latency", r["name"]
assert r["group"] == "basic", r["group"]
assert r["params"] == {}, r["params"]
assert r["mode"] == "latency", r["mode"]
assert r["status"] == "ok", (r["status"], r.get("reason"))
for k in ("cycles", "tsc", "ns"):
    s = r[k]
    for f in ("min", "p10", "median", "p90", "max", "mean", "cv",
              "ci95_low", "ci95_high"):
        assert isinstance(s[f], num) and not isinstance(s[f], bool), (k, f, s[f])
    assert s["min"] <= s["median"] <= s["max"], (k, s)
    assert s["median"] > 0, (k, s)
# imul reg,reg has a 3-cycle latency on every x86 since the Pentium Pro;
# a generous window keeps a busy machine from failing the test.
assert 1.5 < r["cycles"]["median"] < 6, r["cycles"]["median"]
assert isinstance(r["r2"], num) and 0 < r["r2"] <= 1, r["r2"]
assert isinstance(r["disturbed_samples"], int) and r["disturbed_samples"] >= 0
s = r["samples"]
assert isinstance(s, list) and len(s) > 0, s
assert all(isinstance(x, num) and not isinstance(x, bool) for x in s), s
assert isinstance(r["flags"], list), r["flags"]
known = {"poor-fit", "clock-drift", "disturbed", "noisy", "few-samples",
         "below-resolution", "multilevel", "contended", "miscalibrated",
         "recalibrated"}
assert set(r["flags"]) <= known, r["flags"]
PY

	# RFC 4180: CRLF line ends; a header and one row.
	[ "$(wc -l < out.csv)" -eq 2 ] || fail "CSV: $(cat out.csv)"
	head -n 1 out.csv | grep -q '^name,params,mode,status,reason,method,.*cycles_median' ||
	    fail "CSV header: $(head -n 1 out.csv)"
	sed -n 2p out.csv | grep -q '^basic/imul-latency,,latency,ok,,\(calibrated\|counted\),[0-9]' ||
	    fail "CSV row: $(sed -n 2p out.csv)"
	grep -q $'\r$' out.csv || fail "CSV lines should end in CRLF"
}

@test "a result's cycle method is the one the machine header announces" {
	need_python
	run "$CB" run basic/empty-loop --quick --json out.json
	assert_status 0
	json_check out.json <<'PY'
m, r = d["machine"], d["results"][0]
assert r["method"] == m["cycle_method"], (r["method"], m["cycle_method"])
PY
}

@test "CSV header and row have the same number of fields" {
	need_python
	run "$CB" run basic/imul-latency --quick --csv out.csv
	assert_status 0
	"$PYTHON" - out.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert len(rows) == 2, rows
h, r = rows
assert len(h) == len(r), (h, r)
row = dict(zip(h, r))
assert row["name"] == "basic/imul-latency", row
assert row["status"] == "ok", row
assert float(row["cycles_median"]) > 0, row
PY
}

@test "--rounds 1 --repetitions 5 keeps 5 samples and flags few-samples" {
	need_python
	run "$CB" run basic/imul-latency --rounds 1 --repetitions 5 \
	    --json out.json
	assert_status 0
	assert_line "^basic/imul-latency +latency$ROW_OK .*few-samples"
	json_check out.json <<'PY'
r = d["results"][0]
assert len(r["samples"]) == 5, len(r["samples"])
assert len(r["rounds"]) == 1 and r["rounds"][0]["samples"] == 5, r["rounds"]
assert "few-samples" in r["flags"], r["flags"]
PY
}

# The table shows the flags that ask to act or to distrust the figure;
# what only informs (a clock that drifted, which each sample's own clock
# makes good; samples dropped) is in the JSON and under --verbose.  The
# empty loop is the resolution itself, not below it.  The drift injected
# is 25%: a host that moved the real clock 3% the other way between the
# first round and the last cancelled a 5% one (seen on a KVM guest).
@test "the table shows only the flags that ask to act or distrust" {
	need_python
	CYCLEBENCH_TEST_DRIFT=0.25 run --separate-stderr "$CB_SEAMS" run \
	    basic/imul-latency basic/empty-loop --quick --json out.json
	assert_status 0
	assert_line "^basic/imul-latency +latency$ROW_OK"
	assert_line "^basic/empty-loop +throughput$ROW_OK"
	for word in clock-drift disturbed dropped below-resolution; do
		if grep -E "^basic/.* $word" <<<"$output"; then
			fail "the table shows '$word'"
		fi
	done
	json_check out.json <<'PY'
for r in d["results"]:
    assert "clock-drift" in r["flags"], (r["name"], r["flags"])
    assert "below-resolution" not in r["flags"], (r["name"], r["flags"])
    assert r["estimate"]["imul_low"] <= r["estimate"]["imul_check"] <= \
        r["estimate"]["imul_high"], r["estimate"]
PY
	CYCLEBENCH_TEST_DRIFT=0.25 run --separate-stderr "$CB_SEAMS" run \
	    basic/imul-latency --quick --verbose
	assert_status 0
	assert_line "^basic/imul-latency +latency$ROW_OK .*clock-drift"
}

# The seams are the test build's alone: the tool a user runs does not
# read CYCLEBENCH_TEST_*, so no variable left set can fake what it
# measures.  (A real drift is under 25%: the ratio says which.)
@test "the tool has no test seams: CYCLEBENCH_TEST_DRIFT changes nothing" {
	need_python
	CYCLEBENCH_TEST_DRIFT=0.25 run --separate-stderr "$CB" run \
	    basic/imul-latency --quick --json out.json
	assert_status 0
	json_check out.json <<'PY'
r = d["results"][0]
assert r["ratio_after"] / r["ratio_before"] < 1.2, r
PY
	run nm "$CB"
	refute_line --regexp ' [TW] cb_seam_'
}

# list --flags says each flag's class, and a flag of each class is there.
@test "list --flags gives each flag's class" {
	run "$CB" list --flags
	assert_status 0
	assert_line '^clock-drift +info: '
	assert_line '^contended +act: '
	assert_line '^miscalibrated +distrust: '
	[ "$(grep -cE '^[a-z-]+ +(info|act|distrust): ' <<<"$output")" -eq \
	    "$(wc -l <<<"$output")" ] || fail "a flag without a class: $output"
}

@test "--rounds 4: four rounds, each a fresh process, their samples in order" {
	need_python
	run "$CB" run basic/imul-latency basic/add-latency --rounds 4 \
	    --repetitions 6 --json out.json
	assert_status 0
	json_check out.json <<'PY'
for r in d["results"]:
    k = r["rounds"]
    assert len(k) == 4, k
    assert sum(x["samples"] for x in k) == len(r["samples"]), r
    assert len(r["probe"]) == len(r["samples"]), r
    assert all(x["samples"] <= 6 for x in k), k
    assert [x["start"] for x in k] == sorted(x["start"] for x in k), k
    assert r["estimate"]["stop"] == "rounds", r["estimate"]
    assert r["estimate"]["basis"] in ("quiet", "all"), r["estimate"]
# The two benchmarks' rounds interleave: neither has all its rounds first.
a, b = (sorted(x["start"] for x in r["rounds"]) for r in d["results"])
assert not (a[-1] < b[0] or b[-1] < a[0]), (a, b)
PY
}

@test "adaptive rounds stop at the precision asked, or say why not" {
	need_python
	run "$CB" run basic/imul-latency --precision 5 --json out.json
	assert_status 0
	json_check out.json <<'PY'
r = d["results"][0]
assert r["estimate"]["stop"] in ("precision", "time", "rounds"), r
if r["estimate"]["stop"] == "precision":
    c = r["cycles"]
    assert (c["ci95_high"] - c["ci95_low"]) / 2 <= 0.05 * c["median"], c
assert 5 <= len(r["rounds"]) <= 20, len(r["rounds"])
PY
}

@test "--rounds and --precision refuse bad values" {
	run --separate-stderr "$CB" run basic/imul-latency --rounds 0
	assert_usage_error "--rounds takes a whole number from 1 to 1000, not '0'"
	run --separate-stderr "$CB" run basic/imul-latency --precision 0
	assert_usage_error "--precision takes a percentage from 0.01 to 50, not '0'"
	run --separate-stderr "$CB" run basic/imul-latency --precision x
	assert_usage_error "--precision takes a percentage from 0.01 to 50, not 'x'"
}

@test "--cpu N measures on that CPU" {
	need_python
	local cpu
	cpu=$("$PYTHON" -c 'import os; print(min(os.sched_getaffinity(0)))')
	run "$CB" run basic/empty-loop --quick --cpu "$cpu" --json out.json
	assert_status 0
	assert_line ", CPU $cpu(,|$)"
	json_check out.json <<PY
assert d["results"][0]["cpu"] == $cpu, d["results"][0]["cpu"]
PY
}

@test "a group pattern runs the whole suite in order" {
	run "$CB" run basic --quick --repetitions 5
	assert_status 0
	local n
	for n in add-latency imul-latency imul-throughput load-latency \
	    nop-throughput empty-loop; do
		table_row "basic/$n" >/dev/null || fail "no row for basic/$n"
	done
	refute_output "selftest"
}

@test "run with a pattern matching nothing: exit 2, nothing measured" {
	run --separate-stderr "$CB" run nosuch --quick
	assert_usage_error "no benchmark matches 'nosuch'"

	run --separate-stderr "$CB" run basic/empty-loop nosuch --quick
	assert_usage_error "no benchmark matches 'nosuch'"

	# Hidden benchmarks do not answer to globs.
	run --separate-stderr "$CB" run 'selftest/*' --quick
	assert_usage_error "no benchmark matches 'selftest/*'"
}

@test "an existing results file is replaced by a complete new one" {
	need_python
	echo '{"old": true}' > out.json
	run "$CB" run basic/empty-loop --quick --json out.json
	assert_status 0
	json_check out.json <<'PY'
assert d["results"][0]["name"] == "basic/empty-loop", d
PY
	# Written through a temporary file that is renamed, never left behind.
	[ -z "$(ls -A | grep -v '^out\.json$')" ] ||
	    fail "files left behind: $(ls -A)"
}

@test "on a terminal, progress shows the step, the time spent and left" {
	command -v script >/dev/null || skip "script(1) is not installed"
	local out
	out=$(script -qec "$CB run basic/imul-latency basic/add-latency --quick" \
	    /dev/null | tr '\r' '\n')
	grep -qE '^.\[K\[round 1, 0/2 done\] basic/(add|imul)-latency  0:[0-9]{2} elapsed$' \
	    <<<"$out" || fail "no first step: $out"
	grep -qE '^.\[K\[round [0-9]+, 1/2 done\] basic/(add|imul)-latency  0:[0-9]{2} elapsed, ~[0-9]+:[0-9]{2} left$' \
	    <<<"$out" || fail "no estimate: $out"
	# into a pipe: no progress at all
	run --separate-stderr "$CB" run basic/add-latency --quick
	[[ $stderr != *elapsed* ]] || fail "progress in a pipe: $stderr"
}

# Every line of $1 at most $2 columns (characters, not bytes).
fits() {
	local l
	while IFS= read -r l; do
		l=${l%$'\r'}
		[ "${#l}" -le "$2" ] || { echo "wider than $2: $l"; return 1; }
	done <<<"$1"
}

@test "on a terminal the tables fit its width, in the stated order" {
	command -v script >/dev/null || skip "script(1) is not installed"
	local out
	out=$(COLUMNS=80 LC_ALL=C.UTF-8 script -qec \
	    "$CB run basic/imul-latency syscall/getppid --quick 2>/dev/null" \
	    /dev/null)
	fits "$out" 80 || fail "$out"
	out=$(COLUMNS=66 LC_ALL=C.UTF-8 script -qec \
	    "$CB run basic/imul-latency syscall/getppid --quick 2>/dev/null" \
	    /dev/null)
	fits "$out" 66 || fail "$out"
	# method goes first, min next, and the legend says so
	grep -qE '^benchmark +mode +cycles( +min)? +time +\+-ci95' <<<"$out" ||
	    fail "method and min should go first: $out"
	grep -qE 'To fit 66 columns: (min and )?method left out' <<<"$out" ||
	    fail "no note of what went: $out"
	out=$(COLUMNS=50 LC_ALL=C.UTF-8 script -qec \
	    "$CB run basic/imul-latency --quick 2>/dev/null" /dev/null)
	fits "$out" 50 || fail "$out"
	grep -qE '^basic/imul-latency +lat +[0-9.]+ ' <<<"$out" ||
	    fail "mode not abbreviated: $out"
	# --wide: every column on the terminal too
	out=$(COLUMNS=50 script -qec \
	    "$CB run basic/imul-latency --quick --wide 2>/dev/null" /dev/null)
	grep -qE '^benchmark +mode +cycles +min +time +\+-ci95 +cv +rounds +method +flags' \
	    <<<"$out" || fail "--wide cut: $out"
}

@test "run --format markdown: the tables to paste into a post" {
	run --separate-stderr "$CB" run basic/add-latency syscall/getppid \
	    --quick --format markdown
	assert_status 0
	assert_line '^\*\*cyclebench [0-9.]+\*\* on '
	assert_line '^\| benchmark \| mode \| cycles \| min \| time \| \+-ci95 \| cv \| rounds \| method \| flags \|$'
	assert_line '^\|:--\|:--\|--:\|--:\|--:\|--:\|--:\|--:\|:--\|:--\|$'
	assert_line '^\| basic/add-latency \| latency \| [0-9.]+ \| '
	assert_line '^\*\*Kernel paths: core cycles per call\*\*$'
	assert_line '^\| syscall/getppid \| [0-9.k]+ \| '
	run --separate-stderr "$CB" run basic/add-latency --format html
	assert_usage_error "--format is text or markdown, not 'html'"
}

@test "figures are scaled to readable units, the JSON keeps them whole" {
	need_python
	run "$CB" run ctxsw/fork-exit-wait --quick --repetitions 5 --json out.json
	assert_status 0
	# tens of thousands of cycles at least: k, and a time in µs or ms
	assert_line "^ctxsw/fork-exit-wait +path +[0-9.]+[kM] +[0-9.]+[kM] +[0-9.]+(µs|ms) "
	json_check out.json <<'PY'
c = d["results"][0]["cycles"]["median"]
assert c > 10000 and c != round(c, -3), c
PY
}
