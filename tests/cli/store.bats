#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# The results store as a user types it, on SQLite (the default back end;
# store_pg.bats repeats what differs for PostgreSQL): run --save keeps
# exactly what --json writes, db import/export round-trip files byte for
# byte, table and history read them back, compare and report take stored
# runs, and every broken store, selection or option gets a clear message
# and its own exit status, with the results still saved where --json
# asked.

load helpers
load store

@test "run --save keeps exactly what --json writes, with its context" {
	run "$CB" run basic/add-latency --quick --save --db s.db --json a.json \
	    --context commit=abc123 --context 'note=two words'
	assert_status 0
	assert_output "Stored as run 1 in s.db"
	run "$CB" db export --db s.db 1
	assert_status 0
	"$CB" db export --db s.db 1 | cmp - a.json
	need_python
	json_check a.json <<'PY'
assert d["context"] == {"commit": "abc123", "note": "two words"}, d["context"]
PY
	run "$CB" db runs --db s.db
	assert_output "commit=abc123 note=two words"
	run "$CB" db info --db s.db
	assert_output "holds:    1 run of 1 machine, 1 result"
	assert_output "schema:   version 2"
}

@test "without --context a results file has no context key" {
	run "$CB" run basic/add-latency --quick --json a.json
	assert_status 0
	run grep -c '"context"' a.json
	assert_output 0
}

@test "--context git records git describe, and refuses outside a work tree" {
	command -v git >/dev/null || skip "git is not installed"
	run --separate-stderr "$CB" run basic/add-latency --quick --save \
	    --db s.db --context git
	assert_usage_error "not in a git work tree"
	[ ! -e s.db ] || fail "the store was made before the refusal"
	git init -q repo && cd repo
	git -c user.name=t -c user.email=t@t commit -q --allow-empty -m one
	git tag v1.0
	run "$CB" run basic/add-latency --quick --json ../a.json \
	    --context git --context host
	assert_status 0
	need_python
	json_check ../a.json <<PY
assert d["context"]["commit"] == "v1.0", d["context"]
assert d["context"]["host"] == "$(hostname)", d["context"]
PY
}

@test "bad --context, --db without --save: refused before measuring" {
	run --separate-stderr "$CB" run basic/add-latency --context nokey
	assert_usage_error "--context takes KEY=VALUE, 'git' or 'host'"
	run --separate-stderr "$CB" run basic/add-latency --context 'a b=1'
	assert_usage_error "context key 'a b' is not 1 to 64 letters"
	run --separate-stderr "$CB" run basic/add-latency --context kernel=x
	assert_usage_error "context key 'kernel' is reserved"
	run --separate-stderr "$CB" run basic/add-latency --context c=1 \
	    --context c=2
	assert_usage_error "context key 'c' given twice"
	run --separate-stderr "$CB" run basic/add-latency \
	    --context "$(printf 'c=a\nb')"
	assert_usage_error "control character"
	run --separate-stderr "$CB" run basic/add-latency --db s.db
	assert_usage_error "--db names the store that --save saves to"
	run --separate-stderr "$CB" asm 'nop' --db s.db
	assert_usage_error "--db names the store"
	run --separate-stderr "$CB" impact --context 'x' -- true
	assert_usage_error "--context takes KEY=VALUE"
}

@test "asm --save stores the snippet's result with its context" {
	run "$CB" asm --latency 'imul %rax,%rax' --quick --save --db s.db \
	    --json a.json --context commit=deadbeef
	assert_status 0
	assert_output "Stored as run 1"
	"$CB" db export --db s.db 1 | cmp - a.json
	run "$CB" history 'asm/imul %rax,%rax' --db s.db
	assert_status 0
	assert_output "1 run,"
}

@test "impact --context goes into its JSON" {
	run "$CB" impact --quick --what-if syscall=100 --context load=idle \
	    --json i.json -- true
	assert_status 0
	need_python
	json_check i.json <<'PY'
assert d["context"] == {"load": "idle"}, d.get("context")
PY
}

@test "an interrupted run --save stores what --json keeps, marked partial" {
	"$CB" run basic/empty-loop selftest/hang --quick --timeout 120 \
	    --save --db s.db --json out.json >out.txt 2>err.txt &
	pid=$!
	sleep 5
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 130 ] || fail "status $status: $(cat out.txt err.txt)"
	grep -q "Stored as run 1 in s.db (partial)" out.txt ||
	    fail "$(cat out.txt err.txt)"
	"$CB" db export --db s.db 1 | cmp - out.json
	run "$CB" db runs --db s.db
	assert_output "(partial)"
}

