"""icons/named_path: a path of stops from START to END across the panel, one named icon (a
shape or pictogram such as a bottle, a key or a kite) at each stop; for the option task six stops
carry letter badges A-F.

Tasks count the stops strictly between the only "X" icon and the only "Y" icon, and pick the
lettered stop immediately before or after the first, second or last "X" icon (the query id
gives the direction; the occurrence is a recorded parameter, as the catalog's program ranges
over first, second and last).  Difficulty grows the path (level 1: 8-10 stops, level 2: 12-16 as
the original, level 3: 18-22) and, at level 3, letters the neighbours of every occurrence.
"""

from __future__ import annotations

import math

from tracegen.core.options import LETTERS
from tracegen.core.task import Scene
from tracegen.kits.cards import label_badge, rounded_rect
from tracegen.kits.icons import COLORS, window
from tracegen.kits.motifs import MOTIFS, draw_motif

SIZE = (1280, 720)
KINDS = tuple(MOTIFS)
PALETTE = tuple(c for c in COLORS if c != "white")
N_STOPS = {1: (8, 10), 2: (12, 16), 3: (18, 22)}
X0, X1, Y0, Y1 = 170, 1110, 130, 650


def path_points(r, n):
    """``n`` stop centres from left to right on a smooth random wave (two sinusoids)."""
    mid, amp = (Y0 + Y1) / 2, (Y1 - Y0) / 2
    f1, f2 = float(r.uniform(0.6, 1.4)), float(r.uniform(1.6, 2.6))
    p1, p2 = float(r.uniform(0, 2 * math.pi)), float(r.uniform(0, 2 * math.pi))
    a1 = float(r.uniform(0.55, 0.8))
    pts = []
    for k in range(n):
        t = k / (n - 1)
        y = mid + amp * (a1 * math.sin(2 * math.pi * f1 * t + p1) + (0.95 - a1) * math.sin(2 * math.pi * f2 * t + p2))
        pts.append([round(X0 + (X1 - X0) * t, 1), round(y, 1)])
    return pts


def fill_stops(r, n, fixed):
    """Kinds for ``n`` stops: ``fixed`` {position: kind}; the other stops draw kinds not in
    ``fixed``'s values."""
    pool = [k for k in KINDS if k not in set(fixed.values())]
    return [fixed.get(i, pool[int(r.integers(len(pool)))]) for i in range(n)]


class NamedPath(Scene):
    domain, scene_id, size = "icons", "named_path", SIZE
    description = ("A path of stops from START to END with one named icon (a shape or a pictogram such as a bottle, "
                   "key or kite) at each stop, sometimes with letter badges on six stops.")
    megapixels = (0.8, 1.15)   # image area (MP); the original's median is 0.922

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_STOPS[difficulty][0], N_STOPS[difficulty][1] + 1))
        return {"points": path_points(rng, n), "kinds": fill_stops(rng, n, {}),
                "colors": [PALETTE[int(rng.integers(len(PALETTE)))] for _ in range(n)], "labels": {}}

    def render(self, c, state, params):
        w, h = SIZE
        window(c, 10, 10, w - 20, h - 20)
        pts = [tuple(p) for p in state["points"]]
        c.polyline(pts, color="muted", lw=4.0)
        n = len(pts)
        size = 52.0 if n <= 16 else 42.0
        for i, ((x, y), kind, color) in enumerate(zip(pts, state["kinds"], state["colors"])):
            draw_motif(c, kind, color, x, y, size, id=f"stop:{i}")
        for side, (x, y), text in ((-1, pts[0], "START"), (1, pts[-1], "END")):
            tw = c.text_width(text, size=14, bold=True) + 14
            tx = x + side * (size / 2 + 8) - (tw if side < 0 else 0)
            rounded_rect(c, tx, y - 11, tw, 22, radius=6, fill="paper", stroke="ink", lw=1.2)
            c.text(tx + tw / 2, y, text, size=14, bold=True)
        for i, letter in sorted(state["labels"].items(), key=lambda kv: int(kv[0])):
            x, y = pts[int(i)]
            above = y - size / 2 - 28 > 60
            label_badge(c, x - 11, y - size / 2 - 28 if above else y + size / 2 + 6, letter, size=14)


