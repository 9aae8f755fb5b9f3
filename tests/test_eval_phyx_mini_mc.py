"""PhyX mini MC (rlvr/evaluation/benchmarks/phyx_mini_mc.py): TRACE's option adapter and the string-level
MC matcher, beyond the shared conformance cases. No model."""

import pytest

from rlvr.evaluation import benchmarks
from rlvr.evaluation.benchmarks.phyx_mini_mc import UNRESOLVED, option_letter, process_line_mc
from rlvr.evaluation.common import driver


@pytest.mark.parametrize("text, expected", [
    ("The answer is B.", "B"), ('{"answer": "C"}', "C"), ("Consider a block on a ramp.", "A"),   # article "a"
    ("Option c is right", "C"), ("\\boxed{A}", "A"), ("Final answer: (B)", "B"), ("", ""),
    ("\\boxed{9.9 m/s}", ""), ("The correct option: D", "D"), ("My choice is A because", "A"),
    ("B or C", "C"), ("v = 12.1 m/s, so C", "C"), (float("nan"), ""), (0, ""),
])
def test_option_letter(text, expected):
    assert option_letter(text) == expected


def test_process_line_mc():
    assert process_line_mc("Answer: B", "B") == (1, "B")
    assert process_line_mc("Answer: B", "A") == (0, "B")
    assert process_line_mc(UNRESOLVED, "D") == (0, "SAME as predict")
    assert process_line_mc("x A: y", "A") == (1, "A")              # the last "X:" without a keyword
    assert process_line_mc("**C** wins", "C") == (1, "SAME as predict")


def test_adapter_and_aggregate():
    b = benchmarks.get("phyx_mini_mc")
    from rlvr.evaluation.benchmarks.base import Row

    rows = [Row(fields={"index": i, "question": "q", "answer": a, "category": c})
            for i, (a, c) in enumerate([("B", "Optics"), ("A", "Optics"), ("C", "Mechanics")])]
    items = b.prepare(rows, ["It is B", "", "\\boxed{12 m}"])
    assert [it["prediction"] for it in items] == ["Answer: B", UNRESOLVED, UNRESOLVED]
    outs = driver.run(b, items, driver.no_judge)
    assert [o.result["score"] for o in outs] == [1, 0, 0]
    out = b.aggregate(items, [o.result for o in outs])
    assert out["score"] == pytest.approx(100 / 3) and out["table"]["Optics"] == 0.5
