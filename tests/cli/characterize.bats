#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# cyclebench characterize as a user types it: known instruction costs
# from llvm-exegesis's snippets, rows that say why a form was not
# measured, the outputs, Ctrl-C and resuming, and every bad input.
# scripts/install-deps brings llvm-16; without it these fail, as they
# should: characterize is not tested by skipping it.

load helpers

setup() {
	if ! command -v "$CB" >/dev/null 2>&1; then
		echo "no cyclebench binary at '$CB'" >&2
		return 1
	fi
	T=$BATS_TEST_TMPDIR
	cd "$T" || return 1
	export XDG_CACHE_HOME=$T/cache
}

# figure COLUMN OPCODE: the latency (2) or throughput (3) median of a
# form in --format csv output ($output).
figure() {
	printf '%s\n' "$output" | awk -F, -v op="$2" -v col="$1" \
	    '$1 == op { print (col == 2 ? $3 : $6) }'
}

# near VALUE WANT TOLERANCE: |VALUE - WANT| <= TOLERANCE.
near() {
	awk -v v="$1" -v w="$2" -v t="$3" \
	    'BEGIN { d = v - w; if (d < 0) d = -d; exit !(v != "" && d <= t) }' ||
	    fail "$1 is not within $3 of $2"
}

@test "characterize: add is 1 cycle of latency, imul 3, on every modern x86" {
	need_python
	run --separate-stderr "$CB" characterize ADD64rr IMUL64rr \
	    --format csv --json k.json
	assert_status 0
	# CSV lines end in CRLF, as cyclebench's other CSVs.
	assert_line $'^opcode,class,latency,latency_ci95,latency_mca,throughput,throughput_ci95,throughput_mca,flags,form\r$'
	# Each figure is the known cost, or its row says why it may not be:
	# a host's tenant on the core's other thread takes a share of its
	# multipliers, and a throughput row measured then reads 0.37 for 0.33
	# (seen once in some 60 runs).  One imul a cycle (three on Zen 5);
	# adds on several ports, at least two a cycle.
	json_check k.json <<'PY'
want = {
    ("ADD64rr", "latency"): lambda c: abs(c - 1) <= 0.05,
    ("IMUL64rr", "latency"): lambda c: abs(c - 3) <= 0.10,
    ("IMUL64rr", "throughput"): lambda c: abs(c - 1) <= 0.1 or
                                          abs(c - 1 / 3) <= 0.03,
    ("ADD64rr", "throughput"): lambda c: 0.1 < c <= 0.55,
}
warn = {"poor-fit", "noisy", "few-samples", "multilevel", "contended",
        "miscalibrated", "recalibrated", "unsettled"}
seen = set()
for r in d["results"]:
    key = (r["form"]["opcode"], r["mode"])
    seen.add(key)
    assert r["status"] == "ok", (key, r["reason"])
    c = r["cycles"]["median"]
    assert want[key](c) or warn & set(r["flags"]), (key, c, r["flags"])
assert seen == set(want), seen
PY
}

# An Intel core runs 512-bit floating-point and multiply code at a lower
# clock, back up before the add chain timed after a sample: a witness
# chain beside the body reads the clock it ran at.  A 512-bit FMA is 4
# cycles of latency on every AVX-512 core we know; a logical op lowers no
# clock, and is left as measured.
@test "characterize: 512-bit rows are under the clock they ran at" {
	grep -qw avx512f /proc/cpuinfo || skip "no AVX-512 on this CPU"
	need_python
	run --separate-stderr "$CB" characterize VFMADD231PSZr VPORDZrr \
	    --json w.json --format csv
	assert_status 0
	near "$(figure 2 VFMADD231PSZr)" 4.00 0.20
	json_check w.json <<'PY'
rows = {(r["form"]["opcode"], r["mode"]): r for r in d["results"]}
for (op, mode), r in rows.items():
    assert r["status"] == "ok", (op, mode, r["reason"])
    w = r["extras"]["clock_witness"]
    assert 0.98 < w < 1.3, (op, mode, w)
    assert "clock-slowed" not in r["flags"] or w >= 1.02, (op, mode, r)
    if op == "VPORDZrr":
        assert abs(w - 1) < 0.02 and "clock-slowed" not in r["flags"], r
PY
}

