#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# cyclebench compare: verdicts on real runs of the development VM with
# rounds (rounds-*.json; runs from before rounds, and the made-up
# fixtures of tests/fixtures/results/make-fixtures.py, are one round
# each), several runs a side from a noisy cloud guest
# (tests/fixtures/zen3-kvm), the output formats, the CI gate, and a
# clear refusal, exit 2, for every kind of bad input.

bats_require_minimum_version 1.5.0

F=tests/fixtures/results
Z=tests/fixtures/zen3-kvm
A0=$F/rounds-cpu0.json
A1=$F/rounds-cpu1.json
AL=$F/rounds-lfence.json

setup() {
	CB=${CYCLEBENCH:-build/cyclebench}
}

# Table rows: lines that start with a benchmark name.
rows() {
	grep -E '^(basic|fixture)' <<<"$output"
}

@test "two real runs, CPU 0 and CPU 1: no change called, equivalence not shown on 1%" {
	run "$CB" compare $A0 $A1
	[ "$status" -eq 0 ]
	[ "$(rows | wc -l)" -eq 7 ]
	! rows | grep -q '\*$'
	# One session a side: the between-session spread assumed 1%, so within 1%
	# cannot be shown either.
	[ "$(rows | grep -c '?$')" -eq 7 ]
	grep -q 'assumed (1%, 10% for' <<<"$output"
	# With a margin wider than that spread, equivalence is shown.
	run "$CB" compare --threshold 50 $A0 $A1
	[ "$(rows | grep -c '=$')" -eq 6 ]
	# The empty loop is its own resolution: not tested, and said why.
	rows | grep -qE '^basic/empty-loop .* \?$'
	tr '\n' ' ' <<<"$output" | grep -q \
	    "note: basic/empty-loop: .*B ? below the loop's resolution"
	# Same machine: columns are named after the files.
	grep -q 'rounds-cpu0 *rounds-cpu1' <<<"$output"
}

@test "text output fits 80 columns" {
	run "$CB" compare $A0 $A1 $AL $F/synthetic.json
	[ "$status" -eq 0 ]
	! awk 'length($0) > 80 { print; bad = 1 } END { exit !bad }' \
	    <<<"$output"
}

@test "identical inputs: no false differences" {
	run "$CB" compare $A0 $A0
	[ "$status" -eq 0 ]
	! rows | grep -q '\*$'
	[ "$(rows | grep -c '+0.0% ?$')" -eq 7 ]
	run "$CB" compare --threshold 5 $A0 $A0
	[ "$(rows | grep -c '+0.0% =$')" -eq 6 ]
	! grep -q '^warning' <<<"$output"
}

@test "a change that rounds to zero reads +0.0%, never -0.0%" {
	# imul-throughput and load-latency are a hair faster in B.
	run "$CB" compare $F/basic-cpu0.json $F/basic-lfence.json
	[ "$status" -eq 0 ]
	rows | grep -E '^basic/imul-throughput +0.33 +0.33 +\+0.0% \?$'
	rows | grep -E '^basic/load-latency +4.00 +4.00 +\+0.0% \?$'
	! grep -E -- '-0\.0+%' <<<"$output"
}

@test "an lfence after every imul is called slower" {
	run "$CB" compare $A0 $AL
	[ "$status" -eq 0 ]
	rows | grep -E '^basic/imul-latency +3.00 +16.0 +\+432% \*$'
	rows | grep -E '^basic/add-latency .* \?$'
	rows | grep -E '^basic/imul-throughput .* \?$'
	grep -q 'across the 6 cells tested' <<<"$output"
	grep -q '^(Benjamini-Hochberg)' <<<"$output"
}

@test "--threshold raises the smallest change called slower" {
	# +432% is within a margin of +-500%: the same, by definition.
	run "$CB" compare --threshold 500 $A0 $AL
	[ "$status" -eq 0 ]
	rows | grep -E '^basic/imul-latency .*\+432% =$'
	run "$CB" compare --threshold 400 $A0 $AL
	rows | grep -E '^basic/imul-latency .* \*$'
}

