"""Tests for tracegen.reward (the TRACE answer reward; both contract dialects).

The answer-mode rules follow the reference scorer; tests/test_reward_reference.py checks parity with it on
1,021 responses it scored.  The expectations below are the reference's where the two could differ."""

import itertools
import json
import random

import pytest

from tracegen import reward

A = "answer"
AA = "answer_and_annotation"


def gt(t, v):
    return {"type": t, "value": v}


def acc(response, t, v):
    return reward.score(response, gt(t, v))["accuracy"]


def ann_score(pred, atype, gt_value):
    """Annotation score of `pred` when the answer is right and the format is exact."""
    resp = json.dumps({"answer": "A", "annotation": pred})
    res = reward.score(resp, gt("option_letter", "A"), gt(atype, gt_value), mode=AA)
    assert res["error"] is None
    assert res["accuracy"] == 1 and res["format"] == 1
    return res["annotation"]


# ---------------------------------------------------------------------------
# weights / result shape
# ---------------------------------------------------------------------------

def test_weights_sum_to_one():
    assert reward.WEIGHTS["answer"] == {"accuracy": 0.95, "format": 0.05}
    assert reward.WEIGHTS["answer_and_annotation"] == {
        "accuracy": 0.70, "annotation": 0.25, "format": 0.05}
    for w in reward.WEIGHTS.values():
        assert sum(w.values()) == pytest.approx(1.0, abs=1e-12)


def test_result_keys_and_answer_mode_values():
    res = reward.score('{"answer": 7}', gt("integer", 7))
    assert set(res) == {"overall", "accuracy", "format", "annotation", "extracted_answer", "error"}
    assert res == {"overall": 1.0, "accuracy": 1, "format": 1, "annotation": None,
                   "extracted_answer": 7, "error": None}


def test_overall_combinations_answer_mode():
    r = reward.score("I think {\"answer\": 7} is it.", gt("integer", 7))
    assert (r["accuracy"], r["format"]) == (1, 0)
    assert r["overall"] == pytest.approx(0.95)
    r = reward.score('{"answer": 8}', gt("integer", 7))
    assert (r["accuracy"], r["format"]) == (0, 1)
    assert r["overall"] == pytest.approx(0.05)


def test_overall_annotation_mode():
    resp = json.dumps({"answer": "B", "annotation": [8, 0]})
    r = reward.score(resp, gt("option_letter", "B"), gt("point", [0, 0]), mode=AA)
    assert r["annotation"] == pytest.approx(0.75)
    assert r["overall"] == pytest.approx(0.70 + 0.25 * 0.75 + 0.05)
    # answer-mode format keys are wrong for annotation mode and vice versa
    r = reward.score('{"answer": "B"}', gt("option_letter", "B"), gt("point", [0, 0]), mode=AA)
    assert (r["accuracy"], r["format"], r["annotation"]) == (1, 0, 0.0)
    assert r["overall"] == pytest.approx(0.70)
    r = reward.score(resp, gt("option_letter", "B"), gt("point", [0, 0]), mode=A)
    assert (r["accuracy"], r["format"], r["annotation"]) == (1, 0, None)


def test_unknown_mode_raises():
    with pytest.raises(ValueError):
        reward.score('{"answer": 1}', gt("integer", 1), mode="annotation")
    with pytest.raises(ValueError):
        reward.score_record('{"answer": 1}', {"answer_gt": gt("integer", 1)}, mode="x")


# ---------------------------------------------------------------------------
# answer types
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("pred, expected", [
    ("7", 1), ("7.0", 1), ('" 7 "', 1), ("7.5", 0), ('"7 apples"', 0), ("true", 0),
    ('"seven"', 0), ("-7", 0), ('"7e0"', 1), ('"0x7"', 1), ('"7_0"', 0), ("null", 0),
    ("[7]", 0), ('"\u0667"', 0), ('"07"', 0), ("7.0000000000000001", 1), ('"+7"', 1),
])
def test_integer(pred, expected):
    assert acc('{"answer": %s}' % pred, "integer", 7) == expected


def test_integer_gt_forms_and_bool():
    assert acc('{"answer": 7}', "integer", 7.0) == 1
    # a ground truth must be typed: an integer given as text is a data error, not a match
    r = reward.score('{"answer": 7}', gt("integer", "7"))
    assert r["overall"] == 0.0 and "malformed answer_gt" in r["error"]
    assert acc('{"answer": 1}', "integer", 1) == 1
    # the reference compares with Python equality: true == 1 and false == 0
    assert acc('{"answer": true}', "integer", 1) == 1
    assert acc("{'answer': True}", "integer", 1) == 1
    assert acc('{"answer": true}', "integer", 7) == 0
    assert acc('{"answer": "true"}', "integer", 1) == 1   # parsed as JSON
    assert acc('{"answer": 0}', "integer", 0) == 1
    assert acc('{"answer": false}', "integer", 0) == 1
    big = 10 ** 30 + 1
    assert acc('{"answer": %d}' % big, "integer", big) == 1
    assert acc('{"answer": %d}' % (big - 1), "integer", big) == 0


