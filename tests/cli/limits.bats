#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# What input can make cyclebench do: a results file too large, too many
# values, nested too deep, or absurd counts must end in a clear message
# and a non-zero status, within bounded memory (ulimit -v) and time,
# never an out-of-memory kill or a hang.

load helpers

# A small valid results file to stand beside the bad one.
GOOD=$BATS_TEST_DIRNAME/../fixtures/results/basic-cpu0.json

# limited KB CMD...: run CMD with at most KB of address space.
limited() {
	local kb=$1

	shift
	run --separate-stderr bash -c 'ulimit -v "$1"; shift; exec "$@"' \
	    limited "$kb" "$@"
}

@test "a results file over 256 MB is refused unread, by every reader" {
	truncate -s 300M "$T/huge.json"
	for cmd in "compare $T/huge.json $GOOD" "report $T/huge.json -o $T/r.html"; do
		limited 200000 $CB $cmd
		assert_status 2
		assert_stderr "huge.json: is 300 MB; results files over 256 MB are refused"
	done
	limited 200000 "$CB" impact --costs "$T/huge.json" -- true
	assert_status 2
	assert_stderr "huge.json: is 300 MB; results files over 256 MB are refused"
	[ ! -e "$T/r.html" ]
}

@test "a pipe is read no further than the limit" {
	# Before the buffer stopped at the limit it doubled past it: 512 MB.
	# 450 MB leaves room for the readers' threads (stacks, malloc arenas).
	limited 450000 bash -c '"$1" compare <(head -c 300M /dev/zero) "$2"' \
	    sh "$CB" "$GOOD"
	assert_status 2
	assert_stderr "is over 256 MB; results files that large are refused"
}

@test "a file of millions of values is refused before parsing" {
	# 34 MB of "0," would take some 700 MB once parsed.
	{ printf '['; yes 0, | head -n 17000000 | tr -d '\n'; printf '0]'; } \
	    >"$T/many.json"
	limited 300000 "$CB" compare "$T/many.json" "$GOOD"
	assert_status 2
	assert_stderr "many.json: holds over 16 million values; results files that large are refused"
	limited 300000 "$CB" impact --costs "$T/many.json" -- true
	assert_status 2
	assert_stderr "many.json: holds over 16 million values"
}

@test "commas in a string are not values" {
	# The quick count takes them for separators; the exact one must not.
	{ printf '{"a": "'; head -c 17000000 /dev/zero | tr '\0' ,
	    printf '"}'; } >"$T/commas.json"
	limited 300000 "$CB" compare "$T/commas.json" "$GOOD"
	assert_status 2
	refute_stderr "million values"
	assert_stderr "commas.json:"
}

@test "100000 nested arrays or objects: a parse error, not a stack overflow" {
	printf '%100000s' '' | tr ' ' '[' >"$T/deep.json"
	printf '%100000s' '' | sed 's/ /{"a":/g' >"$T/deepobj.json"
	for f in deep deepobj; do
		# A 256 KB stack: recursing per level would overflow it.
		run --separate-stderr bash -c 'ulimit -s 256; exec "$@"' sh \
		    "$CB" compare "$T/$f.json" "$GOOD"
		assert_status 2
		assert_stderr "$f.json:1:"
		assert_stderr "maximum parsing depth reached"
		run --separate-stderr bash -c 'ulimit -s 256; exec "$@"' sh \
		    "$CB" impact --costs "$T/$f.json" -- true
		assert_status 2
		assert_stderr "maximum parsing depth reached"
	done
}

# Two million samples in 16 rounds, in the limits and made to be slow:
# four values, so every level and tie case is hit.  compare's work is a
# sort per side; its memory, the parsed file (about 100 bytes a value
# while parsing, then the samples alone) and a few copies of the samples.
@test "compare of two million samples a side: done, in bounded memory" {
	need_python
	"$PYTHON" - "$T/big.json" "$GOOD" <<'PY'
import json, random, sys
d = json.load(open(sys.argv[2]))
r = d["results"][2]
n, k = 2000000, 16
d["schema_version"] = 2
r.update(rounds=[{"start": 0, "seconds": 0, "cpu": 1, "samples": n // k,
    "disturbed": 0, "median": 4, "contended": 0} for _ in range(k)],
    estimate={"basis": "all", "rounds": k, "contended": 0,
    "probe_floor": 1, "scattered": 0, "stop": "rounds"}, levels=[],
    samples=[], probe=[])
d["results"] = [r]
s = json.dumps(d, separators=(",", ":"))
random.seed(1)
s = s.replace('"samples":[]', '"samples":[' + ",".join(
    random.choice("3456") for _ in range(n)) + "]")
s = s.replace('"probe":[]', '"probe":[' + ",".join("1" * n) + "]")
open(sys.argv[1], "w").write(s)
PY
	limited 600000 "$CB" compare "$T/big.json" "$T/big.json"
	assert_status 0
	# One session a side: the spread assumed, so unknown, never '*'.
	assert_line '^basic/imul-throughput +4.00 +4.00 +\+0.0% \?$'
}

@test "--repetitions 100000 stays within a small, bounded memory" {
	# Samples are stored per repetition (path benchmarks: per call, 10 a
	# repetition); the time budget, not the count, ends the run.
	# 100000 path repetitions: 16 MB of samples allocated, a few touched.
	limited 60000 "$CB" run basic/add-latency syscall/getppid --quick \
	    --repetitions 100000 --json "$T/r.json"
	assert_status 0
	[ -s "$T/r.json" ]
}

@test "asm: a megabyte snippet, the largest unroll, a runaway .rept, in bounded memory" {
	head -c 1048576 /dev/zero | tr '\0' '\n' >"$T/big.s"
	limited 100000 "$CB" asm --file "$T/big.s"
	assert_status 2
	assert_stderr "a snippet file holds at most 262144 bytes"
	# More code than the limit: refused before anything is mapped.
	limited 100000 "$CB" asm --unroll 100000 '.fill 100,1,0x90'
	assert_status 2
	assert_stderr "(--unroll 41943 at most)"
	# The most allowed, 4 MB of code: measured, or refused as disturbed
	# on a busy machine (a loop iteration of ~1 ms), but never killed.
	limited 100000 "$CB" asm --quick --unroll 41943 '.fill 100,1,0x90'
	if [ "$status" -gt 1 ]; then
		show_run >&2
		fail "expected a measurement or a benchmark error"
	fi
	assert_output "41943 copies per loop iteration"
	# The assembler runs out of memory within its own limit.
	limited 100000 "$CB" asm '.rept 100000000; nop; .endr'
	assert_status 2
	assert_stderr "out of memory"
}