@test "files from before rounds are one round each: all unknown" {
	run "$CB" compare $F/basic-cpu0.json $F/basic-lfence.json
	[ "$status" -eq 0 ]
	! rows | grep -q '\*$'
	rows | grep -E '^basic/imul-latency +3.00 +17.0 +\+467% \?$'
	! rows | grep -q '=$'
	grep -q 'B ? one round a side: give several runs a side' <<<"$output"
}

@test "--vs: several runs a side pool their rounds; same build, no alarm" {
	run "$CB" compare $Z/m1r*.json --vs $Z/m2r*.json
	[ "$status" -eq 0 ]
	! grep -E '^[a-z]+/.* \*$' <<<"$output"
	# Two sides, not sixteen columns.
	grep -qE '^A  .*m1r1.*$' <<<"$output"
	grep -qE '^B  ' <<<"$output"
	! grep -qE '^C  ' <<<"$output"
	# Levels are named, and rows whose levels cannot be paired say so.
	grep -q 'atomic/lock-add: .*levels that cannot be paired' \
	    <<<"$(tr '\n' ' ' <<<"$output")"
}

@test "--fail-above: a slowdown shown beyond it fails, exit 1" {
	run --separate-stderr "$CB" compare --fail-above 10 $A0 $AL
	[ "$status" -eq 1 ]
	# The gate reads the low end of the interval, below the +432%.
	[[ "$stderr" =~ "basic/imul-latency is at least 4"[0-2][0-9]"."[0-9]"% slower in B" ]]
	[[ "$stderr" == *"above --fail-above 10%"* ]]
	run "$CB" compare --fail-above 1000 $A0 $AL
	[ "$status" -eq 0 ]
	# Above the ratio's +432% but not its low end: no failure.
	run "$CB" compare --fail-above 430 $A0 $AL
	[ "$status" -eq 0 ]
	# A change not called slower fails nothing, however large.
	run "$CB" compare --fail-above 1 $F/basic-cpu0.json $F/basic-lfence.json
	[ "$status" -eq 0 ]
	run "$CB" compare --fail-above 1 $A0 $A1
	[ "$status" -eq 0 ]
}

# A copy of results file $1 at $2 that started at $3, without the rows
# named in $4 (a regex; '' none).
restamp() {
	python3 - "$1" "$2" "$3" "$4" <<-'PY'
	import json, re, sys
	d = json.load(open(sys.argv[1]))
	d["run"]["started_at"] = sys.argv[3]
	if sys.argv[4]:
	    d["results"] = [r for r in d["results"]
	        if not re.fullmatch(sys.argv[4], r["name"])]
	json.dump(d, open(sys.argv[2], "w"))
	PY
}

@test "--strict: exit 1 when any verdict is unknown, 0 when none is" {
	run --separate-stderr "$CB" compare --strict $A0 $A1
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"--strict: 6 verdicts unknown, the first basic/add-latency in B"* ]]
	# Shown the same on a wide margin; the empty loop, below its
	# resolution, is unknown for good and does not fail the gate.
	run "$CB" compare --strict --threshold 50 $A0 $A1
	[ "$status" -eq 0 ]
	[ "$(rows | grep -c '=$')" -eq 6 ]
	rows | grep -E '^basic/empty-loop .* \?$'
	# A slowdown shown is no unknown: without --fail-above, exit 0.
	restamp $A0 "$BATS_TEST_TMPDIR/a.json" 2026-12-01T15:07:42Z basic/empty-loop
	restamp $AL "$BATS_TEST_TMPDIR/l.json" 2026-12-01T15:07:45Z basic/empty-loop
	run "$CB" compare --strict --threshold 50 "$BATS_TEST_TMPDIR/a.json" \
	    "$BATS_TEST_TMPDIR/l.json"
	[ "$status" -eq 0 ]
	rows | grep -E '^basic/imul-latency .* \*$'
}

