#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# Shell completion as bash and zsh run it: the completion functions are
# called with the words typed so far, against the binary under test, and
# must offer its commands, options, suite and benchmark names.

load helpers

ROOT=$BATS_TEST_DIRNAME/../..

# bash_complete WORD...: what bash would offer after these words (the
# last one is being typed), one a line.
bash_complete() {
	bash -c '
		source "$1"/completion/cyclebench.bash
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_cyclebench
		printf "%s\n" "${COMPREPLY[@]}"
	' _ "$ROOT" "$CB" "$@"
}

# zsh_complete WORD...: the same for zsh, with compadd and _files
# standing in for the completion system.  zsh's compadd does the prefix
# matching itself, so everything offered is printed.
zsh_complete() {
	zsh -f -c '
		compadd() { [[ $1 == -a ]] && print -l -- ${(P)2}; }
		_files() { print -- "(files $*)"; }
		_command_names() { print -- "(commands)"; }
		source "$1"/completion/_cyclebench
		shift
		words=("$@")
		CURRENT=$#words
		_cyclebench
	' _ "$ROOT" "$CB" "$@"
}

@test "bash: commands, options, names, parameters, formats" {
	run bash_complete r
	[ "$output" = "$(printf 'report\nrun')" ] || fail "commands: $output"
	run bash_complete run --j
	[ "$output" = "--json" ] || fail "options: $output"
	run bash_complete list --
	assert_line '^--suites$'
	assert_line '^--names$'
	run bash_complete run basic/imul
	[ "$output" = "$(printf 'basic/imul-latency\nbasic/imul-throughput')" ] ||
	    fail "names: $output"
	run bash_complete run cou
	[ "${lines[0]}" = counter ] || fail "suites: $output"
	assert_line '^counter/simple$'
	refute_line ' '

	run bash_complete run --param fp
	[ "$output" = "$(printf 'fpu=both\nfpu=none\nfpu=one')" ] ||
	    fail "parameters: $output"
	run bash_complete compare --format g
	[ "$output" = github ] || fail "formats: $output"
	run bash_complete asm --lat
	[ "$output" = --latency ] || fail "asm options: $output"
}

@test "zsh: commands, options, names, parameters, files" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	run zsh_complete x
	assert_status 0
	assert_line '^run$'
	assert_line '^compare$'
	run zsh_complete run --
	assert_line '^--json$'
	assert_line '^--param$'
	run zsh_complete run x
	assert_line '^ctxsw$'
	assert_line '^ctxsw/pipe-procs$'
	refute_line ' '
	run zsh_complete list --param x
	assert_line '^cpus=2$'
	run zsh_complete report --output x
	[ "$output" = "(files )" ] || fail "files: $output"
	run zsh_complete compare x
	[ "$output" = "(files -g *.json)" ] || fail "json files: $output"
}

@test "make install puts both completions where the shells look" {
	run make -s -n -C "$ROOT" install DESTDIR=/stage PREFIX=/usr
	assert_status 0
	# one command a line, without make's continuation backslashes
	output=$(tr -s ' \\\n' ' ' <<<"$output")
	assert_output 'completion/cyclebench.bash /stage/usr/share/bash-completion/completions/cyclebench'
	assert_output 'completion/_cyclebench /stage/usr/share/zsh/site-functions/_cyclebench'
}
