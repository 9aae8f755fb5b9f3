"""charts/region_map: a synthetic map of labelled regions coloured by category or by value bin.

The map is a jittered grid: every grid vertex is shifted, and each region is the quadrilateral
of its cell's four (shared) vertices, so neighbouring regions meet exactly along an edge or at a
corner, and the regions touching a region "by edge or corner" are its 8 grid neighbours.  Five
layers over the same map:

- ``category``: regions filled by a category legend, each with a short code ("N81");
- ``binned``: regions filled by a value bin (3-6 equal bins over 0-99, lighter = lower), codes;
- ``valued``: binned fills with each region's letter and value printed ("L: 37");
- ``marker``: pale regions, a bubble on some of them whose size gives a value 1-5 (a bubble
  legend), each with a letter tag;
- ``grouped``: category fills with the map cut into named districts (column or row bands),
  district borders drawn thick and district names beside the map.

Difficulty grows the map (10-13, 14-21, 21-26 regions), the number of categories and bins and
the marked regions.
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.prompt import quoted, quoted_list
from tracegen.core.task import Scene
from tracegen.kits.lattice import erode, square4
from tracegen.kits.levels import legend_row, level_colors, style_ramp, text_color
from tracegen.kits.names import TOPICS
from tracegen.kits.panels import category_color, note_panel
from tracegen.kits.planting import split_draw

N_REGIONS = {1: (10, 13), 2: (14, 21), 3: (21, 26)}
N_CATS = {1: (3, 4), 2: (3, 6), 3: (4, 6)}
N_BINS = {1: (3, 3), 2: (3, 6), 3: (4, 6)}
N_MARKED = {1: (5, 7), 2: (7, 10), 3: (10, 13)}
N_GROUPS = {1: (2, 3), 2: (2, 4), 3: (3, 4)}
JITTER = 0.18
STATUS = ("Active", "Assigned", "Blocked", "Cancelled", "Complete", "Escalated", "Pending", "Review", "Waiting",
          "Normal", "Minor", "Major", "Open", "Closed", "Paused", "Planned", "Urgent", "Stable")
CATEGORY_POOLS = (STATUS, tuple(t for t in TOPICS if len(t) <= 9))
GROUP_NAMES = ("Highlands", "Lowlands", "Coastal", "Valley", "Plains", "Delta", "Uplands", "Basin", "Midlands",
               "Frontier", "Riverside", "Lakeside", "Pinewood", "Harbor", "Ridge", "Moorland")   # no compass words
TITLES = ("Regional Value Map", "District Map", "Territory Overview", "Service Area Map", "Regional Status Map",
          "Zone Survey Map", "Coverage Map")
NOTES = ("Regions are drawn to a common grid, not to scale.", "Prepared for the regional review.",
         "Boundaries are schematic.", "Shading follows the legend below the map.",
         "Compiled from the district survey.", "Draft for planning use only.")
CODE_LETTERS = "ABCDEFGHJKLMNPRSTVWXZ"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SET_NAMES = ("Priority set", "Audit set", "Target set", "Review set", "Pilot set", "Focus set")


def _codes(rng, n):
    out: list[str] = []
    while len(out) < n:
        s = CODE_LETTERS[int(rng.integers(len(CODE_LETTERS)))] + str(int(rng.integers(1, 100)))
        if s not in out:
            out.append(s)
    return out


def neighbours(state) -> list[list[int]]:
    """Region indices touching each region by edge or corner (its 8 grid neighbours)."""
    at = {tuple(cell): i for i, cell in enumerate(state["cells"])}
    out = []
    for r, c in state["cells"]:
        out.append(sorted(at[(r + dr, c + dc)] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                          if (dr or dc) and (r + dr, c + dc) in at))
    return out


def bin_of(state, v: int) -> int:
    edges = state["edges"]
    return max(k for k, e in enumerate(edges) if v >= e)


def bin_labels(state) -> list[str]:
    edges = state["edges"] + [100]
    return [f"{edges[k]}-{edges[k + 1] - 1}" for k in range(len(state["edges"]))]


def value_in_bin(state, k: int, rng) -> int:
    edges = state["edges"] + [100]
    return int(rng.integers(edges[k], edges[k + 1]))


class RegionMap(Scene):
    domain, scene_id, size = "charts", "region_map", (1000, 640)
    megapixels = (0.78, 1.05)
    fluid = True
    description = ("A synthetic map of labelled regions (a jittered grid) coloured by a category or value-bin "
                   "legend, printing values, carrying size-coded marker bubbles, or cut into named districts.")

    def sample(self, rng, difficulty):
        lo, hi = N_REGIONS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        shapes = [(r, k) for r in range(3, 7) for k in range(r, r + 4) if n + 2 <= r * k <= n + 7]
        rows, cols = shapes[int(rng.integers(len(shapes)))]
        cells = erode(rng, [(r, k) for r in range(rows) for k in range(cols)], n, square4)
        if cells is None:      # practically never: erosion found no removable cell
            cells = sorted((r, c) for r in range(rows) for c in range(cols))[:n]
        jitter = [[round(float(v), 3) for v in rng.uniform(-JITTER, JITTER, size=2)]
                  for _ in range((rows + 1) * (cols + 1))]
        k_cat = int(rng.integers(N_CATS[difficulty][0], N_CATS[difficulty][1] + 1))
        pool = CATEGORY_POOLS[int(rng.integers(len(CATEGORY_POOLS)))]
        cat_names = [pool[int(i)] for i in rng.choice(len(pool), size=k_cat, replace=False)]
        k_bin = int(rng.integers(N_BINS[difficulty][0], N_BINS[difficulty][1] + 1))
        n_marked = min(n, int(rng.integers(N_MARKED[difficulty][0], N_MARKED[difficulty][1] + 1)))
        marked = sorted(int(i) for i in rng.choice(n, size=n_marked, replace=False))
        markers = [0] * n
        for i in marked:
            markers[i] = int(rng.integers(1, 6))
        k_grp = int(rng.integers(N_GROUPS[difficulty][0], N_GROUPS[difficulty][1] + 1))
        axis = "col" if rng.random() < 0.6 else "row"
        span = cols if axis == "col" else rows
        k_grp = min(k_grp, span)
        cuts = sorted(int(v) for v in rng.choice(range(1, span), size=k_grp - 1, replace=False))
        groups = [GROUP_NAMES[int(i)] for i in rng.choice(len(GROUP_NAMES), size=k_grp, replace=False)]
        return {
            "variant": "category", "rows": rows, "cols": cols, "cells": [list(c) for c in cells], "jitter": jitter,
            "labels": _codes(rng, n), "title": TITLES[int(rng.integers(len(TITLES)))],
            "cat_names": cat_names, "cats": [int(v) for v in rng.integers(0, k_cat, size=n)],
            "edges": [100 * k // k_bin for k in range(k_bin)], "values": [int(v) for v in rng.integers(0, 100, size=n)],
            "markers": markers, "group_axis": axis, "group_cuts": cuts, "group_names": groups,
        }

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        st = c.style
        variant = state["variant"]
        rows, cols = state["rows"], state["cols"]
        note = W / H > 1.75
        right = W - (250 if note else 24)
        c.text((24 + right) / 2, 30, state["title"], size=20, bold=True)
        if note:
            note_panel(c, (right + 16, 60, W - 24, 200), "Note", NOTES[(st.theme + st.accent) % len(NOTES)])
        legend_h = 96 if variant != "marker" else 104
        mx0, my0, mx1, my1 = 40.0, 64.0, right - 16, H - legend_h - 34
        grouped = variant == "grouped"
        if grouped and state["group_axis"] == "col":
            my0 += 30
        elif grouped:
            mx0 = 24 + max(c.text_width(s, size=15, bold=True) for s in state["group_names"]) + 22
        cw = (mx1 - mx0) / (cols + 2 * JITTER)
        ch = (my1 - my0) / (rows + 2 * JITTER)
        cw, ch = min(cw, ch * 2.3), min(ch, cw * 0.9)
        gx0 = (mx0 + mx1) / 2 - cw * cols / 2
        gy0 = (my0 + my1) / 2 - ch * rows / 2

        def vertex(r, k):
            dx, dy = state["jitter"][r * (cols + 1) + k]
            return gx0 + (k + dx) * cw, gy0 + (r + dy) * ch

        fills = self._fills(c, state)
        quads = []
        for i, (r, k) in enumerate(state["cells"]):
            pts = [vertex(r, k), vertex(r, k + 1), vertex(r + 1, k + 1), vertex(r + 1, k)]
            quads.append(pts)
            c.polygon(pts, fill=fills[i], stroke="grid", lw=1.6)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            c.register(f"region:{i}", box=(min(xs), min(ys), max(xs), max(ys)),
                       point=(sum(xs) / 4, sum(ys) / 4))
        if grouped:
            self._districts(c, state, quads, gx0, gy0, cw, ch)
        for i, pts in enumerate(quads):
            cx, cy = sum(p[0] for p in pts) / 4, sum(p[1] for p in pts) / 4
            if variant == "marker":
                self._bubble(c, state, i, cx, cy)
            elif variant == "valued":
                c.text(cx, cy, f"{state['labels'][i]}: {state['values'][i]}", size=14, bold=True,
                       color=text_color(c, fills[i]), id=f"label:{i}")
            else:
                c.text(cx, cy, state["labels"][i], size=14, bold=True, color=text_color(c, fills[i]), id=f"label:{i}")
        box = (mx0 if not grouped else 40.0, H - legend_h - 14, right - 16, H - 14)
        self._legend(c, state, box)

    @staticmethod
    def _fills(c, state):
        variant = state["variant"]
        if variant in ("category", "grouped"):
            return [category_color(c, k) for k in state["cats"]]
        if variant in ("binned", "valued"):
            levels = level_colors(style_ramp(c), len(state["edges"]))
            return [levels[bin_of(state, v)] for v in state["values"]]
        paper = c.color("paper")
        return [blend(c.style.series(i % 4), paper, 0.14) for i in range(len(state["cells"]))]

    @staticmethod
    def _bubble(c, state, i, cx, cy):
        v = state["markers"][i]
        if not v:
            return
        r = bubble_radius(v)
        c.circle(cx - 6, cy, r, fill="accent", stroke="ink", lw=1.4, id=f"bubble:{i}")
        if state.get("lettered"):
            tw = c.text_width(state["labels"][i], size=13, bold=True) + 10
            x, y = cx - 6 + r + 4, cy - r - 2
            c.rect(x, y - 10, tw, 20, fill="paper", stroke="ink", lw=1.0)
            c.text(x + tw / 2, y, state["labels"][i], size=13, bold=True, id=f"label:{i}")

    @staticmethod
    def _districts(c, state, quads, gx0, gy0, cw, ch):
        """Thick district borders (between regions of different districts and around the land)
        and the district names beside their bands."""
        at = {tuple(cell): i for i, cell in enumerate(state["cells"])}
        group = group_of(state)
        for i, (r, k) in enumerate(state["cells"]):
            pts = quads[i]
            for (dr, dk), (a, b) in (((-1, 0), (0, 1)), ((0, 1), (1, 2)), ((1, 0), (2, 3)), ((0, -1), (3, 0))):
                j = at.get((r + dr, k + dk))
                if j is None or group[j] != group[i]:
                    c.line(*pts[a], *pts[b], color="ink", lw=3.4)
        bounds = [0] + state["group_cuts"] + [state["cols"] if state["group_axis"] == "col" else state["rows"]]
        for g, name in enumerate(state["group_names"]):
            mid = (bounds[g] + bounds[g + 1]) / 2
            if state["group_axis"] == "col":
                c.text(gx0 + mid * cw, gy0 - JITTER * ch - 16, name, size=15, bold=True, id=f"group:{g}")
            else:
                c.text(gx0 - JITTER * cw - 12, gy0 + mid * ch, name, size=15, bold=True, anchor="r", id=f"group:{g}")

    @staticmethod
    def _legend(c, state, box):
        variant = state["variant"]
        if variant in ("category", "grouped"):
            names = state["cat_names"]
            legend_row(c, box, names, [category_color(c, k) for k in range(len(names))], title="Category legend",
                       ids=[f"legend:{k}" for k in range(len(names))])
        elif variant in ("binned", "valued"):
            k = len(state["edges"])
            legend_row(c, box, bin_labels(state), level_colors(style_ramp(c), k), title="Value legend", kind="tick",
                       ids=[f"legend:{j}" for j in range(k)])
        else:
            def mark(cc, k, x, y):
                cc.circle(x, y - 4, bubble_radius(k + 1), fill="accent", stroke="ink", lw=1.4)

            legend_row(c, box, [str(v) for v in range(1, 6)], title="Marker value", kind="tick", draw_mark=mark,
                       ids=[f"legend:{k}" for k in range(5)], swatch_h=26.0)


def bubble_radius(v: int) -> float:
    """Bubble radius of marker value v (1-5), the same on the map and in the legend."""
    return 4.0 + 4.6 * (v - 1)


def group_of(state) -> list[int]:
    """District index of each region (its column or row band)."""
    bounds = state["group_cuts"]
    axis = 1 if state["group_axis"] == "col" else 0
    return [sum(cell[axis] >= b for b in bounds) for cell in state["cells"]]


SCENE = RegionMap()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _regions(idx):
    return [f"region:{i}" for i in idx]


def _set_variant(q, variant, *, letters: bool = False):
    """Draw the map as ``variant``; ``letters`` relabels the regions A, B, C ... in reading order
    (a marker map shows the letters of its marked regions only)."""
    def fn(s, r):
        s["variant"] = variant
        if letters:
            s["labels"] = list(LETTERS[:len(s["cells"])])
            s["lettered"] = True
        return s

    return q.edit(fn)


def _plant_category(st, r, idx, t, k):
    """Exactly ``t`` of the regions ``idx`` (chosen at random) get category ``k``, the others another one."""
    others = [v for v in range(len(st["cat_names"])) if v != k]
    for i, v in split_draw(r, idx, t, [k], others).items():
        st["cats"][i] = int(v)


MAP_WORDS = {"category": "The map shows labelled regions coloured by category, with a category legend.",
             "binned": "The map shows labelled regions shaded by value bin, with a value legend.",
             "grouped": ("The map shows regions coloured by category, with a category legend; thick borders "
                         "divide it into named districts."),
             "marker": "The map shows marker bubbles over some regions; bubble size gives the value (see the "
                       "marker legend).",
             "valued": "The map shows lettered regions with their integer values printed and a value legend."}
TOUCH = "touching region {} by edge or corner"


COUNTS = {1: range(1, 5), 2: range(1, 7), 3: range(2, 9)}
ADJ = {1: range(1, 4), 2: range(1, 7), 3: range(2, 8)}
ADJ_NUM = {1: range(1, 4), 2: range(1, 5), 3: range(2, 7)}


def _reference(q, t, nb):
    """A region with at least ``t`` neighbours (the one the question names)."""
    cands = [i for i in range(len(nb)) if len(nb[i]) >= t]
    q.require(bool(cands), "no region with enough neighbours")
    return q.param("reference", lambda r: cands[int(r.integers(len(cands)))])


# ---------------------------------------------------------------------- tasks
@task("categorical_region_count", answer="integer", annotation="point_set", ops="filtering,counting")
def categorical_region_count(q):
    _set_variant(q, "category")
    t = q.target(COUNTS[q.difficulty], stratified=True)
    s = q.state
    n = len(s["cells"])
    q.require(t < n, "too few regions")
    k = q.param("category", lambda r: int(r.integers(len(s["cat_names"]))))

    def plant(st, r):
        _plant_category(st, r, range(n), t, k)
        return st

    s = q.edit(plant)
    hits = [i for i, v in enumerate(s["cats"]) if v == k]
    q.step("filter", category=s["cat_names"][k], kept=hits)
    return q.answer(len(hits), witnesses=_regions(hits),
                    question=(f"{MAP_WORDS['category']} How many regions are in the {quoted(s['cat_names'][k])} "
                              f"category?"))


@task("group_category_region_count", answer="integer", annotation="point_set",
      ops="filtering,counting,logical_composition")
def group_category_region_count(q):
    _set_variant(q, "grouped")
    t = q.target({1: range(1, 5), 2: range(1, 6), 3: range(2, 7)}[q.difficulty], stratified=True)
    s = q.state
    group = group_of(s)
    ok = [g for g in range(len(s["group_names"])) if group.count(g) > t]
    q.require(bool(ok), "no district large enough")
    g = q.param("district", lambda r: ok[int(r.integers(len(ok)))])
    k = q.param("category", lambda r: int(r.integers(len(s["cat_names"]))))

    def plant(st, r):
        inside = [i for i in range(len(group)) if group[i] == g]
        _plant_category(st, r, inside, t, k)
        outside = [i for i in range(len(group)) if group[i] != g]       # the category also outside it
        if outside and not any(st["cats"][i] == k for i in outside):
            st["cats"][outside[int(r.integers(len(outside)))]] = k
        return st

    s = q.edit(plant)
    hits = [i for i in range(len(group)) if group[i] == g and s["cats"][i] == k]
    q.step("filter", district=s["group_names"][g], category=s["cat_names"][k], kept=hits)
    return q.answer(len(hits), witnesses=_regions(hits),
                    question=(f"{MAP_WORDS['grouped']} How many regions are both in the {quoted(s['group_names'][g])} "
                              f"district and in the {quoted(s['cat_names'][k])} category?"))


def _adjacent_category(q, same: bool):
    _set_variant(q, "category")
    t = q.target(ADJ[q.difficulty], stratified=True)
    s = q.state
    nb = neighbours(s)
    ref = _reference(q, t, nb)
    k = s["cats"][ref] if same else q.param("category", lambda r: int(r.integers(len(s["cat_names"]))))

    def plant(st, r):
        _plant_category(st, r, nb[ref], t, k)
        return st

    s = q.edit(plant)
    hits = [j for j in nb[ref] if s["cats"][j] == k]
    q.step("neighbours", reference=s["labels"][ref], neighbours=nb[ref], kept=hits)
    return s, ref, k, hits


@task("adjacent_category_count", answer="integer", annotation="bbox_set", ops="filtering,counting,spatial_relations")
def adjacent_category_count(q):
    s, ref, k, hits = _adjacent_category(q, same=False)
    where = TOUCH.format(quoted(s["labels"][ref]))
    return q.answer(len(hits), witnesses=_regions(hits),
                    question=(f"{MAP_WORDS['category']} How many regions {where} are in the "
                              f"{quoted(s['cat_names'][k])} category?"))


@task("adjacent_same_category_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,spatial_relations")
def adjacent_same_category_count(q):
    s, ref, _, hits = _adjacent_category(q, same=True)
    lab = quoted(s["labels"][ref])
    return q.answer(len(hits), witnesses=_regions(hits),
                    question=(f"{MAP_WORDS['category']} How many regions {TOUCH.format(lab)} have the same category "
                              f"as region {lab}?"))


def _threshold(q, greater: bool):
    """A bin boundary j (1..k-1): "less than edges[j]" keeps bins < j, "greater than edges[j] - 1"
    keeps bins >= j."""
    s = q.state
    j = q.param("boundary", lambda r: int(r.integers(1, len(s["edges"]))))
    hits_bins = list(range(j, len(s["edges"]))) if greater else list(range(j))
    thr = s["edges"][j] - 1 if greater else s["edges"][j]
    return thr, hits_bins


def _plant_bins(q, idx, t, hit_bins):
    """Exactly ``t`` of the regions ``idx`` get a value in one of the bins ``hit_bins``, the others a
    value in another bin."""
    def plant(st, r):
        miss = [b for b in range(len(st["edges"])) if b not in hit_bins]
        for i, b in split_draw(r, idx, t, hit_bins, miss).items():
            st["values"][i] = value_in_bin(st, b, r)
        return st

    return q.edit(plant)


@task("numeric_threshold_region_count", answer="integer", annotation="point_set",
      ops="filtering,counting,comparison",
      queries=("greater_than_numeric_threshold_region_count", "less_than_numeric_threshold_region_count"))
def numeric_threshold_region_count(q):
    _set_variant(q, "binned")
    greater = q.query_id.startswith("greater")
    t = q.target(COUNTS[q.difficulty], stratified=True)
    n = len(q.state["cells"])
    q.require(t < n, "too few regions")
    thr, hit_bins = _threshold(q, greater)
    s = _plant_bins(q, range(n), t, hit_bins)
    q.reads(*s["values"])
    hits = [i for i, v in enumerate(s["values"]) if (v > thr if greater else v < thr)]
    q.step("filter", threshold=thr, kept=hits)
    word = "greater" if greater else "less"
    return q.answer(len(hits), witnesses=_regions(hits),
                    question=f"{MAP_WORDS['binned']} How many regions have values {word} than {thr}?")


@task("numeric_interval_region_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison")
def numeric_interval_region_count(q):
    _set_variant(q, "binned")
    t = q.target(COUNTS[q.difficulty], stratified=True)
    s = q.state
    n = len(s["cells"])
    q.require(t < n, "too few regions")
    k = len(s["edges"])
    spans = [(a, b) for a in range(k) for b in range(a, k) if b - a < k - 1]
    a, b = q.param("bins", lambda r: list(spans[int(r.integers(len(spans)))]))
    s = _plant_bins(q, range(n), t, list(range(a, b + 1)))
    edges = s["edges"] + [100]
    lo, hi = edges[a], edges[b + 1] - 1
    q.reads(*s["values"])
    hits = [i for i, v in enumerate(s["values"]) if lo <= v <= hi]
    q.step("filter", lower=lo, upper=hi, kept=hits)
    return q.answer(len(hits), witnesses=_regions(hits),
                    question=f"{MAP_WORDS['binned']} How many regions have values between {lo} and {hi}, inclusive?")


@task("adjacent_numeric_threshold_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison,spatial_relations",
      queries=("greater_than_adjacent_numeric_threshold_count", "less_than_adjacent_numeric_threshold_count"))
def adjacent_numeric_threshold_count(q):
    _set_variant(q, "binned")
    greater = q.query_id.startswith("greater")
    t = q.target(ADJ_NUM[q.difficulty], stratified=True)
    nb = neighbours(q.state)
    ref = _reference(q, t, nb)
    thr, hit_bins = _threshold(q, greater)
    s = _plant_bins(q, nb[ref], t, hit_bins)
    q.reads(*[s["values"][j] for j in nb[ref]])
    hits = [j for j in nb[ref] if (s["values"][j] > thr if greater else s["values"][j] < thr)]
    q.step("neighbours", reference=s["labels"][ref], neighbours=nb[ref], threshold=thr, kept=hits)
    word = "greater" if greater else "less"
    return q.answer(len(hits), witnesses=_regions(hits),
                    question=(f"{MAP_WORDS['binned']} How many regions {TOUCH.format(quoted(s['labels'][ref]))} have "
                              f"values {word} than {thr}?"))


@task("named_region_set_total_value", answer="integer", annotation="bbox_set", ops="aggregation")
def named_region_set_total_value(q):
    s = _set_variant(q, "valued", letters=True)
    n = len(s["cells"])
    lo, hi = {1: (2, 3), 2: (3, 5), 3: (4, 6)}[q.difficulty]
    members = q.param("members", lambda r: [int(v) for v in r.choice(n, size=int(r.integers(lo, hi + 1)),
                                                                       replace=False)])
    name = q.choice("set_name", SET_NAMES)
    total = sum(s["values"][i] for i in members)
    q.require(total not in s["values"], "the total is also printed as a region's value")
    q.step("sum", members=members, result=total)
    names = [s["labels"][i] for i in members]
    return q.answer(total, witnesses=_regions(members),
                    question=(f"{MAP_WORDS['valued']} The {quoted(name)} is the regions {quoted_list(names)}. "
                              f"What is the total of their printed values?"))


def _marked(s):
    return [i for i, v in enumerate(s["markers"]) if v]


@task("marker_region_threshold_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison",
      queries=("greater_than_marker_region_threshold_count", "less_than_marker_region_threshold_count"))
def marker_region_threshold_count(q):
    _set_variant(q, "marker", letters=True)
    greater = q.query_id.startswith("greater")
    t = q.target({1: range(1, 4), 2: range(1, 5), 3: range(2, 7)}[q.difficulty], stratified=True)
    marked = _marked(q.state)
    q.require(t < len(marked), "too few markers")
    thr = q.param("threshold", lambda r: int(r.integers(1, 5)) if greater else int(r.integers(2, 6)))
    hit_vals = [v for v in range(1, 6) if (v > thr if greater else v < thr)]

    def plant(st, r):
        miss = [v for v in range(1, 6) if v not in hit_vals]
        for i, v in split_draw(r, marked, t, hit_vals, miss).items():
            st["markers"][i] = int(v)
        return st

    s = q.edit(plant)
    q.reads(*[s["markers"][i] for i in marked])
    hits = [i for i in marked if (s["markers"][i] > thr if greater else s["markers"][i] < thr)]
    q.step("filter", threshold=thr, kept=hits)
    word = "greater" if greater else "less"
    return q.answer(len(hits), witnesses=[f"bubble:{i}" for i in hits],
                    question=f"{MAP_WORDS['marker']} How many marked regions have marker values {word} than {thr}?")


@task("marker_region_extremum_label", answer="string", annotation="point", ops="ranking",
      queries=("largest_marker_region_extremum_label", "smallest_marker_region_extremum_label"))
def marker_region_extremum_label(q):
    _set_variant(q, "marker", letters=True)
    largest = q.query_id.startswith("largest")
    marked = _marked(q.state)
    q.require(len(marked) >= 3, "too few markers")
    w = q.param("winner", lambda r: marked[int(r.integers(len(marked)))])

    def plant(st, r):
        top = int(r.integers(3, 6)) if largest else int(r.integers(1, 4))
        st["markers"][w] = top
        for i in marked:
            if i != w:
                st["markers"][i] = int(r.integers(1, top)) if largest else int(r.integers(top + 1, 6))
        return st

    s = q.edit(plant)
    vals = [s["markers"][i] for i in marked]
    q.reads(*vals)
    best = max(vals) if largest else min(vals)
    q.require(vals.count(best) == 1, "extreme marker not unique")
    i = marked[vals.index(best)]
    q.step("extreme", marked=marked, winner=i)
    word = "largest" if largest else "smallest"
    return q.answer(s["labels"][i], witnesses=f"bubble:{i}", examples=[s["labels"][j] for j in marked],
                    question=(f"{MAP_WORDS['marker']} Which lettered region's marker shows the {word} value? "
                              f"Answer with its letter."))