@test "--noise: two or more runs' spread stands for one run a side's" {
	run --separate-stderr "$CB" compare --noise $A0 $A0 $A1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--noise takes two or more repeated runs"* ]]
	# Runs an hour apart: two sessions, a spread measured.
	restamp $A0 "$BATS_TEST_TMPDIR/n1.json" 2026-12-01T10:00:00Z ''
	restamp $A1 "$BATS_TEST_TMPDIR/n2.json" 2026-12-01T11:00:00Z ''
	"$CB" compare --noise "$BATS_TEST_TMPDIR/n1.json" \
	    --noise "$BATS_TEST_TMPDIR/n2.json" --format json $A0 $AL \
	    >"$BATS_TEST_TMPDIR/c.json"
	python3 - "$BATS_TEST_TMPDIR/c.json" <<-'PY'
	import json, sys
	d = json.load(open(sys.argv[1]))
	rows = {r["name"]: r["cells"][1] for r in d["rows"]}
	for name, c in rows.items():
	    if name == "basic/empty-loop":
	        assert c["basis"] == "none", c
	        continue
	    assert c["basis"] == "noise", c
	    assert c["spread"] != 0.01, c
	assert rows["basic/imul-latency"]["verdict"] == "slower"
	PY
	# Runs seconds apart are one session: no spread between sessions,
	# so the spread is assumed still.
	"$CB" compare --noise $A0 --noise $A1 --format json $A0 $AL \
	    >"$BATS_TEST_TMPDIR/c.json"
	python3 - "$BATS_TEST_TMPDIR/c.json" <<-'PY'
	import json, sys
	d = json.load(open(sys.argv[1]))
	c = [r["cells"][1] for r in d["rows"] if r["name"] == "basic/add-latency"][0]
	assert c["basis"] == "assumed", c
	PY
	grep -q 'runs started within 300 seconds of each other' \
	    <<<"$("$CB" compare --noise $A0 --noise $A1 $A0 $AL)"
}

@test "--noise-runs: the noise model's runs from the store" {
	restamp $A0 "$BATS_TEST_TMPDIR/n1.json" 2026-12-01T10:00:00Z ''
	restamp $A1 "$BATS_TEST_TMPDIR/n2.json" 2026-12-01T11:00:00Z ''
	"$CB" db import --db "$BATS_TEST_TMPDIR/s.db" \
	    "$BATS_TEST_TMPDIR/n1.json" "$BATS_TEST_TMPDIR/n2.json" >/dev/null
	"$CB" compare --noise-runs all --db "$BATS_TEST_TMPDIR/s.db" \
	    --format json $A0 $AL >"$BATS_TEST_TMPDIR/c.json"
	python3 - "$BATS_TEST_TMPDIR/c.json" <<-'PY'
	import json, sys
	d = json.load(open(sys.argv[1]))
	c = [r["cells"][1] for r in d["rows"] if r["name"] == "basic/add-latency"][0]
	assert c["basis"] == "noise", c
	PY
	# One stored run is no spread; an empty selection, none.
	run --separate-stderr "$CB" compare --noise-runs last=1 \
	    --db "$BATS_TEST_TMPDIR/s.db" $A0 $AL
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"needs two or more repeated runs; --noise-runs selected 1"* ]]
	run --separate-stderr "$CB" compare --noise-runs '' $A0 $AL
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--noise-runs needs a selection"* ]]
}

@test "--vs and --fail-above refuse what they cannot use" {
	run --separate-stderr "$CB" compare --vs $A0 $A1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--vs needs results before it and after it"* ]]
	run --separate-stderr "$CB" compare $A0 --vs
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--vs needs results before it and after it"* ]]
	run --separate-stderr "$CB" compare $A0 --vs --vs $A1
	[ "$status" -eq 2 ]
	run --separate-stderr "$CB" compare --fail-above x $A0 $A1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--fail-above takes a percentage"* ]]
	run --separate-stderr "$CB" compare --label a $A0 $A1 --vs $AL
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"1 --label for 2 sides"* ]]
}

