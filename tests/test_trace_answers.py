"""TRACE validation campaign: typed extraction, judge requests and scoring."""

import json

import pytest

import tracegen.reward
from rlvr.evaluation.trace_validation import answers as T
from rlvr.evaluation.trace_validation.answer_parsing import ScoringError


@pytest.mark.parametrize("response,atype,value,source", [
    ('Reasoning about bars.\n{"answer": 7}', "integer", 7, "json"),
    ("Thinking...\n{'answer': 'blue'}", "string", "blue", "json"),            # Python literal dict
    ('```json\n{"answer": "B"}\n```', "option_letter", "B", "json"),
    ("```json\n7\n```", "integer", 7, "fence"),
    ("<answer>12.5</answer>", "number", 12.5, "tag"),
    ('<answer>{"answer": 4}</answer>', "integer", 4, "json"),   # the JSON inside the tag
    ("The bars differ.\nFinal answer: red", "string", "red", "final"),
    ("**Final answer:** 42.", "integer", 42, "final"),
    ("so the ratio is \\boxed{\\frac{1}{2}}", "number", 0.5, "boxed"),
    ("\\boxed{\\text{C}}", "option_letter", "C", "boxed"),
    ("The answer is C.", "option_letter", "C", "letter"),
    ("Looking at the options...\n(B)", "option_letter", "B", "letter"),
    ("7", "integer", 7, "bare"),
    ("seven", "integer", 7, "bare"),
    ("Final answer: 1,250", "integer", 1250, "final"),
    ('{"answer": [3, 1]}', "integer", [3, 1], "json"),
    ('{"answer": "7"} and again \\boxed{7.0}', "integer", 7, "json"),       # agree after normalisation
    ('{"answer": "Red"}\nFinal answer: red', "string", "Red", "json"),        # casefold agreement
])
def test_extract_sources(response, atype, value, source):
    got = T.extract_typed(response, atype)
    assert got == {"status": "ok", "value": value, "source": source}


@pytest.mark.parametrize("response,atype", [
    ('\\boxed{6}\n{"answer": 7}', "integer"),
    ("<answer>3 or 4</answer>", "integer"),
    ('Final answer: A\n{"answer": "B"}', "option_letter"),
    ("<answer>blue</answer>\nFinal answer: red", "string"),
    ("\\boxed{A or B}", "option_letter"),
])
def test_extract_ambiguous(response, atype):
    got = T.extract_typed(response, atype)
    assert got["status"] == "ambiguous" and got["value"] is None


@pytest.mark.parametrize("response,atype", [
    ("", "integer"),
    (None, "string"),
    ("I am not able to determine this from the picture, sorry about that, it is blurry.", "integer"),
    ('{"answer": null}', "string"),
    ('{"answer": true}', "integer"),              # bools never count
    ("\\boxed{many}", "number"),
])
def test_extract_missing(response, atype):
    assert T.extract_typed(response, atype)["status"] == "missing"


def test_think_block_is_ignored():
    got = T.extract_typed('<think>{"answer": 3}</think>\n{"answer": 5}', "integer")
    assert got["value"] == 5 and got["status"] == "ok"


def test_extract_never_needs_ground_truth_and_rejects_unknown_type():
    with pytest.raises(ValueError):
        T.extract_typed("7", "float")
    with pytest.raises(ValueError):
        T.judge_messages("7", "float")


def test_judge_messages_see_only_response_and_type():
    record = {"question": "How many QQ-secret-question?", "choices": ["CH-secret-1", "CH-secret-2"],
              "answer": "GT-secret-99", "image": "IMG-secret"}
    response = "I would say it is probably the second one"
    messages = T.judge_messages(response, "option_letter")
    assert [m["role"] for m in messages] == ["system", "user"]
    text = json.dumps(messages)
    assert response in messages[-1]["content"]
    for secret in ("QQ-secret", "CH-secret", "GT-secret", "IMG-secret"):
        assert secret not in text
    assert record  # the record exists but is never passed in
    assert "letter" in messages[-1]["content"]


def test_normalize_typed():
    assert T.normalize_typed("7.0", "integer") == 7
    assert T.normalize_typed(7.5, "integer") is None
    assert T.normalize_typed("12.5%", "number") == 12.5
    assert T.normalize_typed("(b)", "option_letter") == "B"
    assert T.normalize_typed('"Red."', "string") == "Red"
    assert T.normalize_typed("[1, 2]", "integer") == [1, 2]
    assert T.normalize_typed(["1", "x"], "integer") is None


def test_scoring_reuses_the_tracegen_matcher():
    assert T._reward_score is tracegen.reward.score
    assert T.matches(7, "integer", 7) and T.matches("7", "integer", 7.0)
    assert T.matches(12.5, "number", 12.5) and not T.matches(12.5, "number", 12.4)
    assert T.matches("red", "string", "Red ") and T.matches("B", "option_letter", "b")
    assert T.matches([1, 2], "integer", [1, 2]) and not T.matches([2, 1], "integer", [1, 2])
    with pytest.raises(ScoringError):
        T.matches(1, "integer", "not-a-number")


def trow(task, domain, atype, answer, response, judge=None):
    r = {"task": task, "domain": domain, "answer_type": atype, "answer": answer, "response": response}
    if judge is not None:
        r["judge"] = judge
    return r


def test_score_rows():
    rows = [
        trow("count_bars", "charts", "integer", 7, 'so {"answer": 7}'),                   # ok, right
        trow("count_bars", "charts", "integer", 7, 'so {"answer": 8}'),                   # ok, wrong
        trow("pick_shape", "icons", "option_letter", "B", "no idea here, it is honestly too hard to say",
             judge={"extracted": "B"}),                                                   # judged, right
        trow("pick_shape", "icons", "option_letter", "B", '\\boxed{A}\n{"answer": "C"}',
             judge={"extracted": "NONE"}),                                                 # unresolved
        trow("label", "icons", "string", "red", "Final answer: Red."),                      # ok, right
        trow("measure", "geometry", "number", 2.5, "long text without any final answer at all, sorry"),
        # deterministic ok: a judge field is ignored
        trow("measure", "geometry", "number", 2.5, "<answer>2.5</answer>", judge={"extracted": "9"}),
    ]
    out = T.score_rows(rows)
    assert out["rows"] == 7
    assert out["score"] == pytest.approx(4 / 7 * 100)
    assert out["extraction"] == {"ok": 4, "missing": 2, "ambiguous": 1, "judged": 1, "unresolved": 2}
    assert out["by_domain"] == {"charts": {"score": 50.0, "rows": 2},
                                "geometry": {"score": 50.0, "rows": 2},
                                "icons": {"score": pytest.approx(200 / 3), "rows": 3}}
    assert out["by_task"]["pick_shape"] == {"score": 50.0, "rows": 2}


def test_score_rows_typed_ground_truth_dict_and_errors():
    out = T.score_rows([{"task": "t", "domain": "d", "answer": {"type": "integer", "value": 3},
                         "response": "\\boxed{3}"}])
    assert out["score"] == 100.0
    with pytest.raises(ScoringError):
        T.score_rows([trow("t", "d", "float", 1, "1")])
    with pytest.raises(ScoringError):
        T.score_rows([])
    # a judge output that does not parse for the type stays unresolved
    out = T.score_rows([trow("t", "d", "integer", 3, "", judge={"extracted": "several"})])
    assert out["score"] == 0.0 and out["extraction"]["unresolved"] == 1