@test "characterize: rows below 512 bits get no clock witness" {
	need_python
	run --separate-stderr "$CB" characterize ADD64rr VFMADD231PSYr \
	    --json n.json
	assert_status 0
	json_check n.json <<'PY'
assert len(d["results"]) == 4
for r in d["results"]:
    assert r["status"] == "ok", r["reason"]
    assert "clock_witness" not in r["extras"], r
    assert "clock-slowed" not in r["flags"], r
PY
}

@test "characterize: the table, a row per form, its text and class" {
	run --separate-stderr "$CB" characterize ADD64rr MOVAPSrr
	assert_status 0
	assert_line '^opcode +class +latency +mca +throughput +mca +flags +form \(AT&T\)$'
	assert_line '^ADD64rr +base +1\.0[0-9]\+-[0-9.e-]+ +[0-9.]+ +0\.[0-9]+\+-[0-9.e-]+ +[0-9.]+ .* add[q]? %r'
	assert_line '^MOVAPSrr +sse +'
	assert_line '^2 forms; cycles per instruction'
}

@test "characterize: a form the CPU refuses in user mode is a row saying why" {
	run --separate-stderr "$CB" characterize HLT ADD64rr --format csv
	assert_status 0
	assert_line '^HLT,base,,,,,,,,hlt; .*throughput not measured: privileged \(#GP\)'
	# A CSV cell holds the figure unrounded: 0.9999 is an add's cycle.
	assert_line '^ADD64rr,base,(0\.99[0-9]*|1(\.0[0-9]*)?),'
}

@test "characterize: memory forms get cyclebench's chains, and say which" {
	need_python
	run --separate-stderr "$CB" characterize LOCK_ADD64mr MOV64mr ADD64rm \
	    CMP64mr --json c.json --format csv
	assert_status 0
	json_check c.json <<'PY'
rows = {(r["form"]["opcode"], r["mode"]): r for r in d["results"]}
assert len(rows) == 8, sorted(rows)
lat = {op: rows[(op, "latency")] for op in ("LOCK_ADD64mr", "MOV64mr", "ADD64rm", "CMP64mr")}
assert lat["LOCK_ADD64mr"]["form"]["chain"].startswith("rmw: locked"), lat["LOCK_ADD64mr"]["form"]
assert lat["MOV64mr"]["form"]["chain"].startswith("store:"), lat["MOV64mr"]["form"]
assert lat["ADD64rm"]["form"]["chain"].startswith("load:"), lat["ADD64rm"]["form"]
assert lat["CMP64mr"]["status"] != "ok"
assert "no chain" in lat["CMP64mr"]["reason"], lat["CMP64mr"]["reason"]
for op in ("LOCK_ADD64mr", "MOV64mr", "ADD64rm"):
    assert lat[op]["status"] == "ok", (op, lat[op]["reason"])
    assert "mem" in lat[op]["form"]["class"]
    # cyclebench's own chain is given in both syntaxes, as exegesis's are.
    assert lat[op]["form"]["intel"], lat[op]["form"]
assert lat["LOCK_ADD64mr"]["form"]["intel"].startswith("lock add qword ptr [rdi], "), lat["LOCK_ADD64mr"]["form"]
assert lat["MOV64mr"]["form"]["intel"].count("; ") == 1, lat["MOV64mr"]["form"]
# A locked add costs many cycles on every x86; an add through its own
# address is load-to-use (4 or 5 cycles, more from a loaded L1) and the
# add's cycle, and its chain's address is (%rdi,REG) with REG its
# destination.
assert lat["LOCK_ADD64mr"]["cycles"]["median"] > 5
assert 4.5 < lat["ADD64rm"]["cycles"]["median"] < 12, lat["ADD64rm"]["cycles"]
import re
assert re.fullmatch(r"addq \(%rdi,(%r[a-z0-9]+)\), \1", lat["ADD64rm"]["form"]["att"]), lat["ADD64rm"]["form"]
PY
}

