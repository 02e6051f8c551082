#!/usr/bin/env bats
# cyclebench compare: verdicts on real runs of the development VM (see
# tests/fixtures/results/make-fixtures.py), the output formats, and a
# clear refusal, exit 2, for every kind of bad input.

F=tests/fixtures/results

setup() {
	CB=${CYCLEBENCH:-build/cyclebench}
}

# Table rows: lines that start with a benchmark name.
rows() {
	grep -E '^(basic|fixture)' <<<"$output"
}

@test "two real runs, CPU 0 and CPU 1: no difference called real" {
	run "$CB" compare $F/basic-cpu0.json $F/basic-cpu1.json
	[ "$status" -eq 0 ]
	[ "$(rows | wc -l)" -eq 6 ]
	! rows | grep -q '\*$'
	[ "$(rows | grep -c '~$')" -eq 6 ]
	# Same machine: columns are named after the files.
	grep -q 'basic-cpu0 *basic-cpu1' <<<"$output"
}

@test "text output fits 80 columns" {
	run "$CB" compare $F/basic-cpu0.json $F/basic-cpu1.json \
	    $F/basic-lfence.json $F/synthetic.json
	[ "$status" -eq 0 ]
	! awk 'length($0) > 80 { print; bad = 1 } END { exit !bad }' \
	    <<<"$output"
}

@test "identical inputs: no false differences" {
	run "$CB" compare $F/basic-cpu0.json $F/basic-cpu0.json
	[ "$status" -eq 0 ]
	[ "$(rows | grep -c '+0.0% ~$')" -eq 6 ]
	! grep -q '^warning' <<<"$output"
}

@test "an lfence after every imul is flagged as real" {
	run "$CB" compare $F/basic-cpu0.json $F/basic-lfence.json
	[ "$status" -eq 0 ]
	rows | grep -E '^basic/imul-latency +3.00 +17.0 +\+467% \*$'
	rows | grep -E '^basic/add-latency .* ~$'
	rows | grep -E '^basic/imul-throughput .* ~$'
	grep -q 'Mann-Whitney U' <<<"$output"
}

@test "--threshold raises the smallest change called real" {
	run "$CB" compare --threshold 10 $F/basic-cpu0.json $F/basic-lfence.json
	[ "$status" -eq 0 ]
	rows | grep -E '^basic/nop-throughput .*\+7.6% ~$'
	rows | grep -E '^basic/imul-latency .* \*$'
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
	run "$CB" compare --label before --label after $F/basic-cpu0.json \
	    $F/basic-lfence.json
	[ "$status" -eq 0 ]
	grep -qE '^ +before +after$' <<<"$output"
	run "$CB" compare --label before $F/basic-cpu0.json $F/basic-lfence.json
	[ "$status" -eq 2 ]
	[[ "$output" == *"1 --label for 2 files"* ]]
	run "$CB" compare --label x --label x $F/basic-cpu0.json \
	    $F/basic-lfence.json
	[ "$status" -eq 2 ]
	[[ "$output" == *"two inputs are labelled 'x'"* ]]
}

@test "markdown: a table with escaped marks" {
	run "$CB" compare --format markdown $F/basic-cpu0.json $F/basic-lfence.json
	[ "$status" -eq 0 ]
	grep -qF '| benchmark | basic-cpu0 | basic-lfence | change |' <<<"$output"
	grep -qF '| basic/imul-latency | 3.00 | 17.0 | +467% \* |' <<<"$output"
}

@test "csv: one line per benchmark and input" {
	run "$CB" compare --format csv $F/basic-cpu0.json $F/basic-lfence.json
	[ "$status" -eq 0 ]
	[ "$(wc -l <<<"$output")" -eq 13 ]
	head -1 <<<"$output" | grep -q '^name,params,input,label,file,status,'
	grep -q '^basic/imul-latency,,B,basic-lfence,.*,different' <<<"$output"
}

@test "json: verdicts, ratios and intervals" {
	"$CB" compare --format json $F/basic-cpu0.json $F/basic-lfence.json \
	    >"$BATS_TEST_TMPDIR/c.json"
	python3 - "$BATS_TEST_TMPDIR/c.json" <<-'PY'
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["format"] == "cyclebench-compare" and d["schema_version"] >= 1
	rows = {r["name"]: r["cells"] for r in d["rows"]}
	assert all(r["params"] == {} for r in d["rows"]), d["rows"]
	imul = rows["basic/imul-latency"][1]
	assert imul["verdict"] == "different", imul
	assert imul["ci95_low"] > 5 and imul["p_value"] < 0.01, imul
	assert rows["basic/add-latency"][1]["verdict"] == "same"
	assert rows["basic/add-latency"][0]["verdict"] == "baseline"
	PY
}

@test "two live quick runs on CPU 0 and CPU 1 compare cleanly" {
	"$CB" run basic/imul-latency basic/load-latency --quick --cpu 0 \
	    --json "$BATS_TEST_TMPDIR/a.json" >/dev/null
	"$CB" run basic/imul-latency basic/load-latency --quick --cpu 1 \
	    --json "$BATS_TEST_TMPDIR/b.json" >/dev/null
	run "$CB" compare "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json"
	[ "$status" -eq 0 ]
	# Verdicts on a shared VM are not asserted: only that every row has one.
	[ "$(rows | grep -cE ' [*~]$')" -eq 2 ]
}

# Each bad input: exit 2, and the message names the file and the fault.
bad() {
	run "$CB" compare $F/basic-cpu0.json "$1"
	[ "$status" -eq 2 ]
	[[ "$output" == *"$2"* ]] || { echo "got: $output"; false; }
}

@test "malformed JSON: file, line and column" {
	bad $F/malformed.json \
	    "$F/malformed.json:3:33: string or '}' expected near '}'"
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
	bad $F/future.json "$F/future.json: schema_version 2 is newer than this cyclebench reads (1)"
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
	[[ "$output" == *"future.json: schema_version 2"* ]]
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

@test "github: a warning per real slowdown, escaped as workflow commands" {
	run "$CB" compare --format github $F/basic-cpu0.json $F/basic-lfence.json
	[ "$status" -eq 0 ]
	# every line a workflow command GitHub reads
	! grep -vE '^::(warning|notice|error) title=[^:]*::' <<<"$output"
	grep -qE '^::warning title=cyclebench%3A basic/imul-latency slower::basic/imul-latency: 17\.0 core cycles per operation in basic-lfence \(B\) against 3\.00 in basic-cpu0 \(A\), \+467%25; ' <<<"$output"
	! grep -q 'add-latency' <<<"$output"
	grep -q '^::notice title=cyclebench compare::2 real slowdowns and 0 real speedups against basic-cpu0 over 6 benchmarks' <<<"$output"
	# the other way round the same change is a speedup: a notice
	run "$CB" compare --format github $F/basic-lfence.json $F/basic-cpu0.json
	grep -q '^::notice title=cyclebench%3A basic/imul-latency faster::' <<<"$output"
	! grep -q '^::warning' <<<"$output"
}
