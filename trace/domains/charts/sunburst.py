"""charts/sunburst: a not-to-scale three-ring hierarchy chart.

Parent categories fill the inner ring, their subgroups the middle ring and the subgroups'
leaves the outer ring; every leaf takes the same angle (the chart is not to scale), and each
leaf prints its short code and an integer value.  Tasks aggregate or filter the leaf values
under one parent.  Difficulty grows the tree (3 parents of 2 subgroups of 2 leaves; 4 parents of
2-3 subgroups of 2 leaves; 5 parents of 2-3 subgroups of 2-3 leaves) and makes the values
finer (multiples of 5 up to 30, of 5 up to 45, any integer up to 49).
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.geometry import Draws
from tracegen.kits.levels import text_color
from tracegen.kits.names import category_labels, coined_names
from tracegen.kits.panels import category_color
from tracegen.kits.planting import split_draw

SHAPE = {1: (3, (2,), (2,)), 2: (4, (2, 2, 3), (2,)), 3: (5, (2, 3), (2, 3))}   # parents; subgroups, leaves drawn from
VALUES = {1: (5, 30, 5), 2: (5, 45, 5), 3: (1, 49, 1)}                            # lo, hi, step
CODE = "ABCDEFGHIJKLMNOPRSTUVWXYZ"
INTRO = ("The chart is a not-to-scale three-ring hierarchy: parent categories in the inner ring, their subgroups in "
         "the middle ring and the subgroups' leaves in the outer ring, each leaf printed with its code and integer "
         "value.")


def _codes(rng, n):
    out: list[str] = []
    with Draws(rng) as d:       # the generator's own draws in plain Python: ~4 per code, up to 45 codes
        while len(out) < n:
            s = "".join(CODE[d.integers(len(CODE))] for _ in range(d.integers(2, 6)))
            if s not in out:
                out.append(s)
    return out


def value_grid(difficulty):
    lo, hi, step = VALUES[difficulty]
    return list(range(lo, hi + 1, step))


class Sunburst(Scene):
    domain, scene_id, size = "charts", "sunburst", (960, 860)
    megapixels = (1.05, 1.45)
    fluid = True
    description = ("A three-ring sunburst (parents, subgroups, leaves) drawn not to scale, each leaf printing a code "
                   "and an integer value.")

    def sample(self, rng, difficulty):
        n_par, sub_k, leaf_k = SHAPE[difficulty]
        subs = [int(rng.choice(sub_k)) for _ in range(n_par)]
        leaves = [[int(rng.choice(leaf_k)) for _ in range(k)] for k in subs]
        n_sub, n_leaf = sum(subs), sum(map(sum, leaves))
        grid = value_grid(difficulty)
        return {
            "parents": category_labels(rng, n_par, families=("topics", "surnames", "places", "coined"), max_len=10),
            "subgroups": coined_names(rng, n_sub, max_len=8),
            "leaves": _codes(rng, n_leaf),
            "shape": leaves,                      # shape[p][k]: leaves of parent p's k-th subgroup
            "values": [grid[int(i)] for i in rng.integers(len(grid), size=n_leaf)],
            "grid": grid,
        }

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        cx, cy = W / 2, H / 2
        R = min(W, H) / 2 - 16
        r0, r1, r2 = R * 0.2, R * 0.45, R * 0.7
        n_leaf = len(state["leaves"])
        step = 2 * math.pi / n_leaf
        start = -math.pi / 2
        gap = c.color("paper") if not c.style.dark else c.color("grid")
        c.circle(cx, cy, r0, fill=blend(c.color("panel"), c.color("paper"), 0.5), stroke=gap, lw=1.6)
        leaf = sub = 0
        for p, subs in enumerate(state["shape"]):
            base = category_color(c, p)
            p_first = leaf
            for k_leaves in subs:
                s_first = leaf
                for _ in range(k_leaves):
                    a0 = start + leaf * step
                    fill = blend(base, c.color("paper"), 0.22)
                    box = self._segment(c, cx, cy, r2, R, a0, a0 + step, fill, gap, f"leaf:{leaf}")
                    lx, ly = cx + (r2 + R) / 2 * math.cos(a0 + step / 2), cy + (r2 + R) / 2 * math.sin(a0 + step / 2)
                    ink = text_color(c, fill)
                    c.text(lx, ly - 9, state["leaves"][leaf], size=13, color=ink)
                    c.text(lx, ly + 9, str(state["values"][leaf]), size=13, bold=True, color=ink)
                    c.register(f"leaf:{leaf}", point=(lx, ly), box=box)
                    leaf += 1
                a0, a1 = start + s_first * step, start + leaf * step
                fill = blend(base, c.color("paper"), 0.45)
                self._segment(c, cx, cy, r1, r2, a0, a1, fill, gap, None)
                mx, my = cx + (r1 + r2) / 2 * math.cos((a0 + a1) / 2), cy + (r1 + r2) / 2 * math.sin((a0 + a1) / 2)
                c.text(mx, my, state["subgroups"][sub], size=13, color=text_color(c, fill), id=f"sub:{sub}")
                sub += 1
            a0, a1 = start + p_first * step, start + leaf * step
            fill = blend(base, c.color("paper"), 0.7)
            box = self._segment(c, cx, cy, r0, r1, a0, a1, fill, gap, None)
            mx, my = cx + (r0 + r1) / 2 * math.cos((a0 + a1) / 2), cy + (r0 + r1) / 2 * math.sin((a0 + a1) / 2)
            c.text(mx, my, state["parents"][p], size=15, bold=True, color=text_color(c, fill))
            c.register(f"parent:{p}", point=(mx, my), box=box)

    @staticmethod
    def _arc(cx, cy, r, a0, a1):
        n = max(2, int(abs(a1 - a0) / 0.05) + 1)
        d, cos, sin = a1 - a0, math.cos, math.sin
        return [(cx + r * cos(a), cy + r * sin(a)) for a in [a0 + d * k / n for k in range(n + 1)]]

    def _segment(self, c, cx, cy, ri, ro, a0, a1, fill, gap, id):
        """Draw one ring segment; returns its outline's bounding box."""
        pts = self._arc(cx, cy, ro, a0, a1) + self._arc(cx, cy, ri, a1, a0)
        c.polygon(pts, fill=fill, stroke=gap, lw=1.8)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (min(xs), min(ys), max(xs), max(ys))


