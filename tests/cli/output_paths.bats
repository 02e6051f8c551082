#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# What an output path points at is what gets written: a link's target
# (the link stays), a FIFO or a device in place, '-' standard output.
# What cannot be written, or would overwrite an input or another output,
# is refused with exit 2 before anything is measured.

load helpers

FIX=$BATS_TEST_DIRNAME/../fixtures
GOOD=$FIX/results/basic-cpu0.json
COSTS=$FIX/impact/costs.json

# is_results FILE: FILE holds a complete results document.
is_results() {
	need_python
	json_check "$1" <<'PY'
assert d["schema_version"] >= 1 and d["results"], d
PY
}

@test "a symbolic link is written through to its target, and stays a link" {
	echo '{}' >target.json
	ln -s target.json link.json
	run "$CB" run basic/empty-loop --quick --json link.json
	assert_status 0
	[ -L link.json ] || fail "link.json is no longer a link: $(ls -l)"
	[ "$(readlink link.json)" = target.json ] || fail "link changed"
	is_results target.json
	[ -z "$(ls -A | grep -v -e '^target\.json$' -e '^link\.json$')" ] ||
	    fail "files left behind: $(ls -A)"
}

@test "a link into another directory: the file is replaced there, atomically" {
	mkdir elsewhere
	echo old >elsewhere/r.csv
	chmod 640 elsewhere/r.csv
	ln -s elsewhere/r.csv r.csv
	run "$CB" run basic/empty-loop --quick --csv r.csv
	assert_status 0
	[ -L r.csv ] || fail "r.csv is no longer a link"
	grep -q '^basic/empty-loop,' elsewhere/r.csv || fail "$(cat elsewhere/r.csv)"
	[ "$(stat -c %a elsewhere/r.csv)" = 640 ] || fail "mode not kept"
	[ "$(ls -A elsewhere)" = r.csv ] || fail "left: $(ls -A elsewhere)"
}

@test "a dangling link: its target is created" {
	ln -s made.json dangling.json
	run "$CB" run basic/empty-loop --quick --json dangling.json
	assert_status 0
	[ -L dangling.json ] || fail "the link was replaced"
	is_results made.json
}

@test "a link someone else planted in a sticky world-writable directory is not followed" {
	[ "$(id -u)" = 0 ] || skip "needs root, to give the link to nobody"
	mkdir -m 1777 sticky
	echo precious >target
	ln -s "$PWD/target" sticky/planted
	chown -h nobody sticky/planted
	# What fs.protected_symlinks refuses, whatever the sysctl says.
	run --separate-stderr "$CB" run basic/empty-loop --quick \
	    --json sticky/planted
	assert_usage_error "'sticky/planted' is a symbolic link in the sticky, world-writable directory 'sticky', owned by neither you nor the directory's owner"
	run --separate-stderr "$CB" report "$GOOD" -o sticky/planted
	assert_usage_error "fs.protected_symlinks"
	[ "$(cat target)" = precious ] || fail "target written: $(head -c 80 target)"
	# Through a link of the user's own, that leads to the planted one.
	ln -s sticky/planted mine
	run --separate-stderr "$CB" report "$GOOD" -o mine
	assert_usage_error "fs.protected_symlinks"
	# The user's own link, or one of the directory's owner, is followed.
	ln -s "$PWD/target" sticky/own
	run --separate-stderr "$CB" report "$GOOD" -o sticky/own
	assert_status 0
	grep -q '<!DOCTYPE html>' target || fail "target not written"
	mkdir -m 1777 theirs
	chown nobody theirs
	ln -s "$PWD/target" theirs/link
	chown -h nobody theirs/link
	run --separate-stderr "$CB" run basic/empty-loop --quick --csv theirs/link
	assert_status 0
	grep -q '^basic/empty-loop,' target || fail "target not written"
}

@test "a FIFO gets the results through it, and stays a FIFO" {
	mkfifo pipe.csv
	# Bounded: a writer that renames over the FIFO leaves cat waiting.
	timeout 60 cat pipe.csv >got.csv &
	reader=$!
	run "$CB" run basic/empty-loop --quick --csv pipe.csv
	[ -p pipe.csv ] || { kill "$reader"; fail "pipe.csv is no longer a FIFO"; }
	wait "$reader"
	assert_status 0
	[ -p pipe.csv ] || fail "pipe.csv is no longer a FIFO: $(ls -l pipe.csv)"
	grep -q '^basic/empty-loop,' got.csv || fail "reader got: $(cat got.csv)"
}

@test "a FIFO with no reader, or no writer: a clear error, never a hang" {
	mkfifo out.csv in.json
	run --separate-stderr timeout 60 "$CB" run basic/empty-loop --quick \
	    --csv out.csv
	assert_status 3
	assert_stderr "cannot write out.csv: no reader on FIFO out.csv"
	run --separate-stderr timeout 60 "$CB" report "$GOOD" -o out.csv
	assert_status 3
	assert_stderr "no reader on FIFO out.csv"
	[ -p out.csv ] || fail "out.csv is no longer a FIFO"
	for cmd in "compare in.json $GOOD" "report in.json -o r.html" \
	    "db import --db s.db in.json"; do
		# shellcheck disable=SC2086
		run --separate-stderr timeout 60 "$CB" $cmd
		assert_status 2
		assert_stderr "in.json: is a FIFO or pipe that nobody wrote to (no writer)"
	done
	# A pipe with a writer, even a slow one, is read whole.
	run --separate-stderr timeout 60 bash -c '"$1" compare \
	    <(sleep 1; cat "$2") <(cat "$2")' sh "$CB" "$GOOD"
	assert_status 0
}

