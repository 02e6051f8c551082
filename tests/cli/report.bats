#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# cyclebench report: the page's structure and its safety, without a
# browser (tests/browser loads it in Chromium).

F=tests/fixtures/results

setup() {
	CB=${CYCLEBENCH:-build/cyclebench}
	OUT=$BATS_TEST_TMPDIR/report.html
}

count() {
	grep -o "$1" "$OUT" | wc -l
}

@test "one file: a chart per suite, a histogram per path result" {
	run "$CB" report $F/synthetic.json -o "$OUT"
	[ "$status" -eq 0 ]
	[ "$(count '<svg ')" -eq 4 ]
	[ "$(count 'class="chart bars"')" -eq 2 ]
	[ "$(count 'class="chart histogram"')" -eq 2 ]
	# 3 variants x 3 parameters, and 2 of the 3 path results measured.
	[ "$(count '<rect class="bar"')" -eq 11 ]
	grep -q 'skipped: not on this kernel' "$OUT"
	grep -q '<dt>CPU</dt><dd>Oxide Virtual Turin-like Processor</dd>' "$OUT"
	! grep -q 'Comparison' "$OUT"
}

@test "several files: the comparison first, with the verdicts" {
	run "$CB" report $F/rounds-cpu0.json $F/rounds-lfence.json \
	    -o "$OUT"
	[ "$status" -eq 0 ]
	[ "$(count '<svg ')" -eq 3 ]
	grep -q '<h2>Comparison</h2>' "$OUT"
	grep -q '16.0 .*+432% \*' "$OUT"
	grep -q 'false discovery rate at 1% across the 6 cells tested' "$OUT"
	# Every row's flags are shown beside its bar.
	grep -q 'below-resolution' "$OUT"
}

@test "self-contained: no script, no external resource" {
	run "$CB" report $F/basic-cpu0.json $F/synthetic.json -o "$OUT"
	[ "$status" -eq 0 ]
	! grep -qi '<script' "$OUT"
	! grep -qiE '(src|href)=' "$OUT"
	! grep -qE 'https?://' <(grep -v 'xmlns="http://www.w3.org/2000/svg"' \
	    "$OUT")
	grep -q "Content-Security-Policy\" content=\"default-src 'none'" "$OUT"
}

@test "strings from the files are escaped: no HTML injection" {
	run "$CB" report $F/inject.json $F/basic-cpu0.json -o "$OUT"
	[ "$status" -eq 0 ]
	! grep -qi '<script' "$OUT"
	! grep -qi '<img' "$OUT"
	! grep -qi '<svg onload' "$OUT"
	! grep -q '<b>' "$OUT"
	! grep -q '</style><' "$OUT"
	grep -q '&lt;script&gt;alert(3)&lt;/script&gt;' "$OUT"
	grep -q '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;' "$OUT"
	# The key holds a quote, so it is shown quoted (as compare does).
	grep -q '&quot;k&#39;\\&quot;&lt;b&gt;&quot;=&lt;i&gt;&amp;amp;' "$OUT"
}

@test "-o - writes the page to standard output" {
	run "$CB" report $F/basic-cpu0.json -o -
	[ "$status" -eq 0 ]
	[[ "$output" == "<!DOCTYPE html>"* ]]
}

@test "bad input: exit 2 naming the file; no page written" {
	run "$CB" report $F/basic-cpu0.json $F/truncated.json -o "$OUT"
	[ "$status" -eq 2 ]
	[[ "$output" == *"$F/truncated.json:307:3:"* ]]
	[ ! -e "$OUT" ]
	run "$CB" report $F/basic-cpu0.json
	[ "$status" -eq 2 ]
	[[ "$output" == *"-o REPORT.html"* ]]
	run "$CB" report -o "$OUT"
	[ "$status" -eq 2 ]
}

@test "unwritable output: exit 2 before reading the files" {
	run "$CB" report $F/basic-cpu0.json -o /nonexistent/dir/r.html
	[ "$status" -eq 2 ]
	[[ "$output" == *"cannot write '/nonexistent/dir/r.html': directory '/nonexistent/dir': No such file or directory"* ]]
}