SCENE = Sunburst()
task = SCENE.task


def leaves_of(state, p) -> list[int]:
    """Indices of the leaves under parent ``p`` (leaves are numbered clockwise)."""
    first = sum(sum(subs) for subs in state["shape"][:p])
    return list(range(first, first + sum(state["shape"][p])))


def _leaf_ids(idx):
    return [f"leaf:{i}" for i in idx]


def _parent(q, need=0):
    s = q.state
    ok = [p for p in range(len(s["parents"])) if len(leaves_of(s, p)) > need]
    q.require(bool(ok), "no parent with enough leaves")
    return q.param("parent", lambda r: ok[int(r.integers(len(ok)))])


def _plant(q, idx, t, inside):
    """Give ``t`` of the leaves ``idx`` values satisfying ``inside(v)`` and the rest values that do not."""
    def fn(s, r):
        yes = [v for v in s["grid"] if inside(v)]
        no = [v for v in s["grid"] if not inside(v)]
        for i, v in split_draw(r, idx, t, yes, no).items():
            s["values"][i] = int(v)
        return s

    return q.edit(fn)


COUNTS = {1: range(1, 4), 2: range(1, 5), 3: range(2, 7)}


# ---------------------------------------------------------------------- tasks
@task("leaf_threshold_count_under_parent", answer="integer", annotation="point_set",
      ops="filtering,counting,comparison,topology",
      queries=("above_threshold_leaf_count_under_parent", "below_threshold_leaf_count_under_parent"))