@test "benchmarks in only some inputs are listed, not dropped" {
	run "$CB" compare $F/basic-cpu0.json $F/synthetic.json
	[ "$status" -eq 0 ]
	rows | grep -E '^basic/imul-latency +3.00 +-$'
	rows | grep -E '^fixture/old user_pct=50 +- +35.0 +\?$'
	grep -q '^note: only in A: basic/add-latency' <<<"$output"
	grep -q '^note: only in B: fixture/old user_pct=0' <<<"$output"
	grep -q 'note: fixture-path/skipped: skipped in B: not on this kernel' \
	    <<<"$output"
}

@test "machine differences are warned about above the table" {
	python3 - "$BATS_TEST_TMPDIR/other.json" <<-'PY'
	import json, sys
	d = json.load(open("tests/fixtures/results/basic-cpu0.json"))
	d["machine"].update(kernel="6.1.0-18-amd64", hypervisor=None,
	    microcode="0xa201016", cycle_method="counted")
	d["machine"]["mitigations"]["spectre_v2"] = "Mitigation: IBRS"
	json.dump(d, open(sys.argv[1], "w"))
	PY
	run "$CB" compare $F/basic-cpu0.json "$BATS_TEST_TMPDIR/other.json"
	[ "$status" -eq 0 ]
	grep -q '^warning: cycle method differs: A calibrated; B counted$' \
	    <<<"$output"
	grep -q '^warning: kernel differs: A 6.18.44-fc-v782; B 6.1.0-18-amd64$' \
	    <<<"$output"
	grep -q '^warning: hypervisor differs: A bhyve; B unknown$' <<<"$output"
	grep -q '^warning: microcode differs: A unknown; B 0xa201016$' \
	    <<<"$output"
	grep -q '^warning: mitigation spectre_v2 differs' <<<"$output"
	# Above the table, not below.
	[ "$(grep -n '^warning' <<<"$output" | tail -1 | cut -d: -f1)" -lt \
	    "$(grep -n '^benchmark' <<<"$output" | cut -d: -f1)" ]
}

@test "--label names the columns, one per input" {
	run "$CB" compare --label before --label after $A0 $AL
	[ "$status" -eq 0 ]
	grep -qE '^ +before +after$' <<<"$output"
	run "$CB" compare --label before $A0 $AL
	[ "$status" -eq 2 ]
	[[ "$output" == *"1 --label for 2 sides"* ]]
	run "$CB" compare --label x --label x $A0 $AL
	[ "$status" -eq 2 ]
	[[ "$output" == *"two inputs are labelled 'x'"* ]]
}

@test "markdown: a table with escaped marks" {
	run "$CB" compare --format markdown $A0 $AL
	[ "$status" -eq 0 ]
	grep -qF '| benchmark | rounds-cpu0 | rounds-lfence | change |' <<<"$output"
	grep -qF '| basic/imul-latency | 3.00 | 16.0 | +432% \* |' <<<"$output"
}

@test "csv: one line per benchmark and input" {
	run "$CB" compare --format csv $A0 $AL
	[ "$status" -eq 0 ]
	[ "$(wc -l <<<"$output")" -eq 15 ]
	head -1 <<<"$output" | grep -q '^name,params,input,label,file,status,'
	head -1 <<<"$output" | grep -q ',ci_low,ci_high,p_value,q_value,q_same,verdict,rounds,runs,basis,flags,levels,why'
	grep -q '^basic/imul-latency,,B,rounds-lfence,.*,slower,8,1,assumed,' \
	    <<<"$output"
}

