#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# The HTML report as a browser renders it: Debian's headless Chromium
# loads the page from disk, and the DOM it ends up with must hold every
# chart, no console error, and nothing a results file tried to inject.
# Run by `make check-browser' (CI too).

F=tests/fixtures/results

setup() {
	CB=${CYCLEBENCH:-build/cyclebench}
	command -v chromium >/dev/null ||
	    { echo "chromium missing: scripts/install-deps --browser"; false; }
	OUT=$BATS_TEST_TMPDIR/report.html
}

# Nothing the page could want from the network is reachable anyway, and
# the browser is told not to phone home for its own updates either.
chrome() {
	chromium --headless --no-sandbox --disable-gpu --disable-quic \
	    --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync \
	    --user-data-dir="$BATS_TEST_TMPDIR/profile" \
	    --enable-logging=stderr --v=0 "$@"
}

@test "the report renders every chart, without console errors" {
	"$CB" report $F/basic-cpu0.json $F/basic-lfence.json $F/synthetic.json \
	    -o "$OUT"
	chrome --dump-dom "file://$OUT" >"$BATS_TEST_TMPDIR/dom.html" \
	    2>"$BATS_TEST_TMPDIR/log"
	dom=$BATS_TEST_TMPDIR/dom.html
	! grep -E 'Uncaught|:CONSOLE|Refused to' \
	    "$BATS_TEST_TMPDIR/log"
	# Comparison: basic, fixture, fixture-path; A and B: basic; C:
	# fixture, fixture-path and the histograms of its 2 path results.
	[ "$(grep -o '<svg ' "$dom" | wc -l)" -eq 9 ]
	[ "$(grep -o '<svg [^>]*class="chart histogram"' "$dom" | wc -l)" -eq 2 ]
	# Bars with a value: 23 in the comparison, 6 + 6 + 11 per input.
	[ "$(grep -o '<rect class="bar"' "$dom" | wc -l)" -eq 46 ]
	[ "$(grep -o '<rect class="bin' "$dom" | wc -l)" -ge 10 ]
	grep -q '<h2>Comparison</h2>' "$dom"
}

@test "tables, overlaid histograms and the fingerprint's differences render" {
	"$CB" report --label A --label B $F/synthetic.json $F/synthetic.json \
	    -o "$OUT"
	chrome --dump-dom "file://$OUT" >"$BATS_TEST_TMPDIR/dom.html" \
	    2>"$BATS_TEST_TMPDIR/log"
	dom=$BATS_TEST_TMPDIR/dom.html
	! grep -E 'Uncaught|:CONSOLE|Refused to' "$BATS_TEST_TMPDIR/log"
	# comparison: fixture, fixture-path; A and B: the same two each
	[ "$(grep -o '<table class="num">' "$dom" | wc -l)" -eq 6 ]
	[ "$(grep -o 'class="chart histogram overlay"' "$dom" | wc -l)" -eq 2 ]
	[ "$(grep -o '<line class="median"' "$dom" | wc -l)" -eq 8 ]
	grep -q 'Machine and run: as <b>A</b>, except:' "$dom"
	[ "$(grep -o '<dt>CPU</dt>' "$dom" | wc -l)" -eq 1 ]
}

@test "a screenshot of the page is a real picture" {
	"$CB" report $F/basic-cpu0.json $F/basic-lfence.json -o "$OUT"
	chrome --screenshot="$BATS_TEST_TMPDIR/shot.png" --window-size=1200,1600 \
	    "file://$OUT" 2>"$BATS_TEST_TMPDIR/log"
	[ "$(head -c 8 "$BATS_TEST_TMPDIR/shot.png" | od -An -tx1 | tr -d ' ')" \
	    = 89504e470d0a1a0a ]
	# A blank page compresses to a few kilobytes; charts and text do not.
	[ "$(stat -c %s "$BATS_TEST_TMPDIR/shot.png")" -gt 40000 ]
}

@test "injected markup stays text in the rendered DOM" {
	"$CB" report $F/inject.json -o "$OUT"
	chrome --dump-dom "file://$OUT" >"$BATS_TEST_TMPDIR/dom.html" \
	    2>"$BATS_TEST_TMPDIR/log"
	dom=$BATS_TEST_TMPDIR/dom.html
	! grep -qi '<script' "$dom"
	! grep -qi '<img' "$dom"
	! grep -qi '<svg onload' "$dom"
	! grep -q '<b>' "$dom"
	grep -q '&lt;script&gt;alert(3)&lt;/script&gt;' "$dom"
	grep -q 'onerror=alert(1)' "$dom"
	! grep -E 'Uncaught|:CONSOLE' "$BATS_TEST_TMPDIR/log"
}