def leaf_threshold_count_under_parent(q):
    above = q.query_id.startswith("above")
    t = q.target(COUNTS[q.difficulty], stratified=True)
    p = _parent(q, t)
    s = q.state
    grid = s["grid"]
    thr = q.param("threshold", lambda r: int(r.integers(grid[1], grid[-2] + 1)))
    q.require(any(v > thr for v in grid) and any(v < thr for v in grid), "threshold outside the values")
    idx = leaves_of(s, p)
    s = _plant(q, idx, t, (lambda v: v > thr) if above else (lambda v: v < thr))
    q.require(thr not in [s["values"][i] for i in idx], "a leaf value equals the threshold")
    hits = [i for i in idx if (s["values"][i] > thr if above else s["values"][i] < thr)]
    q.step("filter", parent=s["parents"][p], threshold=thr, kept=hits)
    word = "above" if above else "below"
    return q.answer(len(hits), witnesses=_leaf_ids(hits),
                    question=(f"{INTRO} Under the parent category {quoted(s['parents'][p])}, how many outer leaves "
                              f"have printed values {word} {thr}?"))


@task("leaf_range_count_under_parent", answer="integer", annotation="point_set",
      ops="filtering,counting,comparison,topology")
def leaf_range_count_under_parent(q):
    t = q.target(COUNTS[q.difficulty], stratified=True)
    p = _parent(q, t)
    s = q.state
    grid = s["grid"]

    def bounds(r):
        width = int(r.integers(0, len(grid) // 2))
        a = int(r.integers(0, len(grid) - width))
        return [grid[a], grid[a + width]]

    lo, hi = q.param("bounds", bounds)
    idx = leaves_of(s, p)
    s = _plant(q, idx, t, lambda v: lo <= v <= hi)
    hits = [i for i in idx if lo <= s["values"][i] <= hi]
    q.step("filter", parent=s["parents"][p], lower=lo, upper=hi, kept=hits)
    return q.answer(len(hits), witnesses=_leaf_ids(hits),
                    question=(f"{INTRO} Under the parent category {quoted(s['parents'][p])}, how many outer leaves "
                              f"have printed values between {lo} and {hi}, inclusive?"))


TOTALS = {1: range(25, 101, 5), 2: range(50, 191, 5), 3: range(40, 221)}


@task("parent_total_value", answer="integer", annotation="point_set", ops="aggregation,topology")
def parent_total_value(q):
    want = q.target(TOTALS[q.difficulty], stratified=True)
    p = _parent(q)
    idx = leaves_of(q.state, p)
    grid = q.state["grid"]
    q.require(len(idx) * grid[0] <= want <= len(idx) * grid[-1], "total out of reach")

    def fn(s, r):          # leaf values on the grid adding up to the target total
        for _ in range(60):
            vals = [grid[int(i)] for i in r.integers(len(grid), size=len(idx) - 1)]
            rest = want - sum(vals)
            if rest in grid:
                for i, v in zip(idx, vals + [rest]):
                    s["values"][i] = int(v)
                break
        return s

    s = q.edit(fn)
    total = sum(s["values"][i] for i in idx)
    q.require(total == want, "no leaf values reach the target total")
    q.require(total not in s["values"], "the total is also a printed leaf value")
    q.step("sum", parent=s["parents"][p], leaves=idx, result=total)
    return q.answer(total, witnesses=_leaf_ids(idx),
                    question=(f"{INTRO} What is the total of the printed values of all outer leaves under the parent "
                              f"category {quoted(s['parents'][p])}?"))


@task("parent_total_extremum_label", answer="string", annotation="point_set", ops="ranking,aggregation,topology",
      queries=("highest_parent_total_label", "lowest_parent_total_label"))
def parent_total_extremum_label(q):
    high = q.query_id.startswith("highest")
    s = q.state
    totals = [sum(s["values"][i] for i in leaves_of(s, p)) for p in range(len(s["parents"]))]
    best = max(totals) if high else min(totals)
    q.require(totals.count(best) == 1, "tied parent totals")
    p = totals.index(best)
    q.step("totals", totals=totals, winner=p)
    word = "highest" if high else "lowest"
    return q.answer(s["parents"][p], witnesses=_leaf_ids(leaves_of(s, p)), examples=s["parents"],
                    question=(f"{INTRO} Adding up the printed outer-leaf values under each parent category, which "
                              f"parent category has the {word} total?"))
