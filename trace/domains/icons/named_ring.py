"""icons/named_ring: named icons (shapes and pictograms) evenly spaced around an elliptical ring,
their order running clockwise; two ring icons carry the markers A and B.

Tasks count the "X" icons strictly between A and B going clockwise (or counterclockwise) from
A, and the "X" icons nearer to A than to B counting steps around the ring (ties and the marked
icons are not counted).  The count is planted: "X" icons fill the counted stretch and decoys sit
outside it.  Difficulty grows the ring (level 1: 12-14 icons, level 2: 18-22 as the original,
level 3: 24-28) and, at level 3, puts decoys right next to the counted stretch.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.icons import COLORS, window
from tracegen.kits.motifs import MOTIFS, draw_motif

SIZE = (880, 680)
CX, CY, RX, RY = 440, 372, 330, 250
KINDS = tuple(MOTIFS)
PALETTE = tuple(c for c in COLORS if c != "white")
N_ICONS = {1: (12, 14), 2: (18, 22), 3: (24, 28)}


def ring_xy(n, k, start):
    a = math.radians(start) + 2 * math.pi * k / n      # clockwise on screen (y down)
    return CX + RX * math.cos(a), CY + RY * math.sin(a), a


class NamedRing(Scene):
    domain, scene_id, size = "icons", "named_ring", SIZE
    description = ("Named icons (shapes and pictograms) evenly spaced clockwise around an elliptical ring, with two "
                   "ring icons marked A and B.")
    megapixels = (0.5, 0.72)   # image area (MP); the original's median is 0.598

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_ICONS[difficulty][0], N_ICONS[difficulty][1] + 1))
        a, b = (int(i) for i in rng.choice(n, size=2, replace=False))
        return {"kinds": [KINDS[int(rng.integers(len(KINDS)))] for _ in range(n)],
                "colors": [PALETTE[int(rng.integers(len(PALETTE)))] for _ in range(n)],
                "start": int(rng.integers(0, 360)), "a": a, "b": b}

    def render(self, c, state, params):
        w, h = SIZE
        window(c, 10, 10, w - 20, h - 20)
        n = len(state["kinds"])
        c.ellipse(CX, CY, RX, RY, stroke="muted", lw=3.0)
        size = 50.0 if n <= 22 else 42.0
        for k, (kind, color) in enumerate(zip(state["kinds"], state["colors"])):
            x, y, _ = ring_xy(n, k, state["start"])
            draw_motif(c, kind, color, x, y, size, id=f"icon:{k}")
        for name in ("a", "b"):
            k = state[name]
            _, _, a = ring_xy(n, k, state["start"])
            mx, my = CX + (RX + 48) * math.cos(a), CY + (RY + 46) * math.sin(a)
            c.circle(mx, my, 17, fill="paper", stroke="ink", lw=1.8, id=f"marker:{name}")
            c.text(mx, my, name.upper(), size=17, bold=True)


SCENE = NamedRing()
task = SCENE.task
INTRO = "The image shows a ring of icons with two marked icons, A and B."


def arc(n, a, b, clockwise) -> list[int]:
    """Ring positions strictly between a and b going clockwise (or counterclockwise) from a."""
    step = 1 if clockwise else -1
    out, k = [], (a + step) % n
    while k != b:
        out.append(k)
        k = (k + step) % n
    return out


def ring_steps(n, i, j) -> int:
    return min((i - j) % n, (j - i) % n)


def plant(st, r, counted, decoy_pool, t, difficulty):
    """Kinds so that exactly ``t`` of ``counted`` are the target kind, some decoys of it in
    ``decoy_pool``, every other icon another kind."""
    kind = KINDS[int(r.integers(len(KINDS)))]
    others = [k for k in KINDS if k != kind]
    n = len(st["kinds"])
    st["kinds"] = [others[int(r.integers(len(others)))] for _ in range(n)]
    for i in r.choice(len(counted), size=t, replace=False):
        st["kinds"][counted[int(i)]] = kind
    pool = list(decoy_pool)
    if difficulty == 3:     # decoys beside the counted stretch first
        edge = [p for p in pool if any(ring_steps(n, p, x) == 1 for x in counted)]
        pool = edge + [p for p in pool if p not in edge]
    else:
        pool = [pool[int(i)] for i in r.permutation(len(pool))]
    for p in pool[:int(r.integers(1, 4))]:
        st["kinds"][p] = kind
    st["target"] = kind
    return st


def marker_pair(r, n, span):
    """Marker positions a, b with ``span`` icons strictly between them clockwise from a."""
    a = int(r.integers(n))
    return a, (a + span + 1) % n


@task("scoped_attribute_count", answer="integer", annotation="bbox_set", ops="filtering,counting,topology",
      queries=("clockwise_arc_shape_count", "counterclockwise_arc_shape_count"))
def scoped_attribute_count(q):
    d = q.difficulty
    clockwise = q.query_id.startswith("clockwise")
    t = q.target({1: range(0, 4), 2: range(0, 7), 3: range(1, 9)}[d])

    def build(st, r):
        n = len(st["kinds"])
        span = int(r.integers(max(t, 3), max(t + 1, n // 2) + 1))
        a, b = marker_pair(r, n, span)
        if not clockwise:
            a, b = b, a
        st["a"], st["b"] = a, b
        inside = arc(n, a, b, clockwise)
        outside = arc(n, b, a, clockwise)
        return plant(st, r, inside, outside, t, d)

    s = q.edit(build)
    n = len(s["kinds"])
    inside = arc(n, s["a"], s["b"], clockwise)
    hits = [k for k in inside if s["kinds"][k] == s["target"]]
    q.step("arc", direction="clockwise" if clockwise else "counterclockwise", stops=inside, hits=hits)
    way = "clockwise" if clockwise else "counterclockwise"
    return q.answer(len(hits), witnesses=[f"icon:{k}" for k in hits],
                    question=(f"{INTRO} Starting at A and moving {way} around the ring to B, how many "
                              f"\"{s['target']}\" icons lie strictly between A and B?"))


@task("nearest_marker_target_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison,logical_composition,spatial_relations")
def nearest_marker_target_count(q):
    d = q.difficulty
    t = q.target({1: range(0, 4), 2: range(0, 7), 3: range(1, 9)}[d])

    def build(st, r):
        n = len(st["kinds"])
        a, b = (int(i) for i in r.choice(n, size=2, replace=False))
        st["a"], st["b"] = a, b
        near_a = [k for k in range(n) if k not in (a, b) and ring_steps(n, k, a) < ring_steps(n, k, b)]
        rest = [k for k in range(n) if k not in (a, b) and k not in near_a]
        if len(near_a) < t:
            st["bad"] = 1
            return st
        return plant(st, r, near_a, rest, t, d)

    s = q.edit(build)
    q.require("bad" not in s, "too few icons nearer to A")
    n = len(s["kinds"])
    hits = [k for k in range(n) if k not in (s["a"], s["b"]) and s["kinds"][k] == s["target"]
            and ring_steps(n, k, s["a"]) < ring_steps(n, k, s["b"])]
    q.require(s["kinds"][s["a"]] != s["target"] and s["kinds"][s["b"]] != s["target"], "a marked icon is a target")
    q.step("nearest", hits=hits)
    return q.answer(len(hits), witnesses=[f"icon:{k}" for k in hits],
                    question=(f"{INTRO} Counting steps from icon to icon around the ring (the shorter way), how many "
                              f"\"{s['target']}\" icons are closer to A than to B? Do not count icons equally far "
                              f"from A and B, nor the marked icons."))