@test "a link to /proc/self/fd/1 (what /dev/stdout is) writes to standard output" {
	ln -s /proc/self/fd/1 mystdout
	run --separate-stderr "$CB" run basic/empty-loop --quick --json mystdout
	assert_status 0
	[ -L mystdout ] || fail "the link was replaced by a file"
	printf '%s\n' "$output" >out.txt
	need_python
	"$PYTHON" -c 'import json, sys; s = open(sys.argv[1]).read(); \
	    d = json.loads(s[s.index("{"):]); assert d["results"]' out.txt
	# The device is written, never renamed over.
	run "$CB" run basic/empty-loop --quick --json /dev/null --csv /dev/null
	assert_status 0
	[ -c /dev/null ] || fail "/dev/null is no longer a device"
}

@test "'-' is standard output for --json, --csv, asm --json, report -o, impact --json" {
	need_python
	run --separate-stderr "$CB" run basic/empty-loop --quick --json -
	assert_status 0
	[ ! -e ./- ] || fail "a file named '-' was created"
	printf '%s\n' "$output" >run.json
	is_results run.json
	# The table moved to standard error, out of the JSON's way.
	assert_stderr "basic/empty-loop"
	run --separate-stderr "$CB" run basic/empty-loop --quick --csv -
	assert_status 0
	[ "${lines[0]%%,*}" = name ] && [[ ${lines[1]} == basic/empty-loop,* ]] ||
	    { show_run >&2; fail "CSV not on standard output"; }
	run --separate-stderr "$CB" asm --quick nop --json -
	assert_status 0
	printf '%s\n' "$output" >asm.json
	is_results asm.json
	run --separate-stderr "$CB" report "$GOOD" -o -
	assert_status 0
	assert_output "<!DOCTYPE html>"
	run --separate-stderr "$CB" impact --costs "$COSTS" --json - -- true
	assert_status 0
	printf '%s\n' "$output" >impact.json
	json_check impact.json <<'PY'
assert "events" in d, d.keys()
PY
	[ ! -e ./- ] || fail "a file named '-' was created"
}

@test "an output that is an input: refused, exit 2, the input untouched" {
	cp "$GOOD" a.json
	cp a.json before.json
	run --separate-stderr "$CB" report a.json -o a.json
	assert_usage_error "is the input 'a.json'"
	ln a.json hard.json
	run --separate-stderr "$CB" report a.json -o ./hard.json
	assert_usage_error "is the input 'a.json'"
	ln -s a.json soft.json
	run --separate-stderr "$CB" report soft.json -o a.json
	assert_usage_error "is the input 'soft.json'"
	cmp -s a.json before.json || fail "a.json changed"
	cp "$COSTS" c.json
	run --separate-stderr "$CB" impact --costs c.json --json c.json -- true
	assert_usage_error "--json 'c.json' is the input 'c.json'"
	cmp -s c.json "$COSTS" || fail "c.json changed"
	echo nop >s.s
	run --separate-stderr "$CB" asm --file s.s --json s.s
	assert_usage_error "--json 's.s' is the input 's.s'"
	[ "$(cat s.s)" = nop ] || fail "s.s changed"
}

@test "two outputs naming one file: refused before measuring" {
	run --separate-stderr "$CB" run basic/empty-loop --quick --json x --csv x
	assert_usage_error "--json and --csv name the same file"
	[ ! -e x ] || fail "x was written"
	touch y
	ln -s y y-link
	run --separate-stderr "$CB" run basic/empty-loop --quick --json y \
	    --csv y-link
	assert_usage_error "--json and --csv name the same file"
	run --separate-stderr "$CB" run basic/empty-loop --quick --json - --csv -
	assert_usage_error "name the same standard output"
}

@test "directories and bad names: exit 2 before measuring, the real problem named" {
	mkdir dir
	ln -s dir dirlink
	for spec in "dir:it is a directory" "dirlink:it leads to the directory" \
	    ".:'.' or '..' names a directory" \
	    "nodir/:a name ending in '/' names a directory" \
	    "missing/x.json:directory 'missing': No such file or directory"; do
		run --separate-stderr "$CB" run basic/empty-loop --quick \
		    --json "${spec%%:*}"
		assert_usage_error "${spec#*:}"
	done
	long=$(printf 'a%.0s' $(seq 256))
	run --separate-stderr "$CB" run basic/empty-loop --quick --json "$long"
	assert_usage_error "file name too long (256 bytes; at most 255)"
	touch plain
	run --separate-stderr "$CB" run basic/empty-loop --quick --json plain/x
	assert_usage_error "'plain' is not a directory"
	run --separate-stderr "$CB" asm --quick nop --json dir
	assert_usage_error "it is a directory"
	run --separate-stderr "$CB" impact --costs "$COSTS" --json dir -- true
	assert_usage_error "it is a directory"
	run --separate-stderr "$CB" report "$GOOD" -o dir
	assert_usage_error "it is a directory"
	[ -z "$(ls -A dir)" ] || fail "files left in dir: $(ls -A dir)"
}

@test "a 250-byte file name is written, its temporary name kept short" {
	name=$(printf 'b%.0s' $(seq 245)).json
	run "$CB" run basic/empty-loop --quick --json "$name"
	assert_status 0
	is_results "$name"
}