# An instruction that reads its destination chains through it; exegesis's
# throughput snippet cycles through a few destinations (9 for andps, 8
# for an FMA), too few for a core with four vector ALUs or two FMA
# units, and none for bsf, which keeps its destination though LLVM does
# not tie it.  The throughput row measures copies into every free
# register instead, and says so.
@test "characterize: a throughput row of an instruction that reads its destination has independent copies" {
	need_python
	run --separate-stderr "$CB" characterize ANDPSrr VFMADD231PDYr BSF64rr \
	    VADDPSYrr --no-mca --json w.json
	assert_status 0
	json_check w.json <<'PY'
import re
thr = {r["form"]["opcode"]: r for r in d["results"] if r["mode"] == "throughput"}
for op, reg, least in (("ANDPSrr", "xmm", 14), ("VFMADD231PDYr", "ymm", 13),
                       ("BSF64rr", "r", 9)):
    r = thr[op]
    f = r["form"]
    assert r["status"] == "ok", (op, r["reason"])
    assert f["chain"].startswith("independent: the instruction once for each of %d destinations" % f["instructions"]), f
    copies = f["att"].split("; ")
    assert len(copies) == f["instructions"] >= least, f
    assert len(f["intel"].split("; ")) == len(copies), f
    # Each copy its own destination, the sources the same in all.
    dests = [re.search(r"%(\w+)$", c).group(1) for c in copies]
    srcs = {re.sub(r"%\w+$", "", c) for c in copies}
    assert len(set(dests)) == len(dests) and len(srcs) == 1, copies
    assert all(x.startswith(reg) for x in dests), dests
    assert not any(("%" + x + ",") in copies[0] for x in dests), copies
    # Each of these runs at least once a cycle on any x86 with AVX2.
    assert 0.05 < r["cycles"]["median"] <= 1.1, r["cycles"]
# Copies that do not read their destination are exegesis's, as it made them.
f = thr["VADDPSYrr"]["form"]
assert f["chain"] is None and thr["VADDPSYrr"]["status"] == "ok", f
PY
}

@test "characterize --json: a results file compare and report read" {
	need_python
	run --separate-stderr "$CB" characterize ADD64rr IMUL64rr --quick --json a.json
	assert_status 0
	run --separate-stderr "$CB" characterize ADD64rr IMUL64rr --quick --json b.json
	assert_status 0
	json_check a.json <<'PY'
assert d["format"] == "cyclebench-results"
assert d["run"]["partial"] is False
names = sorted((r["name"], r["mode"]) for r in d["results"])
assert names == [("x86/ADD64rr", "latency"), ("x86/ADD64rr", "throughput"),
    ("x86/IMUL64rr", "latency"), ("x86/IMUL64rr", "throughput")], names
for r in d["results"]:
    assert r["params"] == {"mode": r["mode"]}, r["params"]
    f = r["form"]
    assert f["opcode"] in ("ADD64rr", "IMUL64rr") and f["att"] and f["intel"]
    assert f["instructions"] >= 1
PY
	run --separate-stderr "$CB" compare a.json b.json
	assert_status 0
	assert_output 'x86/IMUL64rr'
	run --separate-stderr "$CB" report a.json b.json -o r.html
	assert_status 0
	grep -q 'x86/ADD64rr' r.html || fail "the report lacks the rows"
}

@test "characterize: llvm-mca's figure beside ours, the model named, disagreements ranked" {
	need_python
	run --separate-stderr "$CB" characterize ADD64rr LOCK_ADD64mr --json m.json
	assert_status 0
	assert_line "^llvm-mca's [a-z0-9-]+ \\(.* model.*\\) model against these figures, largest disagreements first:$"
	json_check m.json <<'PY'
for r in d["results"]:
    m = r["form"]["mca"]
    assert m["model"] and m["cycles"] is None or m["cycles"] > 0, m
PY
	run --separate-stderr "$CB" characterize ADD64rr --no-mca --json n.json
	assert_status 0
	json_check n.json <<'PY'
assert all("mca" not in r["form"] for r in d["results"])
PY
}

