"""EmbSpatial-Bench (rlvr/evaluation/benchmarks/embspatial.py): the spatial_bench option matcher and the
exact-matching score, beyond the shared conformance cases. No model."""

import pytest

from rlvr.evaluation import benchmarks
from rlvr.evaluation.benchmarks.base import BenchmarkError, Row
from rlvr.evaluation.benchmarks.embspatial import can_match_option
from rlvr.evaluation.common import driver


@pytest.mark.parametrize("text, expected", [
    ("A", "A"), ("<answer>C</answer>", "C"), ("<answer>because D</answer>", "B"),   # first letter in the block
    ("I choose option A: the chair", "A"), ("Option B: the table", False), ("a", "A"),
    ("Final answer: D", "D"), ("E", "E"), ("G", False), ("**B**", "B"), ("", False),
    ("答案是B", "B"), ("It is between B and C but I think C.", False), ("A. the chair", "A"),
    ("<think>A or B?</think> D", "D"), ("<think>so the answer is C</think>", "C"),
    ("The chair is behind.\nThe table is in front.\nB.", "B"), ("the answer is (c)", "C"),
    ("x\u200bB", False), (3, False),
])
def test_can_match_option(text, expected):
    assert can_match_option(text) == expected


def test_score_and_both_unmatched_quirk():
    b = benchmarks.get("embspatial")
    outs = driver.run(b, [{"prediction": "B.", "answer": "B"}, {"prediction": "none", "answer": "x"},
                          {"prediction": None, "answer": "A"}], driver.no_judge)
    # both sides unmatched compare equal (False == False), as exact_match does upstream
    assert [o.result["score"] for o in outs] == [1, 1, 0]
    assert b.judge is None and b.probe_requests() == []


def test_prompt_options_json_then_literal():
    b = benchmarks.get("embspatial")
    row = Row(fields={"index": 1, "question": "Q?", "options": "['x', \"it's\"]"}, images=[b"png"])
    assert b.build_prompt(row)[-1]["value"] == ("Question: Q?\nOptions:\nA: x\nB: it's\nGive me the answer letter "
                                                "directly. The best answer is:")
    row.fields["options"] = '[1.0, true]'                       # JSON first: true -> True
    assert "A: 1.0\nB: True\n" in b.build_prompt(row)[-1]["value"]
    row.fields["options"] = "not a list ["
    with pytest.raises(BenchmarkError, match="neither JSON"):
        b.build_prompt(row)


def test_aggregate_overall_and_sources():
    b = benchmarks.get("embspatial")
    items = [{"data_source": s} for s in ("scannet", "mp3d", "mp3d", "other")]
    out = b.aggregate(items, [{"score": h} for h in (1, 1, 0, 0)])
    assert out["score"] == pytest.approx(50.0)
    assert list(out["table"]) == ["overall", "mp3d_accuracy", "scannet_accuracy", "other_accuracy"]