@test "db import: stored once, bad files named, the good ones kept" {
	cp "$BASIC" a.json
	cp "$FIXTURES/results/basic-cpu1.json" b.json
	run "$CB" db import --db s.db a.json b.json
	assert_status 0
	assert_output "Stored 2 runs in s.db"
	run --separate-stderr "$CB" db import --db s.db a.json \
	    "$FIXTURES/results/truncated.json" "$FIXTURES/results/future.json"
	assert_status 2
	assert_output "a.json: already stored as run 1"
	assert_output "Stored 0 runs in s.db; 1 already there; 2 files refused"
	assert_stderr "truncated.json:"
	assert_stderr "future.json: schema_version"
	[ "$(runs_in s.db)" -eq 2 ]
	mkdir ex
	run "$CB" db export --db s.db -o ex
	assert_status 0
	cmp ex/run-1.json a.json
	cmp ex/run-2.json b.json
	run --separate-stderr "$CB" db export --db s.db
	assert_status 2
	assert_stderr "2 runs match; give -o DIR"
}

@test "'-' reads a results file from standard input" {
	run "$CB" db import --db s.db - <"$BASIC"
	assert_status 0
	assert_output "Stored 1 run in s.db"
	run "$CB" db import --db s.db - <"$BASIC"
	assert_output "standard input: already stored as run 1"
	"$CB" db export --db s.db 1 | cmp - "$BASIC"
	# What went in can come back out and through compare.
	run "$CB" compare - "$FIXTURES/results/basic-cpu1.json" <"$BASIC"
	assert_status 0
	assert_line '^A  [^:]+: standard input$'
	run --separate-stderr "$CB" db import --db s.db - \
	    <"$FIXTURES/results/truncated.json"
	assert_status 2
	assert_stderr "cyclebench: standard input:"
	assert_stderr "(the file ends early: truncated?)"
	run --separate-stderr "$CB" report - - -o r.html <"$BASIC"
	assert_usage_error "standard input: is empty, not a results file"
	[ ! -e r.html ]
}

@test "db import on a terminal shows the file reached; messages stand clear of it" {
	command -v script >/dev/null || skip "script(1) is not installed"
	local out
	make_runs runs 3 1
	out=$(script -qec "$CB db import --db s.db runs/run-0000.json \
	    '$FIXTURES/results/truncated.json' runs/run-0001.json \
	    runs/run-0000.json" /dev/null | tr '\r' '\n')
	grep -qE '^.\[K\[1/4\] runs/run-0000\.json  0:[0-9]{2} elapsed$' \
	    <<<"$out" || fail "no first step: $out"
	grep -qE '^.\[K\[3/4\] runs/run-0001\.json  0:[0-9]{2} elapsed, ~[0-9]+:[0-9]{2} left$' \
	    <<<"$out" || fail "no estimate: $out"
	# Each message starts a line of its own, the progress erased first.
	grep -qE '^.\[Kcyclebench: .*truncated\.json:[0-9]+:[0-9]+: ' \
	    <<<"$out" || fail "error not on a clean line: $out"
	grep -qE '^.\[Kruns/run-0000\.json: already stored as run 1$' \
	    <<<"$out" || fail "duplicate not on a clean line: $out"
	grep -qE '^.\[KStored 2 runs in s\.db; 1 already there; 1 file refused' \
	    <<<"$out" || fail "summary not on a clean line: $out"
	# into a pipe: no progress at all
	run --separate-stderr "$CB" db import --db t.db runs/run-0002.json
	assert_status 0
	[[ $stderr$output != *elapsed* ]] || fail "progress in a pipe: $stderr"
}

