"""What a user sees does not change in value when the code is reorganized.

``digests.json`` holds digests of tables, summaries, play-by-play and CLI JSON documents of every game and two
sample leagues at fixed seeds (golden_runs.py), recorded before the game contract (Blue Line's and Pass & Score's
after it).  Each output is recomputed and
compared column by column and key by key; a name changed since is looked up under its new name
(``golden_runs.BACK``).  Values corrected on purpose are listed, with the reason, in ``golden_runs.CORRECTIONS``.
"""
from __future__ import annotations

import json
import warnings

import pytest

import golden_runs as G

RECORDED = json.loads(G.DIGESTS.read_text())


@pytest.fixture(scope="module")
def outputs(request):
    cache = {}

    def get(group):
        if group not in cache:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                cache[group] = G.RUNS[group]()
        return cache[group]
    return get


@pytest.mark.parametrize("group", list(G.RUNS))
def test_outputs_unchanged(outputs, group):
    got = outputs(group)
    names = [k for k in RECORDED if k.split("/")[0] == group]
    assert names, f"no digests recorded for {group}"
    problems = []
    for name in names:
        rec = RECORDED[name]
        if name not in got:
            problems.append(f"{name}: no longer produced")
            continue
        d = G.digest(got[name], rec.get("schema"), G.back(name), drop=G.CORRECTIONS.get(name, ()))
        if rec["kind"] == "frame" and d.get("rows") != rec["rows"]:
            problems.append(f"{name}: {d.get('rows')} rows, recorded {rec['rows']}")
        field = "columns" if rec["kind"] == "frame" else "keys"
        for col, sha in rec[field].items():
            if col not in d[field]:
                problems.append(f"{name}: {col} missing")
            elif d[field][col] != sha:
                problems.append(f"{name}: {col} changed")
    assert not problems, "\n".join(problems)