@test "json: verdicts, ratios and intervals" {
	"$CB" compare --format json $A0 $AL >"$BATS_TEST_TMPDIR/c.json"
	python3 - "$BATS_TEST_TMPDIR/c.json" <<-'PY'
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["format"] == "cyclebench-compare" and d["schema_version"] >= 2
	rows = {r["name"]: r["cells"] for r in d["rows"]}
	assert all(r["params"] == {} for r in d["rows"]), d["rows"]
	imul = rows["basic/imul-latency"][1]
	assert d["fdr"] == 0.01 and d["tested"] == 6, d
	assert 0.99 < d["ci_level"] < 1, d
	assert "alpha" not in d and "resamples" not in d, d
	imul = rows["basic/imul-latency"][1]
	assert imul["verdict"] == "slower", imul
	assert 5 < imul["ci_low"] < 5.33 < imul["ci_high"], imul
	assert imul["p_value"] < 0.01 and imul["q_value"] < 0.01, imul
	assert imul["runs"] == 1 and imul["basis"] == "assumed", imul
	assert imul["spread"] == 0.01 and imul["inflation"] >= 1, imul
	assert "ci95_low" not in imul, imul
	add = rows["basic/add-latency"][1]
	assert add["verdict"] == "unknown" and add["q_same"] > 0.05, add
	assert add["why"].startswith("one session a side, its between-session spread assumed"), add
	assert rows["basic/add-latency"][0]["verdict"] == "baseline"
	assert imul["rounds"] == 8, imul
	loop = rows["basic/empty-loop"][1]
	assert "below-resolution" in loop["flags"].split(","), loop
	assert loop["verdict"] == "unknown" and loop["why"], loop
	assert loop["basis"] == "none" and loop["p_value"] is None, loop
	PY
}

@test "two live quick runs on CPU 0 and CPU 1 compare cleanly" {
	"$CB" run basic/imul-latency basic/load-latency --quick --cpu 0 \
	    --json "$BATS_TEST_TMPDIR/a.json" >/dev/null
	"$CB" run basic/imul-latency basic/load-latency --quick --cpu 1 \
	    --json "$BATS_TEST_TMPDIR/b.json" >/dev/null
	run "$CB" compare "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json"
	[ "$status" -eq 0 ]
	# Verdicts on a shared VM are not asserted: only that every row has
	# one, and that an unknown row says why: in a note, or, where the
	# spread was assumed (one run a side), once in the method text.
	[ "$(rows | grep -cE ' [*=?]$')" -eq 2 ]
	for name in $(rows | grep -E ' \?$' | cut -d' ' -f1); do
		# A note wraps at 80 columns: read it as one line.
		tr '\n' ' ' <<<"$output" | grep -qE "note: $name: .*B \\? " ||
		    grep -q 'assumed (1%, 10% for' <<<"$output"
	done
}

# Each bad input: exit 2, and the message names the file and the fault.
bad() {
	run "$CB" compare $F/basic-cpu0.json "$1"
	[ "$status" -eq 2 ]
	[[ "$output" == *"$2"* ]] || { echo "got: $output"; false; }
}

@test "malformed JSON: file, line and column" {
	bad $F/malformed.json \
	    "$F/malformed.json:3:33: invalid object key (must be a string)"
}

@test "truncated file" {
	bad $F/truncated.json "$F/truncated.json:307:3:"
	[[ "$output" == *"truncated?"* ]]
}

@test "empty file, directory, missing file" {
	bad $F/empty.json "$F/empty.json: is empty, not a results file"
	bad $F "$F: is a directory, not a results file"
	bad $F/absent.json "$F/absent.json: cannot open: No such file"
}

@test "huge file refused before reading" {
	truncate -s 300M "$BATS_TEST_TMPDIR/huge.json"
	bad "$BATS_TEST_TMPDIR/huge.json" "huge.json: is 300 MB; results files over 256 MB are refused"
}

@test "wrong schema: not results, no version, future version" {
	bad $F/not-results.json "the top level is an array, not an object"
	bad $F/no-version.json "not a cyclebench results file: no \"schema_version\""
	bad $F/future.json "$F/future.json: schema_version 3 is newer than this cyclebench reads (2)"
}

