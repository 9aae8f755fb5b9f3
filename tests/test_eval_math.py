"""MathVista and MathVision modules beyond the conformance cases: is_equal (eval, latex2sympy), the
judged table's column typing, the prefetch quirks (MC letters not compared, a falsy 0), the extraction
ladder and the direct route's percent scaling (fast, no model)."""

import pytest

from rlvr.evaluation import benchmarks
from rlvr.evaluation.benchmarks.base import Row
from rlvr.evaluation.common import math_answers as ma
from scripted_judge import run_scripted

MVISTA = benchmarks.get("mathvista")
MVISION = benchmarks.get("mathvision")


@pytest.mark.parametrize("asw,gt,expected", [
    ("14.0", "14", True), ("\\frac{1}{2}", "0.5", True), ("2\\sqrt{3}", "2\\sqrt{3}", True),
    ("So $x=\\boxed{12}$", "12", True), ("y = 7", "7", False), ("x is thirteen", "13", False),
    ("2^3", "1", True),                          # Python eval: ^ is XOR (a reference quirk)
    ("B", "b", True), (False, "B", False), ("nan", "7", False), ("9**9**9", "1", False),
])
def test_is_equal(asw, gt, expected):
    assert ma.is_equal(asw, gt) is expected


def test_direct_percent_scales_twice():
    assert ma.direct_percent(56.25) == 56.25
    assert ma.direct_percent(0.5) == 50.0           # 0.5 % is read as a fraction once
    assert ma.direct_percent(0.005) == 50.0         # ... and twice
    assert ma.direct_percent(0) == 0


def _vista_rows(specs):
    rows = []
    for i, (atype, answer) in enumerate(specs):
        rows.append(Row(fields={"index": i, "question": f"Q{i}", "answer": answer, "question_type": "free_form",
                                "answer_type": atype, "choices": None, "answer_option": None,
                                "task": "figure question answering", "skills": "['arithmetic reasoning']"}))
    return rows


def test_judged_table_column_typing_decides_int_parsing():
    # a judge extraction '14.0' in a res column that also holds a letter stays text: int('14.0') fails
    rows = _vista_rows([("integer", "14"), ("text", "blue")])
    outcomes, sent = run_scripted(MVISTA, MVISTA.prepare(rows, ["fourteen", "blue"]), ["14.0", "B"])
    assert [o.result["score"] for o in outcomes] == [0, 0] and len(sent) == 2
    # when every res is numeric the column reads back as numbers and int(14.0) == 14
    rows = _vista_rows([("integer", "14"), ("integer", "3")])
    outcomes, _ = run_scripted(MVISTA, MVISTA.prepare(rows, ["fourteen", "three"]), ["14.0", "3"])
    assert [o.result["score"] for o in outcomes] == [1, 1]
    assert outcomes[0].result["extracted"] == "14.0" and outcomes[0].result["prefetched"] is False


def test_prefetch_quirks():
    # a prefetched 0 is falsy: the row goes to the judge
    rows = _vista_rows([("integer", "0")])
    outcomes, sent = run_scripted(MVISTA, MVISTA.prepare(rows, ["0"]), ["0"])
    assert len(sent) == 1 and outcomes[0].result["score"] == 1 and outcomes[0].result["extraction_log"] == "Succeed"
    # MathVision MC: any inferable letter is prefetched without comparing, then scored wrong
    row = Row(fields={"index": 1, "question": "Q", "answer": "B", "choices": "['x', 'y', 'z']", "category": "c"})
    outcomes, sent = run_scripted(MVISION, MVISION.prepare([row], ["(C)"]), [])
    assert not sent and outcomes[0].result == {"score": 0, "res": "C", "extracted": "C",
                                               "extraction_log": "Prefetch succeed", "prefetched": True}


def test_extraction_ladder_and_failures():
    rows = _vista_rows([("integer", "14")])
    outcomes, sent = run_scripted(MVISTA, MVISTA.prepare(rows, ["no idea"]), [""] * 4)
    assert [r.params["max_tokens"] for r in sent] == [128, 256, 512, 1024]
    # the reference's run fails here; the row is recorded as unresolved (score 0) instead
    assert outcomes[0].error is None and outcomes[0].result["score"] == 0 and outcomes[0].result["judge_unresolved"]
    assert sent[0].transport == "completions" and sent[0].params["temperature"] == 0.0
    row = Row(fields={"index": 1, "question": None, "answer": "7", "choices": "[]", "category": "c"})
    outcomes, sent = run_scripted(MVISION, MVISION.prepare([row], ["seven"]), [])
    assert not sent and "not text" in outcomes[0].error


def test_accuracy_tables():
    items = [{"task": "t1", "skills": "['a', 'b']"}, {"task": "t2", "skills": "not a list"}]
    agg = MVISTA.aggregate(items, [{"score": 1}, {"score": 0}])
    assert list(agg["table"]) == ["Overall", "a", "b", "t1", "not a list", "t2", "judge_unresolved_rows"]
    assert agg["score"] == 50
    agg = MVISION.aggregate([{"category": "b"}, {"category": "a"}], [{"score": 0, "judge_unresolved": "x"}, {"score": 1}])
    assert agg["table"] == {"Overall": 50.0, "a": 100.0, "b": 0.0, "judge_unresolved_rows": 1}
