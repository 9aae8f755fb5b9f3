"""icons/venn_field: named coloured icons (shapes and pictograms) scattered over a panel with two
overlapping marked circles; sometimes one icon is marked as the reference.

Tasks count the icons of a named kind (or of a named colour and kind) whose centres lie in a
region of the diagram -- inside both circles, inside either, inside exactly one, outside both
(the region is a recorded parameter: the catalog's program ranges over the four) -- and those
in the same region as the marked reference icon.  Centres keep a clear margin from both circle
outlines.  The count is planted region by region with decoys of the named kind elsewhere.
Difficulty grows the field (level 1: 8-10 icons, level 2: 10-13 as the original, level 3:
14-18), names a colour as well as a kind from level 2 on (always at level 3, with same-kind
decoys in other colours) and narrows the margin.
"""

from __future__ import annotations

import math

from tracegen.core.claims import COLOUR_WORDS, Claim
from tracegen.core.task import Scene
from tracegen.kits.icons import COLORS, window
from tracegen.kits.motifs import MOTIFS, draw_motif

SIZE = (800, 480)
FIELD = (40, 70, 760, 450)
KINDS = tuple(MOTIFS)
PALETTE = tuple(c for c in COLORS if c not in ("white", "gray"))
N_ICONS = {1: (8, 10), 2: (10, 13), 3: (14, 18)}
MARGIN = {1: 14.0, 2: 12.0, 3: 8.0}
REGIONS = ("left_only", "right_only", "both", "neither")
ICON = 38.0


def region_of(circles, x, y) -> str:
    (lx, ly, lr), (rx, ry, rr) = circles
    a = math.hypot(x - lx, y - ly) < lr
    b = math.hypot(x - rx, y - ry) < rr
    return "both" if a and b else "left_only" if a else "right_only" if b else "neither"


def _clear(circles, x, y, margin) -> bool:
    return all(abs(math.hypot(x - cx, y - cy) - r) >= margin + ICON * 0.15 for cx, cy, r in circles)


def place(r, circles, regions, margin, taken):
    """A centre in each of ``regions`` (in order), clear of the outlines and of ``taken``."""
    out = []
    x0, y0, x1, y1 = FIELD
    for want in regions:
        for _ in range(400):
            x, y = float(r.uniform(x0, x1)), float(r.uniform(y0, y1))
            if (region_of(circles, x, y) == want and _clear(circles, x, y, margin)
                    and all(math.hypot(x - a, y - b) >= ICON + 8 for a, b in taken + out)):
                out.append((round(x, 1), round(y, 1)))
                break
        else:
            return None
    return out


class VennField(Scene):
    domain, scene_id, size = "icons", "venn_field", SIZE
    description = ("Named coloured icons scattered over a panel with two overlapping marked circles, sometimes with "
                   "one icon marked as the reference.")
    megapixels = (0.3, 0.46)   # image area (MP); the original's median is 0.384

    def sample(self, rng, difficulty):
        d = float(rng.uniform(150, 200))
        rad = float(rng.uniform(150, 165))
        cx = 400 + float(rng.uniform(-20, 20))
        circles = [[round(cx - d / 2, 1), 260.0, round(rad, 1)], [round(cx + d / 2, 1), 260.0, round(rad, 1)]]
        n = int(rng.integers(N_ICONS[difficulty][0], N_ICONS[difficulty][1] + 1))
        regions = [REGIONS[int(rng.integers(4))] for _ in range(n)]
        pts = place(rng, circles, regions, MARGIN[difficulty], []) or []
        return {"circles": circles, "reference": None,
                "icons": [[KINDS[int(rng.integers(len(KINDS)))], PALETTE[int(rng.integers(len(PALETTE)))], x, y]
                          for x, y in pts]}

    def claims(self, state, params):
        """Prompts name icons by colour ("purple \"drop\" icons", a category that may have no member):
        each icon is drawn in its colour."""
        out = [Claim(None, "colour", color) for color in PALETTE if color in COLOUR_WORDS]
        out += [Claim(f"icon:{i}", "colour", color) for i, (_, color, *_) in enumerate(state["icons"])
                if color in COLOUR_WORDS]
        return out

    def render(self, c, state, params):
        w, h = SIZE
        window(c, 10, 10, w - 20, h - 20)
        for k, (cx, cy, rad) in enumerate(state["circles"]):
            c.circle(cx, cy, rad, stroke="series:0" if k == 0 else "series:2", lw=3.0, id=f"circle:{k}")
        ref = state["reference"]
        for i, (kind, color, x, y) in enumerate(state["icons"]):
            if i == ref:
                half = ICON / 2 + 7
                c.rect(x - half, y - half, 2 * half, 2 * half, stroke="ink", lw=2.6)
            draw_motif(c, kind, color, x, y, ICON, id=f"icon:{i}")


SCENE = VennField()
task = SCENE.task
REGION_WORDS = {"both": "inside both circles", "either": "inside at least one of the circles",
                "exactly_one": "inside exactly one of the circles", "outside": "outside both circles"}
