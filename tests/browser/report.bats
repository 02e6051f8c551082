#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# The HTML report as a browser renders it: Debian's headless Chromium
# loads the page from disk, and the DOM it ends up with must hold every
# chart, no console error, nothing a results file tried to inject, and
# no label drawn past the edge of its chart.  Run by `make
# check-browser' (CI too).

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

# The page forbids scripts; a copy without its policy gets one that
# measures, once the fonts are in, every text of every chart against the
# chart's box, where an <svg> clips what it draws, looks whether both its
# ends are on top where the page lays the chart out (not under the aside
# beside it), and writes each one clipped or covered into
# <pre id="clipped">, with how many it measured.
measured() {
	{
		sed -e '/Content-Security-Policy/d' -e '/^<\/body>$/,$d' "$1"
		cat <<'JS'
<script>
document.fonts.ready.then(function () {
	var bad = [], n = 0;
	document.querySelectorAll("svg").forEach(function (svg) {
		svg.querySelectorAll("text").forEach(function (t) {
			var box, r, y, hidden;

			t.scrollIntoView({ block: "center", inline: "center" });
			box = svg.getBoundingClientRect();
			r = t.getBoundingClientRect();
			n++;
			if (r.left < box.left - 0.5 || r.right > box.right + 0.5 ||
			    r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
				bad.push(svg.getAttribute("aria-label") + ": " +
				    t.textContent);
			/* drawn whole, but under something else on the page */
			if (t.textContent.trim() === "")
				return;
			y = (r.top + r.bottom) / 2;
			hidden = [r.left + 1, r.right - 1].some(function (x) {
				var e = document.elementFromPoint(x, y);
				return (e === null || e.closest("svg") !== svg);
			});
			if (hidden)
				bad.push("covered: " + svg.getAttribute("aria-label") +
				    ": " + t.textContent);
		});
	});
	var p = document.createElement("pre");
	p.id = "clipped";
	p.setAttribute("data-texts", n);
	p.textContent = bad.join("\n");
	document.body.appendChild(p);
});
</script>
</body>
</html>
JS
	} >"$BATS_TEST_TMPDIR/measured.html"
	chrome --virtual-time-budget=5000 --window-size=1200,1600 --dump-dom \
	    "file://$BATS_TEST_TMPDIR/measured.html" \
	    >"$BATS_TEST_TMPDIR/dom.html" 2>"$BATS_TEST_TMPDIR/log"
	dom=$BATS_TEST_TMPDIR/dom.html
	! grep -E 'Uncaught|:CONSOLE' "$BATS_TEST_TMPDIR/log"
	# the script ran, and measured the charts' texts
	grep -qE '<pre id="clipped" data-texts="[1-9][0-9]+">' "$dom"
	sed -n '/<pre id="clipped"/,/<\/pre>/p' "$dom"
	grep -q '<pre id="clipped" data-texts="[0-9]*"></pre>' "$dom"
}

@test "no chart clips a label, however long: levels, scattered, change and mark" {
	# Two levels and a scattered share on imul-latency, whose change
	# and mark follow them; a long benchmark name; a long input label.
	python3 - "$F" "$BATS_TEST_TMPDIR" <<'PY'
import json, sys
src, out = sys.argv[1], sys.argv[2]
for name in ("rounds-cpu0", "rounds-lfence"):
	d = json.load(open("%s/%s.json" % (src, name)))
	for r in d["results"]:
		if r["name"] == "basic/imul-latency":
			lv = r["levels"][0]
			r["levels"] = [dict(lv, share=0.5), dict(lv,
			    value=lv["value"] * 1.04, share=0.2)]
			r["estimate"]["scattered"] = 0.3
		if r["name"] == "basic/empty-loop":
			r["name"] = "basic/empty-loop-with-a-much-longer-name-than-any"
	json.dump(d, open("%s/%s.json" % (out, name), "w"))
PY
	"$CB" report --label "a long label for the baseline run, as typed" \
	    --label lfence --label synthetic \
	    "$BATS_TEST_TMPDIR/rounds-cpu0.json" \
	    "$BATS_TEST_TMPDIR/rounds-lfence.json" $F/synthetic.json -o "$OUT"
	grep -q 'levels .*scattered 30%' "$OUT"
	measured "$OUT"
}

@test "no chart clips a label in the fixtures' reports" {
	"$CB" report $F/basic-cpu0.json $F/basic-lfence.json $F/synthetic.json \
	    -o "$OUT"
	measured "$OUT"
	"$CB" report $F/inject.json -o "$OUT"
	measured "$OUT"
}
