"""MathVerse module beyond the conformance cases: decision parsing, the prefetch's exact string equality
(with the workbook's column typing), the two judges' retry rules, unresolved rows, the split table (fast,
no model)."""

import pytest

from rlvr.evaluation import benchmarks
from rlvr.evaluation.benchmarks import mathverse as mv
from rlvr.evaluation.benchmarks.base import JudgeReply, Row
from scripted_judge import run_scripted

MV = benchmarks.get("mathverse")
META = "{'subject': 'plane geometry', 'subfield': 'length', 'problem_version': 'Vision Only'}"


@pytest.mark.parametrize("text,expected", [
    ("1", 1), (" 0 ", 0), ("Judgement: 1", 1), ("**Judgement: 0**", 0), ("**Judgement**: **1**", 1),
    ("Judgement: 1\nJudgement: 1", 1), ("Judgement: 1\nJudgement: 0", None), ("The answers match.", None),
    ("Judgement: 10", None), ("x Judgement: 1", None),
])
def test_parse_decision(text, expected):
    assert mv.parse_decision(text) == expected


def _items(answers, prediction="x"):
    rows = [Row(fields={"index": i, "question_for_eval": "Find BC.", "answer": a, "metadata": META})
            for i, a in enumerate(answers)]
    return MV.prepare(rows, [prediction] * len(rows))


def test_prefetch_is_string_equality_after_the_workbook():
    # an all-integer answer column reads back as ints: str(4) == '4' -> prefetch, one call
    outcomes, sent = run_scripted(MV, _items(["4", "5"])[:1], ["4"])
    assert len(sent) == 1 and outcomes[0].result == {"score": 1, "extracted": "4", "score_log": "Prefetch succeed"}
    # a column mixing 4 and 2.5 reads back as floats: '4.0' != '4' -> the score judge decides
    outcomes, sent = run_scripted(MV, _items(["4", "2.5"])[:1], ["4", "1"])
    assert [r.stage for r in sent] == ["extract", "score"] and "[Standard Answer]: 4.0" in sent[1].messages[0]["content"]
    assert outcomes[0].result["score"] == 1 and outcomes[0].result["score_log"] == "Judge output: 1"


def test_retry_rules_of_the_two_judges():
    item = _items(["C"])[0]
    # extraction: a reply cut at max_tokens is accepted (official extraction route); score: cut -> ladder
    replies = [JudgeReply("B", "length"), JudgeReply("1", "length"), "0"]
    outcomes, sent = run_scripted(MV, [item], replies)
    assert [(r.stage, r.params["max_tokens"], r.params["temperature"]) for r in sent] == [
        ("extract", 128, 0.0), ("score", 128, 0.0), ("score", 256, 0.0)]
    assert outcomes[0].result["score"] == 0
    # five unparsable decisions, or an extraction empty through the ladder: the run fails
    outcomes, sent = run_scripted(MV, [item], ["B"] + ["consistent"] * 5)
    assert [r.params["temperature"] for r in sent[1:]] == [0.0, 0.5, 1.0, 1.5, 2.0]
    assert outcomes[0].result["score"] == 0 and "no 0/1 decision" in outcomes[0].result["judge_unresolved"]
    outcomes, sent = run_scripted(MV, [item], [""] * 4)
    assert [r.params["max_tokens"] for r in sent] == [128, 256, 512, 1024]
    assert "extraction empty" in outcomes[0].result["judge_unresolved"]
    assert MV.aggregate([{"metadata": META}], [outcomes[0].result])["table"]["judge_unresolved_rows"] == 1


def test_split_table_and_metadata():
    items = [{"metadata": META}, {"metadata": META.replace("Vision Only", "Text Lite")}]
    agg = MV.aggregate(items, [{"score": 1}, {"score": 0}])
    assert agg["score"] == 50 and agg["table"]["splits"]["Vision Only"]["Overall"] == 100
    assert agg["table"]["splits"]["Text Lite"]["length"] == 0
    with pytest.raises(ValueError):
        MV.aggregate([{"metadata": "{'subject': \"Kepler's\"}"}], [{"score": 1}])
