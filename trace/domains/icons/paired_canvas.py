"""icons/paired_canvas: two icon panels, Left and Right.  In the aligned layout every Left icon
has a counterpart at the same place in the Right panel, the same icon or one changed in colour,
turn or size; in the set layout the panels are scattered independently and share some icons.

Tasks count the Right icons whose colour (or turn) changed from their Left counterpart, and the
Right icons new to the Right panel or the Left icons missing from it (an icon is its type and
colour).  The counts are planted: the counted pairs change the queried attribute, distractor
pairs change another one.  Difficulty grows the number of icons (level 2: 6-9 pairs, as the
original), turns by eighths instead of quarters at level 3, and makes the new icons share a type
(or a colour) with a Left icon at level 3.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.icons import COLORS, scatter, window
from tracegen.kits.motifs import TURNABLE, draw_motif

SIZE = (1104, 640)
PANELS = {"left": (16, 16), "right": (560, 16)}
PANEL_W, PANEL_H = 528, 608
AREA = (24, 56, 480, 530)            # icon area inside a panel: x0, y0, w, h (panel frame)
LATTICE = (5, 6)
PALETTE = tuple(c for c in COLORS if c not in ("black", "gray"))
N_PAIRS = {1: (4, 6), 2: (6, 9), 3: (9, 12)}
TURNS = {1: (90, 180, 270), 2: (90, 180, 270), 3: (45, 90, 135, 180, 225, 270, 315)}
ATTRS = ("color", "angle", "size")


def new_icon(r, x, y, kinds=TURNABLE):
    return {"kind": kinds[int(r.integers(len(kinds)))], "color": PALETTE[int(r.integers(len(PALETTE)))],
            "angle": 90 * int(r.integers(4)), "size": int(r.integers(48, 69)), "x": x, "y": y}


def change(icon, attr, r, difficulty) -> None:
    """Change one attribute of ``icon`` visibly: another colour, a turn, a size 30 % off."""
    if attr == "color":
        icon["color"] = [c for c in PALETTE if c != icon["color"]][int(r.integers(len(PALETTE) - 1))]
    elif attr == "angle":
        turns = TURNS[difficulty]
        icon["angle"] = (icon["angle"] + int(turns[int(r.integers(len(turns)))])) % 360
    else:
        icon["size"] = int(round(icon["size"] * (0.68 if icon["size"] > 58 else 1.3)))


def aligned(r, n, difficulty, changes) -> dict:
    """``n`` Left icons and their Right counterparts; ``changes[i]`` is the attribute pair i
    changes (or None)."""
    x0, y0, w, h = AREA
    left = [new_icon(r, x, y) for x, y in scatter(r, n, x0, y0, w, h, *LATTICE, size=84)]
    right = []
    for icon, attr in zip(left, changes):
        twin = dict(icon)
        if attr:
            change(twin, attr, r, difficulty)
        right.append(twin)
    return {"layout": "aligned", "left": left, "right": right}


class PairedCanvas(Scene):
    domain, scene_id, size = "icons", "paired_canvas", SIZE
    description = ("Two icon panels, Left and Right: either with counterpart icons at the same places (some changed "
                   "in colour, turn or size) or scattered independently with some icons in common.")
    megapixels = (0.55, 0.85)   # image area (MP); the original's median is 0.707

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_PAIRS[difficulty][0], N_PAIRS[difficulty][1] + 1))
        changes = [ATTRS[int(rng.integers(3))] if rng.random() < 0.5 else None for _ in range(n)]
        return aligned(rng, n, difficulty, changes)

    def render(self, c, state, params):
        for side in ("left", "right"):
            px, py = PANELS[side]
            window(c, px, py, PANEL_W, PANEL_H, title=side.capitalize())
            for i, ic in enumerate(state[side]):
                draw_motif(c, ic["kind"], ic["color"], px + ic["x"], py + ic["y"], ic["size"], id=f"{side}:{i}",
                           angle=ic["angle"])


SCENE = PairedCanvas()
task = SCENE.task
ALIGNED = ("The image shows two icon panels labelled Left and Right, with corresponding icons at matching "
           "positions.")


def identity(icon) -> tuple:
    return icon["kind"], icon["color"]


def change_count(q, attr, word, support):
    d = q.difficulty
    t = q.target(support[d])

    def build(st, r):
        lo, hi = N_PAIRS[d]
        n = int(r.integers(max(lo, t + 2), max(hi, t + 2) + 1))
        others = [a for a in ATTRS if a != attr]
        n_decoy = int(r.integers(2, min(5, n - t) + 1))
        plan = [attr] * t + [others[int(r.integers(2))] for _ in range(n_decoy)] + [None] * (n - t - n_decoy)
        return aligned(r, n, d, [plan[int(i)] for i in r.permutation(n)])

    s = q.edit(build)
    hits = [i for i, (a, b) in enumerate(zip(s["left"], s["right"])) if a[attr] != b[attr]]
    q.step("compare_pairs", attribute=attr, changed=hits)
    return q.answer(len(hits), witnesses=[f"right:{i}" for i in hits],
                    question=(f"{ALIGNED} How many Right-panel icons changed {word} compared with the corresponding "
                              f"icon in the Left panel?"))


@task("color_change_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison")
def color_change_count(q):
    return change_count(q, "color", "color", {1: range(1, 4), 2: range(1, 6), 3: range(2, 8)})


@task("rotation_change_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison,transformation")
def rotation_change_count(q):
    # the original's rotation counts lean low (median 2 of 1-5)
    return change_count(q, "angle", "rotation", {1: (1, 1, 2, 3), 2: (1, 1, 2, 2, 3, 4, 5), 3: range(2, 8)})


@task("panel_set_relation_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition", queries=("added_in_right_count",))
def panel_set_relation_count(q):
    # the catalog's one query id; its program's relation (added in Right | missing from Right) is a parameter
    d = q.difficulty
    relation = q.choice("relation", ("added_in_right", "missing_from_right"))
    added = relation == "added_in_right"
    t = q.target({1: range(1, 4), 2: range(1, 6), 3: range(2, 7)}[d])

    def build(st, r):
        common = int(r.integers(*{1: (1, 3), 2: (2, 5), 3: (3, 6)}[d]))
        other = int(r.integers(*{1: (1, 3), 2: (2, 5), 3: (3, 6)}[d]))
        n_add, n_miss = (t, other) if added else (other, t)
        x0, y0, w, h = AREA
        pl = scatter(r, common + n_miss, x0, y0, w, h, *LATTICE, size=84)
        pr = scatter(r, common + n_add, x0, y0, w, h, *LATTICE, size=84)
        shared = []
        while len(shared) < common + n_miss + n_add:   # distinct identities
            ic = new_icon(r, 0, 0)
            if identity(ic) not in {identity(s) for s in shared}:
                if d == 3 and shared and r.random() < 0.5:   # a near miss: a shared type in another colour
                    base = shared[int(r.integers(len(shared)))]
                    ic["kind"] = base["kind"]
                    if identity(ic) in {identity(s) for s in shared}:
                        continue
                shared.append(ic)
        left_ids = shared[:common + n_miss]
        right_ids = shared[:common] + shared[common + n_miss:]
        left = [dict(ic, x=x, y=y) for ic, (x, y) in zip(left_ids, pl)]
        right = [dict(ic, x=x, y=y) for ic, (x, y) in zip(right_ids, pr)]
        return {"layout": "set", "left": [left[int(i)] for i in r.permutation(len(left))],
                "right": [right[int(i)] for i in r.permutation(len(right))]}

    s = q.edit(build)
    lid = {identity(ic) for ic in s["left"]}
    rid = {identity(ic) for ic in s["right"]}
    if added:
        hits = [f"right:{i}" for i, ic in enumerate(s["right"]) if identity(ic) not in lid]
        ask = ("How many Right-panel icons are new, that is, match no icon of the Left panel in both type and "
               "color?")
    else:
        hits = [f"left:{i}" for i, ic in enumerate(s["left"]) if identity(ic) not in rid]
        ask = ("How many Left-panel icons are missing from the Right panel, that is, match no Right-panel icon in "
               "both type and color?")
    q.step("set_relation", relation=relation, icons=hits)
    return q.answer(len(hits), witnesses=hits,
                    question=f"The image shows two icon panels labelled Left and Right. {ask}")
