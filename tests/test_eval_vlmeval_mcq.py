"""VLMEvalKit's MCQ rules (rlvr/evaluation/common/vlmeval_mcq.py) and the benchmarks scored with them
(MMStar, BLINK, CV-Bench-3D, MMMU-Pro Vision, WeMath): behaviour beyond the shared conformance cases --
retry ladders, the last-resort choice, the report tables, loader and aggregate quirks. No model."""

import math

import pytest

from rlvr.evaluation import benchmarks
from rlvr.evaluation.benchmarks.base import BenchmarkError, Row
from rlvr.evaluation.common import constants, driver, vlmeval_mcq as vm, vlmeval_report

CHOICES = {"A": "green apple", "B": "red apple", "C": "banana", "D": "orange"}


def _run(bench, items, replies):
    """Score ``items`` with scripted judge replies (one list per row); -> (results, requests per row)."""
    asked = [[] for _ in items]
    pos = [0] * len(items)

    def responder(batch):
        out = []
        for i, req in batch:
            asked[i].append(req)
            out.append(replies[i][pos[i]])
            pos[i] += 1
        return out

    outcomes = driver.run(bench, items, responder)
    return outcomes, asked


# ------------------------------------------------------------------------------------------ rules
@pytest.mark.parametrize("answer, expected", [
    ("B", "B"), ("(D)", "D"), ("Answer: **B**", "B"), ("The answer is C.", "C"),
    ("Cannot determine the answer", "Z"),            # refusal phrase (case-sensitive)
    ("I cannot determine the answer", False),         # ... so the lower-case variant is not refused
    ("Z", "Z"), ("b", False), ("<answer>C</answer>", False),
    ("A round citrus fruit, so D", False),           # two option tokens: ambiguous
    ("B seems right because the skin is red and shiny and the stem is short", False),   # not in the last 5 tokens
    ("The correct answer is **B**. Here's why: it is red and not green at all.", "B"),  # verbose regex
    ("the answer is e", False),                      # regex letter not an option
    ("Failed to obtain answer via API", False),
])
def test_can_infer_option(answer, expected):
    assert vm.can_infer_option(answer, dict(CHOICES)) == expected


def test_can_infer_text_length_guard_and_lowercases_choices():
    choices = dict(CHOICES, A=3.0)
    assert vm.can_infer_text("It is a RED APPLE.", choices) == "B"
    assert choices["A"] == "3.0" and choices["B"] == "red apple"       # lower-cased str, in place
    assert vm.can_infer_text("apple", dict(CHOICES)) is False           # contains no whole option text
    long = "red apple " * 10                                            # longer than twice the options
    assert vm.can_infer_text(long, dict(CHOICES)) is False
    assert vm.can_infer("It is a red apple.", dict(CHOICES)) == "B"


def test_judge_prompt_templates():
    item = {"question": "Which fruit?", "prediction": "yellow", "A": "x", "B": "y"}
    choices = vm.build_choices(item)
    generic = vm.judge_prompt(item, choices)
    assert generic.endswith("Question: Which fruit??\nOptions: There are several options: \nA. x\nB. y\n\n"
                            "Answer: yellow\nYour output: ")
    blink = vm.judge_prompt(item, choices, "blink")
    assert "(Z) Failed\nAnswer: yellow\nYour output: " in blink and blink != generic
    cn = vm.judge_prompt(dict(item, question="哪个水果?"), choices)
    assert cn.startswith("你是一个") and cn.endswith("答案: yellow\n输出: ")
    with pytest.raises(BenchmarkError, match="not text"):
        vm.judge_prompt(dict(item, question=None), choices)          # cn_string(nan) fails upstream
    assert "Question: nan?" in vm.judge_prompt(dict(item, question=None), choices, "blink")


# ------------------------------------------------------------------------------------------ judge flow
class _Probe(vm.ImageMCQBenchmark):
    key = "probe_mcq"


def _item(pred, answer="B", **extra):
    return {"index": 1, "question": "Which fruit?", **CHOICES, "answer": answer, "prediction": pred, **extra}


def test_judge_resend_on_empty_then_three_tries():
    bench = _Probe()
    # empty replies are re-sent (OpenAIWrapper), an unparsable one counts as a try
    outcomes, asked = _run(bench, [_item("yellow fruit", "C")], [["", "  ", "no idea", "The answer is C"]])
    assert [o.result for o in outcomes] == [{"score": 1, "match_log": "Match Log: The answer is C. "}]
    assert len(asked[0]) == 4 and len({r.messages[0]["content"][0]["text"] for r in asked[0]}) == 1
    assert asked[0][0].params == {"model": "qwen3-32b-judge", "temperature": 0,
                                  "chat_template_kwargs": {"enable_thinking": False}, "max_tokens": 256}


