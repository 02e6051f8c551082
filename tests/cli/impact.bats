#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# cyclebench impact: the counts of a workload whose events are known, the
# command's stdio and status passing through, the arithmetic of the costs
# and what-ifs, and every bad input.  Costs come from a fixture results
# file, so nothing here depends on the kernel-path suites being built in.

bats_require_minimum_version 1.5.0

setup() {
	CB=${CYCLEBENCH:-build/cyclebench}
	PP=${HELPERS:-build/tests/helpers}/pingpong
	FIX=$BATS_TEST_DIRNAME/../fixtures/impact/costs.json
	T=$BATS_TEST_TMPDIR
}

# jget FILE PYTHON-EXPRESSION-ON-d: a value from a JSON file.
jget() {
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# A copy of the fixture with one Python statement applied to it as d.
fixture_with() {
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); exec(sys.argv[2]); json.dump(d, open(sys.argv[3], "w"))' "$FIX" "$1" "$2"
}

# pingpong under impact: JSON report to $1, then SWITCHES PAGES SIGNALS.
profile() {
	local out=$1
	shift
	"$CB" impact --costs "$FIX" --json "$out" -- "$PP" "$@" 2>/dev/null
}

# Is the count difference of KEY between two reports in [LO, HI]?
diff_within() {
	local key=$1 base=$2 run=$3 lo=$4 hi=$5 d
	d=$(( $(jget "$run" "d['counts']['$key']['value']") -
	    $(jget "$base" "d['counts']['$key']['value']") ))
	echo "$key: +$d, expected $lo..$hi"
	[ "$d" -ge "$lo" ] && [ "$d" -le "$hi" ]
}

# The machine is shared: a busy neighbour adds preemptions, so a count
# may be retried; it may never come out below what the workload makes.
@test "impact counts the context switches and page faults of a known workload" {
	local n=2000 p=3000 try
	for try in 1 2 3; do
		profile "$T/base.json" 0 0 0
		profile "$T/run.json" $n $p 0
		if diff_within ctxsw "$T/base.json" "$T/run.json" \
		    $((n - 5)) $((n + n / 4 + 50)) &&
		    diff_within minflt "$T/base.json" "$T/run.json" \
		    $((p - 5)) $((p + p / 20 + 50)); then
			return 0
		fi
	done
	return 1
}

@test "impact counts system calls and signals where tracefs can be mounted" {
	[ "$(id -u)" = 0 ] || skip "needs root to mount tracefs"
	unshare -m true 2>/dev/null || skip "no private mount namespace"
	local n=1000 s=50
	# A private mount namespace: the system's mounts stay as they were.
	unshare -m sh -c 'mount -t tracefs tracefs /sys/kernel/tracing &&
	    "$1" impact --costs "$2" --json "$3/base.json" -- "$4" 0 0 0 &&
	    "$1" impact --costs "$2" --json "$3/run.json" -- "$4" '"$n 0 $s" \
	    sh "$CB" "$FIX" "$T" "$PP" 2>/dev/null ||
	    skip "tracefs cannot be mounted here"
	run jget "$T/run.json" "d['counts']['syscalls']['source']"
	[[ "$output" == *"raw_syscalls/sys_enter"* ]]
	# A hand-off is one read or one write; a raised signal, a few calls.
	diff_within syscalls "$T/base.json" "$T/run.json" $((2 * n)) \
	    $((2 * n + 10 * s))
	diff_within signals "$T/base.json" "$T/run.json" $s $s
}

@test "impact says why a count is unavailable instead of printing 0" {
	run --separate-stderr "$CB" impact --costs "$FIX" --json "$T/r.json" -- true
	[ "$status" -eq 0 ]
	if [ "$(jget "$T/r.json" "d['counts']['signals']['value']")" = None ]; then
		[[ "$stderr" == *"signals delivered"*"not counted:"*"ru_nsignals"* ]]
		[ "$(jget "$T/r.json" "[e['count'] for e in d['events'] if e['name'] == 'signal'][0]")" = None ]
	fi
	if [ "$(jget "$T/r.json" "d['counts']['syscalls']['value']")" = None ]; then
		[[ "$stderr" == *"system calls"*"not counted: tracepoint raw_syscalls/sys_enter"* ]]
	fi
}

