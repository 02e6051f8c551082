# SPDX-License-Identifier: BSD-2-Clause
# bash completion for cyclebench(1).  What it offers comes from the binary
# wherever the binary knows it, so that it cannot fall out of step:
# commands from --help, a command's options from its --help (a short
# option stands for the long one beside it there), --format's values
# from the message a wrong one gets, --what-if's events and db's
# subcommands from their --help, suites, benchmarks and parameters from
# 'cyclebench list', machines and context keys from the results store.
# What an option's value is, is one line of _cyclebench_kind;
# tests/cli/completion.bats fails when an option that takes a value in
# some --help has none there.  completion/_cyclebench is the same for
# zsh, with the same table.  Installed by 'make install' into
# share/bash-completion/completions/cyclebench.

# _cyclebench_kind COMMAND --OPTION: what the option's value is; "flag"
# when it takes none.
_cyclebench_kind() {
	case $1:$2 in
	*:--json|*:--csv|*:--costs|*:--file|*:--init-file|*:--vs-file|\
	*:--noise|*:--output|*:--store|*:--exegesis-yaml) echo file ;;
	*:--runs|*:--noise-runs|*:--where) echo selection ;;
	*:--db) echo file ;;
	*:--format) echo format ;;
	*:--param) echo param ;;
	*:--cpu) echo cpu ;;
	*:--context) echo context ;;
	impact:--what-if) echo event ;;
	table:--by) echo dimension ;;
	history:--machine) echo machine ;;
	*:--label|*:--rounds|*:--repetitions|*:--timeout|*:--precision|\
	*:--threshold|*:--fail-above|*:--unroll|*:--last|asm:--init|\
	asm:--vs|characterize:--llvm) echo text ;;
	*) echo flag ;;
	esac
}

# _cyclebench_words CYCLEBENCH WHAT [COMMAND] [STORE-ARGS...]: the words
# the binary gives for WHAT, one a line.
_cyclebench_words() {
	local cb=$1 what=$2 cmd=$3
	shift $(($# < 3 ? $# : 3))
	case $what in
	commands)
		"$cb" --help 2>/dev/null |
		    sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p' ;;
	options)
		"$cb" "$cmd" --help 2>/dev/null |
		    grep -oE -- '(^|[ ,])--?[a-zA-Z][a-z-]*' |
		    sed 's/^[ ,]*//' | sort -u ;;
	long)	# the long option a short one stands for, as --help pairs them
		"$cb" "$cmd" --help 2>/dev/null |
		    sed -n "s/^ *$1, \(--[a-z-]*\).*/\1/p" | head -n 1 ;;
	format)
		"$cb" "$cmd" --format , 2>&1 |
		    sed -n "s/.*--format is \(.*\), not ','.*/\1/p" |
		    sed 's/, / /g; s/ or / /g' | tr ' ' '\n' ;;
	suites)
		"$cb" list --suites --names 2>/dev/null ;;
	names)
		"$cb" list --suites --names 2>/dev/null
		"$cb" list --names 2>/dev/null | sed 's/ .*//' | uniq ;;
	param)
		"$cb" list --names 2>/dev/null | tr ' ' '\n' | grep = |
		    sort -u ;;
	event)
		"$cb" impact --help 2>/dev/null | sed -n 's/^events: //p' |
		    sed 's/, */=\n/g; s/$/=/' ;;
	subcommands)
		"$cb" db --help 2>/dev/null |
		    sed -n 's/^[a-z: ]*cyclebench db \([a-z]*\).*/\1/p' ;;
	machine)
		"$cb" db machines "$@" 2>/dev/null | awk 'NR > 1 { print $1 }' ;;
	keys)	# the context keys of the stored runs
		"$cb" db runs "$@" 2>/dev/null | awk 'NR > 1' |
		    grep -oE ' [A-Za-z_][A-Za-z0-9_.-]*=' | tr -d ' =' |
		    sort -u ;;
	dimension)
		printf '%s\n' machine kernel microcode
		_cyclebench_words "$cb" keys "$cmd" "$@" ;;
	selection)
		printf '%s\n' machine= kernel= microcode= since= until= run= \
		    last= all
		_cyclebench_words "$cb" keys "$cmd" "$@" | sed 's/$/=/' ;;
	context)
		printf '%s\n' git host commit= ;;
	cpu)
		seq 0 $(($(nproc 2>/dev/null || echo 1) - 1)) ;;
	esac
}

_cyclebench() {
	local cur prev cb cmd opt kind words store=() i
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	cb=${COMP_WORDS[0]}
	command -v "$cb" >/dev/null 2>&1 || cb=cyclebench
	COMPREPLY=()
	if [ "$COMP_CWORD" -eq 1 ]; then
		words="$(_cyclebench_words "$cb" commands) help --help --version"
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		return 0
	fi
	cmd=${COMP_WORDS[1]}
	# The store the line names, for the values read from it.
	for ((i = 2; i < COMP_CWORD - 1; i++)); do
		case ${COMP_WORDS[i]} in
		--db|--store)
			[ "$(_cyclebench_kind "$cmd" "${COMP_WORDS[i]}")" = \
			    file ] && store=(--db "${COMP_WORDS[i+1]}") ;;
		esac
	done
	opt=$prev
	case $opt in
	--*) ;;
	-?) opt=$(_cyclebench_words "$cb" long "$cmd" "$opt") ;;
	esac
	kind=$(_cyclebench_kind "$cmd" "$opt")
	case $kind in
	flag) ;;
	file)
		COMPREPLY=($(compgen -f -- "$cur"))
		return 0 ;;
	text)
		return 0 ;;
	*)
		COMPREPLY=($(compgen -W "$(_cyclebench_words "$cb" "$kind" \
		    "$cmd" "${store[@]}")" -- "$cur"))
		case ${COMPREPLY[0]} in
		*=) compopt -o nospace 2>/dev/null ;;
		esac
		return 0 ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_cyclebench_words "$cb" options \
		    "$cmd") --help" -- "$cur"))
		return 0
	fi
	case $cmd in
	run|list)
		COMPREPLY=($(compgen -W "$(_cyclebench_words "$cb" names)" \
		    -- "$cur")) ;;
	history)
		COMPREPLY=($(compgen -W "$(_cyclebench_words "$cb" names)" \
		    -- "$cur")) ;;
	table)
		COMPREPLY=($(compgen -W "$(_cyclebench_words "$cb" suites)" \
		    -- "$cur")) ;;
	compare|report)
		COMPREPLY=($(compgen -f -X '!*.json' -- "$cur") \
		    $(compgen -d -- "$cur")) ;;
	db)
		if [ "$COMP_CWORD" -eq 2 ]; then
			COMPREPLY=($(compgen -W "$(_cyclebench_words "$cb" \
			    subcommands)" -- "$cur"))
		elif [ "${COMP_WORDS[2]}" = import ]; then
			COMPREPLY=($(compgen -f -- "$cur"))
		elif [ "${COMP_WORDS[2]}" = export ] ||
		    [ "${COMP_WORDS[2]}" = runs ]; then
			COMPREPLY=($(compgen -W "$(_cyclebench_words "$cb" \
			    selection db "${store[@]}")" -- "$cur"))
			compopt -o nospace 2>/dev/null
		fi ;;
	help)
		[ "$COMP_CWORD" -eq 2 ] &&
		    COMPREPLY=($(compgen -W "$(_cyclebench_words "$cb" \
		    commands)" -- "$cur")) ;;
	impact)
		COMPREPLY=($(compgen -c -- "$cur")) ;;
	esac
	return 0
}

complete -F _cyclebench cyclebench