@test "beside each chart a table: both units, the spread, the flags" {
	run "$CB" report $F/basic-cpu0.json -o "$OUT"
	[ "$status" -eq 0 ]
	[ "$(count '<table class="num">')" -eq 1 ]
	# imul-latency: 3.00 cycles, its time with its unit and +-ci95 in
	# cycles as the text table prints them, and no flag in the row: its
	# clock-drift only informs, as disturbed beside below-resolution
	grep -q '<th>cycles</th><th>time</th><th>p10&ndash;p90</th><th>&plusmn;ci95</th>' "$OUT"
	grep -q '<tr><td>imul-latency</td><td>3.00</td><td>0.84ns</td><td>3.00&ndash;3.00</td><td>0.0011</td><td>[0-9.]*%</td><td class="flags"></td></tr>' "$OUT"
	grep -q '<td class="flags"><span class="distrust">below-resolution</span></td>' "$OUT"
	# the bars say ns and every flag on hover
	grep -q '<title>imul-latency: 2.999 core cycles per operation, 0.8362 ns (p10 [0-9.]*, p90 [0-9.]* cycles); flags: clock-drift</title>' "$OUT"
}

@test "flags are coloured by what they ask: act red, distrust amber" {
	run "$CB" report $F/rounds-cpu0.json $F/rounds-lfence.json -o "$OUT"
	[ "$status" -eq 0 ]
	grep -q '<td class="flags"><span class="act">contended</span></td>' "$OUT"
	grep -q '<td class="flags">B: <span class="act">contended</span></td>' "$OUT"
	grep -q '<span class="distrust">below-resolution</span>' "$OUT"
	# the cell is not coloured as a whole, and what informs is not in it
	! grep -q 'table.num .flags{color' "$OUT"
	! grep -q '<span class="[a-z]*">disturbed</span>' "$OUT"
	grep -q 'table.num .act{color:#b00' "$OUT"
}

@test "a chart spanning more than ten times has a log axis" {
	# basic: 0.13 (nop) to 4 (load) cycles
	run "$CB" report $F/basic-cpu0.json -o "$OUT"
	[ "$(count 'class="chart bars log"')" -eq 1 ]
	grep -q 'whisker p10 to p90); log scale</text>' "$OUT"
	# fixture: 30 to 40 cycles, linear from 0
	run "$CB" report $F/synthetic.json -o "$OUT"
	grep -q '<svg [^>]*class="chart bars" [^>]*aria-label="fixture"' "$OUT"
}

@test "histograms: labelled axes, the median and p99 drawn" {
	run "$CB" report $F/synthetic.json -o "$OUT"
	[ "$status" -eq 0 ]
	[ "$(count 'class="chart histogram"')" -eq 2 ]
	[ "$(count '<line class="median"')" -eq 2 ]
	[ "$(count '<line class="p99"')" -eq 2 ]
	grep -q '>median [0-9.]*</text>' "$OUT"
	grep -q '>p99 [0-9.]*</text>' "$OUT"
	grep -q 'core cycles per call, [a-z]* scale (' "$OUT"
	grep -q '>calls</text>' "$OUT"
}

@test "comparing, each path's distributions are overlaid" {
	run "$CB" report --label A --label B $F/synthetic.json $F/synthetic.json \
	    -o "$OUT"
	[ "$status" -eq 0 ]
	[ "$(count 'class="chart histogram overlay"')" -eq 2 ]
	grep -q '>share of calls</text>' "$OUT"
	[ "$(count '<line class="median"')" -eq 8 ]	# 2 overlaid x 2, 2 x 2 alone
}

@test "the fingerprint once, then only what differs" {
	run "$CB" report $F/basic-cpu0.json $F/basic-cpu1.json -o "$OUT"
	[ "$status" -eq 0 ]
	[ "$(count '<dt>CPU</dt>')" -eq 1 ]
	[ "$(count '<dt>kernel</dt>')" -eq 1 ]
	grep -q 'Machine and run: as <b>A</b>, except:' "$OUT"
	grep -q '<dt>command</dt><dd>./build/cyclebench run --quick --cpu 1 ' "$OUT"
	[ "$(count '<dt>clock ratio</dt>')" -eq 2 ]
}
