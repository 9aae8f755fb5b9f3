"""SpatialViz-Bench (CoT) and ERQA modules beyond the conformance cases: build_choices' readings of a row,
the A/B/C grade parser, VLMEvalKit's transport retry on empty judge replies, ERQA's visual_indices edge
cases and the accuracy tables (fast, no model)."""

import pytest

from rlvr.evaluation import benchmarks
from rlvr.evaluation.benchmarks import spatial_bench as sb
from rlvr.evaluation.benchmarks.base import BenchmarkError, Row
from rlvr.evaluation.common import judge_protocol as jp
from scripted_judge import run_scripted

SPATIAL = benchmarks.get("spatialvizbench_cot")
ERQA = benchmarks.get("erqa")


def test_build_choices_readings():
    # A-F columns present: an empty column still gives an (empty) option
    assert sb.build_choices({"A": "x", "B": "  y  z ", "C": 3, "D": None}) == {"A": "x", "B": "y z", "C": "3", "D": ""}
    # options column (stringified list) wins over the columns
    assert sb.build_choices({"options": "['p', 'q']", "A": "x"}) == {"A": "p", "B": "q"}
    # inline options after "Options:" in the question
    q = "What changed? Options: A. the cup moved B. the light turned on C. nothing"
    assert sb.build_choices({"question": q}) == {"A": "the cup moved", "B": "the light turned on", "C": "nothing"}
    # line-labelled options
    q = "Pick one.\nA) red\nB) blue\n"
    assert sb.build_choices({"question": q}) == {"A": "red", "B": "blue"}
    # the word "option" in an instruction cuts the text before the real options (the reference's quirk)
    q = "Move? A. left B. right Please answer with only the letter of the correct option and nothing else."
    assert sb.build_choices({"question": q}) == {}


def test_judge_prompt_gold_and_options():
    item = {"question": "Q?", "A": "one", "B": "two", "C": None, "answer": "b", "prediction": "nan"}
    prompt = sb.judge_prompt(item)
    assert "Options:\nA. one\nB. two\nC. \n\n<Original Question End>" in prompt
    assert "<Standard Answer Begin>\nB. two\n<Standard Answer End>" in prompt
    assert "<Candidate's Answer Begin>\nnan\n<Candidate's Answer End>" in prompt
    bare = sb.judge_prompt({"question": "How many?", "answer": 7, "prediction": "7"})
    assert "How many?\n<Original Question End>" in bare and "<Standard Answer Begin>\n7\n" in bare


@pytest.mark.parametrize("reply,expected", [
    ("A\tB", ("A", "B")), ("A: D", ("A", "D")), ("  B | C", ("B", "C")), ("C", ("C", "N/A")),
    ("A\\tC", ("A", "C")), ("B\nbecause the answer differs", ("B", "N/A")),
    ("**A**\tA", None), ("a\tD", None), ("Grade: A", None), ("AB", None),
])
def test_parse_grade(reply, expected):
    assert sb.parse_grade(reply) == expected


def _score(bench, item, replies):
    outcomes, sent = run_scripted(bench, [item], replies)
    return outcomes[0], sent


def test_empty_replies_are_resent_then_count_as_a_failed_try():
    item = {"question": "Q?", "A": "x", "B": "y", "answer": "A", "prediction": "A"}
    # try 1: five empty replies (BaseAPI.generate's transport retry) -> FAIL_MSG; try 2: a grade
    outcome, sent = _score(SPATIAL, item, [""] * 5 + ["A\tA"])
    assert len(sent) == 6 and len({str(r) for r in sent}) == 1
    assert outcome.result == {"score": 1, "pred_extracted": "A", "judge_grade": "A"}
    outcome, sent = _score(SPATIAL, item, [""] * 15)
    assert len(sent) == 15 and outcome.result["judge_grade"] == "C" and outcome.result["score"] == 0
    assert sent[0].transport == "chat" and sent[0].params["max_tokens"] == 256
    assert SPATIAL.probe_requests() == [jp.PROBE]


def _erqa_row(question, indices, n_images):
    return Row(fields={"index": 1, "question": question, "visual_indices": indices}, images=[b"png"] * n_images)


def test_erqa_visual_indices():
    q = "first then second"
    assert ERQA.build_prompt(_erqa_row(q, "[6, 0]", 2)) == [
        {"type": "image", "value": 1}, {"type": "text", "value": "first "}, {"type": "image", "value": 0},
        {"type": "text", "value": "then second"}]
    assert ERQA.build_prompt(_erqa_row(q, "6, 11", 2))[0] == {"type": "text", "value": "first "}   # not JSON
    assert ERQA.build_prompt(_erqa_row(q, None, 1)) == [{"type": "image", "value": 0}, {"type": "text", "value": q}]
    for bad in ("[a, b]", "5"):
        with pytest.raises(BenchmarkError):
            ERQA.build_prompt(_erqa_row(q, bad, 1))


def test_accuracy_tables():
    items = [{"category": "MentalRotation", "task": "2DRotation"}, {"category": "MentalRotation", "task": "3DRotation"},
             {"category": "Other", "task": "Odd"}]
    agg = SPATIAL.aggregate(items, [{"score": 1}, {"score": 0}, {"score": 1}])
    assert agg["score"] == pytest.approx(200 / 3)
    assert list(agg["table"]) == ["overall", "2DRotation_accuracy", "3DRotation_accuracy", "MentalRotation_accuracy"]
    agg = ERQA.aggregate([{"question_type": "Pointing"}, {"question_type": "Action Reasoning"}, {"question_type": "New"}],
                         [{"score": 0}, {"score": 1}, {"score": 1}])
    assert list(agg["table"]) == ["overall", "Action Reasoning_accuracy", "Pointing_accuracy", "New_accuracy"]
    with pytest.raises(BenchmarkError):
        ERQA.aggregate([], [])
    # one hit in 200 rows is an overall of 0.5 (%), which the reference's auto scale reports as 50
    low = ERQA.aggregate([{"question_type": "Pointing"}] * 200, [{"score": 1}] + [{"score": 0}] * 199)
    assert low["table"]["overall"] == 0.5 and low["score"] == 50


def test_erqa_fixture_has_interleaved_multi_image_rows():
    import random

    recs = ERQA.fixture_records(random.Random(0), 4)
    multi = [r for r in recs if len(r.get("_images", [])) == 2]
    assert multi and len(multi) < len(recs)
    row = Row(fields={"index": 1, **{k: v for k, v in multi[0].items() if k != "_images"}}, images=multi[0]["_images"])
    kinds = [p["type"] for p in ERQA.build_prompt(row)]
    assert kinds == ["text", "image", "text", "image", "text"]
