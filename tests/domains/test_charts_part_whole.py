"""charts/part_whole: independent solvers written from the catalog programs (index arithmetic
around the circle with deque rotations, exact fractions), every share printed once in the
alphabetical table, slices drawn clockwise in chart order."""

import math
from collections import deque
from fractions import Fraction

import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.part_whole"
P = "task_charts__part_whole__"


def _ring(state, start, clockwise):
    """Category indices starting at ``start`` in the asked direction."""
    ring = deque(range(len(state["values"])))
    ring.rotate(-start)
    if not clockwise:
        ring = deque([ring[0]] + list(reversed(list(ring)[1:])))
    return list(ring)


def transfer(state, params, qid):
    src = params["source"]
    nb = _ring(state, src, qid.startswith("clockwise"))[1]
    d = params["transfer"]
    return abs((state["values"][src] - d) - (state["values"][nb] + d))


def span_sum(state, params, qid):
    ring = _ring(state, params["start"], qid.startswith("clockwise"))
    return sum(state["values"][k] for k in ring[:params["span"]])


def angle(state, params, qid):
    a = Fraction(360, 100) * span_sum(state, params, qid)
    assert a.denominator == 1
    return int(a)


def subset_share(state, params, qid):
    frac = Fraction(100 * state["values"][params["target"]], sum(state["values"][k] for k in params["subset"]))
    return int(frac + Fraction(1, 2))


SOLVERS = {
    P + "adjacent_transfer_gap_value": transfer,
    P + "contiguous_chart_order_sum": span_sum,
    P + "sector_share_to_angle": angle,
    P + "subset_denominator_share_value": subset_share,
}


def _size(s):
    return len(s["values"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)


def _centre(inst):
    """The pie centre: the middle of the union of every slice box (the whole disc)."""
    boxes = [e["box"] for k, e in inst.canvas.entities.items() if k.startswith("slice:")]
    return ((min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2,
            (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2)


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_table_prints_each_share_and_the_chart_runs_clockwise(tid):
    spec = registry.get(tid)
    for i in range(3):
        inst = engine.generate(spec, seed=1, split="table", index=i, encode=False)
        st, ents = inst.trace["state"], inst.canvas.entities
        assert sum(st["values"]) == 100 and min(st["values"]) >= 3
        shares = [t for t in inst.canvas.drawn_texts() if t.endswith("%") and t != "100%"]
        assert shares == [f"{st['values'][st['categories'].index(n)]}%" for n in sorted(st["categories"])]
        # slice centres walk clockwise from 12 o'clock (screen angles grow with y pointing down)
        cx, cy = _centre(inst)
        angles = [(math.atan2(p[1] - cy, p[0] - cx) + math.pi / 2) % (2 * math.pi)
                  for p in (ents[f"slice:{k}"]["point"] for k in range(len(st["values"])))]
        assert angles == sorted(angles), (tid, angles)


def test_contiguous_sum_matches_slices_to_the_table_by_colour():
    """As in the reference (a table of swatches beside an unlabelled pie), contiguous_chart_order_sum
    names no slice: each category's name is drawn once, in its table row, and the prompt says to match
    slices by colour.  Under every theme and accent each slice has its swatch's colour and no two
    swatches are closer than DISTINCT_DELTA_E, so the match is unambiguous (the scene's claims).  The
    other part_whole tasks keep their slice labels."""
    import dataclasses

    from tracegen.core.style import THEMES

    spec = registry.get(P + "contiguous_chart_order_sum")
    for i in range(4):
        inst = engine.generate(spec, seed=3, split="colour", index=i, difficulty=3 if i % 2 else None, encode=False)
        tr, sol = inst.trace, inst.solution
        for th in range(len(THEMES)):
            style = dataclasses.replace(inst.canvas.style, theme=th, accent=(th + i) % 6)
            c = engine.render(spec, tr["state"], tr["params"], style, 1.0, tr["render"]["size"])
            texts = c.drawn_texts()
            for name in tr["state"]["categories"]:
                assert texts.count(name) == 1, f"theme {th}: {name!r} drawn {texts.count(name)} times"
            n = len(tr["state"]["categories"])
            assert all(f"swatch:{k}" in c.entities for k in range(n))
            assert engine.prompt_problems(spec, tr["state"], tr["params"], sol, c) == []
        assert "match each slice to its category by colour" in tr["question"]
    other = registry.get(P + "sector_share_to_angle")
    inst = engine.generate(other, seed=3, split="colour", index=0, encode=False)
    names = inst.trace["state"]["categories"]
    assert all(inst.canvas.drawn_texts().count(name) == 2 for name in names)
