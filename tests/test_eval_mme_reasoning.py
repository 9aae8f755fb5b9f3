"""MME-Reasoning module beyond the conformance cases: choice normalisation, extraction validation, the
extraction and open-judge schedules, every deterministic check (valid, invalid and failing inputs) and the
capability / reasoning-type table (fast, no model)."""

import itertools

import pytest

from rlvr.evaluation import benchmarks
from rlvr.evaluation.benchmarks import _mme_functions as fn
from rlvr.evaluation.benchmarks import mme_reasoning as mme
from rlvr.evaluation.benchmarks.base import BenchmarkError, JudgeReply
from scripted_judge import run_scripted

MME = benchmarks.get("mme_reasoning")


@pytest.mark.parametrize("reply,expected", [
    ("B", "B"), ("b", "B"), ("(B)", "B"), ("[A, C]", "A,C"), ("A, C", "A,C"), ("AC", "A,C"),
    ("['a', 'c']", "A,C"), ("AAC", "AAC"), ("None of the above.", mme.NO_CHOICE), ("none", mme.NO_CHOICE),
    ("?", mme.NO_CHOICE), ("[?, ?]", mme.NO_CHOICE), ("B\nExtracted answer: b", "B"),
    ("B\nExtracted answer: C", "B\nExtracted answer: C"), ("44", "44"), ("\\boxed{\\alpha}", "\\boxed{\\alpha}"),
    ("B. square", "B"), ("B) x", "B"), ("A. x or B. y", "A. x or B. y"), ("A or B", "A or B"), ("", None),
])
def test_normalize_choice(reply, expected):
    assert mme.normalize_choice(reply) == expected


def test_validate_extraction():
    assert mme.validate_extraction("id_answer_pair_prompt", '{"A": 1}') == (True, '{"A": 1}')
    assert mme.validate_extraction("id_answer_pair_prompt", 'Sure:\n```json\n[1, 2]\n```') == (True, "[1, 2]")
    assert mme.validate_extraction("id_answer_pair_prompt", "A is 1")[0] is False
    assert mme.validate_extraction("open_question_prompt", "anything") == (True, "anything")
    assert mme.validate_extraction("points24_prompt", mme.FAIL_MSG)[0] is False
    assert mme.validate_extraction("choice_prompt", "   ")[0] is False


def _item(**kw):
    base = {"index": 5, "question": "Q", "prediction": "resp", "answer": "B", "question_type": "choice",
            "prompt_id": None, "function_id": None, "special_info": None}
    return dict(base, **kw)


def test_extraction_schedule_and_failure():
    outcomes, sent = run_scripted(MME, [_item()], [JudgeReply("B", "length"), "", "B"])
    assert [(r.params["temperature"], r.params["max_tokens"], r.stage) for r in sent] == [
        (0.0, 1024, "extract"), (0.5, 2048, "extract"), (1.0, 2048, "extract")]
    assert outcomes[0].result == {"score": 1, "extracted": "B"}
    assert "Model Response: resp" in sent[0].messages[0]["content"]
    outcomes, sent = run_scripted(MME, [_item()], [""] * 5)      # the reference's slice fails: recorded instead
    assert len(sent) == 5 and outcomes[0].result == {"score": 0, "extracted": "",
                                                     "judge_unresolved": "no parseable extraction in five attempts"}
    outcomes, _ = run_scripted(MME, [_item(question_type="other")], [])
    assert "requires a function_id" in outcomes[0].error
    outcomes, _ = run_scripted(MME, [_item(function_id="match_answer_function")], [])
    assert "no prompt_id" in outcomes[0].error


def test_open_judge_ladder_and_temperatures():
    item = _item(question_type="open", answer="5")
    outcomes, sent = run_scripted(MME, [item], ["five", "", "Judgement: 1", "0"])
    assert [(r.stage, r.params["temperature"], r.params["max_tokens"]) for r in sent] == [
        ("extract", 0.0, 1024), ("open_score", 0.0, 128), ("open_score", 0.0, 256), ("open_score", 0.5, 128)]
    assert outcomes[0].result == {"score": 0, "extracted": "five"}
    assert "[Standard answer]: 5\n    [Model answer]: five" in sent[1].messages[0]["content"]
    outcomes, _ = run_scripted(MME, [item], ["five"] + ["yes"] * 5)
    assert outcomes[0].result["score"] == 0 and "0/1" in outcomes[0].result["judge_unresolved"]