@pytest.mark.parametrize("pred, expected", [
    ("0.5", 1), ("0.50", 1), ('"0.5"', 1), ("0.50001", 0), ("0.49999", 0), ("true", 0),
    ('"0.5 cm"', 0), ("NaN", 0), ("Infinity", 0), ('".5"', 1), ("5e-1", 1),
])
def test_number_exact(pred, expected):
    assert acc('{"answer": %s}' % pred, "number", 0.5) == expected


def test_number_int_and_nonfinite_gt():
    assert acc('{"answer": 3}', "number", 3.0) == 1
    assert acc('{"answer": 3.0}', "number", 3) == 1
    assert acc('{"answer": 3.25}', "number", 3.2) == 0
    r = reward.score('{"answer": NaN}', gt("number", float("nan")))
    assert r["accuracy"] == 0 and r["error"] is not None


@pytest.mark.parametrize("pred, expected", [
    ('"B"', 1), ('"b"', 1), ('" B "', 1), ('"B."', 0), ('"(B)"', 0), ('"A, B, C, D"', 0),
    ('"AB"', 0), ('["B"]', 0), ('""', 0), ("2", 0), ("null", 0),
])
def test_option_letter(pred, expected):
    assert acc('{"answer": %s}' % pred, "option_letter", "B") == expected


def test_string():
    assert acc('{"answer": "Red Square"}', "string", "red square") == 1
    assert acc('{"answer": "  RED SQUARE\\n"}', "string", "red square") == 1
    assert acc('{"answer": "red"}', "string", "red square") == 0
    assert acc('{"answer": "a red square"}', "string", "red square") == 0
    assert acc('{"answer": 12}', "string", "12") == 0  # strict: only str
    assert acc('{"answer": "12"}', "string", "12") == 1
    assert acc('{"answer": "STRASSE"}', "string", "straße") == 0  # lower(), not casefold()
    assert acc('{"answer": "ÄRZTE"}', "string", "ärzte") == 1
    assert acc('{"answer": "\\"12\\""}', "string", "12") == 0  # a string answer is never parsed


def test_lists_order_sensitive():
    assert acc('{"answer": [1, 2, 3]}', "integer", [1, 2, 3]) == 1
    assert acc('{"answer": [1, 2.0, 3]}', "integer", [1, 2, 3]) == 1
    assert acc('{"answer": ["1", 2, 3]}', "integer", [1, 2, 3]) == 0   # list items are not parsed
    assert acc('{"answer": "[1, 2, 3]"}', "integer", [1, 2, 3]) == 1   # a text answer is
    assert acc('{"answer": [3, 2, 1]}', "integer", [1, 2, 3]) == 0
    assert acc('{"answer": [1, 2]}', "integer", [1, 2, 3]) == 0
    assert acc('{"answer": [1, 2, 3, 4]}', "integer", [1, 2, 3]) == 0
    assert acc('{"answer": "1, 2, 3"}', "integer", [1, 2, 3]) == 1   # literal_eval reads a tuple
    assert acc('{"answer": "1; 2; 3"}', "integer", [1, 2, 3]) == 0
    assert acc('{"answer": ["a", "B"]}', "option_letter", ["A", "b"]) == 1
    assert acc('{"answer": ["B", "A"]}', "option_letter", ["A", "B"]) == 0
    assert acc('{"answer": [0.5, 0.25]}', "number", [0.5, 0.25]) == 1
    assert acc('{"answer": 1}', "integer", [1]) == 0


# ---------------------------------------------------------------------------
# extraction
# ---------------------------------------------------------------------------

def test_extract_fenced_bare_and_python_literal():
    assert reward.extract_answer('blah\n```json\n{"answer": "C"}\n```') == (True, "C")
    assert reward.extract_answer('```\n{"answer": 3}\n```\n') == (True, 3)
    assert reward.extract_answer('So the answer is {"answer": 4}.') == (True, 4)
    assert reward.extract_answer("{'answer': 'B'}") == (True, "B")
    assert reward.extract_answer("final: {'answer': [1, 2], 'why': \"it's\"}") == (True, [1, 2])
    # a broken object carries no answer; the whole response is compared then (and differs)
    assert reward.extract_answer("{'answer': 'B'") == (False, None)
    assert acc("{'answer': 'B'", "option_letter", "B") == 0
    assert reward.extract_answer('<answer>{"answer": "E"}</answer> done') == (True, "E")