SCENE = NamedPath()
task = SCENE.task
INTRO = "The image shows a path of icon stops from START to END."


def quoted(kind):
    return f"\"{kind}\""


@task("path_distance_value", answer="integer", annotation="bbox_set", ops="filtering,counting,topology")
def path_distance_value(q):
    d = q.difficulty
    t = q.target({1: range(1, 6), 2: range(1, 9), 3: range(3, 13)}[d])

    def build(st, r):
        n = len(st["points"])
        i = int(r.integers(0, n - t - 1))
        a, b = [KINDS[int(k)] for k in r.choice(len(KINDS), size=2, replace=False)]
        first, second = (i, i + t + 1) if r.random() < 0.5 else (i + t + 1, i)
        st["kinds"] = fill_stops(r, n, {first: a, second: b})
        st["pair"] = [a, b]
        return st

    q.require(len(q.state["points"]) >= t + 2, "path too short for the target")
    s = q.edit(build)
    a, b = s["pair"]
    ia, ib = s["kinds"].index(a), s["kinds"].index(b)
    q.require(s["kinds"].count(a) == 1 and s["kinds"].count(b) == 1, "named icons are not unique")
    lo, hi = sorted((ia, ib))
    between = list(range(lo + 1, hi))
    q.step("between", first=ia, second=ib, stops=between)
    return q.answer(len(between), witnesses=[f"stop:{k}" for k in between],
                    question=(f"{INTRO} How many path stops lie strictly between the {quoted(a)} icon and the "
                              f"{quoted(b)} icon along the path?"))


OCCURRENCES = ("first", "second", "last")


@task("path_neighbor_label", answer="option_letter", annotation="bbox", ops="ranking,topology",
      queries=("after_first_shape_label", "before_first_shape_label"))
def path_neighbor_label(q):
    d = q.difficulty
    after = q.query_id.startswith("after")
    occ = q.choice("occurrence", OCCURRENCES)
    letter = q.target(LETTERS[:6])
    q.offer(6, "image")

    def build(st, r):
        n = len(st["points"])
        kind = KINDS[int(r.integers(len(KINDS)))]
        m = int(r.integers(3, 5 if n >= 16 else 4))
        # occurrences two or more stops apart, never at START or END
        slots = sorted(int(x) for x in r.choice((n - 2) // 2, size=m, replace=False))
        shift = int(r.integers(2)) if 2 * slots[-1] + 2 <= n - 2 else 0
        at = [2 * x + 1 + shift for x in slots]
        st["kinds"] = fill_stops(r, n, {p: kind for p in at})
        st["target"] = kind
        k = {"first": 0, "second": 1, "last": m - 1}[occ]
        answer = at[k] + (1 if after else -1)
        # near misses: the other side of the same occurrence and the neighbours of the others
        near = sorted({p + dd for p in at for dd in (-1, 1)} - set(at) - {answer})
        far = [p for p in range(n) if p not in at and p != answer and p not in near]
        near = [near[int(i)] for i in r.permutation(len(near))]
        far = [far[int(i)] for i in r.permutation(len(far))]
        pool = near + far if d == 3 else near[:2] + far + near[2:]
        picks = pool[:5]
        picks.insert(LETTERS.index(letter), answer)
        st["labels"] = {str(p): LETTERS[j] for j, p in enumerate(picks)}
        return st

    s = q.edit(build)
    kind, kinds = s["target"], s["kinds"]
    at = [i for i, k in enumerate(kinds) if k == kind]
    q.require(len(at) >= 3, "too few occurrences")
    ref = {"first": at[0], "second": at[1], "last": at[-1]}[occ]
    nb = ref + (1 if after else -1)
    q.require(str(nb) in s["labels"], "the neighbour carries no letter")
    pick = s["labels"][str(nb)]
    q.step("neighbor", occurrences=at, reference=ref, neighbor=nb)
    return q.answer(pick, witnesses=f"stop:{nb}",
                    question=(f"{INTRO} Six stops carry letters A-F. Which lettered icon comes immediately "
                              f"{'after' if after else 'before'} the {occ} {quoted(kind)} icon along the path from "
                              f"START to END?"),
                    examples=[x for x in LETTERS[:6] if x != pick])