@test "impact falls back on getrusage where perf_event_paranoid keeps perf out" {
	[ "$(id -u)" = 0 ] || skip "needs root to become nobody"
	command -v setpriv >/dev/null || skip "no setpriv"
	[ "$(cat /proc/sys/kernel/perf_event_paranoid)" -ge 2 ] ||
	    skip "perf_event_paranoid < 2: nobody may count kernel events"
	# Bats' own temporary directories are private to root.
	D=$(mktemp -d /tmp/cb-impact.XXXXXX)
	chmod 777 "$D"
	as_nobody() {
		setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
	}
	as_nobody "$CB" impact --costs "$FIX" --json "$D/base.json" -- "$PP" 0 0 0 2>/dev/null ||
	    skip "nobody cannot run $CB here"
	as_nobody "$CB" impact --costs "$FIX" --json "$D/run.json" -- "$PP" 1000 2000 0 2>/dev/null
	run jget "$D/run.json" "d['counts']['ctxsw']['source']"
	[[ "$output" == getrusage* ]]
	run jget "$D/run.json" "d['counts']['migrations']"
	[[ "$output" == *"'value': None"*"perf_event_paranoid is "* ]]
	diff_within minflt "$D/base.json" "$D/run.json" 1995 2150
}

teardown() {
	[ -z "${D:-}" ] || rm -rf "$D"
}

@test "impact passes the command's stdout, stderr and exit status through" {
	run --separate-stderr "$CB" impact --costs "$FIX" -- \
	    sh -c 'echo out; echo err >&2; exit 3'
	[ "$status" -eq 3 ]
	[ "$output" = out ]
	[ "${stderr_lines[0]}" = err ]
	[[ "$stderr" == *"cyclebench impact: sh -c"*"exit status 3"* ]]
}

@test "impact passes stdin through" {
	run --separate-stderr sh -c 'printf "a\nb\n" | "$1" impact --costs "$2" -- cat' \
	    sh "$CB" "$FIX"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'a\nb')" ]
}

@test "impact exits 128+signal when the command is killed, like a shell" {
	run --separate-stderr "$CB" impact --costs "$FIX" --json "$T/k.json" -- \
	    sh -c 'kill -TERM $$'
	[ "$status" -eq 143 ]
	[[ "$stderr" == *"killed by signal 15 (SIGTERM): exit status 143"* ]]
	[ "$(jget "$T/k.json" "d['command']['signal']")" = 15 ]
	[ "$(jget "$T/k.json" "d['command']['exit_status']")" = 143 ]
}

# impact_terminated ARGS...: SIGTERM to impact (alone, as a service
# manager sends it) a second into `sleep 41.5'; leaves status, err.txt.
impact_terminated() {
	"$CB" impact "$@" -- sleep 41.5 2>"$T/err.txt" &
	pid=$!
	sleep 1
	kill -TERM "$pid"
	status=0
	wait "$pid" || status=$?
}

command_alive() {
	ps -eo stat=,args= | awk '$1 !~ /^Z/ && $2 == "sleep" && $3 == "41.5" \
	    { found = 1 } END { exit !found }'
}

@test "SIGTERM to impact is passed on to the command, and the report still comes" {
	SECONDS=0
	impact_terminated --costs "$FIX"
	[ "$status" -eq 143 ] || { cat "$T/err.txt"; false; }
	grep -q "killed by signal 15 (SIGTERM): exit status 143" "$T/err.txt"
	grep -q "^  total " "$T/err.txt"
	! command_alive
	# Without --costs nothing is measured after it: the answer comes now.
	impact_terminated --quick
	[ "$status" -eq 143 ] || { cat "$T/err.txt"; false; }
	grep -q "SIGTERM passed on to the command; costs not measured" "$T/err.txt"
	! command_alive
	[ "$SECONDS" -lt 30 ]
}