def test_extract_last_object_wins():
    resp = 'First {"answer": "A"} ... on reflection {"answer": "D"}'
    assert reward.extract_answer(resp) == (True, "D")
    resp = '{"answer": "A"}\n```json\n{"answer": "B"}\n```\nno wait: {"answer": "C"}'
    assert reward.extract_answer(resp) == (True, "C")
    # an object without "answer" after the answer does not hide it
    assert reward.extract_answer('{"answer": 5} and {"note": 1}') == (True, 5)


def test_extract_nested_and_braces_in_strings():
    resp = '{"answer": "x}{y", "annotation": {"a": [1, 2], "b": {"answer": "inner"}}}'
    found, value = reward.extract_answer(resp)
    assert (found, value) == (True, "x}{y")
    resp = 'text {"answer": "{\\"answer\\": \\"Z\\"}"}'
    assert reward.extract_answer(resp) == (True, '{"answer": "Z"}')
    # an inner answer inside an outer object without "answer" does not count
    assert reward.extract_answer('{"result": {"answer": 3}}') == (False, None)


def test_bare_scalar_answers():
    """Without an answer object the whole response is the answer (parsed JSON-like)."""
    for text in ("7", "  B \n", "```\n42\n```", "", "x" * 65):
        assert reward.extract_answer(text) == (False, None)
    assert acc("7", "integer", 7) == 1
    assert acc(" 7.0 ", "integer", 7) == 1
    assert acc("b", "option_letter", "B") == 1
    assert acc('"C"', "option_letter", "C") == 1
    assert acc("  Week 2 \n", "string", "week 2") == 1
    assert acc("```\n42\n```", "integer", 42) == 0
    assert acc("The answer is B.", "option_letter", "B") == 0
    r = reward.score("7", gt("integer", 7))
    assert r["format"] == 0 and r["overall"] == pytest.approx(0.95)


def test_non_str_inputs():
    assert reward.extract_answer(b'{"answer": "B"}') == (True, "B")
    assert reward.extract_answer(7) == (False, None)
    assert reward.extract_answer(None) == (False, None)
    assert reward.score(b'{"answer": 7}', gt("integer", 7))["overall"] == 1.0
    assert reward.score(b'\xff\xfe{"answer": 7}', gt("integer", 7))["accuracy"] == 1
    assert reward.score(None, gt("integer", 7))["overall"] == 0.0
    assert reward.score(7, gt("integer", 7))["accuracy"] == 1


# ---------------------------------------------------------------------------
# format
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("resp, keys, expected", [
    ('{"answer": 1}', ["answer"], True),
    ('Reasoning...\n{"answer": 1}\n  \n', ["answer"], True),
    ('Reasoning\n```json\n{"answer": 1}\n```', ["answer"], True),
    ('Reasoning\n```JSON\n{"answer": 1}\n```\n', ["answer"], True),
    ('Reasoning\n```\n{"answer": 1}\n```', ["answer"], True),
    ('```python\n{"answer": 1}\n```', ["answer"], False),
    ('{"answer": 1, "why": "x"}', ["answer"], False),
    ('{"answer": 1}', ["answer", "annotation"], False),
    ('{"answer": 1, "annotation": [1, 2]}', ["answer", "annotation"], True),
    ('{"annotation": [1, 2], "answer": 1}', {"answer", "annotation"}, True),
    ('{"answer": 1}\nHope this helps!', ["answer"], False),
    ('```json\n{"answer": 1}\n```\nHope this helps!', ["answer"], False),
    ("{'answer': 1}", ["answer"], True),          # Python literal (the reference's literal_eval)
    ('```json\n{"answer": 1}{"answer": 2}\n```', ["answer"], False),
    ('```json\n[{"answer": 1}]\n```', ["answer"], False),
    ('[{"answer": 1}]', ["answer"], False),
    ('{"answer": NaN}', ["answer"], True),        # Python's json.loads accepts NaN
    ('```\nx\n```\n```json\n{"answer": 1}\n```', ["answer"], False),  # fence from the FIRST ```
    ('{"answer": 1', ["answer"], False),
    ('{"answer": 1}\n```', ["answer"], False),
    ("", ["answer"], False),
    ("1", ["answer"], False),
])
def test_format_ok(resp, keys, expected):
    assert reward.format_ok(resp, keys) is expected