def test_last_resort_is_reproducible_and_among_options():
    bench = _Probe()
    runs = [_run(bench, [_item("yellow fruit")], [["nope", "nope", "nope"]])[0][0].result for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0]["match_log"] == "Match Log: Failed to predict, thus randomly generate one. . "
    # 5 sends per try when every reply is empty, then three tries
    outcomes, asked = _run(bench, [_item("yellow fruit")], [[""] * 15])
    assert len(asked[0]) == 15 and outcomes[0].result["match_log"].endswith("randomly generate one. . ")
    letters = {vm.random_option(dict(CHOICES), f"prompt {k}") for k in range(200)}
    assert letters == set(CHOICES) | {"Z"}
    with pytest.raises(BenchmarkError, match="Z option"):
        vm.random_option({**CHOICES, "Z": "none"}, "p")


def test_exact_matching_never_asks():
    class Exact(_Probe):
        judge = None
    outcomes, asked = _run(Exact(), [_item("yellow fruit"), _item("B")], [[], []])
    assert asked == [[], []] and Exact().probe_requests() == []
    assert outcomes[0].result["match_log"] == "Match Log: " + vm.EXACT_MATCHING_LOG + ". "
    assert outcomes[1].result["score"] == 1


# ------------------------------------------------------------------------------------------ report
def test_report_acc_and_primary():
    items = [{"category": "a", "l2-category": "x"}, {"category": "b", "l2-category": "x"},
             {"category": "b", "l2-category": "y"}]
    table = vm.report_acc(items, [1, 0, 1])
    assert table == [{"split": "none", "Overall": 2 / 3, "x": 0.5, "y": 1.0, "a": 1.0, "b": 0.5}]
    assert list(table[0]) == ["split", "Overall", "x", "y", "a", "b"]
    by_split = vm.report_acc([{"split": "3D"}, {"split": "3D"}, {"split": "2D"}], [1, 0, 0])
    assert by_split == [{"split": "2D", "Overall": 0.0}, {"split": "3D", "Overall": 0.5}]
    with pytest.raises(BenchmarkError, match="mixes missing"):
        vm.report_acc([{"category": "a"}, {"category": None}], [1, 0])
    assert vm.primary_percent([{"split": "none", "Overall": 0.25}]) == pytest.approx(25.0)
    # the campaign's auto scaling also multiplies a percentage of at most 1 (0.5 % -> 50)
    assert vm.primary_percent([{"split": "none", "Overall": 0.005}]) == pytest.approx(50.0)
    # other splits: the generic key ranking (split=test preferred)
    flat = vlmeval_report.flatten_rows([{"split": "val", "Overall": 0.2}, {"split": "test", "Overall": 0.4}])
    assert vlmeval_report.choose_primary_key(flat) == "split=test|Overall"


def test_cvbench_3d_report_and_prompt_column():
    b = benchmarks.get("cvbench_3d")
    items = [{"split": "3D", "answer": "A"}, {"split": "3D", "answer": "B"}]
    assert b.aggregate(items, [{"score": 1}, {"score": 0}])["score"] == pytest.approx(50.0)
    two_d = [{"split": "2D", "source": "ADE20K"}, {"split": "2D", "source": "COCO"}, {"split": "2D", "source": "COCO"}]
    assert b.aggregate(two_d, [{"score": 1}, {"score": 1}, {"score": 0}])["score"] == pytest.approx(75.0)
    with pytest.raises(BenchmarkError, match="prompt"):
        b.build_prompt(Row(fields={"index": 1, "question": "q", "prompt": None}, images=[b"x"]))


# ------------------------------------------------------------------------------------------ MMMU-Pro Vision
def test_mmmu_pro_cot_postproc():
    from rlvr.evaluation.benchmarks.mmmu_pro_vision import cot_postproc

    assert cot_postproc("reasoning\nAnswer: B") == "B"
    assert cot_postproc("Answer: $B") == "B"
    assert cot_postproc("Answer: Paris") == "P"                  # one capital collapses the tail
    assert cot_postproc("Answer: B or C") == " B or C"
    assert cot_postproc("Answer: A\nAnswer: (D) berlin") == "D"   # the last Answer: line
    assert cot_postproc("Answer: (D) Berlin") == " (D) Berlin"     # two capitals: the tail as it is
    assert cot_postproc("answer: C") == "answer: C"               # case-sensitive marker: unchanged


