"""PuzzleVQA and VisualPuzzles (rlvr/evaluation/benchmarks/puzzles.py) and TRACE's unambiguous-letter parser:
behaviour beyond the shared conformance cases. No model."""

import pytest

from rlvr.evaluation import benchmarks
from rlvr.evaluation.benchmarks import puzzles
from rlvr.evaluation.benchmarks.base import BenchmarkError, Row
from rlvr.evaluation.common import driver, judge_protocol as jp
from rlvr.evaluation.common.trace_parsing import extract_unambiguous_abcd


@pytest.mark.parametrize("text, expected", [
    ("Reasoning...\nAnswer: B", "B"), ("answer: b", "B"), ("<answer>C</answer>", "C"),
    ("So the result is \\boxed{D}", "D"), ("Answer: A\nHmm, actually \\boxed{B}", "Z"),   # conflict
    ("Answer: A\nFinal check.\nAnswer: A", "A"), ("<answer>\\boxed{\\text{C}}</answer>", "C"),
    ("The answer is C", "Z"), ("<answer>Answer: D</answer>", "D"), ("\\boxed{(A)}", "A"),
    ("\\boxed{$B$}", "B"), ("\\boxed{E}", "Z"), ("<answer>A</answer> <answer>A</answer>", "Z"),
    ("Answer: E", "Z"), ("**Answer:** B", "Z"), ("", "Z"), (None, "Z"), (float("nan"), "Z"),
    ("<answer>reasoning\nAnswer: \\(C\\)</answer>", "C"),           # the block's last "answer:" line
    ("\\boxed{\\boxed{A}}", "A"),
])
def test_extract_unambiguous_abcd(text, expected):
    assert extract_unambiguous_abcd(text) == expected


def test_prompts_options_and_in_image_line():
    pv, vp = benchmarks.get("puzzlevqa"), benchmarks.get("visualpuzzles")
    row = Row(fields={"index": 1, "question": "Q?", "options": "['3', 5, \"it's\"]"}, images=[b"png"])
    text = pv.build_prompt(row)[-1]["value"]
    assert text.startswith("Q?\nOptions:\n(A) 3\n(B) 5\n(C) it's\nSolve the multiple-choice question")
    # VisualPuzzles takes single-quoted runs: the apostrophe splits the option apart
    assert vp.build_prompt(row)[-1]["value"].startswith("Q?\nOptions:\n(A) 3\nSolve")
    row.fields["options"] = "[\"it's Tom\", 'Ann', 'Bob', 'Cy']"
    assert vp.build_prompt(row)[-1]["value"].startswith("Q?\nOptions:\n(A) s Tom\", \n(B) , \n(C) , \nSolve")
    none = Row(fields={"index": 2, "question": "Q?", "options": None}, images=[b"png"])
    assert vp.build_prompt(none)[-1]["value"].startswith(
        "Q?\nOptions: Choose from (A) (B) (C) (D) in the image.\nSolve")
    with pytest.raises(BenchmarkError, match="cannot be evaluated"):
        pv.build_prompt(none)
    with pytest.raises(BenchmarkError, match="not text"):
        vp.build_prompt(Row(fields={"index": 3, "question": 7, "options": None}, images=[b"png"]))


def test_scoring_gold_letters_and_probe():
    pv, vp = benchmarks.get("puzzlevqa"), benchmarks.get("visualpuzzles")
    items = [{"options": "['3', '5', '7', '9']", "answer": 7, "prediction": "Answer: C"},
             {"options": "['red', 'blue']", "answer": "blue", "prediction": "answer: a"}]
    outcomes = driver.run(pv, items, driver.no_judge)
    assert [o.result for o in outcomes] == [{"score": 1, "extracted": "C", "gold_letter": "C"},
                                            {"score": 0, "extracted": "A", "gold_letter": "B"}]
    bad = driver.run(pv, [{"options": "['3', '5']", "answer": "4", "prediction": "Answer: A"}], driver.no_judge)
    assert "not among the options" in bad[0].error
    assert driver.run(vp, [{"answer": "c", "prediction": "Answer: C"}], driver.no_judge)[0].result["score"] == 1
    assert "not text" in driver.run(vp, [{"answer": 3, "prediction": "x"}], driver.no_judge)[0].error
    assert pv.probe_requests() == vp.probe_requests() == [jp.PROBE] and pv.judge is None


def test_aggregate_needs_every_group_and_reports_overall():
    pv, vp = benchmarks.get("puzzlevqa"), benchmarks.get("visualpuzzles")
    cats = list(puzzles.PUZZLEVQA_CATEGORIES)
    items = [{"category": c} for c in cats] + [{"category": cats[0]}]
    hits = [1] * 10 + [0] * (len(items) - 10)
    out = pv.aggregate(items, [{"score": h} for h in hits])
    assert out["score"] == pytest.approx(10 / len(items) * 100)
    assert out["table"][0] == {"category": "overall", "tot": len(items), "hit": 10, "acc": out["score"]}
    with pytest.raises(BenchmarkError, match="divides by zero"):
        pv.aggregate([it for it in items if it["category"] != cats[1]], [{"score": 1}] * (len(items) - 1))
    # a score of at most 1 % is multiplied by 100 by the campaign's auto scaling (reference quirk)
    many = [{"category": c} for c in cats] * 5          # 100 rows, one hit: 1 % -> reported as 100
    assert pv.aggregate(many, [{"score": 1}] + [{"score": 0}] * 99)["score"] == pytest.approx(100.0)
    rows = [{"category": c, "difficulty": d} for c in puzzles.VISUALPUZZLES_CATEGORIES
            for d in puzzles.VISUALPUZZLES_LEVELS]
    out = vp.aggregate(rows, [{"score": i % 2} for i in range(len(rows))])
    assert out["score"] == pytest.approx(7 / 15 * 100)
    assert [r["group"] for r in out["table"]][-4:] == ["easy", "medium", "hard", "overall"]
    with pytest.raises(BenchmarkError, match="difficulty 'hard'"):
        vp.aggregate([r for r in rows if r["difficulty"] != "hard"], [{"score": 1}] * 10)


def test_fixtures_cover_every_group():
    import random

    for key, listed in (("puzzlevqa", puzzles.PUZZLEVQA_CATEGORIES), ("visualpuzzles", puzzles.VISUALPUZZLES_CATEGORIES)):
        recs = benchmarks.get(key).fixture_records(random.Random(0), 3)
        assert {r["category"] for r in recs} == set(listed)