def test_format_in_score():
    r = reward.score('{"answer": "B", "confidence": 0.9}', gt("option_letter", "B"))
    assert (r["accuracy"], r["format"]) == (1, 0)
    r = reward.score('{"answer": "B"} trailing prose', gt("option_letter", "B"))
    assert (r["accuracy"], r["format"]) == (1, 0)
    r = reward.score('think...\n```json\n{"answer": "B"}\n```', gt("option_letter", "B"))
    assert (r["accuracy"], r["format"], r["overall"]) == (1, 1, 1.0)


# ---------------------------------------------------------------------------
# reward hacks
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("resp", [
    '{"answer": ""}',
    '{"answer": "   "}',
    '{"answer": "A, B, C, D"}',
    '{"answer": "ABCD"}',
    '{"answer": ["A", "B", "C", "D"]}',
    '{"answer": "The answer is B"}',
    '{"answer": "B or C"}',
    'The answer is B. {"answer": "C"}',
    'B\n{"answer": "A"}',
    "The answer is B.",
    "B because it is the largest",
    '{"answer": null}',
    '{"answer": {"value": "B"}}',
    '{"Answer": "B"}',
    '{"answer": "B"',
])
def test_reward_hacks_get_zero_accuracy(resp):
    r = reward.score(resp, gt("option_letter", "B"))
    assert r["accuracy"] == 0
    assert r["overall"] <= 0.05


def test_numeric_hacks():
    assert acc('{"answer": "7 apples"}', "integer", 7) == 0
    assert acc('{"answer": "about 7"}', "integer", 7) == 0
    assert acc('{"answer": "6, 7, 8"}', "integer", 7) == 0
    assert acc('{"answer": [6, 7, 8]}', "integer", 7) == 0
    assert acc('I count 7 objects. {"answer": 6}', "integer", 7) == 0
    assert acc('{"answer": 17}', "integer", 7) == 0


# ---------------------------------------------------------------------------
# contracts / ground truth problems
# ---------------------------------------------------------------------------

def test_contract_ok_and_record():
    contract = reward.make_contract("integer", "bbox")
    assert contract == {
        "version": "trace-reward-v1",
        "answer": {"id": "exact_match", "type": "integer"},
        "annotation": {"id": "bbox_iou", "type": "bbox"},
    }
    record = {"answer_gt": gt("integer", 3), "annotation_gt": gt("bbox", [0, 0, 10, 10]),
              "reward_contract": contract}
    resp = '{"answer": 3, "annotation": [0, 0, 10, 10]}'
    r = reward.score_record(resp, record, mode=AA)
    assert r == {"overall": 1.0, "accuracy": 1, "format": 1, "annotation": 1.0,
                 "extracted_answer": 3, "error": None}
    assert reward.score_record('{"answer": 3}', record)["overall"] == 1.0
    assert set(reward.ANNOTATION_SCORER_IDS) == set(reward.ANNOTATION_TYPES)
    assert len(reward.ANNOTATION_TYPES) == 12


def test_contract_type_from_contract_when_gt_untyped():
    contract = reward.make_contract("number")
    r = reward.score('{"answer": 2.5}', {"value": 2.5}, reward_contract=contract)
    assert r["accuracy"] == 1 and r["error"] is None


@pytest.mark.parametrize("answer_gt, annotation_gt, contract, mode", [
    (gt("integer", 3), None, reward.make_contract("string"), A),
    (gt("integer", 3), gt("point", [1, 1]), reward.make_contract("integer", "bbox"), AA),
    (gt("integer", 3), gt("point", [1, 1]), reward.make_contract("integer"), AA),
    (gt("integer", 3), None, reward.make_contract("integer", "point"), AA),
    (gt("integer", 3), None, {"version": "v0", "answer": {"id": "exact_match", "type": "integer"}}, A),
    (gt("integer", 3), None, {"version": "trace-reward-v1", "answer": {"id": "fuzzy", "type": "integer"}}, A),
    (gt("integer", 3), None, "not a contract", A),
    (gt("integer", 3.5), None, None, A),
    (gt("colour", "red"), None, None, A),
    ({"type": "integer"}, None, None, A),
    (None, None, None, A),
    (gt("integer", 3), gt("point", [1]), None, AA),
    (gt("integer", 3), gt("hexagon", [1, 1]), None, AA),
])
def test_contract_and_gt_errors_score_zero(answer_gt, annotation_gt, contract, mode):
    resp = '{"answer": 3, "annotation": [1, 1]}' if mode == AA else '{"answer": 3}'
    r = reward.score(resp, answer_gt, annotation_gt, contract, mode=mode)
    assert r["overall"] == 0.0 and r["accuracy"] == 0 and r["format"] == 0
    assert isinstance(r["error"], str) and r["error"]
    assert r["annotation"] == (0.0 if mode == AA else None)