@test "characterize --exegesis-yaml: exegesis's own format, which its analysis reads" {
	need_python
	run --separate-stderr "$CB" characterize ADD64rr IMUL64rr --exegesis-yaml ex \
	    --json ex.json
	assert_status 0
	[ -s ex-latency.yaml ] && [ -s ex-inverse_throughput.yaml ] ||
	    fail "no YAML written"
	grep -q "key: latency, value: " ex-latency.yaml || fail "no measurement"
	run llvm-exegesis-16 -mode=analysis -benchmarks-file=ex-inverse_throughput.yaml \
	    -analysis-clustering=naive -analysis-clusters-output-file=-
	assert_status 0
	# The analysis reads back the row's reciprocal throughput per
	# instruction (one imul a cycle, three on Zen 5), whatever copies
	# measured it.
	got=$(printf '%s\n' "$output" | sed -n 's/.*,WriteIMul64Reg,\([0-9.]*\)$/\1/p')
	json_check ex.json "$got" <<'PY'
want = [r["cycles"]["median"] for r in d["results"]
        if r["form"]["opcode"] == "IMUL64rr" and r["mode"] == "throughput"][0]
got = float(sys.argv[2])
assert abs(got - want) <= 0.01 + 0.02 * want, (got, want)
PY
	run --separate-stderr "$CB" characterize ADD64rr --exegesis-yaml ''
	assert_usage_error "--exegesis-yaml takes a file name base"
}

@test "characterize --save: the store's table has a row per form and mode" {
	need_python
	export XDG_DATA_HOME=$T/data
	run --separate-stderr "$CB" characterize ADD64rr IMUL64rr --no-mca \
	    --save --json s.json
	assert_status 0
	run --separate-stderr "$CB" table 'x86/*' --by machine
	assert_status 0
	# Each row's figure is the one the run measured, whatever the host
	# made of it (the known costs are the first test's).
	printf '%s\n' "$output" > table.txt
	json_check s.json <<'PY'
import re
table = {}
for line in open("table.txt"):
    m = re.match(r"^(\S+) mode=(\S+) +([0-9.]+)", line)
    if m:
        table[(m.group(1), m.group(2))] = float(m.group(3))
want = {(r["form"]["opcode"], r["mode"]): r["cycles"]["median"]
        for r in d["results"]}
assert len(want) == 4 and set(table) == set(want), (table, want)
for k, v in want.items():
    assert abs(table[k] - v) <= 0.005 + 0.005 * v, (k, table[k], v)
PY
}

@test "characterize: opcodes named in any case" {
	run --separate-stderr "$CB" characterize add64rr --no-mca --format csv
	assert_status 0
	# A CSV cell holds the figure unrounded: 0.9999 is an add's cycle.
	assert_line '^ADD64rr,base,(0\.99[0-9]*|1(\.0[0-9]*)?),'
}

@test "characterize --format markdown: a table to paste" {
	run --separate-stderr "$CB" characterize ADD64rr --format markdown
	assert_status 0
	assert_line '^\| opcode \| class \| latency \| mca \| throughput \| mca \| flags \| form \|$'
	assert_line '^\| ADD64rr \| base \| 1\.'
}

# Forty forms named one by one (exegesis writes just those): eighty rows,
# three checkpoints.
forty() {
	local op w

	for op in ADD SUB AND OR XOR ADC SBB CMP; do
		for w in 8 16 32 64; do
			printf '%s%srr ' "$op" "$w"
		done
		printf '%s32ri ' "$op"
	done
}

@test "characterize: Ctrl-C keeps what was measured, and the same command resumes" {
	need_python
	# shellcheck disable=SC2046
	"$CB" characterize $(forty) --json part.json >out 2>err &
	pid=$!
	for _ in $(seq 1 600); do
		[ -s part.json ] && break
		sleep 0.1
	done
	kill -INT "$pid"
	wait "$pid" && st=0 || st=$?
	[ "$st" -eq 130 ] || { cat err >&2; fail "exit $st, not 130"; }
	grep -q 'interrupted:.*rows kept in part.json; run the same command again to resume' err ||
	    { cat err >&2; fail "no word of what was kept"; }
	json_check part.json <<'PY'
assert d["run"]["partial"] is True
assert 0 < len(d["results"]) < 80, len(d["results"])
PY
	kept=$("$PYTHON" -c 'import json; print(len(json.load(open("part.json"))["results"]))')
	# shellcheck disable=SC2046
	run --separate-stderr "$CB" characterize $(forty) --json part.json
	assert_status 0
	assert_stderr 'resuming from part.json'
	json_check part.json <<PY
assert d["run"]["partial"] is False
assert len(d["results"]) == 80, len(d["results"])
assert len({(r["name"], r["mode"]) for r in d["results"]}) == 80
assert $kept < 80
PY
}

