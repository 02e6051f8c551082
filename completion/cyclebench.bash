# SPDX-License-Identifier: BSD-2-Clause
# bash completion for cyclebench(1): commands, each command's options
# (read from its --help, so they cannot fall out of step), suite and
# benchmark names and parameters (from 'cyclebench list'), file names
# where an option takes a file.  Installed by 'make install' into
# share/bash-completion/completions/cyclebench.

_cyclebench_words() {
	# $1: the cyclebench to ask; $2: what to ask for
	case $2 in
	commands)
		"$1" --help 2>/dev/null |
		    sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p' ;;
	options:*)
		"$1" "${2#options:}" --help 2>/dev/null |
		    grep -oE -- '(^|[ ,])--?[a-zA-Z][a-z-]*' |
		    sed 's/^[ ,]*//' | sort -u ;;
	names)
		"$1" list --suites --names 2>/dev/null
		"$1" list --names 2>/dev/null | sed 's/ .*//' | uniq ;;
	params)
		"$1" list --names 2>/dev/null | tr ' ' '\n' | grep = |
		    sort -u ;;
	esac
}

_cyclebench() {
	local cur prev cb cmd words
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	cb=${COMP_WORDS[0]}
	command -v "$cb" >/dev/null 2>&1 || cb=cyclebench
	COMPREPLY=()
	if [ "$COMP_CWORD" -eq 1 ]; then
		words="$(_cyclebench_words "$cb" commands) --help --version"
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		return 0
	fi
	cmd=${COMP_WORDS[1]}
	case $prev in
	--json|--csv|-o|--output|--costs|--file|--init-file|--vs-file)
		COMPREPLY=($(compgen -f -- "$cur"))
		return 0 ;;
	--format)
		case $cmd in
		compare) words="text markdown csv json github" ;;
		*) words="text markdown" ;;
		esac
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		return 0 ;;
	--param)
		COMPREPLY=($(compgen -W "$(_cyclebench_words "$cb" params)" \
		    -- "$cur"))
		return 0 ;;
	--cpu)
		COMPREPLY=($(compgen -W "$(seq 0 $(($(nproc 2>/dev/null ||
		    echo 1) - 1)))" -- "$cur"))
		return 0 ;;
	--label|--what-if|--repetitions|--timeout|--threshold|--rounds|\
	--unroll|--init|--vs|--context|--fail-above|--noise-db)
		return 0 ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_cyclebench_words "$cb" \
		    "options:$cmd") --help" -- "$cur"))
		return 0
	fi
	case $cmd in
	run|list)
		COMPREPLY=($(compgen -W "$(_cyclebench_words "$cb" names)" \
		    -- "$cur")) ;;
	compare|report)
		COMPREPLY=($(compgen -f -X '!*.json' -- "$cur") \
		    $(compgen -d -- "$cur")) ;;
	impact)
		COMPREPLY=($(compgen -c -- "$cur")) ;;
	esac
	return 0
}

complete -F _cyclebench cyclebench
