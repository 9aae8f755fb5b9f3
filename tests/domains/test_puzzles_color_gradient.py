"""puzzles/color_gradient: independent solvers by least squares -- a straight line per channel fitted to the
visible swatches of the row predicts the blank (the nearest option must be clearly nearest), and a
bilinear surface per channel fitted to the grid without each cell in turn leaves residuals only when
the cell left out is not the odd one."""

import numpy as np
import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine
from tracegen.core.style import delta_e

MOD = "tracegen.domains.puzzles.color_gradient"
P = "task_puzzles__color_gradient__"


def completion(state, params, qid):
    colors, blank = np.array(state["colors"]), state["blank"]
    xs = [i for i in range(len(colors)) if i != blank]
    coef = np.polyfit(xs, colors[xs], 1)                 # one line per channel
    want = coef[0] * blank + coef[1]
    d = [float(np.linalg.norm(np.array(o) - want)) for o in state["options"]]
    order = np.argsort(d)
    assert d[order[0]] < 1e-3 < d[order[1]]
    return "ABCDEF"[int(order[0])]


def violation(state, params, qid):
    g = np.array(state["grid"])            # rows x cols x 3
    n = g.shape[0]
    rr, cc = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    design = np.stack([np.ones(n * n), rr.ravel(), cc.ravel(), (rr * cc).ravel()], axis=1)
    values = g.reshape(-1, 3)
    fits = []
    for k in range(n * n):
        keep = np.arange(n * n) != k
        coef, *_ = np.linalg.lstsq(design[keep], values[keep], rcond=None)
        fits.append(float(np.abs(design[keep] @ coef - values[keep]).max()))
    clean = [k for k, f in enumerate(fits) if f < 2e-3]
    assert len(clean) == 1, fits
    return "ABCDEFGHIJKLMNOPQRSTUVWXY"[clean[0]]


SOLVERS = {
    P + "color_gradient_completion_label": completion,
    P + "color_gradient_violation_cell_label": violation,
}


def _size(s):
    return len(s["colors"]) if s["kind"] == "row" else len(s["grid"]) ** 2


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


@pytest.mark.parametrize("d", [1, 2, 3])
def test_swatches_are_visibly_distinct(d):
    """Neighbouring swatches differ visibly, options differ from each other, the odd swatch stands out."""
    inst = engine.generate(registry.get(P + "color_gradient_completion_label"), seed=d, split="v", index=0,
                           difficulty=d, encode=False)
    s = inst.trace["state"]
    assert all(delta_e(a, b) >= 7 for a, b in zip(s["colors"], s["colors"][1:]))
    opts = s["options"]
    assert all(delta_e(a, b) >= 12 for i, a in enumerate(opts) for b in opts[i + 1:])
    inst = engine.generate(registry.get(P + "color_gradient_violation_cell_label"), seed=d, split="v", index=0,
                           difficulty=d, encode=False)
    g = inst.trace["state"]["grid"]
    letter = inst.record["answer_gt"]["value"]
    r, c = divmod("ABCDEFGHIJKLMNOPQRSTUVWXY".index(letter), len(g))
    row = g[r]
    if 0 < c < len(row) - 1:
        expected = [(row[c - 1][i] + row[c + 1][i]) / 2 for i in range(3)]
    elif c == 0:
        expected = [2 * row[1][i] - row[2][i] for i in range(3)]
    else:
        expected = [2 * row[c - 1][i] - row[c - 2][i] for i in range(3)]
    assert delta_e(row[c], expected) >= 15
