#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# Shell completion as bash and zsh run it: the completion functions are
# called with the words typed so far, against the binary under test, and
# must offer its commands, options, suite and benchmark names and the
# values of every option that takes one; the table of what each option's
# value is (_cyclebench_kind) is held against every command's --help, so
# an option added without its line fails here.

load helpers
load store

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
		compadd() {
			while (( $# )); do
				[[ $1 == -a ]] && { print -l -- ${(P)2}; return; }
				shift
			done
		}
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

# help_options CMD: "OPTION METAVAR" (METAVAR empty for a flag), for each
# option a line of CMD's --help starts with.
help_options() {
	"$CB" "$1" --help | grep -E '^  -' |
	    sed 's/^  //; s/  .*//; s/: .*//; s/, /\n/g' | grep '^-' |
	    sed -E 's/^(-[-a-z]+)( ([A-Z][^ ]*))?.*/\1 \3/'
}

# kind SHELL COMMAND OPTION: what the completion takes OPTION's value for.
kind() {
	case $1 in
	bash) bash -c 'source "$1"/completion/cyclebench.bash
		_cyclebench_kind "$2" "$3"' _ "$ROOT" "$2" "$3" ;;
	zsh) zsh -f -c 'source "$1"/completion/_cyclebench >/dev/null 2>&1
		_cyclebench_kind "$2" "$3"' _ "$ROOT" "$2" "$3" ;;
	esac
}

@test "every option that takes a value in some --help has a kind, the same in bash and zsh" {
	local cmd opt meta k kz shells=bash missing=""
	command -v zsh >/dev/null && shells="bash zsh"
	for cmd in $("$CB" --help | sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p'); do
		while read -r opt meta; do
			case $opt in
			--*) ;;
			*) continue ;;	# a short one follows its long one
			esac
			k=$(kind bash "$cmd" "$opt")
			if [ -n "$meta" ] && [ "$k" = flag ]; then
				missing="$missing $cmd:$opt($meta)"
			elif [ -z "$meta" ] && [ "$k" != flag ]; then
				missing="$missing $cmd:$opt(a flag, taken as $k)"
			fi
			if [[ $shells == *zsh* ]]; then
				kz=$(kind zsh "$cmd" "$opt")
				[ "$kz" = "$k" ] ||
				    missing="$missing $cmd:$opt(zsh $kz, bash $k)"
			fi
		done < <(help_options "$cmd")
	done
	[ -z "$missing" ] ||
	    fail "completion/_cyclebench_kind has no line for:$missing"
}

@test "bash: the values of options, from the binary and the store" {
	make_runs runs 2 1
	export CYCLEBENCH_DB=$PWD/s.db
	"$CB" db import runs/*.json >/dev/null
	touch a.json b.json other.txt
	# every format the command has, csv for table too
	run bash_complete table --format ''
	[ "$output" = "$(printf 'text\nmarkdown\ncsv')" ] || fail "table: $output"
	run bash_complete history --format ''
	[ "$output" = "$(printf 'text\ncsv')" ] || fail "history: $output"
	# after --vs, the next side's files
	run bash_complete compare a.json --vs ''
	assert_line '^b\.json$'
	refute_line 'other.txt'
	# names and suites for history and table, --by's dimensions and the
	# store's context keys
	run bash_complete history basic/imul-l
	[ "$output" = basic/imul-latency ] || fail "history: $output"
	run bash_complete table cou
	[ "$output" = counter ] || fail "table: $output"
	run bash_complete table basic --by ''
	[ "$output" = "$(printf 'machine\nkernel\nmicrocode\ncommit')" ] ||
	    fail "--by: $output"
	run bash_complete history --machine ''
	[ "${#lines[@]}" -eq 1 ] && [[ $output =~ ^[0-9a-f]{16}$ ]] ||
	    fail "--machine: $output"
	run bash_complete history --where c
	[ "$output" = commit= ] || fail "--where: $output"
	# db's subcommands, a selection after runs
	run bash_complete db ''
	[ "$output" = "$(printf 'import\nexport\nruns\nmachines\ninfo')" ] ||
	    fail "db: $output"
	run bash_complete db runs la
	[ "$output" = last= ] || fail "db runs: $output"
	# --what-if's events, help's commands, a short option as its long one
	run bash_complete impact --what-if ct
	[ "$output" = ctxsw= ] || fail "--what-if: $output"
	run bash_complete help r
	[ "$output" = "$(printf 'report\nrun')" ] || fail "help: $output"
	run bash_complete report -o a
	[ "$output" = a.json ] || fail "-o: $output"
	run bash_complete run --context g
	[ "$output" = git ] || fail "--context: $output"
	# a value typed freely: nothing offered
	run bash_complete run --rounds ''
	[ -z "$output" ] || fail "--rounds: $output"
}

@test "zsh: the values of options" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	run zsh_complete table --format x
	[ "$output" = "$(printf 'text\nmarkdown\ncsv')" ] || fail "table: $output"
	run zsh_complete impact --what-if x
	assert_line '^ctxsw=$'
	run zsh_complete db x
	assert_line '^machines$'
	run zsh_complete table x
	assert_line '^counter$'
	refute_line '/'
	run zsh_complete help x
	assert_line '^run$'
	run zsh_complete compare a.json --vs x
	[ "$output" = "(files -g *.json)" ] || fail "--vs: $output"
}
