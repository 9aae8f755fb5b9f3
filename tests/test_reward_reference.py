"""Reward parity with the reference scorer (maveryn/trace ``score_trace_response``, answer mode).

``tests/data/reward_reference/golden.json`` holds 1,021 responses with the reward the reference gave them
(made by ``make_golden.py`` from the reference's own code): hand-written probes of every rule, a seeded
fuzz, and six responses per row of the release-format sample.  ``tracegen.reward`` must give the same
``overall``, ``accuracy`` and ``format`` on every one.  The release rows are read from
``../shared/reference/release_sample`` (the reference exporter's output, 12.5 MB, kept outside the
repository): that test skips where it is absent.
"""

import importlib.util
import json
from pathlib import Path

import pytest

import refdata
from tracegen import reward

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "reward_reference"
RELEASE_SAMPLE = refdata.external("release_sample")


def _load_maker():
    spec = importlib.util.spec_from_file_location("make_golden", DATA / "make_golden.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


GOLDEN = json.loads((DATA / "golden.json").read_text(encoding="utf-8"))
MAKER = _load_maker()


def _key(r):
    return (float(r["overall"]), float(r["accuracy"]), float(r["format"]))


def test_golden_is_what_the_maker_builds():
    """The stored cases are the maker's current cases (nothing edited by hand, nothing stale)."""
    cases = GOLDEN["cases"]
    hand = [(c["response"], c["answer_gt"]) for c in cases if c["group"] == "handcrafted"]
    fuzz = [(c["response"], c["answer_gt"]) for c in cases if c["group"] == "fuzz"]
    assert hand == [(r, g) for r, g in MAKER.HANDCRAFTED]
    assert fuzz == [(r, g) for r, g in MAKER.fuzz_cases()]
    assert GOLDEN["reference"]["commit"] == MAKER.REFERENCE_COMMIT
    assert GOLDEN["reference"]["call"] == {"trace_reward_mode": "answer", "trace_answer_scoring": "exact_json",
                                           "answer_weight": 1.0, "annotation_weight": 0.0, "format_weight": 0.05}


@pytest.mark.parametrize("group", ["handcrafted", "fuzz"])
def test_same_reward_as_the_reference(group):
    cases = [c for c in GOLDEN["cases"] if c["group"] == group]
    assert len(cases) >= 100
    diffs = []
    for c in cases:
        r = reward.score(c["response"], c["answer_gt"], c["annotation_gt"], c["reward_contract"])
        assert r["error"] is None, (c["id"], r["error"])
        if _key(r) != _key(c["expected"]):
            diffs.append((c["id"], c["response"][:80], _key(r), _key(c["expected"])))
    assert not diffs, diffs[:10]


def test_the_three_known_differences_now_follow_the_reference():
    """Issue: a Python-literal dict and {"answer": NaN} earn format credit; true equals integer 1."""
    expected = {(c["response"], json.dumps(c["answer_gt"])): c["expected"] for c in GOLDEN["cases"]
                if c["group"] == "handcrafted"}
    for resp, answer_gt, value in (("{'answer': 15}", {"type": "integer", "value": 15}, (1.0, 1.0, 1.0)),
                                   ('{"answer": NaN}', {"type": "number", "value": 1.0}, (0.05, 0.0, 1.0)),
                                   ('{"answer": true}', {"type": "integer", "value": 1}, (1.0, 1.0, 1.0))):
        assert _key(expected[resp, json.dumps(answer_gt)]) == value
        assert _key(reward.score(resp, answer_gt)) == value


@refdata.needs_external("release_sample")
def test_release_rows_score_like_the_reference():
    import pyarrow.parquet as pq

    rows = {}
    for f in sorted(RELEASE_SAMPLE.glob("*/*.parquet")):
        for row in pq.read_table(f).to_pylist():
            rows[row["instance_id"]] = row
    assert len(rows) == 80
    cases = [c for c in GOLDEN["cases"] if c["group"] == "release"]
    assert {c["instance_id"] for c in cases} == set(rows)
    kinds = set(MAKER.release_responses({"type": "integer", "value": 1}))
    assert {c["kind"] for c in cases} == kinds and len(cases) == len(rows) * len(kinds)
    for c in cases:
        row = rows[c["instance_id"]]
        answer_gt = json.loads(row["answer_gt"])
        assert c["response"] == MAKER.release_responses(answer_gt)[c["kind"]]
        r = reward.score(c["response"], answer_gt, json.loads(row["annotation_gt"]), json.loads(row["reward_contract"]))
        assert r["error"] is None and _key(r) == _key(c["expected"]), (c["id"], r, c["expected"])