def test_deterministic_rows_fail_like_the_reference():
    # a check raising on the judge's extraction: recorded unresolved; unreadable row data: the slice fails
    row = _item(question_type="open", prompt_id="id_answer_pair_prompt", function_id="calculate_answer_function_3",
                answer=None)
    outcomes, _ = run_scripted(MME, [row], ['["not a dict"]'])
    assert outcomes[0].result["score"] == 0 and "raised AttributeError" in outcomes[0].result["judge_unresolved"]
    outcomes, _ = run_scripted(MME, [dict(row, answer="B")], ['{"A": 1}'])     # the answer cell is evaluated
    assert "cannot be read" in outcomes[0].error
    row = _item(question_type="open", prompt_id="sudoku_4_extraction_prompt",
                function_id="calculate_answer_function_sudoku_4", answer=None)
    outcomes, _ = run_scripted(MME, [row], ["[[1]]"])
    assert "requires special_info" in outcomes[0].error
    row = _item(question_type="open", prompt_id="id_answer_pair_prompt", function_id="no_such_function")
    outcomes, _ = run_scripted(MME, [row], ['{"A": 1}'])
    assert "no official evaluator" in outcomes[0].error


def test_non_bool_result_fails(monkeypatch):
    monkeypatch.setitem(fn.FUNCTIONS, "calculate_answer_function_1", lambda d, a=None: 1)
    with pytest.raises(BenchmarkError, match="not a bool"):
        mme.check("calculate_answer_function_1", '{"A": 1}', {"index": 1, "answer": None})


def _solution(keys, values, check):
    for perm in itertools.permutations(values):
        d = dict(zip(keys, perm))
        if check(d):
            return d
    return None


def test_arithmetic_functions():
    assert fn.function_1({"A": 6, "B": 2, "C": 4}) and not fn.function_1({"A": 6, "B": 0, "C": 4})
    assert fn.function_1(["A"]) is False and fn.function_2({"A": "x"}) is False
    assert fn.function_2({"A": 10, "B": 5, "C": 10, "D": 5, "E": 5, "F": 10})
    sol = _solution("ABCDEF", range(1, 7), fn.function_10)
    assert sol and sol["A"] + sol["B"] + sol["D"] == sol["A"] + sol["C"] + sol["F"]
    assert not fn.function_10(dict(sol, A=sol["A"] + 6))
    assert fn.function_11({"A": 2, "C": 8, "B": 1, "D": 10, "E": 0, "F": 9, "G": 13}) is False   # value set
    assert fn.function_11({"A": 7, "B": 8, "C": 3, "D": 8, "E": 2, "F": 9, "G": 11}) is False
    assert fn.function_12({k: 0 for k in "ACTDOGPES"}) is True
    assert fn.function_12({"C": 1, "A": 2, "T": 3, "D": 1, "O": 0, "G": 0, "P": 0, "E": 2, "S": 4}) is False
    for f, n in ((fn.function_3, 15), (fn.function_4, 9), (fn.function_6, 19), (fn.function_7, 12), (fn.function_9, 19)):
        d = {fn.LETTERS[i]: i + 1 for i in range(n)}
        assert f({k: v for k, v in d.items() if k != "A"}) is False          # a key missing
        assert f(dict(d, A=99)) is False                                    # not the required values
        with pytest.raises(AttributeError):
            f([1, 2])
    assert fn.function_5({k: 7 for k in fn.LETTERS[:17]}) is False
    assert fn.function_8({k: 0 for k in fn.LETTERS[:13]}) is False
    with pytest.raises(TypeError):
        fn.function_8({k: "x" for k in fn.LETTERS[:13]})


def test_matching_functions():
    assert fn.match_answer({"1": ["B", "A"], "2": "C"}, {"1": ["A", "B"], "2": "C"})
    assert not fn.match_answer({"1": "A"}, {"1": "A", "2": "B"})
    assert fn.match_coordinate([{"row": "A", "column": 1}], {"row": "A", "column": 1})
    assert not fn.match_coordinate([{"row": "B", "column": 3}, {"row": "A", "column": 1}],
                                   [{"row": "A", "column": 1}, {"row": "B", "column": 3}])
    assert fn.multiple_match({"id": ["C", "A"]}, [["A", "C"], ["B"]]) and not fn.multiple_match({"id": "B"}, ["A"])
    with pytest.raises(AssertionError):
        fn.multiple_match({"a": 1, "b": 2}, [1])
    assert fn.compare_expression({"equation": "3 + 2 = 5"}, ["2 + 3 = 5"])
    assert fn.compare_expression({"equation": "y*x = 6"}, ["1 + 5 = 6", "x*y = 6"])
    assert not fn.compare_expression({"equation": "2 * 3 = 6"}, ["2 + 4 = 6"])
    with pytest.raises(KeyError):
        fn.compare_expression({"formula": "1"}, ["1"])
    assert fn.choice("A,C", "['A', 'C']") and fn.choice(" C , A", "A, C") and not fn.choice("A", None)
    assert fn.choice("None", None)                      # a missing gold answer reads 'None'
    with pytest.raises(TypeError):
        fn.choice("1", "[1, 2]")


