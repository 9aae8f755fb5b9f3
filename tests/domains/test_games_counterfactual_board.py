"""games/counterfactual_board: independent solvers written from the catalog programs.

The state's counts are the answers (the program counts the board's rows, columns or lines); the pixel
test below counts them again in the rendered image -- colour changes along a scan line of a checkered
board, dark line crossings along a scan line of a xiangqi board -- so the drawing shows what the state
says.
"""

import io

import numpy as np
from PIL import Image

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.counterfactual_board"
P = "task_games__counterfactual_board__"


def dimension(state, params, qid):
    assert state["style"] in ("checkered", "sudoku")
    return state["rows"] if qid == "row_count" else state["cols"]


def lines(state, params, qid):
    assert state["style"] == "xiangqi"
    return state["rows"] if qid == "horizontal_line_count" else state["cols"]


SOLVERS = {P + "board_dimension_count": dimension, P + "board_line_count": lines}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["rows"] * s["cols"])
test_no_value_is_printed = shortcut_test(sorted(SOLVERS))


def _runs(mask):
    """Number of runs of True in a 1-D boolean array."""
    m = np.asarray(mask, dtype=int)
    return int(((m[1:] - m[:-1]) == 1).sum() + m[0])


def test_pixels_show_the_counts():
    from tracegen import registry
    from tracegen.core import engine

    checked = 0
    for tid, qid, solver in ((P + "board_dimension_count", "column_count", dimension),
                             (P + "board_line_count", "vertical_line_count", lines)):
        spec = registry.get(tid)
        for seed in range(4):
            inst = engine.generate(spec, seed=seed, split="pixels", index=0, difficulty=2, query_id=qid)
            st = inst.trace["state"]
            if st["style"] == "sudoku":
                continue
            img = np.asarray(Image.open(io.BytesIO(inst.png())).convert("L"), dtype=float)
            geo = inst.record["annotation_gt"]["value"]
            if st["style"] == "checkered":   # scan along the first column's middle row: colour changes
                x0, y0, x1, y1 = geo[0]
                y = int((y0 + y1) / 2)
                right = max(b[2] for b in geo)
                row = img[y, int(x0) + 3:int(right) - 3]
                light = row > (row.max() + row.min()) / 2
                changes = int((light[1:] != light[:-1]).sum())
                assert changes + 1 == solver(st, {}, qid), (seed, changes)
                checked += 1
            else:   # scan across a cell row clear of the palaces' diagonals and the river: dark line crossings
                (ax, ay), (bx, by) = geo[0]
                cell = (by - ay) / st["rows"]      # the river gap is one cell tall
                if st["rows"] < 7:
                    continue
                y = int(ay + (2.5 if st["rows"] >= 8 else 4.5) * cell)
                left, right = int(min(s[0][0] for s in geo)) - 4, int(max(s[0][0] for s in geo)) + 5
                dark = img[y, left:right] < 110
                assert _runs(dark) == solver(st, {}, qid), seed
                checked += 1
    assert checked >= 3, checked