RELEASE_CONTRACT = {"reward_contract_version": "v0",
                    "answer": {"id": "answer_exact_match_v0", "type": "integer"},
                    "annotation": {"id": "point_set_soft_distance_v0", "type": "point_set"}}


def test_release_contract_dialect_scores_like_ours():
    """The public release's contract (reward_contract_version v0) is first-class: same scorers."""
    assert reward.contract_dialect(RELEASE_CONTRACT) == "release-v0"
    assert reward.contract_dialect(reward.make_contract("integer")) == "trace-reward-v1"
    ann = gt("point_set", [[10, 10], [40, 40]])
    for resp in ('{"answer": 8}', 'think\n{"answer": 7}', "8", '{"answer": 8, "annotation": [[10, 10]]}'):
        mine = reward.score(resp, gt("integer", 8), ann, reward.make_contract("integer", "point_set"))
        theirs = reward.score(resp, gt("integer", 8), ann, RELEASE_CONTRACT)
        assert theirs == mine and theirs["error"] is None
    both = reward.score('{"answer": 8, "annotation": [[10, 10], [40, 41]]}', gt("integer", 8), ann,
                        RELEASE_CONTRACT, mode=AA)
    assert both["error"] is None and 0 < both["annotation"] < 1
    assert reward.ground_truth_error(gt("integer", 8), ann, RELEASE_CONTRACT) is None
    # every release annotation id maps to one of our annotation types
    assert set(reward.RELEASE_ANNOTATION_SCORER_IDS) == set(reward.ANNOTATION_TYPES)
    assert reward.RELEASE_ANNOTATION_SCORER_IDS["bbox_set_map"] == "bbox_set_map_soft_iou_v0"
    assert reward.RELEASE_ANNOTATION_SCORER_IDS["segment"] == "segment_soft_distance_v0"


@pytest.mark.parametrize("contract, message", [
    ({"answer": {"id": "exact_match", "type": "integer"}}, "neither trace-reward-v1"),
    ({"version": "v0", "answer": {"id": "answer_exact_match_v0", "type": "integer"}}, "neither"),
    ({"reward_contract_version": "v1", "answer": {"id": "answer_exact_match_v0", "type": "integer"}}, "neither"),
    (dict(RELEASE_CONTRACT, version="trace-reward-v1"), "neither"),
    (dict(RELEASE_CONTRACT, answer={"id": "exact_match", "type": "integer"}), "answer_exact_match_v0"),
    (dict(RELEASE_CONTRACT, annotation={"id": "point_set_distance", "type": "point_set"}), "annotation id"),
    (dict(RELEASE_CONTRACT, annotation={"id": "hexagon_soft_iou_v0", "type": "hexagon"}), "unknown annotation"),
    (dict(RELEASE_CONTRACT, answer={"id": "answer_exact_match_v0", "type": "string"}), "answer type"),
    (dict(reward.make_contract("integer"), answer={"id": "answer_exact_match_v0", "type": "integer"}),
     "exact_match"),
])
def test_contract_of_neither_dialect_is_a_clear_error(contract, message):
    r = reward.score('{"answer": 8}', gt("integer", 8), None, contract)
    assert r["overall"] == 0.0 and message in r["error"]
    assert reward.ground_truth_error(gt("integer", 8), None, contract) == r["error"]


def test_score_record_bad_record():
    r = reward.score_record('{"answer": 1}', None)
    assert r["overall"] == 0.0 and r["error"]


# ---------------------------------------------------------------------------
# annotation scorers (hand-computed values; POINT_TOLERANCE_PX = 32)
# ---------------------------------------------------------------------------

def test_point():
    assert reward.POINT_TOLERANCE_PX == 32.0
    assert ann_score([0, 0], "point", [0, 0]) == 1.0
    assert ann_score([3, 4], "point", [0, 0]) == pytest.approx(1 - 5 / 32)
    assert ann_score([0, 16], "point", [0, 0]) == pytest.approx(0.5)
    assert ann_score([40, 0], "point", [0, 0]) == 0.0
    assert ann_score(["8", " 0 "], "point", [0, 0]) == pytest.approx(0.75)  # coerced
    assert ann_score([0, 0, 0], "point", [0, 0]) == 0.0
    assert ann_score([True, 0], "point", [1, 0]) == 0.0
    assert ann_score("0,0", "point", [0, 0]) == 0.0
    assert ann_score(None, "point", [0, 0]) == 0.0