@test "db import DIR: every *.json below it, in name order; export -o DIR back" {
	make_runs runs 6 2
	mkdir -p tree/b/c tree/empty
	cp runs/run-0000.json runs/run-0001.json tree/
	cp runs/run-0002.json tree/b/
	cp runs/run-0003.json tree/b/c/
	echo notes >tree/b/notes.txt
	ln -s .. tree/b/c/up		# a loop, and not followed
	run --separate-stderr "$CB" db import --db s.db tree
	assert_status 0
	assert_output "Stored 4 runs in s.db"
	# Depth first, each directory's entries by name: b/ before run-*.
	mkdir ex
	"$CB" db export --db s.db all -o ex >/dev/null
	cmp ex/run-1.json tree/b/c/run-0003.json
	cmp ex/run-2.json tree/b/run-0002.json
	cmp ex/run-3.json tree/run-0000.json
	cmp ex/run-4.json tree/run-0001.json
	# What export wrote imports into a new store whole.
	run "$CB" db import --db t.db ex
	assert_status 0
	assert_output "Stored 4 runs in t.db"
	every_export_matches t.db ex
	# A directory with nothing to import is named; the rest is kept.
	run --separate-stderr "$CB" db import --db u.db tree/empty \
	    runs/run-0004.json
	assert_status 2
	assert_output "Stored 1 run in u.db; 1 directory refused (above)"
	assert_stderr "tree/empty: a directory with no results files (*.json) below it"
}

