"""symbolic/truth_table: independent solvers that parse the expressions as printed (their own
recursive-descent parser: ! binds to the next operand, a bracket-free run of operands never mixes
two operators) and evaluate them row by row over the table's inputs in binary counting order."""

from itertools import product

import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine
from tracegen.domains.symbolic.truth_table import expr_text, pattern_text

MOD = "tracegen.domains.symbolic.truth_table"
P = "task_symbolic__truth_table__"
OPS = {"&": lambda xs: all(xs), "|": lambda xs: any(xs), "^": lambda xs: sum(xs) % 2 == 1}


def parse(text):
    """A function env -> bool of the printed expression."""
    pos = 0

    def operand():
        nonlocal pos
        ch = text[pos]
        if ch == "!":
            pos += 1
            inner = operand()
            return lambda env: not inner(env)
        if ch == "(":
            pos += 1
            inner = run()
            assert text[pos] == ")", text
            pos += 1
            return inner
        assert ch.isalpha(), text
        pos += 1
        return lambda env: bool(env[ch])

    def run():
        nonlocal pos
        terms, ops = [operand()], set()
        while pos < len(text) and text[pos] in OPS:
            ops.add(text[pos])
            pos += 1
            terms.append(operand())
        assert len(ops) <= 1, f"{text}: operators mixed without brackets"
        if not ops:
            return terms[0]
        fn = OPS[ops.pop()]
        return lambda env: fn([t(env) for t in terms])

    f = run()
    assert pos == len(text), text
    return f


def truth(expr, names):
    f = parse(expr_text(expr))
    return [int(f(dict(zip(names, bits)))) for bits in product((0, 1), repeat=len(names))]


def from_rows(state, params, qid):
    hits = [k for k, e in enumerate(state["options"]) if truth(e, state["names"]) == state["output"]]
    assert len(hits) == 1
    return "WXYZ"[hits[0]]


def count(state, params, qid):
    return sum(truth(state["expr"], state["names"]))


def pattern(state, params, qid):
    right = "".join(map(str, truth(state["expr"], state["names"])))
    assert state["options"].count(right) == 1
    return "ABCDEF"[state["options"].index(right)]


SOLVERS = {P + "expression_from_rows_label": from_rows, P + "satisfying_row_count": count,
           P + "truth_pattern_label": pattern}


def _size(s):
    return 2 ** len(s["names"]) + len(expr_text(s["expr"]))


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def _right_card(record, trace):
    """The right card's content (its pattern or expression text): printed only on the card itself."""
    s = trace["state"]
    letters = "WXYZ" if s["layout"] == "rows" else "ABCDEF"
    right = s["options"][letters.index(record["answer_gt"]["value"])]
    return [pattern_text(right) if isinstance(right, str) else expr_text(right)]


# (a count of rows is written in any truth table: the row numbers and the 0/1 entries; the label tasks only.
# The pattern cards' letter A-F is no shortcut -- the table's inputs are named A, B, C ... -- the right card's
# content printed anywhere but on the card would be)
test_no_shortcuts = shortcut_test([P + "expression_from_rows_label", P + "truth_pattern_label"],
                                  answer=lambda tid: tid.endswith("expression_from_rows_label"),
                                  extra=_right_card)


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_table_rows_are_drawn_in_counting_order(tid):
    spec = registry.get(tid)
    inst = engine.generate(spec, seed=5, split="rows", index=0, encode=False)
    names = inst.trace["state"]["names"]
    n = 2 ** len(names)
    labels = [t["text"] for t in inst.canvas.texts]
    assert all(str(i + 1) in labels for i in range(n))
    boxes = [inst.canvas.entities[f"row:{i}"]["box"] for i in range(n)]
    assert all(a[1] < b[1] for a, b in zip(boxes, boxes[1:]))


def _tree(t, env):
    if t[0] == "var":
        return bool(env[t[1]])
    if t[0] == "not":
        return not _tree(t[1], env)
    return OPS[{"and": "&", "or": "|", "xor": "^"}[t[0]]]([_tree(k, env) for k in t[1:]])


def test_printed_expressions_mean_their_trees():
    spec = registry.get(P + "expression_from_rows_label")
    for i in range(40):
        _, _, state, _, _ = engine.solve_only(spec, seed=2, split="parse", index=i, difficulty=1 + i % 3)
        names = state["names"]
        for e in state["options"]:
            assert "!!" not in expr_text(e)
            assert truth(e, names) == [int(_tree(e, dict(zip(names, b)))) for b in product((0, 1), repeat=len(names))]
