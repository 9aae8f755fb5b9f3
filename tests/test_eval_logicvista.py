"""LogicVista module beyond the conformance cases: label parsing and letter/number mapping, the judge's
max_tokens ladder inside each of the five temperatures, malformed extractions recorded unresolved, the
skill table (fast, no model)."""


import pytest

from rlvr.evaluation import benchmarks
from rlvr.evaluation.benchmarks import logicvista as lv
from rlvr.evaluation.benchmarks.base import BenchmarkError
from rlvr.evaluation.common import driver
from scripted_judge import run_scripted

LV = benchmarks.get("logicvista")


@pytest.mark.parametrize("text,expected", [
    ("A", ("letter", ["A"])), ("a, c.", ("letter", ["A", "C"])), ("B/D", ("letter", ["B", "D"])),
    ("12", ("number", ["1", "2"])), ("Z", ("letter", ["Z"])), ("A.B.", None), ("The answer is A", None),
    ("L", None), ("0", None), ("", None), (None, None),
])
def test_label_tokens(text, expected):
    assert lv.label_tokens(text) == expected


@pytest.mark.parametrize("output,answer,expected", [
    ("B", "2", ("2", True)), ("2", "B", ("B", True)), ("Z", "3", ("Z", False)), ("AZ", "1", ("Z", False)),
    ("CA", "A, C", ("AC", True)), ("A", "A, C", ("A", False)), ("K", "2", ("11", False)),
    ("A", "not a label", None),
])
def test_normalize_judgement(output, answer, expected):
    assert lv.normalize_judgement(output, answer) == expected


def _run(item, replies):
    outcomes, sent = run_scripted(LV, [item], replies)
    return outcomes[0], sent


ITEM = {"index": 7, "question": "Which?\nA. x\nB. y", "prediction": "y", "answer": "B", "skill": "inductive"}


def test_ladder_inside_each_temperature_then_next_temperature():
    outcome, sent = _run(dict(ITEM), ["", "", "", "", "not a label", "B"])
    assert [(r.params["temperature"], r.params["max_tokens"]) for r in sent] == [
        (0.0, 128), (0.0, 256), (0.0, 512), (0.0, 1024), (0.5, 128), (1.0, 128)]
    assert outcome.result == {"score": 1, "extracted": "B"} and sent[0].transport == "completions"


def test_malformed_after_five_temperatures_is_recorded_unresolved():
    # the reference's job fails; the row is recorded (score 0) and counted instead
    outcome, sent = _run(dict(ITEM), ["maybe"] * 5)
    assert len(sent) == 5 and outcome.error is None and outcome.result["score"] == 0
    assert "five official temperature" in outcome.result["judge_unresolved"]
    assert LV.aggregate([ITEM], [outcome.result])["table"]["judge_unresolved_rows"] == 1
    outcome, _ = _run(dict(ITEM, answer=None), ["B"])                  # a gold answer that is no label: data error
    with pytest.raises(BenchmarkError):
        driver.raise_errors([outcome])
    assert outcome.error and "not an option label" in outcome.error


def test_skill_table():
    items = [{"skill": "inductive reasoning"}, {"skill": "deductive, numerical"}, {"skill": "spatial"}]
    agg = LV.aggregate(items, [{"score": 1}, {"score": 0}, {"score": 1}])
    t = agg["table"]
    assert agg["score"] == pytest.approx(200 / 3) and t["inductive"] == 100 and t["numerical"] == 0
    assert t["mechanical"] is None                     # NaN in the reference; JSON null here
    with pytest.raises(BenchmarkError):
        LV.aggregate([{"skill": None}], [{"score": 1}])
