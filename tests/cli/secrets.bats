#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# A store's password stays secret: planted in --db, CYCLEBENCH_DB, a
# password= parameter, --context and an old results file's run.argv, it
# shows in no output, file, store, report or message, nor in the
# process's own command line while it runs.  127.0.0.1:1 refuses at
# once, so the server's error paths need no server; with the throw-away
# server of scripts/with-postgres, the stored rows are searched too.

load helpers
load store

PW=S3cr3tPW
URL=postgresql://bench:$PW@127.0.0.1:1/x

# no_password FILE...: none of the files holds $PW.
no_password() {
	local f

	for f in "$@"; do
		[ -e "$f" ] || fail "$f is missing"
		if grep -aq "$PW" "$f"; then
			grep -an "$PW" "$f" | head -5 >&2
			fail "$f holds the password"
		fi
	done
}

# refute_password: neither output nor stderr of the last run holds it.
refute_password() {
	refute_output "$PW"
	refute_stderr "$PW"
}

# old_file OUT: a results file as an older cyclebench wrote it, with
# the password in run.argv and in context.
old_file() {
	need_python
	"$PYTHON" - "$BASIC" "$1" "$URL" "$PW" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["run"]["argv"] += ["--save", "--db", sys.argv[3],
    "--db=postgresql://bench@db/x?sslmode=require&password=" + sys.argv[4],
    "--context", "store=host=db password='" + sys.argv[4] + "'"]
d["context"] = {"store": "host=db password='" + sys.argv[4] + "'"}
json.dump(d, open(sys.argv[2], "w"), indent=2)
PY
	grep -q "$PW" "$1" || fail "the password was not planted"
}

@test "secrets: --db and CYCLEBENCH_DB's password is in no message" {
	run --separate-stderr env CYCLEBENCH_DB="$URL" "$CB" db info
	assert_status 4
	assert_stderr "results store postgresql://bench:***@127.0.0.1:1/x:"
	refute_password
	run --separate-stderr "$CB" db info \
	    --db="postgresql://bench@127.0.0.1:1/x?password=$PW&sslmode=disable"
	assert_status 4
	assert_stderr "?password=***&sslmode=disable"
	refute_password
	# What libpq quotes back: the whole URI, or the token it refused.
	run --separate-stderr "$CB" db info --db "postgresql://bench:$PW@[::1/x"
	assert_status 4
	assert_stderr "in URI"
	refute_password
	run --separate-stderr "$CB" db info --db "postgresql://bench:$PW%zz@h/x"
	assert_status 4
	assert_stderr "invalid percent-encoded token"
	refute_password
	# A URL where an operand goes is refused without its password.
	run --separate-stderr "$CB" db info "$URL"
	assert_status 2
	assert_stderr "not 'postgresql://bench:***@127.0.0.1:1/x'"
	refute_password
}

@test "secrets: run --save to a server that is down keeps it out of every file" {
	run --separate-stderr "$CB" run basic/add-latency --quick --save \
	    --db "$URL" --json a.json --csv a.csv \
	    --context "store=host=db password='$PW'"
	assert_status 4
	assert_stderr "measuring anyway: the results go to a.json only"
	refute_password
	no_password a.json a.csv
	grep -q '"postgresql://bench:\*\*\*@127.0.0.1:1/x"' a.json ||
	    fail "run.argv lost the user or host"
	run --separate-stderr "$CB" report a.json -o r.html
	assert_status 0
	refute_password
	no_password r.html
	grep -q 'postgresql://bench:\*\*\*@127.0.0.1:1/x' r.html ||
	    fail "the report's command lost the user or host"
	# impact echoes and records its workload's command line.
	run --separate-stderr "$CB" impact --json i.json -- true "$URL"
	assert_status 0
	assert_stderr "cyclebench impact: true 'postgresql://bench:***@127.0.0.1:1/x'"
	refute_password
	no_password i.json
}

