#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# Results files are input from anyone: parameters are matched as objects,
# not as their printed text; nothing in a file reaches the terminal as a
# control character; and a report's size does not grow with what a file
# claims.

load helpers

GOOD=$BATS_TEST_DIRNAME/../fixtures/results/basic-cpu0.json
SYNTH=$BATS_TEST_DIRNAME/../fixtures/results/synthetic.json

# variant OUT PYTHON: a copy of GOOD with PYTHON applied to it as d.
variant() {
	"$PYTHON" -c 'import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[2])
json.dump(d, open(sys.argv[3], "w"))' "$GOOD" "$2" "$1"
}

@test "compare matches {\"a\":\"1 b=2\"} and {\"a\":\"1\",\"b\":\"2\"} as different benchmarks" {
	need_python
	variant a.json 'd["results"] = d["results"][:1]; d["results"][0]["params"] = {"a": "1 b=2"}'
	variant b.json 'd["results"] = d["results"][:1]; d["results"][0]["params"] = {"a": "1", "b": "2"}'
	variant c.json 'd["results"] = d["results"][:1]; d["results"][0]["params"] = {"a=1 b": "2"}'
	run --separate-stderr "$CB" compare a.json b.json c.json --format json
	assert_status 0
	printf '%s\n' "$output" >cmp.json
	json_check cmp.json <<'PY'
rows = d["rows"]
assert len(rows) == 3, [r.get("params") for r in rows]
PY
	run --separate-stderr "$CB" compare a.json b.json
	assert_status 0
	assert_output 'only in A: basic/add-latency a="1 b=2"'
	assert_output "only in B: basic/add-latency a=1 b=2"
	# The order of the keys still does not matter.
	variant d.json 'd["results"] = d["results"][:1]; d["results"][0]["params"] = {"b": "2", "a": "1"}'
	run --separate-stderr "$CB" compare b.json d.json --format json
	printf '%s\n' "$output" >cmp.json
	json_check cmp.json <<'PY'
assert len(d["rows"]) == 1, d["rows"]
PY
}

@test "escapes and line breaks from a file never reach the terminal" {
	need_python
	variant esc.json '
d["results"][0]["name"] = "basic/\x1b]0;pwned\x07x\r\nbasic/fake 9.99 *"
d["results"][0]["params"] = {"k\x1b[2J": "v\r\n"}
d["results"][0]["reason"] = "\x1b[31mred"
d["machine"]["cpu_brand"] = "\x1b[1mBold\u009b2J"
d["run"]["argv"] = ["cyclebench", "\x1b[H"]'
	for format in text markdown; do
		run --separate-stderr "$CB" compare --format "$format" esc.json "$GOOD"
		assert_status 0
		printf '%s' "$output$stderr" | LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' &&
		    { show_run >&2; fail "$format: a control character got through"; }
		printf '%s' "$output" | LC_ALL=C grep -q $'\xc2\x9b' &&
		    fail "$format: a C1 control got through"
		refute_line '^basic/fake'
		refute_line '^\| basic/fake'
	done
	# A parse error quoting the file is cleaned too.
	printf '{"a": \x1b[2J}' >bad.json
	run --separate-stderr "$CB" compare bad.json "$GOOD"
	assert_status 2
	printf '%s' "$stderr" | LC_ALL=C grep -q $'\x1b' &&
	    { show_run >&2; fail "an escape in the error message"; }
	true
}

@test "report: a histogram of millions of bins makes a page of normal size" {
	need_python
	"$PYTHON" - "$SYNTH" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
def with_bins(n):
    for r in d["results"]:
        if r["name"] == "fixture-path/getppid":
            r["histogram"] = {"scale": "linear",
                "edges": [float(i) for i in range(n + 1)],
                "counts": [1] * n}
    return d
json.dump(with_bins(4000), open("h4k.json", "w"))
json.dump(with_bins(2000000), open("h2m.json", "w"))
PY
	"$CB" report "$SYNTH" -o plain.html
	for f in h4k h2m; do
		run --separate-stderr "$CB" report $f.json -o $f.html
		assert_status 0
		size=$(stat -c %s $f.html)
		[ "$size" -lt $(( $(stat -c %s plain.html) + 20000 )) ] ||
		    fail "$f: a page of $size bytes"
		[ "$(grep -o '<rect class="bin"' $f.html | wc -l)" -le 70 ] ||
		    fail "$f: more bars than a chart has"
	done
	# Within the limit the file's histogram is drawn, merged into bars.
	grep -q "the file's bins" h4k.html
	! grep -q "the file's bins" h2m.html
}
