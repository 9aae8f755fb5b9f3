"""games/darts: a dartboard with numbered sectors, a bullseye and dart markers.

Level 2 is the original's simplified board: ten sectors numbered 1-10 in a shuffled order and a
bullseye; a dart scores its sector's number, or 50 in the bullseye.  Level 1 has eight sectors;
level 3 is a standard 20-sector board (20 at the top, the usual order) with its rings: the outer
(double) ring doubles the sector number, the inner (treble) ring triples it, the outer bull scores
25 and the inner bull 50.  A dart scores where its marker's centre point is; darts are placed well
clear of every boundary so the reading is unambiguous.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene, retrying
from tracegen.kits.boards import badge

SIZE = (1000, 860)
CX, CY, R = 500, 440, 330
STANDARD = [20, 1, 18, 4, 13, 6, 10, 15, 2, 17, 3, 19, 7, 16, 8, 11, 14, 9, 12, 5]
SECTORS = {1: 8, 2: 10, 3: 20}
BULL = 0.22                    # simplified board: bullseye radius (fraction of R)
RINGS = {"bull50": (0.0, 0.07), "bull25": (0.07, 0.16), "single_in": (0.16, 0.52), "treble": (0.52, 0.62),
         "single_out": (0.62, 0.88), "double": (0.88, 1.0)}
DARK, LIGHT = (0.22, 0.24, 0.27), (0.95, 0.90, 0.78)
RING_A, RING_B = (0.78, 0.16, 0.16), (0.18, 0.52, 0.28)
MARGIN_PX = 15.0


def sector_of(state, angle: float) -> int:
    w = 360.0 / state["n"]
    return int(((angle + w / 2) % 360) // w)


def score(state, dart) -> int:
    r, a = dart
    num = state["numbers"][sector_of(state, a)]
    if not state["rings"]:
        return 50 if r <= BULL else num
    if r <= RINGS["bull50"][1]:
        return 50
    if r <= RINGS["bull25"][1]:
        return 25
    if RINGS["treble"][0] <= r <= RINGS["treble"][1]:
        return 3 * num
    if r >= RINGS["double"][0]:
        return 2 * num
    return num


def region_ranges(state):
    """(name, r_lo, r_hi) of the scoring bands a dart may sit in."""
    if not state["rings"]:
        return [("bull", 0.0, BULL), ("single", BULL, 1.0)]
    return [(k, lo, hi) for k, (lo, hi) in RINGS.items()]


def place(rng, state, band: str, sector: int | None = None):
    """A dart (r, angle) well inside ``band`` (and ``sector`` when given), or None."""
    lo, hi = dict((k, (a, b)) for k, a, b in region_ranges(state))[band]
    m = min(MARGIN_PX, (hi - lo) * R * 0.3) / R
    r = float(rng.uniform(0.0, hi - m)) if lo == 0 else float(rng.uniform(lo + m, hi - m))
    w = 360.0 / state["n"]
    if band.startswith("bull"):
        return [round(r, 4), round(float(rng.uniform(0, 360)), 2)]
    k = int(rng.integers(state["n"])) if sector is None else sector
    mdeg = math.degrees(MARGIN_PX / (r * R))
    if mdeg >= w / 2:
        return None
    a = k * w + float(rng.uniform(-w / 2 + mdeg, w / 2 - mdeg))
    return [round(r, 4), round(a % 360, 2)]


def xy(dart):
    r, a = dart
    t = math.radians(a)
    return CX + r * R * math.sin(t), CY - r * R * math.cos(t)


def spaced(darts, new, gap=26.0) -> bool:
    x, y = xy(new)
    return all(math.hypot(x - xy(d)[0], y - xy(d)[1]) >= gap for d in darts)


class Darts(Scene):
    domain, scene_id, size = "games", "darts", SIZE
    megapixels = (0.3, 0.34)   # scale 1: the image is the layout's size (0.94 MP in the original)
    description = "A dartboard with numbered sectors and a bullseye, with dart markers (some lettered)."

    def sample(self, rng, difficulty):
        n = SECTORS[difficulty]
        numbers = STANDARD if n == 20 else [int(v) + 1 for v in rng.permutation(n)]
        return {"n": n, "numbers": list(numbers), "rings": n == 20, "darts": [], "labels": []}

    def render(self, c, state, params):
        w, h = self.size
        c.rect(14, 14, w - 28, h - 28, fill="panel", stroke="muted", lw=2)
        n = state["n"]
        sw = 360.0 / n

        def wedge(r0, r1, a0, a1, fill):
            steps = max(4, int((a1 - a0) / 3))
            pts = []
            for i in range(steps + 1):
                t = math.radians(a0 + (a1 - a0) * i / steps)
                pts.append((CX + r1 * math.sin(t), CY - r1 * math.cos(t)))
            for i in range(steps, -1, -1):
                t = math.radians(a0 + (a1 - a0) * i / steps)
                pts.append((CX + r0 * math.sin(t), CY - r0 * math.cos(t)))
            c.polygon(pts, fill=fill)

        c.circle(CX, CY, R + 6, fill=(0.1, 0.1, 0.1))
        for k in range(n):
            a0, a1 = k * sw - sw / 2, k * sw + sw / 2
            base = DARK if k % 2 == 0 else LIGHT
            wedge(0, R, a0, a1, base)
            if state["rings"]:
                ring = RING_A if k % 2 == 0 else RING_B
                for band in ("treble", "double"):
                    lo, hi = RINGS[band]
                    wedge(lo * R, hi * R, a0, a1, ring)
            t = math.radians(k * sw)
            c.text(CX + (R + 34) * math.sin(t), CY - (R + 34) * math.cos(t), str(state["numbers"][k]), size=26,
                   bold=True, kind="tick")
        if state["rings"]:
            c.circle(CX, CY, RINGS["bull25"][1] * R, fill=RING_B)
            c.circle(CX, CY, RINGS["bull50"][1] * R, fill=RING_A, id="bull")
        else:
            c.circle(CX, CY, BULL * R, fill=(0.80, 0.20, 0.20), stroke=(0.98, 0.95, 0.9), lw=2, id="bull")
        for i, d in enumerate(state["darts"]):
            x, y = xy(d)
            c.line(x - 14, y, x + 14, y, color=(0.05, 0.05, 0.05), lw=2.5)
            c.line(x, y - 14, x, y + 14, color=(0.05, 0.05, 0.05), lw=2.5)
            c.circle(x, y, 7.5, fill=(1.0, 0.86, 0.1), stroke=(0.05, 0.05, 0.05), lw=2.2)
            c.register(f"dart:{i}", box=(x - 9, y - 9, x + 9, y + 9), point=(x, y))
            labels = state.get("labels") or []
            if labels:
                ang = math.atan2(y - CY, x - CX)
                badge(c, x + 30 * math.cos(ang + 0.6), y + 30 * math.sin(ang + 0.6), labels[i], size=15,
                      anchor="c")


SCENE = Darts()
task = SCENE.task


def _rules(state):
    if not state["rings"]:
        return ("Scoring: a dart in a numbered sector scores that sector's number; a dart inside the central "
                "bullseye circle scores 50.")
    return ("Scoring (standard board): a dart scores its sector's number, doubled in the outer narrow ring and "
            "tripled in the inner narrow ring; the outer bull (the ring around the centre) scores 25 and the inner "
            "bull (the central dot) scores 50.")


N_DARTS = {1: (3, 4), 2: (4, 7), 3: (7, 9)}


@task("bullseye_membership_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,spatial_relations", queries=("inside_bullseye_count", "outside_bullseye_count"))
def bullseye_membership_count(q):
    inside = q.query_id == "inside_bullseye_count"
    t = q.target(range(0, 6) if q.difficulty > 1 else range(0, 4), stratified=True)
    lo, hi = N_DARTS[q.difficulty]
    bull_hi = BULL if not q.state["rings"] else RINGS["bull25"][1]

    def build(st, rng):
        n = int(rng.integers(max(lo, t), max(hi, t) + 1))
        n_in = t if inside else min(3, n - t)
        n = n if inside else t + n_in
        darts = []
        m = MARGIN_PX / R
        for j in range(n):
            for _ in range(50):
                if j < n_in:
                    r = float(rng.uniform(0.0, bull_hi - m))
                else:
                    r = float(rng.uniform(bull_hi + m, 0.95))
                d = [round(r, 4), round(float(rng.uniform(0, 360)), 2)]
                if spaced(darts, d, gap=20 if j < n_in else 26):
                    darts.append(d)
                    break
            else:
                return None
        order = rng.permutation(n)
        st["darts"] = [darts[int(i)] for i in order]
        return st

    s = q.edit(retrying(build, 300))
    hits = [i for i, d in enumerate(s["darts"]) if (d[0] <= bull_hi) == inside]
    q.require(len(hits) == t and len(s["darts"]) >= t, "count off target")
    where = "inside" if inside else "outside"
    circle = ("the central bullseye circle" if not s["rings"] else
              "the bullseye (the outer bull ring together with the inner bull dot)")
    return q.answer(len(hits), witnesses=[f"dart:{i}" for i in hits], examples=[1, 2, 3],
                    question=(f"The image shows a dartboard with dart markers (each dart is at the centre of its "
                              f"crosshair marker). How many darts are {where} {circle}?"))


@task("dart_score_value", answer="integer", annotation="point", ops="formula_evaluation")
def dart_score_value(q):
    st0 = q.state
    if st0["rings"]:
        t = None
    else:
        t = q.target(list(range(1, st0["n"] + 1)) + [50], stratified=True)

    def build(st, rng):
        if t is None:
            band = [k for k, _, _ in region_ranges(st)][int(rng.integers(6))]
            d = place(rng, st, band)
        elif t == 50:
            d = place(rng, st, "bull")
        else:
            d = place(rng, st, "single", st["numbers"].index(t))
        if d is None:
            return None
        st["darts"] = [d]
        return st

    s = q.edit(retrying(build, 300))
    q.require(len(s["darts"]) == 1, "no dart placed")
    v = score(s, s["darts"][0])
    q.require(t is None or v == t, "score off target")
    return q.answer(v, witnesses="dart:0", examples=[3, 8, 12],
                    question=(f"The image shows a dartboard with one dart (at the centre of its crosshair marker). "
                              f"{_rules(s)} What does the dart score?"))


@task("highest_scoring_dart_label", answer="option_letter", annotation="point", ops="ranking,formula_evaluation")
def highest_scoring_dart_label(q):
    letter = q.target(list("ABCD"), stratified=True)
    idx = "ABCD".index(letter)

    def build(st, rng):
        bands = [k for k, _, _ in region_ranges(st)]
        darts = []
        for _ in range(40):
            if len(darts) == 4:
                break
            band = bands[0] if (len(bands) == 2 and rng.random() < 0.1) else bands[int(rng.integers(1, len(bands)))]
            d = place(rng, st, band)
            if d is not None and spaced(darts, d, gap=60):
                darts.append(d)
        if len(darts) < 4:
            return None
        scores = [score(st, d) for d in darts]
        if scores.count(max(scores)) != 1:
            return None
        b = scores.index(max(scores))
        darts[b], darts[idx] = darts[idx], darts[b]
        st["darts"], st["labels"] = darts, list("ABCD")
        return st

    s = q.edit(retrying(build, 300))
    q.require(len(s["darts"]) == 4, "darts not placed")
    scores = [score(s, d) for d in s["darts"]]
    q.require(scores.count(max(scores)) == 1, "tied best dart")
    b = scores.index(max(scores))
    q.step("scores", scores=scores)
    q.offer(4, "prompt")
    return q.answer(s["labels"][b], witnesses=f"dart:{b}",
                    question=(f"The image shows a dartboard with four darts lettered A, B, C and D (each at the centre "
                              f"of its crosshair marker). {_rules(s)} Which dart scores the most: A, B, C or D?"))