@test "secrets: an old results file's password reaches no store, export or report" {
	old_file old.json
	run --separate-stderr "$CB" db import --db s.db old.json
	assert_status 0
	assert_output "Stored 1 run in s.db"
	refute_password
	# Imported again: the same run, not a second one.
	run "$CB" db import --db s.db old.json
	assert_output "already stored as run 1"
	no_password s.db
	"$CB" db export --db s.db 1 >exported.json
	no_password exported.json
	grep -q 'postgresql://bench:\*\*\*@127.0.0.1:1/x' exported.json ||
	    fail "the export lost the user or host"
	json_check exported.json <<'PY'
assert d["context"] == {"store": "host=db password=***"}, d["context"]
assert d["results"], "the results were lost"
PY
	# The file itself, read where it lies.
	run --separate-stderr "$CB" report old.json -o r1.html
	assert_status 0
	refute_password
	run --separate-stderr "$CB" report --db s.db --runs 1 -o r2.html
	assert_status 0
	refute_password
	no_password r1.html r2.html
	run --separate-stderr "$CB" db runs --db s.db
	assert_output "store=host=db password=***"
	refute_password
	run --separate-stderr "$CB" table basic --by machine --db s.db
	refute_password
	run --separate-stderr "$CB" compare old.json old.json --format json
	refute_password
}

@test "secrets: a store that took a password before gives it back no more" {
	old_file old.json
	# A store as an older cyclebench left it: the document as it was.
	"$CB" db import --db s.db "$BASIC" >/dev/null
	need_python
	"$PYTHON" - s.db old.json <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE runs SET document = ?", (open(sys.argv[2]).read(),))
db.execute("INSERT INTO context (run_id, key, value) VALUES (1, 'store',"
    " 'host=db password=S3cr3tPW')")
db.commit()
PY
	"$CB" db export --db s.db 1 >exported.json
	no_password exported.json
	run --separate-stderr "$CB" db runs --db s.db
	assert_output "store=host=db password=***"
	refute_password
	run --separate-stderr "$CB" table basic --by store --db s.db
	assert_status 0
	assert_output "host=db password=***"
	refute_password
	run --separate-stderr "$CB" report --db s.db --runs 1 -o r.html
	assert_status 0
	refute_password
	no_password r.html
}

@test "secrets: /proc/PID/cmdline of a running cyclebench holds no password" {
	[ -r /proc/self/cmdline ] || skip "no /proc"
	"$CB" run basic --save --db "$URL" --json a.json >/dev/null 2>&1 &
	pid=$!
	# Between exec and main the password is there: wait for main.
	for _ in $(seq 200); do
		cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || break
		case $cmd in *'***'*) break ;; esac
		sleep 0.05
	done
	kill "$pid" 2>/dev/null || true
	wait "$pid" || true
	case $cmd in
	*"$PW"*) fail "cmdline: $cmd" ;;
	*'--db postgresql://bench:***@127.0.0.1:1/x '*) ;;
	*) fail "the run was not seen: '$cmd'" ;;
	esac
}

@test "secrets: postgresql: the server's rows, exports and messages hold no password" {
	have_pg
	url=$(pg_url)
	pw=${url#postgresql://bench:}
	pw=${pw%%@*}
	[ -n "$pw" ] && [ "$pw" != "$url" ] || fail "no password in $url"
	PW=$pw
	run --separate-stderr "$CB" run basic/add-latency --quick --save \
	    --db "$url" --json a.json
	assert_status 0
	refute_password
	no_password a.json
	old_file old.json
	run --separate-stderr "$CB" db import --db "$url" old.json
	assert_status 0
	refute_password
	psql -X -At "$url" -c "SELECT argv, document FROM runs" \
	    -c "SELECT value FROM context" >rows.txt
	no_password rows.txt
	grep -q 'bench:\*\*\*@' rows.txt || fail "no redacted URL in the rows"
	"$CB" db export --db "$url" all -o . >/dev/null
	no_password run-1.json run-2.json
	run --separate-stderr "$CB" db info --db "$url"
	assert_status 0
	refute_password
}