def test_point_nonfinite_rejected():
    resp = '{"answer": "A", "annotation": [NaN, 0]}'
    r = reward.score(resp, gt("option_letter", "A"), gt("point", [0, 0]), mode=AA)
    assert r["annotation"] == 0.0 and r["accuracy"] == 1
    resp = '{"answer": "A", "annotation": [Infinity, 0]}'
    assert reward.score(resp, gt("option_letter", "A"), gt("point", [0, 0]), mode=AA)["annotation"] == 0.0
    assert ann_score([1e308, -1e308], "point", [0, 0]) == 0.0


def test_point_set_hungarian_beats_greedy():
    gts = [[0, 0], [16, 0]]
    pred = [[4, 0], [-8, 0]]
    # sims: p0-g0 0.875, p0-g1 0.625, p1-g0 0.75, p1-g1 0.25
    # greedy (0.875 + 0.25 = 1.125) < optimal (0.625 + 0.75 = 1.375)
    assert ann_score(pred, "point_set", gts) == pytest.approx(1.375 / 2)
    assert ann_score(list(reversed(pred)), "point_set", gts) == pytest.approx(1.375 / 2)


def test_point_set_sizes():
    gts = [[0, 0], [100, 100]]
    assert ann_score([[100, 100], [0, 0]], "point_set", gts) == 1.0
    assert ann_score([[0, 0]], "point_set", gts) == pytest.approx(0.5)
    assert ann_score([[0, 0], [100, 100], [50, 50], [7, 7]], "point_set", gts) == pytest.approx(0.5)
    assert ann_score([], "point_set", gts) == 0.0
    assert ann_score([], "point_set", []) == 1.0
    assert ann_score([[1, 1]], "point_set", []) == 0.0
    assert ann_score([[0, 0], "junk"], "point_set", gts) == pytest.approx(0.5)
    assert ann_score([[0, 0], [0, 0]], "point_set", gts) == pytest.approx(0.5)  # one-to-one
    assert ann_score({"a": [0, 0]}, "point_set", gts) == 0.0
    # absurdly long predictions score 0
    assert ann_score([[0, 0]] * 65, "point_set", gts) == 0.0


def test_point_sequence():
    gts = [[0, 0], [0, 0]]
    assert ann_score([[0, 0], [8, 0], [100, 100]], "point_sequence", gts) == pytest.approx(1.75 / 3)
    assert ann_score([[0, 0], [0, 16]], "point_sequence", gts) == pytest.approx(0.75)
    seq = [[0, 0], [100, 0]]
    assert ann_score([[100, 0], [0, 0]], "point_sequence", seq) == 0.0  # order matters
    assert ann_score([], "point_sequence", []) == 1.0
    assert ann_score([], "point_sequence", seq) == 0.0


def test_point_map():
    gts = {"a": [0, 0], "b": [10, 10]}
    assert ann_score({"a": [0, 8], "c": [0, 0]}, "point_map", gts) == pytest.approx(0.75 / 3)
    assert ann_score({"b": [10, 10], "a": [0, 0]}, "point_map", gts) == 1.0
    assert ann_score({"a": [0, 0]}, "point_map", gts) == pytest.approx(0.5)
    assert ann_score([[0, 0], [10, 10]], "point_map", gts) == 0.0
    # keys compared as strings
    assert ann_score({"1": [0, 0]}, "point_map", {1: [0, 0]}) == 1.0


def test_point_set_map():
    gts = {"r": [[0, 0], [16, 0]], "s": [[50, 50]]}
    pred = {"r": [[4, 0], [-8, 0]], "s": []}
    assert ann_score(pred, "point_set_map", gts) == pytest.approx(0.6875 / 2)
    pred = {"r": [[16, 0], [0, 0]], "s": [[50, 50]], "t": [[1, 1]]}
    assert ann_score(pred, "point_set_map", gts) == pytest.approx(2 / 3)
    assert ann_score({"r": [0, 0]}, "point_set_map", gts) == 0.0


def test_bbox_iou():
    assert ann_score([0, 0, 10, 10], "bbox", [5, 5, 15, 15]) == pytest.approx(25 / 175)
    assert ann_score([0, 0, 10, 10], "bbox", [0, 0, 10, 20]) == pytest.approx(0.5)
    assert ann_score([0, 0, 10, 10], "bbox", [20, 20, 30, 30]) == 0.0
    assert ann_score([10, 10, 0, 0], "bbox", [0, 0, 10, 10]) == 1.0  # corners normalised
    assert ann_score([0, 0, 10], "bbox", [0, 0, 10, 10]) == 0.0
    assert ann_score([0, 0, 10, "x"], "bbox", [0, 0, 10, 10]) == 0.0
    assert ann_score([-1e308, -1e308, 1e308, 1e308], "bbox", [0, 0, 10, 10]) == 0.0


