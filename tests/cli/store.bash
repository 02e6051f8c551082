# SPDX-License-Identifier: BSD-2-Clause
# Shared by the results store's tests (store.bats, store_pg.bats).

FIXTURES=$BATS_TEST_DIRNAME/../fixtures
BASIC=$FIXTURES/results/rounds-cpu0.json

# have_pg: skip unless scripts/with-postgres (make check) started a server.
have_pg() {
	if [ -z "${CYCLEBENCH_TEST_PG:-}" ]; then
		skip "no PostgreSQL server (scripts/with-postgres starts one)"
	fi
	command -v psql >/dev/null 2>&1 || fail "psql is missing"
}

# pg_url: a fresh, empty database on the test server, as a URL.
pg_url() {
	local name=t_${BATS_TEST_NUMBER}_$$_$RANDOM

	psql -X -q -v ON_ERROR_STOP=1 "$CYCLEBENCH_TEST_PG" \
	    -c "CREATE DATABASE $name" >/dev/null || return 1
	printf '%s\n' "${CYCLEBENCH_TEST_PG/\/cyclebench\?//$name?}"
}

# make_runs DIR RUNS MACHINES [ARGS...]: made-up results files
# (tests/fixtures/store/make-runs.py).
make_runs() {
	need_python
	"$PYTHON" "$FIXTURES/store/make-runs.py" "$BASIC" "$@"
}

# runs_in URL: how many runs the store holds.
runs_in() {
	"$CB" db info --db "$1" | sed -n 's/^holds: *\([0-9]*\) run.*/\1/p'
}

# every_export_matches URL DIR: each file of DIR is stored byte for byte,
# and nothing else is.
every_export_matches() {
	local f n

	rm -rf exported
	mkdir exported
	"$CB" db export --db "$1" all -o exported >/dev/null || return 1
	n=$(ls "$2" | wc -l)
	[ "$(ls exported | wc -l)" -eq "$n" ] ||
	    fail "$(ls exported | wc -l) runs exported, $n files imported"
	for f in exported/*; do sha256sum <"$f"; done | sort >exported.sums
	for f in "$2"/*; do sha256sum <"$f"; done | sort >imported.sums
	cmp -s exported.sums imported.sums ||
	    fail "the exported documents differ from the imported files"
}

# concurrent URL N FILES_PER: N processes importing their own files at
# once; every run must be there afterwards.
concurrent() {
	local url=$1 n=$2 per=$3 i pids=""

	make_runs all $((n * per)) "$n"
	for i in $(seq 0 $((n - 1))); do
		mkdir -p "part$i"
		for k in $(seq 0 $((per - 1))); do
			mv "all/run-$(printf %04d $((i * per + k))).json" "part$i/"
		done
	done
	for i in $(seq 0 $((n - 1))); do
		"$CB" db import --db "$url" part"$i"/*.json >"log$i" 2>&1 &
		pids="$pids $!"
	done
	for p in $pids; do
		wait "$p" || { cat log*; fail "an import failed"; }
	done
	[ "$(runs_in "$url")" -eq $((n * per)) ] ||
	    fail "$(runs_in "$url") runs stored of $((n * per))"
	mkdir -p every
	cp part*/*.json every/
	every_export_matches "$url" every
}