@test "impact refuses a --what-if that would make a cost negative, before running" {
	run --separate-stderr "$CB" impact --costs "$FIX" \
	    --what-if ctxsw=-1000000 -- touch "$T/ran"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--what-if ctxsw=-1e+06 would make the cost of 'ctxsw' -997000 cycles per event (it is 3000,"*"a cost cannot be negative"* ]]
	[ ! -e "$T/ran" ]
	# Down to zero is a change like any other.
	run --separate-stderr "$CB" impact --costs "$FIX" \
	    --what-if ctxsw=-3000 -- true
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"ctxsw=-3000: "* ]]
}

@test "impact prices counts with the results file's costs and clock" {
	"$CB" impact --costs "$FIX" --json "$T/r.json" -- "$PP" 100 100 0 2>/dev/null
	# The fixture's clock: 2 GHz TSC x 1.5 cycles per tick = 3e9 cycles/s.
	run jget "$T/r.json" "[(e['name'], e['cycles_per_event'], abs(e['seconds'] - e['count'] * e['cycles_per_event'] / 3e9) < 1e-12) for e in d['events'][:2]]"
	# cpus=2 is another benchmark than cpus=1 fpu=none: 3000, not 9999.
	[ "$output" = "[('ctxsw', 3000.0, True), ('minflt', 1500.0, True)]" ]
	run jget "$T/r.json" "abs(d['events'][0]['share_wall'] * d['command']['wall_seconds'] - d['events'][0]['seconds']) < 1e-12"
	[ "$output" = True ]
}

@test "impact --what-if: a change per event, a new cost, a cost no benchmark gives" {
	"$CB" impact --costs "$FIX" --json "$T/w.json" --what-if ctxsw=+264 \
	    --what-if ctxsw=3264 --what-if majflt=1000000 \
	    --what-if fpu-switch=-100 -- "$PP" 100 0 0 2>"$T/err"
	run jget "$T/w.json" "[(w['event'], w['cycles_per_event_change'], w['total_at_cost']) for w in d['what_if']]"
	[ "$output" = "[('ctxsw', 264.0, False), ('ctxsw', 264.0, False), ('majflt', 1000000.0, True), ('fpu-switch', -100.0, False)]" ]
	run jget "$T/w.json" "[abs(w['seconds_change'] - d['counts']['ctxsw']['value'] * 264 / 3e9) < 1e-12 for w in d['what_if'][:2]]"
	[ "$output" = "[True, True]" ]
	grep -q "ctxsw=+264: [0-9]* x +264 cycles" "$T/err"
	# fpu-switch is priced only when asked about, from the context switches.
	run jget "$T/w.json" "[e['name'] for e in d['events']]"
	[[ "$output" == *"'fpu-switch'"* ]]
}

@test "impact without --costs measures in this build or names what is missing" {
	if "$CB" list ctxsw/pipe-threads >/dev/null 2>&1 &&
	    "$CB" list fault/anon-first-touch >/dev/null 2>&1; then
		run --separate-stderr "$CB" impact --quick --what-if syscall=600 \
		    --what-if signal=4000 -- true
		[ "$status" -eq 0 ]
		[[ "$stderr" == *"measured now"*"this machine's clock"* ]] ||
		    [[ "$stderr" == *"this machine's clock"*"measured now"* ]]
	else
		run --separate-stderr "$CB" impact -- touch "$T/ran"
		[ "$status" -eq 2 ]
		[[ "$stderr" == *"no cost for 'ctxsw'"*"this build has no benchmark ctxsw/pipe-threads"*"--costs FILE"*"--what-if ctxsw=CYCLES"* ]]
		[ ! -e "$T/ran" ]
	fi
}

@test "impact refuses a missing command" {
	run --separate-stderr "$CB" impact true
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"no command: give it after '--'"* ]]
	run --separate-stderr "$CB" impact --costs "$FIX" --
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"no command after '--'"* ]]
	run --separate-stderr "$CB" impact
	[ "$status" -eq 2 ]
}

