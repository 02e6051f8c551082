#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# The results store on PostgreSQL, for a fleet: the same commands as on
# SQLite (store.bats), what only a server can do wrong (a wrong password,
# no server), 32 writers at once, and the schema version.  Needs the
# throw-away server scripts/with-postgres starts (make check does);
# without one, every test here says it skipped.

load helpers
load store

setup_file() {
	# A server that is there but refuses us should fail loudly, not skip.
	if [ -n "${CYCLEBENCH_TEST_PG:-}" ]; then
		psql -X -q "$CYCLEBENCH_TEST_PG" -c 'SELECT 1' >/dev/null
	fi
}

@test "postgresql: run --save keeps exactly what --json writes" {
	have_pg
	url=$(pg_url)
	run "$CB" run basic/add-latency --quick --save --db "$url" --json a.json \
	    --context commit=abc
	assert_status 0
	assert_output "Stored as run 1 in postgresql://bench:***@/"
	refute_output "${CYCLEBENCH_TEST_PG#*bench:}"
	"$CB" db export --db "$url" 1 | cmp - a.json
	run "$CB" db info --db "$url"
	assert_output "back end: postgresql"
	assert_output "schema:   version 2"
}

@test "postgresql: import, table, history, compare and report" {
	have_pg
	url=$(pg_url)
	# 16 runs a machine, 8 a side: fewer no history tells from chance.
	make_runs runs 48 3 --shift 8:1.2
	run "$CB" db import --db "$url" runs/*.json
	assert_status 0
	assert_output "Stored 48 runs"
	every_export_matches "$url" runs
	# Stored with lz4 where the server has it: pglz took most of the time.
	if [ "$(psql -X -Atc "SELECT 'lz4' = ANY(enumvals) FROM pg_settings
	    WHERE name = 'default_toast_compression'" "$url")" = t ]; then
		[ "$(psql -X -Atc "SELECT DISTINCT
		    pg_column_compression(document) FROM runs" "$url")" = lz4 ]
	fi
	run "$CB" db import --db "$url" runs/run-0003.json
	assert_output "already stored as run"
	run "$CB" table basic --by machine --db "$url" --last 2
	assert_status 0
	assert_line '^benchmark +Fixture 0 +Fixture 1 +Fixture 2$'
	run "$CB" history basic/load-latency --db "$url" --machine 'Fixture 2'
	assert_status 0
	assert_output "1 shift between 2 levels."
	assert_line '^   --- shift \+(19|20|21)\.[0-9]%: .* over 8 runs -> .* over 8 runs$'
	run "$CB" compare --db "$url" --runs 'machine=Fixture 0,run=1' \
	    --vs --runs 'machine=Fixture 0,last=1'
	assert_status 0
	assert_line '^basic/load-latency .* \+(19|20|21)% \*$'
	run "$CB" report --db "$url" --runs 'machine=Fixture 1,last=1' -o r.html
	assert_status 0
	grep -q '<h2>History</h2>' r.html
}

@test "postgresql: a wrong password is refused, exit 4, the JSON kept" {
	have_pg
	url=$(pg_url)
	bad=$(printf '%s\n' "$url" | sed 's/:[^:@]*@/:wrong@/')
	run --separate-stderr "$CB" run basic/add-latency --quick --save \
	    --db "$bad" --json a.json
	assert_status 4
	assert_stderr "password authentication failed for user \"bench\""
	assert_stderr "postgresql://bench:***@/"
	assert_stderr "measuring anyway: the results go to a.json only"
	[ -s a.json ] || fail "the JSON was not saved"
	run --separate-stderr "$CB" table basic --by machine --db "$bad"
	assert_status 4
	assert_stderr "password authentication failed"
}

@test "postgresql: no server there: a clear error, soon, exit 4" {
	have_pg
	start=$(date +%s)
	run --separate-stderr "$CB" db info \
	    --db "postgresql://bench@/cyclebench?host=$PWD/nowhere"
	assert_status 4
	assert_stderr "nowhere/.s.PGSQL.5432\" failed: No such file or directory"
	run --separate-stderr "$CB" run basic/add-latency --quick --save \
	    --db "postgresql://bench@/cyclebench?host=$PWD/nowhere"
	assert_status 4
	assert_stderr "not measuring"
	[ $(($(date +%s) - start)) -lt 20 ] || fail "it took too long"
}

@test "postgresql: 32 processes importing at once lose nothing" {
	have_pg
	url=$(pg_url)
	# The schema is made by the first; the others find it made.
	concurrent "$url" 32 4
}

@test "postgresql: a newer schema is refused, and the store is untouched" {
	have_pg
	url=$(pg_url)
	"$CB" db import --db "$url" "$BASIC" >/dev/null
	psql -X -q "$url" -c "UPDATE meta SET value = '7' WHERE key = 'schema_version'"
	before=$(psql -X -At "$url" -c 'SELECT count(*), max(id) FROM runs')
	run --separate-stderr "$CB" db import --db "$url" \
	    "$FIXTURES/results/basic-cpu1.json"
	assert_status 4
	assert_stderr "schema version 7 (written by cyclebench"
	[ "$(psql -X -At "$url" -c 'SELECT count(*), max(id) FROM runs')" = \
	    "$before" ]
	[ "$(psql -X -At "$url" -c "SELECT value FROM meta WHERE key = 'schema_version'")" = 7 ]
}

@test "postgresql: quotes and SQL in values are text" {
	have_pg
	url=$(pg_url)
	evil="x'); DROP TABLE runs; --"
	run "$CB" run basic/add-latency --quick --save --db "$url" \
	    --context "note=$evil"
	assert_status 0
	run "$CB" db runs --db "$url" "note=$evil"
	assert_line '^ +1 '
	[ "$(runs_in "$url")" -eq 1 ]
}