@test "table: a column per machine, kernel or commit, cells with flags" {
	make_runs runs 30 3
	"$CB" db import --db s.db runs/*.json >/dev/null
	run "$CB" table basic --by machine --db s.db
	assert_status 0
	assert_line '^benchmark +Fixture 0 +Fixture 1 +Fixture 2$'
	# disturbed only informs: the CSV below keeps it, the table not
	assert_line '^imul-latency( +(2\.99|3\.0[0-9])){3}$'
	# figures line up on their points, a flag's letter after them
	assert_line '^empty-loop( +1\.00 r){3}$'
	[ "$(grep -E '^(add|imul|load|nop|empty)' <<<"$output" |
	    awk '{ print index($0, ".") }' | sort -u | wc -l)" -eq 1 ]
	assert_output "flags: r below-resolution"
	assert_output "the median of the latest result"
	run "$CB" table basic --by commit --last 3 --db s.db --where \
	    'machine=Fixture 2,last=2' --format markdown
	assert_status 0
	assert_output "| benchmark | c0008 | c0009 |"
	assert_line '^\| imul-latency \| (2\.99|3\.0[0-9]) \| (2\.99|3\.0[0-9]) \|$'
	assert_output "the median of the medians of the last 3 results"
	run "$CB" table 'basic/imul-*' --by kernel --format csv --db s.db
	assert_status 0
	assert_line '^suite,benchmark,kernel,cycles,results,flags,latest_run'
	assert_line '^basic/imul-\*,imul-latency,6\.0\.0-fixture,[23]\.[09][0-9]*,1,disturbed,30'
	refute_output "add-latency"
}

@test "table: bad options and empty results are refused" {
	make_runs runs 2 1
	"$CB" db import --db s.db runs/*.json >/dev/null
	run --separate-stderr "$CB" table basic --db s.db
	assert_usage_error "say what the columns are: --by"
	run --separate-stderr "$CB" table basic --by 'no such' --db s.db
	assert_usage_error "--by takes machine, kernel, microcode or a context"
	run --separate-stderr "$CB" table basic --by machine --format html \
	    --db s.db
	assert_usage_error "--format is text, markdown or csv"
	run --separate-stderr "$CB" table nosuite --by machine --db s.db
	assert_status 2
	assert_stderr "no stored result of 'nosuite'"
	run --separate-stderr "$CB" table basic --by machine --db absent.db
	assert_status 4
	assert_stderr "absent.db: no such file"
	[ ! -e absent.db ]
}

@test "history: the shift is found where the level moved, and only there" {
	make_runs runs 40 2 --shift 12:1.1
	"$CB" db import --db s.db runs/*.json >/dev/null
	run "$CB" history basic/imul-latency --db s.db --machine 'Fixture 1'
	assert_status 0
	assert_output "basic/imul-latency on Fixture 1"
	assert_output "20 runs"
	assert_line '^   --- shift \+(9\.9|10\.[0-9])%: 3\.0[01] .* over 12 runs -> 3\.3[01] .* over 8 runs$'
	assert_output "1 shift between 2 levels."
	# The shift comes just before the first run of the new level, 26.
	shift_line=$(printf '%s\n' "$output" | grep -n -- '--- shift' | cut -d: -f1)
	run_line=$(printf '%s\n' "$output" | grep -n '^    26 ' | cut -d: -f1)
	[ $((shift_line + 1)) -eq "$run_line" ] || fail "shift misplaced"
	run "$CB" history basic/imul-latency --db s.db --last 5 --format csv
	assert_status 0
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 11 ]
	run "$CB" history basic/add-latency --db s.db --where 'since=2025-01-01,until=2025-01-01'
	assert_status 0
	assert_output "One level"
	run --separate-stderr "$CB" history basic/nothing --db s.db
	assert_status 2
	assert_stderr "no stored result of 'basic/nothing'"
	run --separate-stderr "$CB" history basic/add-latency --db s.db \
	    --machine Fixture
	assert_status 2
	assert_stderr "machine 'Fixture' matches 2 machines"
}

@test "compare --runs/--vs and report --runs take stored runs" {
	# 20 runs a machine: fewer than 8 a side no history tells from chance.
	make_runs runs 40 2 --shift 12:1.5
	"$CB" db import --db s.db runs/*.json >/dev/null
	export CYCLEBENCH_DB=$PWD/s.db
	run "$CB" compare --runs 'machine=Fixture 0,last=1' \
	    --vs --runs 'machine=Fixture 1,last=1'
	assert_status 0
	assert_output "A  Fixture 0: run 39"
	assert_output "B  Fixture 1: run 40"
	assert_output "commit=c0019"
	run "$CB" compare --runs 'machine=Fixture 0,run=1' \
	    --vs --runs 'machine=Fixture 0,last=1'
	assert_status 0
	assert_line '^basic/imul-latency +(2\.99|3\.0[0-9]) +4\.[45][0-9] +\+(49|50|51)% \*$'
	run "$CB" report --runs 'machine=Fixture 1,last=1' -o r.html
	assert_status 0
	grep -q '<h2>History</h2>' r.html
	grep -q 'basic/imul-latency on Fixture 1' r.html
	grep -q 'shift +50' r.html
	grep -q 'context commit' r.html
	run --separate-stderr "$CB" compare --runs 'last=1'
	assert_usage_error "one side to compare"
	run --separate-stderr "$CB" compare --db s.db a.json b.json
	assert_usage_error "--db names the store that --runs and --noise-runs read: add --runs SELECTION"
	run --separate-stderr "$CB" compare --runs 'last=1' --vs
	assert_usage_error "--vs needs results before it and after it"
	run --separate-stderr "$CB" report --runs 'bogus' -o r.html
	assert_usage_error "'bogus' in the selection is not KEY=VALUE"
	run --separate-stderr "$CB" compare --runs 'kernel=none' --vs --runs last=1
	assert_status 2
	assert_stderr "no stored run matches 'kernel=none'"
	# A selection written where a file goes is named, and --runs shown.
	run --separate-stderr "$CB" compare --runs 'last=1' --vs 'machine=Fixture 1'
	assert_usage_error "machine=Fixture 1: cannot open: No such file"
	assert_stderr "for the stored runs 'machine=Fixture 1' selects, write --runs 'machine=Fixture 1'"
	run --separate-stderr "$CB" report 'last=2' gone.json -o r.html
	assert_usage_error "write --runs 'last=2'"
	refute_stderr "--runs 'gone.json'"
}

@test "a selection too large for report is refused before it is loaded" {
	make_runs runs 30 3
	"$CB" db import --db s.db runs/*.json >/dev/null
	run --separate-stderr "$CB" report --db s.db --runs all -o r.html
	assert_usage_error "30 runs: a report takes at most 26; narrow the selection (last=N)"
	[ ! -e r.html ]
	run "$CB" report --db s.db --runs last=26 -o r.html
	assert_status 0
}

@test "a damaged store: clear error, exit 4, the JSON still saved" {
	printf 'not a database, just text long enough to fill a header of one hundred bytes or so, and then some\n' >bad.db
	cp bad.db before.db
	run --separate-stderr "$CB" run basic/add-latency --quick --save \
	    --db bad.db --json a.json
	assert_status 4
	assert_stderr "results store bad.db: not a SQLite database"
	assert_stderr "measuring anyway: the results go to a.json only"
	assert_output "basic/add-latency"
	need_python
	json_check a.json <<'PY'
assert d["results"][0]["status"] == "ok"
PY
	cmp bad.db before.db
	# Nowhere else to go: refused before measuring.
	run --separate-stderr "$CB" run basic/add-latency --quick --save \
	    --db bad.db
	assert_status 4
	assert_stderr "not measuring: the results would have nowhere to go"
	[ -z "$output" ] || fail "measured anyway"
	run --separate-stderr "$CB" table basic --by machine --db bad.db
	assert_status 4
	cmp bad.db before.db
}

@test "an output that names the store or its journal: refused before measuring, the store kept" {
	"$CB" db import --db s.db "$BASIC" >/dev/null
	ln -s s.db s-link.db
	sum=$(sha256sum <s.db)
	run --separate-stderr "$CB" run basic/empty-loop --quick --save \
	    --db s.db --csv s.db
	assert_usage_error "--csv 's.db' is the results store 's.db'"
	run --separate-stderr "$CB" run basic/empty-loop --quick --save \
	    --db s-link.db --json ./s.db
	assert_usage_error "--json './s.db' is the results store"
	run --separate-stderr "$CB" run basic/empty-loop --quick --save \
	    --db s.db --json s.db-wal
	assert_usage_error "is the results store's journal 's.db-wal'"
	run --separate-stderr "$CB" run basic/empty-loop --quick --save \
	    --db s.db --json s.db-journal
	assert_usage_error "is the results store's journal"
	CYCLEBENCH_DB=s.db run --separate-stderr "$CB" asm --quick nop --save \
	    --json s.db
	assert_usage_error "--json 's.db' is the results store 's.db'"
	run --separate-stderr "$CB" db export --db s.db run=1 -o s-link.db
	assert_usage_error "-o 's-link.db' is the results store"
	# -o DIR: the file a run would go to is the store.
	mkdir out
	cp s.db out/run-1.json
	run --separate-stderr "$CB" db export --db out/run-1.json run=1 -o out
	assert_usage_error "-o 'out/run-1.json' is the results store"
	cmp s.db out/run-1.json || fail "out/run-1.json was written"
	run --separate-stderr "$CB" report --runs run=1 --db s.db -o s.db
	assert_usage_error "--output 's.db' is the results store 's.db'"
	[ "$(sha256sum <s.db)" = "$sum" ] || fail "the store was changed"
	[ "$(runs_in s.db)" = 1 ] || fail "runs lost"
	# A store to be made, named by an output too.
	run --separate-stderr "$CB" run basic/empty-loop --quick --save \
	    --db new.db --json ./new.db
	assert_usage_error "is the results store"
	[ ! -e new.db ] || fail "new.db was made"
}

@test "a store that keeps nothing, or is no file: refused, exit 2" {
	for db in :memory: sqlite::memory: 'file:x.db?mode=memory' \
	    'file:x.db?nolock=1' - /dev/null .; do
		run --separate-stderr "$CB" run basic/empty-loop --quick \
		    --save --db "$db"
		assert_usage_error "the results store"
		[ -z "$output" ] || fail "measured with --db $db"
		run --separate-stderr "$CB" db import --db "$db" "$BASIC"
		assert_usage_error "the results store"
	done
	for f in x.db file:* ./-; do
		[ ! -e "$f" ] || fail "$f was made"
	done
	# A file of such a name is still one, by its path.
	"$CB" db import --db ./- "$BASIC" >/dev/null
	[ "$(runs_in ./-)" = 1 ]
}

@test "a store from a newer cyclebench is refused and left as it was" {
	"$CB" db import --db s.db "$BASIC" >/dev/null
	need_python
	"$PYTHON" -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("UPDATE meta SET value = ? WHERE key = ?", ("3", "schema_version"))
c.execute("UPDATE meta SET value = ? WHERE key = ?", ("9.9.9", "tool_version"))
c.commit()
c.close()' s.db
	sum=$(sha256sum <s.db)
	run --separate-stderr "$CB" db import --db s.db \
	    "$FIXTURES/results/basic-cpu1.json"
	assert_status 4
	assert_stderr "schema version 3 (written by cyclebench 9.9.9) is newer than this cyclebench"
	assert_stderr "use a newer cyclebench.  Nothing was changed"
	run --separate-stderr "$CB" run basic/add-latency --quick --save \
	    --db s.db --json a.json
	assert_status 4
	[ "$(sha256sum <s.db)" = "$sum" ] || fail "the store was changed"
}

@test "another program's SQLite file is not made a store" {
	need_python
	"$PYTHON" -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("CREATE TABLE places (url TEXT)")
c.commit()' other.db
	sum=$(sha256sum <other.db)
	run --separate-stderr "$CB" db import --db other.db "$BASIC"
	assert_status 4
	assert_stderr "not a cyclebench results store"
	[ "$(sha256sum <other.db)" = "$sum" ]
}

@test "the default store is in XDG_DATA_HOME, or HOME, or CYCLEBENCH_DB" {
	XDG_DATA_HOME=$PWD/xdg run "$CB" db import "$BASIC"
	assert_status 0
	[ -f xdg/cyclebench/results.db ]
	unset XDG_DATA_HOME
	HOME=$PWD/home run "$CB" db import "$BASIC"
	assert_status 0
	[ -f home/.local/share/cyclebench/results.db ]
	CYCLEBENCH_DB=$PWD/env.db run "$CB" db import "$BASIC"
	assert_output "Stored 1 run in $PWD/env.db"
	CYCLEBENCH_DB=$PWD/env.db run "$CB" db info --db sqlite:flag.db
	assert_status 4
	assert_output ""
	run "$CB" db info --db 'mysql://x/y'
	assert_status 4
	run --separate-stderr "$CB" db info --db 'mysql://x/y'
	assert_stderr "'mysql://': no results store back end for that scheme"
}

@test "8 processes importing into one SQLite store at once lose nothing" {
	concurrent "$PWD/c.db" 8 10
}

@test "8 runs saving into one SQLite store at once lose nothing" {
	for i in 1 2 3 4 5 6 7 8; do
		"$CB" run basic/add-latency --quick --repetitions 5 --save \
		    --db c.db --json "r$i.json" --context "n=$i" \
		    >"log$i" 2>&1 &
		pids="${pids:-} $!"
	done
	# Eight runs on one CPU disturb each other: a row may end in error
	# (exit 1), but every run must be saved, and saved whole.
	for p in $pids; do
		st=0
		wait "$p" || st=$?
		[ "$st" -le 1 ] || { cat log*; fail "a run failed: $st"; }
	done
	mkdir in
	mv r*.json in/
	every_export_matches c.db in
}

@test "selections and db commands: every mistake gets a reason" {
	run --separate-stderr "$CB" db
	assert_usage_error "say what to do: import, export, runs"
	run --separate-stderr "$CB" db drop
	assert_usage_error "'drop' is not a db command"
	run --separate-stderr "$CB" db import
	assert_usage_error "db import needs a results file"
	run --separate-stderr "$CB" db runs a=1 b=2
	assert_usage_error "db runs takes one selection, not 'b=2'"
	run --separate-stderr "$CB" db runs 'last=0'
	assert_usage_error "'last=' takes a whole number from 1 to 1000000"
	run --separate-stderr "$CB" db runs 'since=yesterday'
	assert_usage_error "'yesterday' is not a date"
	run --separate-stderr "$CB" db runs 'kernel=1,kernel=2'
	assert_usage_error "'kernel' given twice"
	run --separate-stderr "$CB" db info --db ''
	assert_usage_error "--db needs a value"
	run --separate-stderr "$CB" db info -o x
	assert_usage_error "-o is for db export"
	run --separate-stderr "$CB" history
	assert_usage_error "name the benchmark"
	run --separate-stderr "$CB" history a b
	assert_usage_error "one benchmark at a time ('b' is extra)"
	run --separate-stderr "$CB" history a --last 0
	assert_usage_error "--last takes a whole number"
	run "$CB" db --help
	assert_status 0
	assert_output "SELECTION: comma-separated terms"
}

@test "names and values with quotes and SQL in them are only text" {
	evil="x'); DROP TABLE runs; --"
	run "$CB" run basic/add-latency --quick --save --db s.db \
	    --context "note=$evil" --context 'q=a"b'
	assert_status 0
	run "$CB" table basic --by note --db s.db --format csv
	assert_status 0
	assert_output "basic,add-latency,$evil,"
	run "$CB" db runs --db s.db "note=x'); DROP TABLE runs; --"
	assert_status 0
	assert_line '^ +1 '
	run "$CB" db runs --db s.db 'q=a"b'
	assert_line '^ +1 '
	[ "$(runs_in s.db)" -eq 1 ]
}