@test "impact refuses unknown events and malformed --what-if" {
	run --separate-stderr "$CB" impact --what-if bogus=5 -- true
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"unknown event 'bogus' (events: ctxsw, minflt,"* ]]
	for bad in ctxsw ctxsw= =5 ctxsw=abc ctxsw=+ ctxsw=++5 ctxsw=inf \
	    ctxsw=nan ctxsw=0x10 ctxsw=1e999 ctxsw=5cycles "ctxsw= 5"; do
		run --separate-stderr "$CB" impact --what-if "$bad" -- true
		echo "$bad: $status $stderr"
		[ "$status" -eq 2 ]
		[[ "$stderr" == *"--what-if '$bad'"* ]]
	done
}

@test "impact exits 127 for a command that does not exist, 126 for one it cannot run" {
	run -127 --separate-stderr "$CB" impact --costs "$FIX" -- no-such-command-cb
	[ "$status" -eq 127 ]
	[ "$stderr" = "cyclebench: impact: no-such-command-cb: command not found" ]
	run -127 --separate-stderr "$CB" impact --costs "$FIX" -- "$T/nothing"
	[ "$status" -eq 127 ]
	[[ "$stderr" == *"$T/nothing: No such file or directory" ]]
	touch "$T/plain"
	chmod 644 "$T/plain"
	run --separate-stderr "$CB" impact --costs "$FIX" -- "$T/plain"
	[ "$status" -eq 126 ]
	[[ "$stderr" == *"Permission denied" ]]
}

@test "impact refuses a results file that lacks a needed cost, before running" {
	fixture_with 'd["results"] = [r for r in d["results"] if r["params"] != {"cpus": 1, "fpu": "none"}]' "$T/none.json"
	run --separate-stderr "$CB" impact --costs "$T/none.json" -- touch "$T/ran"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"no cost for 'ctxsw' (context switches): $T/none.json has no result for ctxsw/pipe-threads cpus=1 fpu=none"*"--what-if ctxsw=CYCLES"* ]]
	[ ! -e "$T/ran" ]
	fixture_with 'r = d["results"][1]; r["status"] = "skipped"; r["cycles"] = None' "$T/skip.json"
	run --separate-stderr "$CB" impact --costs "$T/skip.json" -- true
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"result for ctxsw/pipe-threads cpus=1 fpu=none is skipped"* ]]
	# An absolute --what-if stands in for the missing cost.
	run --separate-stderr "$CB" impact --costs "$T/none.json" --what-if ctxsw=2000 -- true
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"--what-if ctxsw=2000 (no measured cost)"* ]]
}

@test "impact refuses results files it cannot read" {
	printf '{"schema_version": 1, "results": [' >"$T/cut.json"
	fixture_with 'd["schema_version"] = 99' "$T/future.json"
	fixture_with 'd["machine"]["tsc_hz"] = None' "$T/noclock.json"
	echo '[1, 2]' >"$T/array.json"
	for f in "$T/cut.json" "$T/future.json" "$T/noclock.json" \
	    "$T/array.json" "$T/absent.json"; do
		run --separate-stderr "$CB" impact --costs "$f" -- true
		echo "$f: $status $stderr"
		[ "$status" -eq 2 ]
		[[ "$stderr" == *"--costs: $f"* ]]
	done
	run --separate-stderr "$CB" impact --costs "$T/future.json" -- true
	[[ "$stderr" == *"schema_version 99; this cyclebench reads 1 to 2"* ]]
	run --separate-stderr "$CB" impact --costs "$T/noclock.json" -- true
	[[ "$stderr" == *"machine.tsc_hz"*"cannot be turned into seconds"* ]]
}

@test "impact refuses bad options and an unwritable --json before running" {
	run --separate-stderr "$CB" impact --bogus -- true
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"unknown option '--bogus'"* ]]
	run --separate-stderr "$CB" impact --costs
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"option '--costs' needs a value"* ]]
	run --separate-stderr "$CB" impact --json -- true
	[ "$status" -eq 2 ]
	run --separate-stderr "$CB" impact --costs "$FIX" --json "$T/no/such/dir/r.json" -- touch "$T/ran"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"cannot write"* ]]
	[ ! -e "$T/ran" ]
}

@test "impact --help lists the events" {
	run "$CB" impact --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"events: ctxsw, minflt, majflt, migration, syscall, signal, fpu-switch"* ]]
}
