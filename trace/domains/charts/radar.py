"""charts/radar: radar (spider) charts read against a ring scale of 0-10.

Two layouts.  *Small multiples*: 3-9 panels, each a radar chart with the same metric spokes
and one profile polygon (panel names above them); a task may highlight one spoke in every
panel (its name drawn in bold with a marker, its spoke thicker).  *Pair*: one large radar chart
with two profile polygons named in a legend.  Values are integers 1-10 on a ring scale with a
ring at every unit and the even rings numbered along the first spoke; no value is printed.  A
compared value never equals its threshold, nor do the two profiles tie on a spoke.
Difficulty grows the panels (3-4, 5-8, 8-9) and the spokes (5, 5-7, 7-8).
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color, grid_boxes, legend, panel_card, panel_labels
from tracegen.kits.planting import split_draw

N_PANELS = {1: (3, 4), 2: (5, 8), 3: (8, 9)}
N_SPOKES = {1: (5, 5), 2: (5, 7), 3: (7, 8)}
SCALE = 10
METRIC_FAMILIES = ("places", "surnames", "months", "fiscal_years", "topics")  # no colour-like words
TITLES = ("Radar Profile Charts", "Metric Profiles", "Capability Radar", "Profile Comparison", "Spider Charts")


class Radar(Scene):
    domain, scene_id, size = "charts", "radar", (1160, 720)
    megapixels = (1.05, 1.45)
    fluid = True
    description = ("Radar charts on a 0-10 ring scale: small multiples with one profile polygon per panel, or one "
                   "chart comparing two named profiles; values are read against the rings.")

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_PANELS[difficulty][0], N_PANELS[difficulty][1] + 1))
        k = int(rng.integers(N_SPOKES[difficulty][0], N_SPOKES[difficulty][1] + 1))
        metrics = category_labels(rng, k, families=METRIC_FAMILIES, max_len=9)
        return {"layout": "panels", "metrics": metrics, "panels": panel_labels(rng, n),
                "values": [[int(v) for v in rng.integers(1, SCALE + 1, size=k)] for _ in range(n)],
                "title": TITLES[int(rng.integers(len(TITLES)))]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        c.text(24, 26, state["title"], size=19, bold=True, anchor="l")
        hl = params.get("metric")
        if state["layout"] == "pair":
            names = state["profiles"]
            legend(c, W - 40 - sum(c.text_width(s, size=14) + 60 for s in names), 16, W - 24,
                   [(s, category_color(c, j)) for j, s in enumerate(names)], size=14, swatch="line")
            box = (24, 56, W - 24, H - 20)
            panel_card(c, box, fill="paper")
            self._radar(c, state, box, list(range(len(names))), lab=15.0, prefix="")
            return
        n = len(state["panels"])
        widest = max(c.text_width(m, size=13.0, bold=True) for m in state["metrics"]) + 16

        def radius(cols):       # the radar radius a grid of ``cols`` columns leaves (titles take ~36 units)
            rows = -(-n // cols)
            w, h = (W - 48 - 14 * (cols - 1)) / cols, (H - 68 - 14 * (rows - 1)) / rows
            return min(w / 2 - widest, (h - 36) / 2 - 18)

        cols = max(range(2, 6), key=radius)
        for p, box in enumerate(grid_boxes((24, 52, W - 24, H - 16), n, cols, gap=14)):
            inner = panel_card(c, box, f"Panel {state['panels'][p]}", size=15, align="l", id=f"panel:{p}",
                               fill="paper")
            self._radar(c, state, inner, [p], lab=13.0, prefix=f"{p}:", hl=hl)

    @staticmethod
    def _radar(c, state, box, rows, *, lab, prefix, hl=None):
        metrics = state["metrics"]
        k = len(metrics)
        x0, y0, x1, y1 = box
        widest = max(c.text_width(s, size=lab, bold=True) for s in metrics)
        r = max(30.0, min((x1 - x0) / 2 - widest - 10, (y1 - y0) / 2 - lab * 1.3))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 2
        ang = [-math.pi / 2 + 2 * math.pi * j / k for j in range(k)]
        faint = blend(c.color("grid"), c.color("paper"), 0.5)
        for ring in range(1, SCALE + 1):
            pts = [(cx + r * ring / SCALE * math.cos(a), cy + r * ring / SCALE * math.sin(a)) for a in ang]
            c.polygon(pts, stroke="grid" if ring % 2 == 0 else faint, lw=1.0 if ring % 2 == 0 else 0.7)
        for j, a in enumerate(ang):
            strong = j == hl
            c.line(cx, cy, cx + r * math.cos(a), cy + r * math.sin(a), color="ink" if strong else "grid",
                   lw=2.6 if strong else 1.0)
            c.register(f"spoke:{prefix}{j}", segment=((cx, cy), (cx + r * math.cos(a), cy + r * math.sin(a))))
            lx, ly = cx + (r + 8) * math.cos(a), cy + (r + 8) * math.sin(a)
            anchor = "c" if abs(math.cos(a)) < 0.3 else ("l" if math.cos(a) > 0 else "r")
            valign = "m" if abs(math.sin(a)) < 0.3 else ("t" if math.sin(a) > 0 else "b")
            c.text(lx, ly, ("\u25b6 " if strong and anchor != "r" else "") + metrics[j]
                   + (" \u25c0" if strong and anchor == "r" else ""), size=lab, anchor=anchor, valign=valign,
                   bold=strong, color="ink" if strong else "muted")
        for ring in range(2, SCALE + 1, 2):        # ring numbers along the first spoke
            c.text(cx + 4, cy - r * ring / SCALE, str(ring), size=12, anchor="l", color="muted", kind="tick")
        for p in rows:
            col = category_color(c, p)
            vals = state["values"][p]
            pts = [(cx + r * v / SCALE * math.cos(a), cy + r * v / SCALE * math.sin(a)) for v, a in zip(vals, ang)]
            c.polygon(pts, stroke=col, lw=2.4)
            for j, (px, py) in enumerate(pts):
                c.circle(px, py, 4.2, fill=col, stroke="paper", lw=1.0, id=f"vertex:{prefix or str(p) + ':'}{j}")
        if len(rows) == 2:      # the gap between the two profiles on each spoke
            for j, a in enumerate(ang):
                va, vb = state["values"][0][j], state["values"][1][j]
                c.register(f"gap:{j}", segment=((cx + r * vb / SCALE * math.cos(a), cy + r * vb / SCALE * math.sin(a)),
                                                (cx + r * va / SCALE * math.cos(a), cy + r * va / SCALE * math.sin(a))))


SCENE = Radar()
task = SCENE.task

PANELS = ("The chart shows small-multiple radar charts, one profile polygon per panel, all with the same metric "
          "spokes and a 0-10 ring scale (a ring every unit, even rings numbered).")
PAIR = ("The chart shows one radar chart with two profile polygons named in the legend, on a 0-10 ring scale "
        "(a ring every unit, even rings numbered).")


def _split_values(r, n_hit, idx, thr):
    """Values for the positions ``idx``: ``n_hit`` of them above ``thr`` (thr+1..10), the rest below
    it (1..thr-1); returns {position: value}."""
    return split_draw(r, idx, n_hit, list(range(thr + 1, SCALE + 1)), list(range(1, thr)))


def _threshold(q):
    return q.param("threshold", lambda r: int(r.integers(3, 9)))


# ---------------------------------------------------------------------- tasks
@task("highlighted_metric_threshold_panel_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison")
def highlighted_metric_threshold_panel_count(q):
    s = q.state
    n = len(s["panels"])
    t = q.target({1: range(1, 4), 2: range(1, 7), 3: range(2, 9)}[q.difficulty], stratified=True)
    q.require(t < n, "too few panels")
    m = q.param("metric", lambda r: int(r.integers(len(s["metrics"]))))
    thr = _threshold(q)

    def plant(st, r):
        for p, v in _split_values(r, t, list(range(n)), thr).items():
            st["values"][p][m] = v
        return st

    s = q.edit(plant)
    col = [row[m] for row in s["values"]]
    q.reads(*col)
    hits = [p for p, v in enumerate(col) if v > thr]
    q.step("filter", metric=s["metrics"][m], threshold=thr, kept=hits)
    return q.answer(len(hits), witnesses=[f"panel:{p}" for p in hits],
                    question=(f"{PANELS} The spoke {quoted(s['metrics'][m])} is highlighted in every panel. In how "
                              f"many panels is the profile's value on that spoke greater than {thr}?"))


@task("matching_condition_panel_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison")
def matching_condition_panel_count(q):
    s = q.state
    n, k = len(s["panels"]), len(s["metrics"])
    t = q.target({1: range(1, 4), 2: range(1, 6), 3: range(2, 8)}[q.difficulty], stratified=True)
    q.require(t < n, "too few panels")
    thr = _threshold(q)
    need = q.param("minimum", lambda r: int(r.integers(2, min(4, k - 1) + 1)))

    def plant(st, r):
        for p, above in split_draw(r, range(n), t, list(range(need, k + 1)), list(range(need))).items():
            st["values"][p] = [int(v) for v in _split_values(r, above, list(range(k)), thr).values()]
        return st

    s = q.edit(plant)
    q.reads(*[v for row in s["values"] for v in row])
    hits = [p for p, row in enumerate(s["values"]) if sum(v > thr for v in row) >= need]
    q.step("filter", threshold=thr, minimum=need, kept=hits)
    return q.answer(len(hits), witnesses=[f"panel:{p}" for p in hits],
                    question=(f"{PANELS} How many panels have at least {need} metrics whose values are greater than "
                              f"{thr}?"))


@task("threshold_metric_count_for_panel", answer="integer", annotation="point_set", ops="filtering,counting,comparison")
def threshold_metric_count_for_panel(q):
    s = q.state
    n, k = len(s["panels"]), len(s["metrics"])
    t = q.target({1: range(1, 5), 2: range(1, 7), 3: range(2, 8)}[q.difficulty], stratified=True)
    q.require(t < k, "too few spokes")
    p = q.param("panel", lambda r: int(r.integers(n)))
    thr = _threshold(q)

    def plant(st, r):
        st["values"][p] = [int(v) for v in _split_values(r, t, list(range(k)), thr).values()]
        return st

    s = q.edit(plant)
    row = s["values"][p]
    q.reads(*row)
    hits = [j for j, v in enumerate(row) if v > thr]
    q.step("filter", panel=s["panels"][p], threshold=thr, kept=hits)
    return q.answer(len(hits), witnesses=[f"vertex:{p}:{j}" for j in hits],
                    question=(f"{PANELS} In panel {quoted(s['panels'][p])}, how many metrics have values greater than "
                              f"{thr}?"))


@task("profile_advantage_count", answer="integer", annotation="segment_set", ops="filtering,counting")
def profile_advantage_count(q):
    t = q.target({1: range(1, 4), 2: range(1, 7), 3: range(2, 8)}[q.difficulty], stratified=True)

    def pair(st, r):
        k = len(st["metrics"])
        names = category_labels(r, 2, families=("surnames", "places", "coined"), max_len=9)
        a = [int(v) for v in r.integers(1, SCALE + 1, size=k)]
        b = list(a)
        win = set(int(i) for i in r.choice(k, size=min(t, k - 1), replace=False))
        for j in range(k):           # a clear gap of 1-4 units on every spoke
            gap = int(r.integers(1, 5))
            if j in win:
                a[j], b[j] = max(a[j], 1 + gap), max(a[j], 1 + gap) - gap
            else:
                b[j], a[j] = max(b[j], 1 + gap), max(b[j], 1 + gap) - gap
        st.update({"layout": "pair", "profiles": names, "values": [a, b]})
        st["panels"] = []
        return st

    s = q.edit(pair)
    k = len(s["metrics"])
    q.require(t < k, "too few spokes")
    a, b = s["values"]
    q.reads(*a, *b)
    hits = [j for j in range(k) if a[j] > b[j]]
    q.step("compare", profiles=s["profiles"], kept=hits)
    na, nb = (quoted(x) for x in s["profiles"])
    return q.answer(len(hits), witnesses=[f"gap:{j}" for j in hits],
                    question=f"{PAIR} On how many spokes is {na} farther from the centre than {nb}?")
