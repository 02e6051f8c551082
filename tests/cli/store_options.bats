#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# One meaning per option and exit status: --db is the results store in
# every command (compare and report select runs with --runs; their old
# --store and --noise-db still work, with a warning; an old --db
# SELECTION is refused with the new spelling); a context key no stored
# run has is refused input (2), a listing that matches nothing is no
# error (0), a store that cannot be opened is 4; --context that nothing
# keeps is said to be dropped.

load helpers
load store

setup_file() {
	export CYCLEBENCH_DB=/nonexistent-cb-dir/default.db
}

# s.db: 6 runs on 2 machines, each with a commit context.
stored() {
	make_runs runs 6 2
	"$CB" db import --db s.db runs/*.json >/dev/null
}

@test "db runs: a mistyped context key is refused, with the nearest key" {
	stored
	run --separate-stderr "$CB" db runs --db s.db machne=EPYC
	assert_usage_error "cyclebench: no stored run has context key 'machne'; did you mean 'machine'? (a selection takes machine, kernel, microcode, since, until, run, last or a context key the store has: commit)"
	assert_stderr "Try 'cyclebench db --help'."
	run --separate-stderr "$CB" db export --db s.db comit=c0001
	assert_usage_error "no stored run has context key 'comit'; did you mean 'commit'?"
	run --separate-stderr "$CB" history basic/add-latency --db s.db \
	    --where 'comit=x'
	assert_usage_error "no stored run has context key 'comit'"
	run --separate-stderr "$CB" table basic --by machine --db s.db \
	    --where 'hots=a'
	assert_usage_error "no stored run has context key 'hots'"
	run --separate-stderr "$CB" compare --db s.db --runs 'hots=a' \
	    --vs --runs last=1
	assert_status 2
	assert_stderr "no stored run has context key 'hots'"
}

@test "db runs: a machine that matches none is an empty listing, exit 0" {
	stored
	run --separate-stderr "$CB" db runs --db s.db machine=Xeon
	assert_status 0
	[ "${lines[-1]}" = "(no runs match)" ] || fail "no '(no runs match)'"
	assert_stderr "cyclebench: no machine 'Xeon' in the store (cyclebench db machines lists them)"
	run --separate-stderr "$CB" db runs --db s.db commit=nothing
	assert_status 0
	assert_output "(no runs match)"
	# the commands that need runs refuse, and say why
	run --separate-stderr "$CB" history basic/add-latency --db s.db \
	    --machine Xeon
	assert_status 2
	assert_stderr "no machine 'Xeon' in the store (cyclebench db machines lists them)"
	run --separate-stderr "$CB" compare --db s.db --runs machine=Xeon \
	    --vs --runs last=1
	assert_status 2
	assert_stderr "no stored run matches 'machine=Xeon'"
	assert_stderr "no machine 'Xeon' in the store"
	# several machines: refused input, not a store that failed
	run --separate-stderr "$CB" db runs --db s.db machine=Fixture
	assert_status 2
	assert_stderr "machine 'Fixture' matches 2 machines; name one"
	# a store that cannot be opened is the one thing that is 4
	run --separate-stderr "$CB" db runs --db absent.db
	assert_status 4
	assert_stderr "absent.db"
}

@test "table --by a key no run has blames the key, not the suite" {
	stored
	run --separate-stderr "$CB" table basic --by cpu --db s.db
	assert_usage_error "cyclebench: no stored run has context key 'cpu' (--by takes machine, kernel, microcode or a context key the store has: commit)"
	refute_stderr "no stored result of 'basic'"
	run --separate-stderr "$CB" table basic --by comit --db s.db
	assert_usage_error "no stored run has context key 'comit'; did you mean 'commit'?"
	run "$CB" table basic --by commit --db s.db
	assert_status 0
}

@test "compare and report: --runs selects, --db is the store" {
	stored
	run --separate-stderr "$CB" compare --db s.db \
	    --runs 'machine=Fixture 0,last=1' --vs --runs 'machine=Fixture 1,last=1'
	assert_status 0
	assert_output "A  Fixture 0: run 5"
	run --separate-stderr "$CB" report --db s.db --runs last=1 -o r.html
	assert_status 0
	grep -q '<h2>History</h2>' r.html
	run --separate-stderr "$CB" report --runs last=1 -o r.html
	assert_status 4
	assert_stderr "/nonexistent-cb-dir/default.db"
}

@test "the old spellings: --store and --noise-db warn, --db SELECTION is refused" {
	stored
	run --separate-stderr "$CB" compare --store s.db \
	    --runs 'machine=Fixture 0,last=1' --vs --runs 'machine=Fixture 1,last=1'
	assert_status 0
	assert_stderr "cyclebench compare: warning: --store is deprecated: it is --db (the store, as in every command)"
	run --separate-stderr "$CB" report --store s.db --runs last=1 -o r.html
	assert_status 0
	assert_stderr "cyclebench report: warning: --store is deprecated: it is --db"
	run --separate-stderr "$CB" compare --db s.db --noise-db all \
	    $BASIC $BASIC
	assert_stderr "cyclebench compare: warning: --noise-db is deprecated: it is --noise-runs (--db names the store)"
	run --separate-stderr "$CB" compare --db 'machine=Fixture 0,last=1' \
	    --vs --db 'machine=Fixture 1,last=1'
	assert_usage_error "cyclebench: --db names the results store (a file or URL), as in every command; for the stored runs 'machine=Fixture 0,last=1' selects, write --runs 'machine=Fixture 0,last=1'"
	run --separate-stderr "$CB" report --db all -o r.html
	assert_usage_error "for the stored runs 'all' selects, write --runs 'all'"
	run --separate-stderr "$CB" compare --db s.db $BASIC $BASIC
	assert_usage_error "cyclebench: --db names the store that --runs and --noise-runs read: add --runs SELECTION (a selection of stored runs, once --db, is --runs)"
	run --separate-stderr "$CB" report --db s.db $BASIC -o r.html
	assert_usage_error "cyclebench: --db names the store that --runs reads: add --runs SELECTION"
}

@test "run --context with nothing to keep it: a warning; kept: none" {
	run --separate-stderr "$CB" run basic/add-latency --quick \
	    --context commit=x
	assert_status 0
	assert_stderr "cyclebench run: warning: --context is kept only by --json FILE or --save; here it is dropped"
	run --separate-stderr "$CB" run basic/add-latency --quick \
	    --context commit=x --csv r.csv
	assert_stderr "--context is kept only by --json FILE or --save"
	run --separate-stderr "$CB" run basic/add-latency --quick \
	    --context commit=x --json r.json
	assert_status 0
	refute_stderr "warning"
	run --separate-stderr "$CB" impact --context commit=x \
	    --costs "$BATS_TEST_DIRNAME/../fixtures/impact/costs.json" -- true
	assert_stderr "cyclebench impact: warning: --context is kept only by --json FILE; here it is dropped"
}

@test "table -q and history -q: the figures without title, legend or method" {
	stored
	run --separate-stderr "$CB" table basic --by commit --db s.db -q
	assert_status 0
	[[ "${lines[0]}" =~ ^benchmark\ +c0000 ]] || fail "no heads first"
	[ "${#lines[@]}" -eq 8 ] || fail "not heads and 7 rows: $output"
	refute_output "median core cycles per operation by"
	refute_output "flags:"
	run --separate-stderr "$CB" history basic/imul-latency --db s.db \
	    --machine 'Fixture 0' -q
	assert_status 0
	assert_output "basic/imul-latency on Fixture 0"
	refute_output "A level is the median"
	run "$CB" table --help
	assert_line '^  -q, --quiet '
	run "$CB" history --help
	assert_line '^  -q, --quiet '
}

@test "db import -q: nothing but what went wrong" {
	make_runs runs 3 1
	run --separate-stderr "$CB" db import -q --db s.db runs/*.json
	assert_status 0
	[ -z "$output" ] || fail "db import -q said: $output"
	run --separate-stderr "$CB" db import --db s.db -q runs/*.json
	assert_status 0
	[ -z "$output" ] || fail "already stored, said: $output"
	[ "$(runs_in s.db)" -eq 3 ]
	echo '{' >bad.json
	run --separate-stderr "$CB" db import -q --db s.db bad.json
	assert_status 2
	assert_stderr "bad.json"
	run --separate-stderr "$CB" db runs -q --db s.db
	assert_usage_error "cyclebench: -q is for db import"
}

@test "exit statuses: one table in the man page and README, held to the code" {
	cd "$BATS_TEST_DIRNAME/../.."
	run scripts/check-docs "$CB"
	assert_status 0
	assert_output "exit statuses: 0, 1, 2, 3, 4, 128+N agree in src/cli/cli.h, docs/cyclebench.1, README.md"
}
