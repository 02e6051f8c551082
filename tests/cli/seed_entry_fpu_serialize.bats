#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# The entry, fpu and serialize suites through the command line: listed
# with the seed they answer, and every row of a run either measured or
# skipped with its reason, with the params the seed-style tables pivot on.

setup() {
	CB=${CYCLEBENCH:?set CYCLEBENCH to the cyclebench binary}
	OUT=$BATS_TEST_TMPDIR
}

@test "list names each suite's seed" {
	run "$CB" list entry fpu serialize
	[ "$status" -eq 0 ]
	[[ "$output" == *"entry: Seed 000"* ]]
	[[ "$output" == *"fpu: Seed 003"* ]]
	[[ "$output" == *"serialize: "* ]]
	[[ "$output" == *"entry/fix2 user_pct=75"* ]]
	[[ "$output" == *"fpu/fxsave state=inf-unmasked"* ]]
}

@test "run: every row ok or skipped with a reason, params in the JSON" {
	run "$CB" run entry fpu serialize --quick --repetitions 5 \
	    --json "$OUT/r.json"
	[ "$status" -eq 0 ]
	run python3 - "$OUT/r.json" <<'PY'
import json, math, sys
res = json.load(open(sys.argv[1]))["results"]
bad = []
for r in res:
    label = r["name"] + " " + json.dumps(r["params"])
    if r["status"] == "skipped":
        if not r["reason"]:
            bad.append(label + ": skipped without a reason")
    elif r["status"] != "ok":
        bad.append(label + ": " + r["status"] + ": " + str(r["reason"]))
    elif not (math.isfinite(r["cycles"]["median"]) and
              r["cycles"]["median"] >= 0):
        bad.append(label + ": implausible " + str(r["cycles"]["median"]))
names = {(r["name"], json.dumps(r["params"], sort_keys=True)) for r in res}
for v in ("old", "new", "fix1", "fix2", "none"):
    for pct in (0, 25, 50, 75, 100):
        if ("entry/" + v, json.dumps({"user_pct": pct})) not in names:
            bad.append("missing entry/%s user_pct=%d" % (v, pct))
for pair in ("fxsave", "fnsave", "xsave", "xsaveopt", "xsavec"):
    for st in ("fresh", "ones", "inf", "inf-unmasked"):
        if ("fpu/" + pair, json.dumps({"state": st})) not in names:
            bad.append("missing fpu/%s state=%s" % (pair, st))
xs = [r for r in res if r["name"] == "fpu/xsaves"]
if not xs or xs[0]["status"] != "skipped" or "privileged" not in xs[0]["reason"]:
    bad.append("fpu/xsaves is not skipped as kernel-only")
cpuid = [r for r in res if r["name"] == "serialize/cpuid"][0]
if "vm_exit" not in cpuid["extras"]:
    bad.append("serialize/cpuid has no extras.vm_exit")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "a feature CPUID does not report is skipped, never executed" {
	run "$CB" run serialize/rdtscp serialize/rdpid serialize/serialize \
	    entry/rdfsbase --quick --repetitions 5
	[ "$status" -eq 0 ]
	while read -r name mode rest; do
		case "$rest" in
		skipped:*) [[ "$rest" == *"does not offer"* ]] ;;
		esac
	done < <(grep -E '^(serialize|entry)/' <<<"$output")
}