def test_hashi():
    islands = {"init_islands": [{"cord": "a1", "requirement": 2}, {"cord": "a3", "requirement": 1},
                                {"cord": "c1", "requirement": 1}]}
    good = [{"start": "a1", "end": "a3", "number": 1}, {"start": "a1", "end": "c1", "number": 1}]
    assert fn.hashi(good, None, islands)
    assert not fn.hashi([], None, islands) and not fn.hashi(good, None, None)
    assert not fn.hashi(good[:1], None, islands)                                    # requirement unmet
    assert not fn.hashi([{"start": "a3", "end": "c1", "number": 1}], None, islands)  # not orthogonal
    assert not fn.hashi(good + [{"start": "a1", "end": "a3", "number": 2}], None, islands)   # > 2 bridges
    crossing = {"init_islands": [{"cord": c, "requirement": 1} for c in ("b1", "b3", "a2", "c2")]}
    assert not fn.hashi([{"start": "b1", "end": "b3", "number": 1}, {"start": "a2", "end": "c2", "number": 1}],
                        None, crossing)
    with pytest.raises(ValueError):
        fn.hashi([{"start": "a1", "end": "ax", "number": 1}], None, {"init_islands": [{"cord": "a1", "requirement": 1},
                                                                                    {"cord": "ax", "requirement": 1}]})


def _sudoku(n, box_rows, box_cols):
    return [[(box_cols * (r % box_rows) + r // box_rows + c) % n + 1 for c in range(n)] for r in range(n)]


def test_grid_puzzles():
    g4, g6 = _sudoku(4, 2, 2), _sudoku(6, 2, 3)
    base4 = {"base_matrix": [[g4[0][0]] + [None] * 3] + [[None] * 4 for _ in range(3)]}
    assert fn.sudoku_4(g4, None, base4) and fn.sudoku_6(g6, None, {"base_matrix": [[None] * 6] * 6})
    assert not fn.sudoku_4(g4, None, {"base_matrix": [[9, None, None, None]] + [[None] * 4] * 3})
    assert not fn.sudoku_4(g4[:3], None, base4) and not fn.sudoku_6(g4, None, base4)
    bad = [row[:] for row in g4]
    bad[0][1], bad[1][1] = bad[1][1], bad[0][1]                              # rows 0 and 1 now repeat a digit
    assert not fn.sudoku_4(bad, None, {"base_matrix": [[None] * 4] * 4})
    with pytest.raises(TypeError):
        fn.sudoku_4([1, 2, 3, 4], None, base4)
    sky = {"visible_skyscrapers": [[2, 2, 1], [3, 1, 2], [1, 2, 2], [2, 1, 3]], "base_matrix": [[None] * 3] * 3}
    assert fn.skyscraper([[1, 2, 3], [3, 1, 2], [2, 3, 1]], None, sky)
    assert not fn.skyscraper([[1, 2, 3], [3, 1, 2], [2, 3, 1]], None, dict(sky, visible_skyscrapers=[[3, None, None]] * 4))
    with pytest.raises(IndexError):
        fn.skyscraper([[1, 2, 3], [3, 1, 2], [2, 3, 1]], None, dict(sky, visible_skyscrapers=[[2, 2, 1]]))
    ok = [[1] * 6] + [[1, 0, 1, 0, 1, 0]] * 4 + [[0] * 6]
    empty = {"base_matrix": [[None] * 6 for _ in range(6)]}
    assert fn.yinyang(ok, None, empty)
    assert not fn.yinyang([[1] * 6] * 6, None, empty)                          # 2x2 blocks
    split = [[1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0]] * 3
    assert not fn.yinyang(split, None, empty)                                  # not connected
    assert not fn.yinyang(ok[:5], None, empty)


def test_points24():
    cards = {"init_cards": [1, 8, 9, 13]}
    assert fn.points24("(13-9-1)*8=24", None, dict(cards))
    assert not fn.points24("3*8=24", None, dict(cards)) and not fn.points24("(13-9-1)*8", None, None)
    assert not fn.points24("8/(3-8/3)=24", None, {"init_cards": [3, 3, 8, 8]})   # float 23.999...
    assert not fn.points24("__import__('os')", None, dict(cards))


def test_capability_and_reasoning_type_table():
    items = [{"capability": "calculation, pattern analysis", "reasoning_type": "inductive"},
             {"capability": "calculation", "reasoning_type": None}]
    agg = MME.aggregate(items, [{"score": 1}, {"score": 0}])
    t = agg["table"]
    assert agg["score"] == 50 and t["calculation"] == 50 and t["pattern analysis"] == 100 and t["inductive"] == 100
    assert t["abductive"] is None and t["spatial-temporal"] is None          # NaN in the reference
