#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# Text from outside (arguments, file names, what the assembler reads, the
# store's rows) reaches neither the terminal as a control character nor
# a spreadsheet as a formula, and --context git starts nothing a work
# tree's own configuration names.

load helpers

GOOD=$BATS_TEST_DIRNAME/../fixtures/results/basic-cpu0.json

# An OSC window title, a screen clear, and the 8-bit CSI both as UTF-8
# (U+009B) and as the lone byte a Latin-1 terminal obeys.
HOSTILE=$'\e]0;pwned\a\e[2J\xc2\x9b2J\x9b2J'

# refute_controls: $output and $stderr are UTF-8 without a control
# character but line ends and tabs.
refute_controls() {
	need_python
	printf '%s%s' "$output" "${stderr:-}" | "$PYTHON" -c '
import sys, unicodedata
b = sys.stdin.buffer.read().replace(b"\r\n", b"\n")
t = b.decode("utf-8")	# a byte that is not UTF-8 fails here
bad = [c for c in t if unicodedata.category(c) == "Cc" and c not in "\n\t"]
assert not bad, bad' || { show_run >&2; fail "a control character got through"; }
}

@test "asm: an escape in a comment reaches neither the row nor the bytes line" {
	run --separate-stderr "$CB" asm "nop # $HOSTILE" --quick --rounds 6
	assert_status 0
	assert_output "pwned"
	assert_output ": 1 byte, 1 instruction"
	refute_controls
	run --separate-stderr "$CB" asm "nop # $HOSTILE" --vs nop --quick \
	    --rounds 6
	assert_status 0
	assert_output "A = asm/nop # "
	refute_controls
}

@test "asm: an escape in a label's name is not echoed" {
	# as takes the 8-bit CSI, in UTF-8 or alone, in a name, not ESC.
	run --separate-stderr "$CB" asm $'l\xc2\x9b2J\x9b2J: nop' --quick
	assert_status 0
	assert_output "asm/l"
	refute_controls
	run --separate-stderr "$CB" asm "l$HOSTILE: nop" --quick
	assert_stderr "invalid character"
	refute_controls
}

@test "unknown commands, patterns and --param are echoed scrubbed" {
	run --separate-stderr "$CB" "x$HOSTILE"
	assert_usage_error "is not a command"
	refute_controls
	run --separate-stderr "$CB" list "p$HOSTILE"
	assert_usage_error "no benchmark matches"
	refute_controls
	run --separate-stderr "$CB" list --param "k$HOSTILE=v"
	assert_usage_error "no selected benchmark has"
	refute_controls
	run --separate-stderr "$CB" run basic/add-latency --param "k=v$HOSTILE"
	assert_usage_error "no selected benchmark has"
	refute_controls
	run --separate-stderr "$CB" run "--x$HOSTILE"
	assert_usage_error "unknown option"
	refute_controls
}

@test "impact: a command's name is echoed scrubbed" {
	run -127 --separate-stderr "$CB" impact -- "c$HOSTILE"
	assert_status 127
	assert_stderr "command not found"
	refute_controls
}

@test "db: file names and --db values are echoed scrubbed" {
	cp "$GOOD" "f$HOSTILE.json"
	printf '{' >"g$HOSTILE.json"
	run --separate-stderr "$CB" db import --db "s$HOSTILE.db" \
	    "f$HOSTILE.json" "g$HOSTILE.json"
	assert_status 2
	assert_output "Stored 1 run in s"
	assert_stderr ".json:"
	refute_controls
	run --separate-stderr "$CB" db import --db "s$HOSTILE.db" \
	    "f$HOSTILE.json"
	assert_output "already stored as run 1"
	refute_controls
	run --separate-stderr "$CB" db runs --db "s$HOSTILE.db"
	assert_status 0
	refute_controls
	run --separate-stderr "$CB" db runs --db "/nonexistent/d$HOSTILE.db"
	assert_status 4
	assert_stderr "results store /nonexistent/d"
	refute_controls
}

@test "CSV: a context value, a label or a name that is a formula stays text" {
	need_python
	"$PYTHON" - "$GOOD" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for i, v in enumerate(['=HYPERLINK("http://x","y")', "@SUM(A1)"]):
    d["context"] = {"commit": v}
    d["run"]["started_at"] = "2026-01-0%dT00:00:00Z" % (i + 1)
    json.dump(d, open("r%d.json" % i, "w"))
PY
	"$CB" db import --db s.db r0.json r1.json >/dev/null
	run --separate-stderr "$CB" table basic --by commit --format csv \
	    --db s.db
	assert_status 0
	assert_output "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""
	assert_output "\"'@SUM(A1)\""
	refute_line ',=|^=|,@'
	cp "$GOOD" "+cmd.json"
	run --separate-stderr "$CB" compare --format csv --label '=1+1' \
	    --label '-2' "$GOOD" "./+cmd.json"
	assert_status 0
	assert_output "\"'=1+1\""
	assert_output "\"'-2\""
	refute_line ',=|^=|,-2,'
	# Figures stay numbers, a negative one too.
	assert_line ',-?[0-9.]+,'
}

@test "--context git: a work tree's fsmonitor, hooks and filters start nothing" {
	command -v git >/dev/null || skip "git is not installed"
	git init -q repo && cd repo
	echo x >f
	git add f
	git -c user.name=t -c user.email=t@t commit -q -m one
	printf '#!/bin/sh\ntouch "%s/ran"\ncat\n' "$T" >"$T/evil"
	chmod +x "$T/evil"
	git config core.fsmonitor "$T/evil"
	git config core.hooksPath "$T"
	cp "$T/evil" "$T/post-index-change"
	# A clean filter runs where git must read a file its stat calls
	# changed: same bytes, a new time.
	echo '* filter=evil' >.git/info/attributes
	git config filter.evil.clean "$T/evil"
	git config filter.evil.process "$T/evil"
	git config filter.evil.required true
	touch -d 2030-01-01 f
	run "$CB" run basic/add-latency --quick --json ../a.json --context git
	assert_status 0
	[ ! -e "$T/ran" ] || fail "git ran the work tree's fsmonitor, hook or filter"
	need_python
	json_check ../a.json <<'PY'
assert d["context"]["commit"] != "", d["context"]
PY
}

@test "db export: byte for byte into a pipe, scrubbed onto a terminal" {
	command -v script >/dev/null || skip "script (util-linux) is not installed"
	need_python
	"$PYTHON" - "$GOOD" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["results"][0]["reason"] = "x\u009b2J"
json.dump(d, open("c1.json", "w"), ensure_ascii=False)
PY
	"$CB" db import --db s.db c1.json >/dev/null
	"$CB" db export --db s.db 1 | cmp - c1.json
	script -qec "$CB db export --db s.db 1" /dev/null >tty.out
	grep -q 'x??2J' tty.out || fail "export to a terminal was not scrubbed"
	run --separate-stderr cat tty.out
	refute_controls
}
