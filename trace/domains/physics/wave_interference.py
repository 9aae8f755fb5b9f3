"""physics/wave_interference: two point sources in a ripple tank with circular wavefronts every lambda/2.

Ring k around a source is at distance k * lambda/2 from it, so a point where ring a of S1 meets ring b
of S2 has path difference |a - b| half-wavelengths.  With the sources in phase an even count (a whole
number of wavelengths) interferes constructively and an odd count destructively; with S2 in opposite
phase the two swap.  Candidate points sit on ring crossings.  Difficulty shrinks the ring spacing and
widens the path differences.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene

SPACING = {1: 60, 2: 44, 3: 34}          # lambda/2 in px
DIFFS = {1: (1, 3), 2: (1, 5), 3: (2, 7)}
LETTERS = "ABCDE"
W, H = 960, 630
BX0, BY0, BX1, BY1 = 40, 56, 920, 600
MARGIN = 34


def crossing(state, a: int, b: int, side: int):
    """Where ring a of S1 meets ring b of S2 (side +1 below, -1 above the source line), or None."""
    (x1, y1), (x2, _) = state["s1"], state["s2"]
    s = state["spacing"]
    r1, r2, d = a * s, b * s, x2 - x1
    x = (d * d + r1 * r1 - r2 * r2) / (2 * d)
    h2 = r1 * r1 - x * x
    if h2 <= (0.35 * s) ** 2:                      # tangent-ish: no clean crossing
        return None
    return (x1 + x, y1 + side * math.sqrt(h2))


def inside(p) -> bool:
    return p is not None and BX0 + MARGIN <= p[0] <= BX1 - MARGIN and BY0 + MARGIN <= p[1] <= BY1 - MARGIN


def crossings(state, lo_ring: int = 2):
    out = []
    for a in range(lo_ring, 16):
        for b in range(lo_ring, 16):
            for side in (-1, 1):
                p = crossing(state, a, b, side)
                if inside(p):
                    out.append((a, b, side, p))
    return out


class WaveInterference(Scene):
    domain, scene_id, size = "physics", "wave_interference", (W, H)
    description = "Two sources with circular wavefronts every half wavelength and labelled points on ring crossings."
    megapixels = (0.78, 1.02)
    allow_noise = True

    def sample(self, rng, difficulty):
        s = SPACING[difficulty]
        d = int(rng.integers(int(5.3 * s), int(7.6 * s)))
        cx, cy = 480 + int(rng.integers(-40, 41)), 328 + int(rng.integers(-50, 51))
        return {"spacing": s, "s1": [cx - d // 2, cy], "s2": [cx - d // 2 + d, cy],
                "phase": str(rng.choice(["in", "opposite"])), "points": [], "view": "choice"}

    def render(self, c, state, params):
        s = state["spacing"]
        c.rect(BX0, BY0, BX1 - BX0, BY1 - BY0, fill="paper", stroke="ink", lw=2.0)
        ctx = c.ctx
        ctx.save()
        ctx.rectangle(BX0, BY0, BX1 - BX0, BY1 - BY0)
        ctx.clip()
        for (x, y) in (state["s1"], state["s2"]):
            for k in range(1, 20):
                c.circle(x, y, k * s, fill=None, stroke="muted", lw=2.0 if k % 2 == 0 else 1.0)
        ctx.restore()
        c.text(BX0 + 8, 30, "Sources in phase" if state["phase"] == "in" else "S2 in opposite phase to S1",
               size=16, bold=True, anchor="l")
        c.text(BX1 - 8, 30, "ring spacing = λ/2", size=16, bold=True, anchor="r")
        pts = [crossing(state, a, b, side) for a, b, side in state["points"]]
        if state["view"] == "path":
            px, py = pts[0]
            for name in ("s1", "s2"):
                x, y = state[name]
                c.line(x, y, px, py, color="ink", lw=2.4, dash=[8, 6], id=f"path:{name.upper()}")
        for name in ("s1", "s2"):
            x, y = state[name]
            c.circle(x, y, 17, fill="ink", stroke="paper", lw=2.0, id=f"source:{name.upper()}")
            c.text(x, y, name.upper(), size=13, bold=True, color="paper")
        labels = ["P"] if state["view"] == "path" else list(LETTERS)
        for lab, (x, y) in zip(labels, pts):
            c.circle(x, y, 5, fill="ink")
            c.register(f"point:{lab}", point=(x, y))
            ox = 18 if x < BX1 - 60 else -18
            c.circle(x + ox, y - 18, 12, fill="paper", stroke="ink", lw=1.5)
            c.text(x + ox, y - 18, lab, size=14, bold=True)


SCENE = WaveInterference()
task = SCENE.task


def _far(p, chosen, state, gap=52.0) -> bool:
    others = chosen + [tuple(state["s1"]), tuple(state["s2"])]
    return all(math.hypot(p[0] - q[0], p[1] - q[1]) >= gap for q in others)


def _constructive(a: int, b: int, phase: str) -> bool:
    return ((a - b) % 2 == 0) == (phase == "in")


@task("interference_point_choice", answer="option_letter", annotation="point", ops="spatial_relations,formula_evaluation",
      queries=("constructive_interference_point_choice", "destructive_interference_point_choice"))
def interference_point_choice(q):
    want = q.query_id.startswith("constructive")
    q.offer(5, "image")
    letter = q.target(LETTERS, stratified=True)
    lo, hi = DIFFS[q.difficulty]

    def plant(st, r):
        st["view"] = "choice"
        cands = [cr for cr in crossings(st) if abs(cr[0] - cr[1]) <= hi]
        order = [cands[int(i)] for i in r.permutation(len(cands))]
        picked, pos = [], []
        for k, lab in enumerate(LETTERS):
            good = want if lab == letter else not want
            for a, b, side, p in order:
                if _constructive(a, b, st["phase"]) == good and _far(p, pos, st):
                    picked.append([a, b, side])
                    pos.append(p)
                    break
        st["points"] = picked
        return st

    s = q.edit(plant)
    q.require(len(s["points"]) == 5, "too few well-separated crossings")
    kinds = {LETTERS[k]: _constructive(a, b, s["phase"]) for k, (a, b, _) in enumerate(s["points"])}
    hits = [k for k, v in kinds.items() if v == want]
    q.require(len(hits) == 1 and hits[0] == letter, "not exactly one matching point")
    q.step("interference", phase=s["phase"],
           path_difference_half_waves={LETTERS[k]: abs(a - b) for k, (a, b, _) in enumerate(s["points"])},
           result=hits[0])
    kind = "constructive" if want else "destructive"
    return q.answer(hits[0], witnesses=f"point:{hits[0]}", examples=["B", "D"],
                    question=(f"Two sources S1 and S2 send out waves; each circle is a wavefront and neighbouring "
                              f"circles of one source are λ/2 apart. The relative phase of the sources is printed "
                              f"above the tank. At which labelled point A–E is the interference {kind}?"))


@task("path_difference_value", answer="integer", annotation="segment_set", ops="spatial_relations,formula_evaluation")
def path_difference_value(q):
    lo, hi = DIFFS[q.difficulty]
    target = q.target(range(lo, hi + 1), stratified=True)

    def plant(st, r):
        st["view"] = "path"
        cands = [cr for cr in crossings(st, 1) if abs(cr[0] - cr[1]) == target and min(cr[0], cr[1]) >= 1]
        if cands:
            a, b, side, _ = cands[int(r.integers(len(cands)))]
            st["points"] = [[a, b, side]]
        return st

    s = q.edit(plant)
    q.require(len(s["points"]) == 1, "no crossing with that path difference")
    a, b, _ = s["points"][0]
    q.claim("path:S1", line="dashed")
    q.claim("path:S2", line="dashed")
    diff = abs(a - b)
    q.require(diff == target, "missed the target")
    q.step("path_difference", rings_from_S1=a, rings_from_S2=b, result=diff)
    return q.answer(diff, witnesses=["path:S1", "path:S2"], examples=[3, 2],
                    question=("Each circle is a wavefront, and neighbouring circles of one source are λ/2 apart. By "
                              "counting wavefronts along the dashed lines from S1 and from S2 to point P, what is the "
                              "path difference |S1P − S2P| in units of λ/2?"))