@test "missing keys, wrong types, unknown values, duplicate keys" {
	bad $F/missing-key.json "$F/missing-key.json: results[1]: missing key \"samples\""
	bad $F/wrong-type.json "results[3].cycles: \"median\" should be a number or null, not a string"
	bad $F/bad-enum.json "results[0]: \"mode\" is \"warp\""
	bad $F/bad-sample.json "results[2].samples: element 5 should be"
	bad $F/duplicate-key.json "$F/duplicate-key.json:3:18: duplicate object key"
}

@test "every bad file is reported, not just the first" {
	run "$CB" compare $F/empty.json $F/future.json
	[ "$status" -eq 2 ]
	[[ "$output" == *"empty.json: is empty"* ]]
	[[ "$output" == *"future.json: schema_version 3"* ]]
}

@test "bad arguments" {
	run "$CB" compare $F/basic-cpu0.json
	[ "$status" -eq 2 ]
	[[ "$output" == *"give at least two results files"* ]]
	run "$CB" compare --format xml $F/basic-cpu0.json $F/basic-cpu1.json
	[ "$status" -eq 2 ]
	[[ "$output" == *"--format is text, markdown, csv, json or github, not 'xml'"* ]]
	run "$CB" compare --threshold -1 $F/basic-cpu0.json $F/basic-cpu1.json
	[ "$status" -eq 2 ]
	run "$CB" compare --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"usage: cyclebench compare"* ]]
}

@test "json: params are an object, as in the results files" {
	"$CB" compare --format json $F/synthetic.json $F/synthetic.json \
	    >"$BATS_TEST_TMPDIR/c.json"
	python3 - "$BATS_TEST_TMPDIR/c.json" <<-'PY'
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert {"user_pct": 0} in [r["params"] for r in d["rows"]], d["rows"]
	PY
}

@test "a compare or impact document given as results is refused by name" {
	"$CB" compare --format json $F/basic-cpu0.json $F/basic-cpu1.json \
	    >"$BATS_TEST_TMPDIR/c.json"
	run "$CB" compare "$BATS_TEST_TMPDIR/c.json" $F/basic-cpu0.json
	[ "$status" -eq 2 ]
	[[ "$output" == *'c.json: not a cyclebench results file: its "format" is "cyclebench-compare", not "cyclebench-results"'* ]]
}

@test "github: a warning per slowdown shown, escaped as workflow commands" {
	run "$CB" compare --format github $F/rounds-cpu0.json $F/rounds-lfence.json
	[ "$status" -eq 0 ]
	# every line a workflow command GitHub reads
	! grep -vE '^::(warning|notice|error) title=[^:]*::' <<<"$output"
	grep -qE '^::warning title=cyclebench%3A basic/imul-latency slower::basic/imul-latency: 16\.0 core cycles per operation in rounds-lfence \(B\) against 3\.00 in rounds-cpu0 \(A\), \+432%25; ' <<<"$output"
	! grep -q 'add-latency' <<<"$output"
	grep -q '^::notice title=cyclebench compare::1 slower, 0 faster, 0 same, 6 unknown of 7 against rounds-cpu0 over 7 benchmarks' <<<"$output"
	# the other way round the same change is a speedup: a notice
	run "$CB" compare --format github $F/rounds-lfence.json $F/rounds-cpu0.json
	grep -q '^::notice title=cyclebench%3A basic/imul-latency faster::' <<<"$output"
	! grep -q '^::warning' <<<"$output"
}

# A side whose rounds read the multiply check off a whole number carries
# miscalibrated on its rows, and the comparison says so under the row
# instead of printing a clean-looking -3%.
@test "a miscalibrated side is named under its rows" {
	command -v python3 >/dev/null 2>&1 || skip "python3 is not installed"
	python3 - "$A1" "$BATS_TEST_TMPDIR/off.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    if r["name"] == "basic/imul-latency":
        r["flags"].append("miscalibrated")
json.dump(d, open(sys.argv[2], "w"))
PY
	run "$CB" compare $A0 "$BATS_TEST_TMPDIR/off.json"
	[ "$status" -eq 0 ]
	grep -qE '^note: basic/imul-latency: B flags [a-z,-]*miscalibrated' \
	    <<<"$output"
}