@test "characterize: a rerun measures the snippets the first run kept; --new-snippets asks again" {
	need_python
	# Every opcode's snippets are written, and kept, for a pattern.
	run --separate-stderr "$CB" characterize --list 'IMUL64r.*'
	assert_status 0
	[ -n "$(find cache/cyclebench -name 'exegesis-16-*-latency.yaml')" ] ||
	    fail "nothing kept in $(ls -R cache)"
	for k in 1 2; do
		run --separate-stderr "$CB" characterize IMUL64rr XOR32rr \
		    --no-mca --json "run$k.json"
		assert_status 0
		assert_stderr 'measuring the snippets llvm-exegesis wrote for this CPU before, kept in '
		assert_stderr '/cache/cyclebench/exegesis-16-'
		assert_stderr '-*.yaml (--new-snippets for new ones)'
	done
	# The same code both times, down to exegesis's choice of registers.
	"$PYTHON" - <<'PY' || fail "the two runs measured different code"
import json
a, b = (json.load(open(f))["results"] for f in ("run1.json", "run2.json"))
key = lambda d: sorted((r["name"], r["mode"], r["form"]["att"]) for r in d)
assert len(a) == 4 and key(a) == key(b), (key(a), key(b))
PY
	run --separate-stderr "$CB" characterize --list IMUL64rr --new-snippets
	assert_status 0
	refute_stderr 'kept in'
	assert_line '^IMUL64rr '
	# A kept file that does not read is said and passed over.
	for f in cache/cyclebench/exegesis-16-*-latency.yaml; do
		printf -- '---\nmode: [\n' >"$f"
	done
	run --separate-stderr "$CB" characterize --list IMUL64rr
	assert_status 0
	assert_stderr 'not using the kept snippets: '
	assert_stderr '-latency.yaml, line '
	assert_line '^IMUL64rr '
}

@test "characterize: divides run, by 1, where exegesis's zero registers would fault" {
	run --separate-stderr "$CB" characterize DIV64r DIV32m IMUL64m --no-mca \
	    --format csv
	assert_status 0
	refute_output 'SIGFPE'
	# A 64-bit divide takes some 10 to 100 cycles on any x86-64; its
	# throughput snippet is serial through %rax and %rdx as well.  Where
	# exegesis happened to pick %rdx, the dividend's high half, as the
	# divisor, no values make it run, and the row says so.
	for op in DIV64r DIV32m; do
		for mode in 2 3; do
			t=$(figure $mode $op)
			if [ -z "$t" ]; then
				assert_line "^$op,.*by %[re]?dx, which overflows for every value"
				continue
			fi
			awk -v t="$t" 'BEGIN { exit !(t >= 8 && t <= 100) }' ||
			    fail "$op: $t"
		done
	done
	near "$(figure 2 IMUL64m)" 3.00 0.15
}

@test "characterize: xlat, maskmovdqu and movdir64b address the scratch memory, not 0" {
	run --separate-stderr "$CB" characterize XLAT MASKMOVDQU64 MOVDIR64B64 \
	    --no-mca --format csv
	assert_status 0
	refute_output 'SIGSEGV'
	# xlat loads through %rbx: a load's latency and more, on any x86-64.
	t=$(figure 2 XLAT)
	awk -v t="$t" 'BEGIN { exit !(t >= 3 && t <= 20) }' || fail "xlat: $t"
	[ -n "$(figure 3 MASKMOVDQU64)" ] || fail "maskmovdqu not measured"
	# movdir64b is newer than some CPUs: measured, or not on this one.
	[ -n "$(figure 3 MOVDIR64B64)" ] ||
	    assert_line --regexp '^MOVDIR64B64,.*not on this CPU \(SIGILL\)'
}