COUNTED = {"both": ("both",), "either": ("left_only", "right_only", "both"),
           "exactly_one": ("left_only", "right_only"), "outside": ("neither",)}


def _target(q, r):
    """(kind, colour or None): a colour is named at level 3 always, at level 2 half the time."""
    d = q.difficulty
    named = d == 3 or (d == 2 and r.random() < 0.5)
    kind = KINDS[int(r.integers(len(KINDS)))]
    return kind, PALETTE[int(r.integers(len(PALETTE)))] if named else None


def matches(icon, kind, color) -> bool:
    return icon[0] == kind and (color is None or icon[1] == color)


def describe(kind, color) -> str:
    return f"{color} \"{kind}\" icons" if color else f"\"{kind}\" icons"


def populate(st, r, d, counted, t, kind, color, extra=()):
    """Icons: ``t`` targets in the ``counted`` regions, decoys of the target elsewhere, same-kind
    icons in other colours, the rest other kinds; ``extra`` (region, icon) pairs first."""
    lo, hi = N_ICONS[d]
    n = max(int(r.integers(lo, hi + 1)), t + len(extra) + 3)
    others = [g for g in REGIONS if g not in counted]
    n_decoy = int(r.integers(1, 4)) if others else 0
    regions, icons = [], []
    for g, icon in extra:
        regions.append(g)
        icons.append(icon)
    for _ in range(t):
        regions.append(counted[int(r.integers(len(counted)))])
        icons.append([kind, color or PALETTE[int(r.integers(len(PALETTE)))]])
    for _ in range(n_decoy):
        regions.append(others[int(r.integers(len(others)))])
        icons.append([kind, color or PALETTE[int(r.integers(len(PALETTE)))]])
    kinds = [k for k in KINDS if k != kind]
    while len(icons) < n:
        regions.append(REGIONS[int(r.integers(4))])
        if color and r.random() < (0.45 if d == 3 else 0.25):     # the named kind in another colour
            icons.append([kind, [c for c in PALETTE if c != color][int(r.integers(len(PALETTE) - 1))]])
        else:
            icons.append([kinds[int(r.integers(len(kinds)))], PALETTE[int(r.integers(len(PALETTE)))]])
    pts = place(r, st["circles"], regions, MARGIN[d], [])
    if pts is None:
        st["bad"] = 1
        return st
    order = [int(i) for i in r.permutation(len(icons))]
    st["icons"] = [icons[i] + list(pts[i]) for i in order]
    st["reference"] = order.index(0) if extra else None
    return st


@task("scoped_attribute_count", answer="integer", annotation="bbox_set", ops="filtering,counting,spatial_relations",
      queries=("inside_both_circles_count",))
def scoped_attribute_count(q):
    d = q.difficulty
    region = q.choice("region", tuple(REGION_WORDS))
    t = q.target({1: range(1, 4), 2: range(1, 6), 3: range(2, 8)}[d])

    def build(st, r):
        kind, color = _target(q, r)
        st["target"] = [kind, color]
        return populate(st, r, d, COUNTED[region], t, kind, color)

    s = q.edit(build)
    q.require("bad" not in s, "no layout for the icons")
    kind, color = s["target"]
    hits = [i for i, ic in enumerate(s["icons"])
            if matches(ic, kind, color) and region_of(s["circles"], ic[2], ic[3]) in COUNTED[region]]
    q.step("venn", region=region, hits=hits)
    return q.answer(len(hits), witnesses=[f"icon:{i}" for i in hits],
                    question=(f"The image shows a panel of icons and two overlapping marked circles. How many "
                              f"{describe(kind, color)} have their centers {REGION_WORDS[region]}?"))


@task("same_region_as_reference_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,spatial_relations")
def same_region_as_reference_count(q):
    d = q.difficulty
    t = q.target({1: range(1, 4), 2: range(1, 6), 3: range(2, 8)}[d])
    home = q.choice("reference_region", REGIONS)

    def build(st, r):
        kind, color = _target(q, r)
        st["target"] = [kind, color]
        ref_kind = [k for k in KINDS if k != kind][int(r.integers(len(KINDS) - 1))]
        ref = [ref_kind, PALETTE[int(r.integers(len(PALETTE)))]]
        return populate(st, r, d, (home,), t, kind, color, extra=[(home, ref)])

    s = q.edit(build)
    q.require("bad" not in s, "no layout for the icons")
    kind, color = s["target"]
    ref = s["icons"][s["reference"]]
    where = region_of(s["circles"], ref[2], ref[3])
    hits = [i for i, ic in enumerate(s["icons"]) if i != s["reference"] and matches(ic, kind, color)
            and region_of(s["circles"], ic[2], ic[3]) == where]
    q.step("venn", reference_region=where, hits=hits)
    return q.answer(len(hits), witnesses=[f"icon:{i}" for i in hits],
                    question=("The image shows a panel of icons and two overlapping marked circles; one icon is "
                              "marked with a square frame. By icon centers, the regions are: inside the left circle "
                              "only, inside the right circle only, inside both circles, and outside both circles. "
                              f"How many {describe(kind, color)} lie in the same region as the marked icon?"))
