"""charts/contour_density: labelled density regions drawn as nested elliptical contour rings on a
0-100 x/y plot.

Each region is an ellipse (centre and radii in data units) with ``level`` nested rings: the
number of rings is its density level (1-5 at the default; 1-4 easier, 1-6 harder), so a denser
region shows more rings (and, in the filled look, a darker centre).  The outer ring is the
region's footprint.  A region's name sits just above its footprint, a dot marks its centre.
Tasks ask for the densest or sparsest region, count regions at or below a level, find the
region whose centre is nearest to or farthest from a drawn reference (a point, a vertical or a
horizontal line), or the region with the widest or narrowest footprint.  Rankings keep a clear
margin, and the point-distance winner is the same however the plot is stretched (x weighted
0.5-2 against y), so the answer never depends on the image's aspect.  Difficulty grows the
number of regions (4-5, 5-7, 7-9) and of levels.
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.curves import XYView, draw_frame
from tracegen.kits.names import coined_names
from tracegen.kits.panels import category_color
from tracegen.kits.planting import split_draw

N_REGIONS = {1: (4, 5), 2: (5, 7), 3: (7, 9)}
MAX_LEVEL = {1: 4, 2: 5, 3: 6}
LOOKS = ("rings", "filled")
INTRO = ("The plot shows density regions drawn as nested contour rings on 0-100 axes, each named just above its "
         "outermost ring. A region's density level is its number of nested rings: more rings mean higher density.")
WEIGHTS = (0.5, 1.0, 2.0)       # x against y: the stretches under which a point-distance winner must hold


def _fits(regions, x, y, rx, ry) -> bool:
    for o in regions:
        d = math.hypot((x - o["x"]) / (rx + o["rx"]), (y - o["y"]) / (ry + o["ry"]))
        if d < 0.82 or (abs(x - o["x"]) < 14 and abs(y - o["y"]) < 9):     # rings readable, names apart
            return False
    return True


def place(rng, n, max_level):
    """``n`` regions (centre, radii, level) placed by rejection inside the 0-100 square."""
    regions: list[dict] = []
    for _ in range(60 * n):
        if len(regions) == n:
            break
        rx, ry = (round(float(v), 1) for v in rng.uniform(7.0, 15.0, size=2))
        x = round(float(rng.uniform(rx + 2, 98 - rx)), 1)
        y = round(float(rng.uniform(ry + 2, 98 - ry)), 1)
        if _fits(regions, x, y, rx, ry):
            regions.append({"x": x, "y": y, "rx": rx, "ry": ry, "level": int(rng.integers(1, max_level + 1))})
    return regions if len(regions) == n else None


class ContourDensity(Scene):
    domain, scene_id, size = "charts", "contour_density", (1040, 660)
    megapixels = (0.9, 1.2)
    fluid = True
    description = ("Labelled density regions on a 0-100 plot, each drawn as nested elliptical contour rings whose "
                   "count is its density level; some instances add a reference point or line.")

    def sample(self, rng, difficulty):
        lo, hi = N_REGIONS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        regions = None
        while regions is None:
            regions = place(rng, n, MAX_LEVEL[difficulty])
        return {"regions": regions, "labels": coined_names(rng, n, max_len=8), "max_level": MAX_LEVEL[difficulty],
                "reference": None}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        st = c.style
        look = LOOKS[(st.accent + st.theme) % len(LOOKS)]
        v = XYView(70, 36, W - 30, H - 52, 0, 100, 0, 100)
        ticks = [0, 25, 50, 75, 100] if st.density != "dense" else list(range(0, 101, 20))
        draw_frame(c, v, xticks=ticks, yticks=ticks, font_size=13.0)
        sx = (v.x1 - v.x0) / 100
        sy = (v.y1 - v.y0) / 100
        ctx = c.ctx
        for i, reg in enumerate(state["regions"]):
            col = category_color(c, i)
            cx, cy = v.px(reg["x"], reg["y"])
            k = reg["level"]
            for j in range(k):
                f = 1.0 - 0.72 * j / max(1, k - 1)        # the innermost ring keeps 28 % of the footprint
                if look == "filled":
                    ctx.save()
                    ctx.translate(cx, cy)
                    ctx.scale(reg["rx"] * sx * f, reg["ry"] * sy * f)
                    ctx.arc(0, 0, 1, 0, 2 * math.pi)
                    ctx.restore()
                    ctx.set_source_rgba(*col, 0.09)
                    ctx.fill()
                c.ellipse(cx, cy, reg["rx"] * sx * f, reg["ry"] * sy * f, stroke=col, lw=2.0 if j == 0 else 1.6)
            c.register(f"region:{i}", box=(cx - reg["rx"] * sx, cy - reg["ry"] * sy, cx + reg["rx"] * sx,
                                            cy + reg["ry"] * sy), point=(cx, cy))
        ref = state.get("reference")
        if ref:
            self._reference(c, v, ref)
        for i, reg in enumerate(state["regions"]):      # the name above the footprint, a dot at the centre
            cx, cy = v.px(reg["x"], reg["y"])
            c.circle(cx, cy, 3.2, fill=category_color(c, i), stroke="ink", lw=0.8)
            top = cy - reg["ry"] * sy - 13
            tw = c.text_width(state["labels"][i], size=14, bold=True) + 10
            c.rect(cx - tw / 2, top - 11, tw, 22, fill=blend(c.color("paper"), category_color(c, i), 0.85),
                   stroke=category_color(c, i), lw=1.0)
            c.text(cx, top, state["labels"][i], size=14, bold=True, id=f"label:{i}")

    @staticmethod
    def _reference(c, v, ref):
        if ref["kind"] == "point":
            px, py = v.px(ref["x"], ref["y"])
            c.star(px, py, 11, fill="accent", stroke="ink", lw=1.2)
            c.register("reference", box=(px - 11, py - 11, px + 11, py + 11), point=(px, py))
            c.text(px + 14, py - 12, "reference point", size=13, anchor="l", color="ink")
        elif ref["kind"] == "vertical":
            px, _ = v.px(ref["x"], 0)
            c.line(px, v.y0, px, v.y1, color="ink", lw=2.2, dash=[8.0, 5.0], id="reference")
            c.text(px + 6, v.y0 + 12, "reference line", size=13, anchor="l")
        else:
            _, py = v.px(0, ref["y"])
            c.line(v.x0, py, v.x1, py, color="ink", lw=2.2, dash=[8.0, 5.0], id="reference")
            c.text(v.x1 - 6, py - 12, "reference line", size=13, anchor="r")


SCENE = ContourDensity()
task = SCENE.task


def _regions(idx):
    return [f"region:{i}" for i in idx]


def _plant_levels(q, pick):
    """Set the levels: ``pick(state, rng)`` returns the new level list."""
    def fn(s, r):
        levels = pick(s, r)
        for reg, lv in zip(s["regions"], levels):
            reg["level"] = int(lv)
        return s

    return q.edit(fn)


# ---------------------------------------------------------------------- tasks
@task("density_extremum_region_label", answer="string", annotation="bbox", ops="ranking",
      queries=("highest_density_region_label", "lowest_density_region_label"))
def density_extremum_region_label(q):
    high = q.query_id.startswith("highest")
    n = len(q.state["regions"])
    w = q.param("winner", lambda r: int(r.integers(n)))

    def pick(s, r):
        m = s["max_level"]
        top = int(r.integers(3, m + 1)) if high else int(r.integers(1, m - 1))
        return [top if i == w else (int(r.integers(1, top)) if high else int(r.integers(top + 1, m + 1)))
                for i in range(n)]

    s = _plant_levels(q, pick)
    levels = [reg["level"] for reg in s["regions"]]
    best = max(levels) if high else min(levels)
    q.require(levels.count(best) == 1, "extreme level not unique")
    i = levels.index(best)
    q.step("extreme", levels=levels, winner=i)
    word = "highest" if high else "lowest"
    return q.answer(s["labels"][i], witnesses=f"region:{i}", examples=s["labels"],
                    question=f"{INTRO} Which labelled region has the {word} density level?")


@task("density_threshold_region_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison",
      queries=("density_at_least_threshold_region_count", "density_below_threshold_region_count"))
def density_threshold_region_count(q):
    at_least = q.query_id.startswith("density_at_least")
    s = q.state
    n = len(s["regions"])
    t = q.target({1: range(1, 4), 2: range(1, 6), 3: range(2, 8)}[q.difficulty], stratified=True)
    q.require(t < n, "too few regions")
    level = q.param("level", lambda r: int(r.integers(2, s["max_level"] + 1)))

    def pick(st, r):
        up, down = list(range(level, st["max_level"] + 1)), list(range(1, level))
        drawn = split_draw(r, range(n), t, up if at_least else down, down if at_least else up)
        return [drawn[i] for i in range(n)]

    s = _plant_levels(q, pick)
    hits = [i for i, reg in enumerate(s["regions"]) if (reg["level"] >= level if at_least else reg["level"] < level)]
    q.step("filter", level=level, kept=hits)
    rel = "at least" if at_least else "below"
    return q.answer(len(hits), witnesses=_regions(hits),
                    question=f"{INTRO} How many labelled regions have a density level {rel} {level}?")


def _point_distances(s, ref, w):
    return [math.hypot(w * (reg["x"] - ref["x"]), reg["y"] - ref["y"]) for reg in s["regions"]]


def _clear(ds, near: bool, margin: float):
    """The index of the unique nearest (farthest) distance with ``margin`` to the runner-up, else None."""
    order = sorted(range(len(ds)), key=lambda i: ds[i], reverse=not near)
    return order[0] if abs(ds[order[1]] - ds[order[0]]) >= margin else None


@task("reference_distance_extremum_label", answer="string", annotation="bbox", ops="ranking,spatial_relations",
      queries=("point_nearest_region_label", "point_farthest_region_label", "vertical_line_nearest_region_label",
               "vertical_line_farthest_region_label", "horizontal_line_nearest_region_label",
               "horizontal_line_farthest_region_label"))
def reference_distance_extremum_label(q):
    kind = q.query_id.split("_")[0]
    near = "nearest" in q.query_id

    def put(s, r):
        ref = {"kind": kind}
        if kind in ("point", "vertical"):
            ref["x"] = round(float(r.uniform(8, 92)), 1)
        if kind in ("point", "horizontal"):
            ref["y"] = round(float(r.uniform(8, 92)), 1)
        s["reference"] = ref
        return s

    s = q.edit(put)
    ref = s["reference"]
    if kind == "point":
        wins = {_clear(_point_distances(s, ref, w), near, 5.0) for w in WEIGHTS}
        q.require(len(wins) == 1 and None not in wins, "nearest/farthest depends on the plot's stretch")
        i = wins.pop()
        target = "the star-shaped reference point"
    else:
        key = "x" if kind == "vertical" else "y"
        ds = [abs(reg[key] - ref[key]) for reg in s["regions"]]
        i = _clear(ds, near, 4.0)
        q.require(i is not None, "no clear nearest/farthest region")
        target = f"the {kind} reference line"
    what = "centre (the dot in its middle) is " + ("nearest to" if near else "farthest from")
    q.step("distance", reference=ref, winner=i)
    return q.answer(s["labels"][i], witnesses=f"region:{i}", examples=s["labels"],
                    question=f"{INTRO} Which labelled region's {what} {target}?")


@task("spread_extremum_region_label", answer="string", annotation="bbox", ops="ranking,formula_evaluation",
      queries=("widest_spread_region_label", "narrowest_spread_region_label"))
def spread_extremum_region_label(q):
    wide = q.query_id.startswith("widest")
    s = q.state
    areas = [math.pi * reg["rx"] * reg["ry"] for reg in s["regions"]]
    order = sorted(range(len(areas)), key=lambda i: areas[i], reverse=wide)
    a, b = areas[order[0]], areas[order[1]]
    q.require(max(a, b) >= 1.25 * min(a, b), "footprints too close to rank")
    i = order[0]
    q.step("footprint", areas=[round(x, 1) for x in areas], winner=i)
    word = "largest" if wide else "smallest"
    return q.answer(s["labels"][i], witnesses=f"region:{i}", examples=s["labels"],
                    question=(f"{INTRO} The outermost ring is a region's footprint. Which labelled region has the "
                              f"{word} footprint (area inside its outermost ring)?"))
