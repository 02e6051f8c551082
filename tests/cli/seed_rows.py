#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Check the rows of the seed suites across runs of `cyclebench run --json`.

usage: seed_rows.py GROUP[,GROUP...] RUN.json RUN.json [RUN.json...]

Every row of the groups must be ok with a plausible number (finite, not
negative) or skipped with a reason, and in every run.  A row is stable
when two of the runs agree within REL of the larger or ABS cycles,
whichever is looser: the machine is shared and noisy, so a third run may
vouch for one of the first two.  Contended rows are exempt from the
stability check (their figure follows how much of its CPU the partner
thread got), not from the others.  The cmpset rows' seed-method extras
(from the fastest of its passes) must agree with the engine's tenth
percentile within SEED_REL or SEED_ABS cycles, in both of the first two
runs or else in a third: the two are taken moments apart, so a busy
phase of the host can part them in one run (cmpset-nolock once 6.74
against 5.03) or in both (0.53 against 4.11 in a CI run beside a
compile), and the seed's
subtraction of its baseline loop runs one to two cycles low where the loop
overlaps the operation.  (Not the fastest sample: on a shared core one
fitted slope in a hundred can come out far too low, cmpset-pushf once
12.2 against 28.4.)

Exit 0: all good.  Exit 1: only rows to run again, unstable or with the
seed method apart in one or both of two runs; their names are printed,
one per line.  Exit 2: a row is wrong (message on stderr).
"""
import json
import math
import sys

REL = 0.30
ABS = 0.30
SEED_REL = 0.25
SEED_ABS = 2.5


def label(r):
    return r["name"] + "".join(
        " %s=%s" % (k, v) for k, v in sorted(r["params"].items()))


def load(path, groups):
    with open(path) as f:
        doc = json.load(f)
    return {label(r): r for r in doc["results"] if r["group"] in groups}


def wrong(r):
    if r["status"] == "skipped":
        return None if r["reason"] else "skipped without a reason"
    if r["status"] != "ok":
        return "%s: %s" % (r["status"], r["reason"])
    med = r["cycles"]["median"]
    if med is None or not math.isfinite(med) or med < 0:
        return "implausible median %r" % (med,)
    return None


def seed_disagrees(r):
    # The seed method has no contention probe: where the engine saw the
    # core shared, its one-shot subtraction is not a figure to hold the
    # fit to (2 to 3.4 cycles low under CI's load on a Zen 4 guest).
    # The share, not the flag: the flag is raised only where contention
    # moved the engine's figure, the seed method has no probe at all.
    if ((r.get("estimate") or {}).get("contended") or 0) > 0.25:
        return None
    seed = r["extras"].get("seed_cycles")
    fast = r["cycles"]["p10"]
    if seed is not None and abs(seed - fast) > max(SEED_REL * fast,
                                                   SEED_ABS):
        return "seed method %.2f disagrees with the fit's p10 %.2f" % (
            seed, fast)
    return None


def agree(a, b):
    return abs(a - b) <= max(REL * max(a, b), ABS)


def main():
    groups = set(sys.argv[1].split(","))
    runs = [load(p, groups) for p in sys.argv[2:]]
    bad = 0
    if not runs[0]:
        print("no rows of %s" % sys.argv[1], file=sys.stderr)
        return 2
    for run in runs[1:]:
        if set(run) - set(runs[0]):
            print("rows only in a later run: %s" %
                  sorted(set(run) - set(runs[0])), file=sys.stderr)
            bad = 1
    again = []
    for name, first in runs[0].items():
        for run in runs[:2]:
            if name not in run:
                print("%s: missing from a run" % name, file=sys.stderr)
                bad = 1
            elif wrong(run[name]):
                print("%s: %s" % (name, wrong(run[name])), file=sys.stderr)
                bad = 1
        if first["status"] != "ok":
            continue
        ok_runs = [run[name] for run in runs
                   if name in run and run[name]["status"] == "ok"]
        seed = [seed_disagrees(r) for r in ok_runs]
        agreeing = len(ok_runs) - sum(s is not None for s in seed)
        # Two runs taken in one busy phase of the host can both part
        # from the fit; a third, later, must then agree.
        if agreeing < (2 if len(runs) < 3 else 1):
            why = "%s: %s" % (name, "; ".join(s for s in seed if s))
            if len(runs) < 3:
                again.append((first["name"], "seed apart: " + why))
            else:
                print(why, file=sys.stderr)
                bad = 1
        if "contended" in name:
            continue
        meds = [r["cycles"]["median"] for r in ok_runs]
        if not any(agree(a, b) for i, a in enumerate(meds)
                   for b in meds[i + 1:]):
            again.append((first["name"], "unstable: %s: %s" % (name, meds)))
    if bad:
        return 2
    for bench in sorted({a[0] for a in again}):
        print(bench)
    for a in again:
        print(a[1], file=sys.stderr)
    return 1 if again else 0


if __name__ == "__main__":
    sys.exit(main())