# exegesis leaves masks zero; such an access does not fill the TLB, and
# each one took a 545-cycle assist on Zen 5 until the harness's load
# through %r14 (which is %rdi, exegesis's scratch register).
@test "characterize: a masked load with exegesis's zero mask reads its warm cost" {
	grep -qw avx /proc/cpuinfo || skip "no AVX on this CPU"
	run --separate-stderr "$CB" characterize VMASKMOVPSrm VPADDDZ128rmk \
	    --no-mca --format csv
	assert_status 0
	t=$(figure 3 VMASKMOVPSrm)
	awk -v t="$t" 'BEGIN { exit !(t > 0 && t < 5) }' || fail "vmaskmovps: $t"
	grep -qw avx512f /proc/cpuinfo || return 0
	t=$(figure 3 VPADDDZ128rmk)
	awk -v t="$t" 'BEGIN { exit !(t > 0 && t < 5) }' || fail "vpaddd{k}: $t"
}

# The x87 rows' rounds share processes; fldcw of exegesis's zero control
# word unmasked an exception flag the row before had left, and raised it.
@test "characterize: rows that share a process each find a new one's FP state" {
	run --separate-stderr "$CB" characterize x87 --no-mca --format csv
	assert_status 0
	refute_output 'SIGFPE'
	[ -n "$(figure 3 FLDCW16m)" ] || fail "fldcw not measured"
}

# A batch's rounds span a second or two, which a stretch of the host's
# can cover whole: a row flagged miscalibrated or contended is measured
# again after the last batch, and that measurement stands where it is
# free of both flags; where it is not, the first stays.  Either way one
# row a form and mode, none lost.  The hook flags measurements as such a
# stretch would (a real stretch may flag a second measurement too, so
# the test counts what the run says it replaced).
@test "characterize: rows measured in a bad stretch are measured again at the end" {
	need_python
	CYCLEBENCH_TEST_STRETCH=first run --separate-stderr "$CB_SEAMS" \
	    characterize ADD64rr IMUL64rr --quick --no-mca --json a.json
	assert_status 0
	assert_output '4 rows were measured while the host slowed the reference chain or the body (contended,miscalibrated,recalibrated) and again at the end: 4 of them then without'
	json_check a.json <<'PY'
rows = d["results"]
assert sorted((r["name"], r["mode"]) for r in rows) == [
    ("x86/ADD64rr", "latency"), ("x86/ADD64rr", "throughput"),
    ("x86/IMUL64rr", "latency"), ("x86/IMUL64rr", "throughput")], rows
assert not any("miscalibrated" in r["flags"] for r in rows), rows
assert all(r["status"] == "ok" for r in rows)
PY
	CYCLEBENCH_TEST_STRETCH=always run --separate-stderr "$CB_SEAMS" \
	    characterize ADD64rr IMUL64rr --quick --no-mca --json b.json
	assert_status 0
	assert_output 'and again at the end: 0 of them then without'
	json_check b.json <<'PY'
rows = d["results"]
assert len(rows) == 4, len(rows)
assert all("miscalibrated" in r["flags"] for r in rows), rows
PY
}

@test "characterize: bad input is refused with the reason" {
	run --separate-stderr "$CB" characterize --llvm 15
	assert_usage_error "--llvm takes a version from 16 to 40, not '15'"
	run --separate-stderr "$CB" characterize --format yaml
	assert_usage_error "--format takes text, markdown or csv, not 'yaml'"
	run --separate-stderr "$CB" characterize 'ADD64rr' '(unclosed'
	assert_usage_error "filter 2 is neither an opcode, a class"
	run --separate-stderr "$CB" characterize 'NO_SUCH_.*'
	assert_usage_error "no instruction form matches"
	run --separate-stderr "$CB" characterize NOSUCHOPCODE
	assert_usage_error "no instruction form matches"
	# The forms match; --quick's one register form a mnemonic is none.
	run --separate-stderr "$CB" characterize 'MOV64mr|ADD64rm' --quick
	assert_usage_error "--quick measures one register form a mnemonic, and none of the 2 forms chosen is one: leave out --quick"
	run --separate-stderr "$CB" characterize --bogus
	assert_status 2
}

@test "characterize: without llvm-exegesis, says what to install" {
	mkdir bin
	ln -s "$(command -v as)" bin/as
	run --separate-stderr env PATH="$T/bin" "$CB" characterize ADD64rr
	assert_usage_error "install one (Debian 12: apt-get install llvm-16)"
}