def test_mmmu_pro_loader_preproc_and_errors():
    b = benchmarks.get("mmmu_pro_vision")
    rows = b.rows_from_records([{"index": 1, "image": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==",
                                 "question": "real question", "A": None, "B": None, "answer": "42"}])
    assert rows[0].fields["question"] == constants.text("mmmu_pro_vision.question_placeholder")
    items = b.prepare(rows, ["Answer: 42"])
    it = b.evaluator_item(items[0])
    assert it["A"] == 42 and it["B"] == "Other Answers"           # MMMU_preproc (open question)
    assert b.ground_truth(it) == "A"                              # non-letter answer counts as A
    outcomes, asked = _run(b, items, [[]])
    assert asked == [[]] and outcomes[0].result["score"] == 1    # can_infer_text finds "42" as option A
    empty = b.prepare(rows, [""])
    bad, _ = _run(b, empty, [[]])
    assert bad[0].error and "not text" in bad[0].error


# ------------------------------------------------------------------------------------------ WeMath
def _wemath(rows):
    b = benchmarks.get("wemath")
    items = [{"ID": pid, "key": key} for pid, key, _ in rows]
    return b.aggregate(items, [{"score": hit} for _, _, hit in rows])


def test_wemath_strict_score_counts():
    ig = [("p1", "2steps_1", 1), ("p1", "2steps_2", 1), ("p1", "2steps_multi", 0)]          # IG: -0.5
    rm = [("p2", "3steps_1", 1), ("p2", "3steps_2", 0), ("p2", "3steps_3", 1), ("p2", "3steps_multi", 1)]  # RM
    ik = [("p3", "2steps_1", 0), ("p3", "2steps_2", 1), ("p3", "2steps_multi", 0)]          # IK: -1
    cm = [("p4", "2steps_1", 1), ("p4", "2steps_2", 1), ("p4", "2steps_multi", 1)]
    out = _wemath(ig + rm + ik + cm)
    assert out["score"] == float("{:.2f}".format((525 - 0.5 - 1 - 1) / 525 * 100))
    assert out["table"]["RoteMemorization (Strict)"] == "50.00% (1)"
    assert out["table"]["InadequateGeneralization"] == "0.19% (1)"
    # the denominator stays 525 whatever the number of rows; keys outside the step scheme are ignored
    assert _wemath(cm + [("p4", "2steps_multi_dup", 0), ("p9", "1step", 0)])["score"] == 100.0


def test_wemath_missing_step_and_no_correct_composite():
    # a composite without its second step: that step is neither right nor wrong (pandas NaN comparisons)
    out = _wemath([("p1", "2steps_1", 1), ("p1", "2steps_multi", 0)])
    assert out["score"] == 100.0 and out["table"]["InadequateGeneralization"] == "0.00% (0)"
    # no composite answered right: the reference's rote-memorization rate divides by zero; the score stands
    out = _wemath([("p1", "2steps_1", 0), ("p1", "2steps_2", 0), ("p1", "2steps_multi", 0)])
    assert out["score"] == float("{:.2f}".format((525 - 1) / 525 * 100))
    assert out["table"]["RoteMemorization (Strict)"] == "nan% (0)"
    with pytest.raises(BenchmarkError, match="not text"):
        benchmarks.get("wemath").aggregate([{"ID": "p", "key": None}], [{"score": 1}])


def test_wemath_prompt_requirement_nan():
    b = benchmarks.get("wemath")
    row = Row(fields={"index": 1, "question": "Q?", "A": "1", "B": None, "hint": None, "requirement": None},
              images=[b"png"])
    assert b.build_prompt(row)[-1]["value"] == "Question: Q?\nOptions:\nA. 1\n\nnan"
    with pytest.raises(BenchmarkError, match="requirement"):
        b.build_prompt(Row(fields={"index": 1, "question": "Q?"}, images=[b"png"]))


def test_report_values_are_finite_numbers():
    for v in (1, 0.5, "2.5"):
        assert vlmeval_report.is_number(v)
    for v in (True, None, float("nan"), "x"):
        assert not vlmeval_report.is_number(v)
    with pytest.raises(ValueError):
        vlmeval_report.auto_percent(math.nan)
