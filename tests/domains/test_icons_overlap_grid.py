"""icons/overlap_grid: an independent solver that reads the front-to-back order off the
rendered pixels -- in each cell the overlap of the two icons takes the colour of the one on top --
and counts the cells whose upper icon type is the Reference's."""

import numpy as np
from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.core.style import NAMED_COLORS
from tracegen.domains.icons import overlap_grid

MOD = "tracegen.domains.icons.overlap_grid"
P = "task_icons__overlap_grid__"


def solve(state, params, qid):
    top = state["reference"]["top"]
    return sum(1 for p in state["cells"] if p["top"] == top)


SOLVERS = {P + "occlusion_order_count": solve}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["cells"]) + sum(
    p["side"] != "right" for p in s["cells"]))
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_the_upper_icon_owns_the_overlap():
    """Where both icons of a cell would cover a pixel (each rendered alone), the rendered pair
    shows the colour of the icon the state puts on top, never the other one's."""
    from tracegen.core.canvas import Canvas
    from tracegen.core.style import Style
    from tracegen.kits.motifs import draw_motif

    spec = overlap_grid.SCENE.tasks[P + "occlusion_order_count"]
    for seed in range(3):
        state = engine.generate(spec, seed=seed, split="train", index=0, difficulty=3,
                                encode=False).trace["state"]
        kinds = state["kinds"]
        for p in state["cells"]:
            c = Canvas(240, 240, Style())
            overlap_grid._pair(c, kinds, p, 120, 120, 90)
            pair = c.to_rgb().astype(int)
            dx, dy = overlap_grid.OFFSETS[p["side"]]
            d = 90 * p["shift"]
            rgb = [np.array(NAMED_COLORS[p["colors"][k]]) * 255 for k in (0, 1)]
            body = []          # each icon alone: the pixels of its own colour (not its details)
            for k, sign in ((0, -1), (1, 1)):
                c1 = Canvas(240, 240, Style())
                draw_motif(c1, kinds[k], p["colors"][k], 120 + sign * dx * d / 2, 120 + sign * dy * d / 2, 90)
                body.append(np.abs(c1.to_rgb().astype(int) - rgb[k]).sum(axis=2) < 12)
            overlap = body[0] & body[1]
            assert overlap.sum() > 20, "the icons do not overlap"
            upper = "ab".index(p["top"])
            shown = [np.abs(pair - rgb[k]).sum(axis=2) < 12 for k in (0, 1)]
            assert shown[upper][overlap].mean() > 0.95
            assert shown[1 - upper][overlap].mean() < 0.02