def test_bbox_set_sequence_map_setmap():
    a, b, c = [0, 0, 10, 10], [20, 20, 30, 30], [100, 100, 110, 110]
    assert ann_score([a, b], "bbox_set", [b, a, c]) == pytest.approx(2 / 3)
    assert ann_score([a, b], "bbox_sequence", [b, a]) == 0.0
    assert ann_score([a, [0, 0, 10, 20]], "bbox_sequence", [a, a]) == pytest.approx(0.75)
    assert ann_score({"x": a, "y": [5, 5, 15, 15]}, "bbox_map", {"x": a, "y": a}) == \
        pytest.approx((1 + 1 / 7) / 2)
    assert ann_score({"x": [b, a], "y": [c]}, "bbox_set_map", {"x": [a, b], "y": [c, a]}) == \
        pytest.approx((1 + 0.5) / 2)


def test_segment():
    g = [[0, 0], [32, 0]]
    assert ann_score([[32, 0], [0, 0]], "segment", g) == 1.0  # undirected
    assert ann_score([[0, 0], [32, 8]], "segment", g) == pytest.approx(0.875)
    assert ann_score([[32, 8], [0, 0]], "segment", g) == pytest.approx(0.875)
    assert ann_score([[0, 16], [100, 100]], "segment", g) == pytest.approx(0.25)
    assert ann_score([0, 0, 32, 0], "segment", g) == 0.0


def test_segment_set():
    s1 = [[0, 0], [32, 0]]
    s2 = [[100, 100], [100, 164]]
    pred = [[[100, 164], [100, 108]], [[32, 0], [0, 0]]]
    # s2 vs reversed pred[0]: endpoints (100,164)-(100,164) 1.0 and (100,108)-(100,100) 0.75
    assert ann_score(pred, "segment_set", [s1, s2]) == pytest.approx((1 + 0.875) / 2)
    assert ann_score([], "segment_set", []) == 1.0


def test_annotation_missing_or_not_in_same_object():
    resp = '{"answer": "A", "annotation": [0, 0]} then {"answer": "A"}'
    r = reward.score(resp, gt("option_letter", "A"), gt("point", [0, 0]), mode=AA)
    assert r["accuracy"] == 1 and r["annotation"] == 0.0
    r = reward.score("A", gt("option_letter", "A"), gt("point", [0, 0]), mode=AA)
    assert r["accuracy"] == 1 and r["annotation"] == 0.0 and r["format"] == 0
    assert r["overall"] == pytest.approx(0.70)


def test_max_assignment_matches_brute_force():
    rng = random.Random(0)
    for _ in range(60):
        n, m = rng.randint(1, 5), rng.randint(1, 5)
        w = [[rng.choice([0.0, rng.random()]) for _ in range(m)] for _ in range(n)]
        best = 0.0
        if n <= m:
            for cols in itertools.permutations(range(m), n):
                best = max(best, sum(w[i][c] for i, c in enumerate(cols)))
        else:
            for rows in itertools.permutations(range(n), m):
                best = max(best, sum(w[r][j] for j, r in enumerate(rows)))
        assert reward._max_assignment(w) == pytest.approx(best, abs=1e-9)


# ---------------------------------------------------------------------------
# robustness
# ---------------------------------------------------------------------------

NASTY = [
    "", " ", "\n\n", "{", "}", "{}", "[]", "```", "``````", "```json", "```json\n```",
    "{" * 1_000_000,
    "[" * 1_000_000,
    "{\"a\":" * 200_000,
    "{\"answer\":" * 200_000,
    "{'answer':" * 100_000,
    "{\"answer\": 1, \"x\": " + "[" * 100_000 + "]" * 100_000 + "}",
    "{'answer': 1, 'x': " + "[" * 5_000 + "]" * 5_000 + "}",
    "{\"" + "a" * 1_000_000,
    "x" * 1_000_000 + "{\"answer\": 7}",
    ("{\"answer\": \"" + "x" * 4000) * 250,
    "{'answer': '\\'" * 50_000,
    "{\"answer\": NaN}", "{\"answer\": Infinity}", "{\"answer\": -Infinity}",
    "{\"answer\": 1e999}", "{\"answer\": 1" + "0" * 5000 + "}",
    "{'answer': 1" + "0" * 5000 + "}",
    "\udcff", "{\"answer\": \"\udcff\"}", "{\"answer\": \"\\udcff\"}", "\ud800{'answer': '\udcff'}",
    "\x00", "{\"answer\": 7}\x00", "{'answer': 7\x00}", "{\"answer\"\x00: 7}",
    "{\"answer\": {\"answer\": {\"answer\": 7}}}",
    "{\"annotation\": [[[[[]]]]], \"answer\": []}",
    "{'answer': (1, 2), 'annotation': {1, 2}}",
    "{'answer': 1+2j, 'annotation': b'xx'}",
    "{\"answer\": 7, \"annotation\": {\"a\": [[1e308, 1e308, -1e308, -1e308]]}}",
    "{\"answer\": 7, \"annotation\": " + json.dumps([[i, i] for i in range(2000)]) + "}",
    "```json\n" + "{" * 100_000 + "\n```",
    "```json\n{\"answer\": " + "[" * 100_000 + "\n```",
]

