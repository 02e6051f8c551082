# SPDX-License-Identifier: BSD-2-Clause
# Shared by every tests/cli/*.bats file through `load helpers'.
#
# The tests run the binary the way a user types it: $CYCLEBENCH (set by
# `make check-cli') or build/cyclebench relative to the repository root.
# Each test runs inside its own temporary directory, so nothing it writes
# lands in the tree.

# `run --separate-stderr' needs 1.5; saying so silences bats' warning.
bats_require_minimum_version 1.5.0

CB=${CYCLEBENCH:-build/cyclebench}
# The tool with its link seams defined (src/core/seams.h): what no
# machine does when asked, the tests bring on with CYCLEBENCH_TEST_*.
CB_SEAMS=${CYCLEBENCH_SEAMS:-build/cyclebench-seams}
# A relative path must survive the cd into the temporary directory.
case $CB in
/*) ;;
*/*) CB=$PWD/$CB ;;
esac
case $CB_SEAMS in
/*) ;;
*/*) CB_SEAMS=$PWD/$CB_SEAMS ;;
esac

CB_HEADER=$BATS_TEST_DIRNAME/../../include/cyclebench.h

setup() {
	if ! command -v "$CB" >/dev/null 2>&1; then
		echo "no cyclebench binary at '$CB': run make or set CYCLEBENCH" >&2
		return 1
	fi
	T=$BATS_TEST_TMPDIR
	cd "$T" || return 1
}

# Print a message to stderr (shown when the test fails) and fail.
fail() {
	printf '%s\n' "$@" >&2
	return 1
}

# What the last `run' did, for failure messages.
show_run() {
	printf 'command: %s\nstatus: %s\noutput:\n%s\n' "$BATS_RUN_COMMAND" \
	    "$status" "$output"
	if [ -n "${stderr+set}" ]; then
		printf 'stderr:\n%s\n' "$stderr"
	fi
}

# assert_status N: the last run exited with exactly N (a crash is >128).
assert_status() {
	if [ "$status" -ne "$1" ]; then
		show_run >&2
		fail "expected exit status $1, got $status"
	fi
}

# assert_output STRING: $output contains STRING (fixed text).
assert_output() {
	case $output in
	*"$1"*) ;;
	*) show_run >&2; fail "output lacks: $1" ;;
	esac
}

# refute_output STRING: $output does not contain STRING.
refute_output() {
	case $output in
	*"$1"*) show_run >&2; fail "output should not contain: $1" ;;
	esac
}

# assert_stderr STRING: $stderr (run --separate-stderr) contains STRING.
assert_stderr() {
	case $stderr in
	*"$1"*) ;;
	*) show_run >&2; fail "stderr lacks: $1" ;;
	esac
}

# refute_stderr STRING: $stderr (run --separate-stderr) lacks STRING.
refute_stderr() {
	case $stderr in
	*"$1"*) show_run >&2; fail "stderr should not contain: $1" ;;
	esac
}

# assert_line REGEX: some line of $output matches the extended regex.
assert_line() {
	local l

	for l in "${lines[@]}"; do
		if [[ $l =~ $1 ]]; then
			return 0
		fi
	done
	show_run >&2
	fail "no line matches: $1"
}

# refute_line REGEX: no line of $output matches the extended regex.
refute_line() {
	local l

	for l in "${lines[@]}"; do
		if [[ $l =~ $1 ]]; then
			show_run >&2
			fail "line should not match $1: $l"
		fi
	done
}

# The run table's row patterns, shared with files that do not load this.
source "${BASH_SOURCE[0]%/*}/table_patterns.bash"

# table_row NAME: the result row of benchmark NAME in $output.
table_row() {
	local l

	for l in "${lines[@]}"; do
		case $l in
		"$1 "*) printf '%s\n' "$l"; return 0 ;;
		esac
	done
	return 1
}

# A usage error: status exactly 2, the message on stderr, stdout empty.
# Needs `run --separate-stderr'.
assert_usage_error() {
	assert_status 2
	assert_stderr "cyclebench: "
	assert_stderr "$1"
	if [ -n "$output" ]; then
		show_run >&2
		fail "a usage error should print nothing on stdout"
	fi
}

# The version the header defines, e.g. 0.1.0.
cb_version() {
	sed -n 's/^#define[[:space:]]*CB_VERSION[[:space:]]*"\(.*\)"/\1/p' \
	    "$CB_HEADER"
}

# need_python: skip without python3, else set $PYTHON to the interpreter
# itself.  Version-manager shims (pyenv) cost most of a second per call on
# a busy machine, so the real path is looked up once per bats run.
need_python() {
	local cache=${BATS_RUN_TMPDIR:-$BATS_TEST_TMPDIR}/python3-path

	command -v python3 >/dev/null 2>&1 || skip "python3 is not installed"
	if [ -s "$cache" ]; then
		PYTHON=$(cat "$cache")
		return 0
	fi
	PYTHON=$(python3 -c 'import sys; print(sys.executable)') &&
	    [ -x "$PYTHON" ] || PYTHON=python3
	printf '%s\n' "$PYTHON" > "$cache.$$" && mv "$cache.$$" "$cache"
}

# json_check FILE [ARG...] <<'PY' ... PY: run the Python on stdin with
# `d' bound to FILE's parsed JSON (and sys.argv[2:] the ARGs); a failed
# assert prints its traceback and fails.  Call need_python first.
json_check() {
	"${PYTHON:-python3}" -c '
import json, sys
with open(sys.argv[1]) as f:
    d = json.load(f)
exec(compile(sys.stdin.read(), "json_check", "exec"))
' "$@"
}