ANNOTATION_GTS = {
    "point": [1, 2], "point_set": [[1, 2], [3, 4]], "point_sequence": [[1, 2], [3, 4]],
    "point_map": {"a": [1, 2]}, "point_set_map": {"a": [[1, 2]], "b": []},
    "bbox": [0, 0, 4, 4], "bbox_set": [[0, 0, 4, 4]], "bbox_sequence": [[0, 0, 4, 4]],
    "bbox_map": {"a": [0, 0, 4, 4]}, "bbox_set_map": {"a": [[0, 0, 4, 4]]},
    "segment": [[0, 0], [4, 4]], "segment_set": [[[0, 0], [4, 4]]],
}


def _check(res, mode):
    assert res["error"] is None
    assert 0.0 <= res["overall"] <= 1.0
    assert res["accuracy"] in (0, 1) and res["format"] in (0, 1)
    if mode == AA:
        assert 0.0 <= res["annotation"] <= 1.0
    else:
        assert res["annotation"] is None


def test_annotation_gt_fixture_covers_all_types():
    assert set(ANNOTATION_GTS) == set(reward.ANNOTATION_TYPES)


@pytest.mark.parametrize("i", range(len(NASTY)))
def test_nasty_strings_never_raise(i):
    s = NASTY[i]
    reward.extract_answer(s)
    reward.format_ok(s, ["answer"])
    for atype in ("point_set", "bbox_map", "segment"):
        _check(reward.score(s, gt("integer", 7), gt(atype, ANNOTATION_GTS[atype]), mode=AA), AA)
    _check(reward.score(s, gt("string", "x"), mode=A), A)


def test_nasty_inputs_known_values():
    assert reward.score("x" * 1_000_000 + '{"answer": 7}', gt("integer", 7))["overall"] == 1.0
    assert reward.score('{"answer": NaN}', gt("number", 1.0))["accuracy"] == 0
    assert reward.score("{'answer': (1, 2)}", gt("integer", [1, 2]))["accuracy"] == 1


@pytest.mark.parametrize("odd", [None, b"\xff\xfe\x00", 7, 3.5, ["{\"answer\": 1}"], {"answer": 1}, object()])
def test_non_str_responses(odd):
    _check(reward.score(odd, gt("integer", 1)), A)
    _check(reward.score(odd, gt("integer", 1), gt("point", [0, 0]), mode=AA), AA)


FRAGMENTS = [
    "{", "}", "[", "]", "\"", "'", ":", ",", " ", "\n", "\\", "```", "```json\n",
    "\"answer\"", "'answer'", "\"annotation\"", "answer", "7", "-1.5", "1e400", "NaN",
    "Infinity", "true", "null", "None", "\"B\"", "'B'", "[1, 2]", "[0, 0, 4, 4]",
    "[[0, 0], [4, 4]]", "{\"a\": [1, 2]}", "\\u0000", "\udcff", "\x00", "é", "😀", "0x1F",
    "{\"answer\": 7}", "{'answer': 'B'}", "{\"answer\": \"B\", \"annotation\": [1, 2]}",
]


def test_seeded_fuzz():
    rng = random.Random(0)
    types = sorted(ANNOTATION_GTS)
    for k in range(300):
        s = "".join(rng.choice(FRAGMENTS) for _ in range(rng.randint(0, 40)))
        atype = types[k % len(types)]
        reward.extract_answer(s)
        reward.format_ok(s, ["answer", "annotation"])
        _check(reward.score(s, gt("integer", 7), gt(atype, ANNOTATION_GTS[atype]), mode=AA), AA)
        _check(reward.score(s, gt("option_letter", "B")), A)
        _check(reward.score(s, gt("number", [0.5, -1.5])), A)
