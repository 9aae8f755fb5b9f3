"""icons/named_field, the spatial tasks: icons closer to one of two larger reference icons, the
lettered icon at a distance rank from a named reference icon, and icons of a kind inside a
marked region.  Distances are between icon centres; icons whose comparison would be close
(within a margin) or whose centre sits near the region's edge never carry the asked kind, so
no answer hangs on a few pixels.
"""

from __future__ import annotations

import math

from tracegen.core.prompt import quoted
from tracegen.kits.boards import assign_letters
from tracegen.kits.geometry import boundary_dist, inside
from tracegen.kits.icons import COLORS, KINDS

from . import scene as nf

task = nf.SCENE.task
MARGIN = 30.0        # distance comparisons closer than this are never asked about
EDGE = 16.0          # icon centres this close to a region's edge never carry the asked kind


def _clear_around(s, keep, radius):
    """Drop icons (other than ``keep``) within ``radius`` of a kept icon; returns kept's new indices."""
    icons = s["icons"]
    centres = [icons[i][2:4] for i in keep]
    out, new = [], {}
    for i, ic in enumerate(icons):
        if i in keep or all(math.dist(ic[2:4], p) >= radius for p in centres):
            new[i] = len(out)
            out.append(ic)
    s["icons"] = out
    return [new[i] for i in keep]


def _new_kinds(s, r, n):
    pool = [k for k in KINDS if k not in s["kinds"]]
    return [pool[int(i)] for i in r.choice(len(pool), size=n, replace=False)]


def _fail(s):
    return {**s, "bad": 1}


@task("closer_to_reference_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,spatial_relations", queries=("closer_to_reference_count",))
def closer_to_reference_count(q):
    t = q.target(range(0, {1: 4, 2: 6, 3: 8}[q.difficulty]))

    def fn(s, r):
        icons = s["icons"]
        pairs = [(i, j) for i in range(len(icons)) for j in range(i + 1, len(icons))
                 if math.dist(icons[i][2:4], icons[j][2:4]) >= 280]
        if not pairs:
            return _fail(s)
        a, b = pairs[int(r.integers(len(pairs)))]
        a, b = _clear_around(s, [a, b], 95)
        icons = s["icons"]
        for i, kind in zip((a, b), _new_kinds(s, r, 2)):
            icons[i][0], icons[i][1], icons[i][5] = kind, COLORS[int(r.integers(len(COLORS)))], 0
        s["refs"] = [a, b]
        target = s["kinds"][int(r.integers(len(s["kinds"])))]
        near, far, tie = [], [], []
        for i, ic in enumerate(icons):
            if i in (a, b):
                continue
            da, db = math.dist(ic[2:4], icons[a][2:4]), math.dist(ic[2:4], icons[b][2:4])
            (near if da < db - MARGIN else far if db < da - MARGIN else tie).append(i)
        decoys = min(len(far), int(r.integers(1, 4)))
        ok = (nf.plant(s, r, lambda k, c: k == target, t, pool=near)
              and nf.plant(s, r, lambda k, c: k == target, decoys, pool=far)
              and nf.plant(s, r, lambda k, c: k == target, 0, pool=tie))
        s["target_kind"] = target
        return s if ok else _fail(s)

    s = q.edit(fn)
    q.require("bad" not in s, "no layout reaches the target")
    icons, (a, b), kind = s["icons"], s["refs"], s["target_kind"]
    hits = [i for i, ic in enumerate(icons) if i not in (a, b) and ic[0] == kind
            and math.dist(ic[2:4], icons[a][2:4]) < math.dist(ic[2:4], icons[b][2:4])]
    q.require(len(hits) == t, "planting missed the target")
    q.step("closer", kind=kind, reference=icons[a][0], other=icons[b][0], kept=hits)
    return q.answer(len(hits), witnesses=nf.ids(hits),
                    question=(f"The two larger icons are references. How many {quoted(kind)} icons are closer to "
                              f"the {quoted(icons[a][0])} icon than to the {quoted(icons[b][0])} icon? "
                              f"Compare the distances between icon centres."))


RANKS = {"closest": "closest to", "second_closest": "second closest to", "farthest": "farthest from"}
GAP = {1: 45.0, 2: 30.0, 3: 22.0}


@task("reference_distance_rank_label", answer="option_letter", annotation="bbox_map",
      ops="ranking,spatial_relations", queries=("closest_to_named_reference_label",))
def reference_distance_rank_label(q):
    rank = q.choice("rank", list(RANKS))
    q.offer(6, "image")
    letter = q.target("ABCDEF")
    gap = GAP[q.difficulty]

    def fn(s, r):
        lo, hi = nf.N_ICONS[q.difficulty]
        s.update(nf.sample_field(r, q.difficulty, "rank", n=int(r.integers(lo + 6, hi + 7))))
        icons = s["icons"]
        ref = int(r.integers(len(icons)))
        (ref,) = _clear_around(s, [ref], 95)
        icons = s["icons"]
        icons[ref][0], icons[ref][5] = _new_kinds(s, r, 1)[0], 0
        others = [i for i in range(len(icons)) if i != ref]
        if len(others) < 8:
            return _fail(s)
        opts = [others[int(i)] for i in r.choice(len(others), size=6, replace=False)]
        dist = sorted((math.dist(icons[i][2:4], icons[ref][2:4]), i) for i in opts)
        d = [v for v, _ in dist]
        need = {"closest": [(0, 1)], "second_closest": [(0, 1), (1, 2)], "farthest": [(4, 5)]}[rank]
        if any(d[j] - d[i] < gap for i, j in need):
            return _fail(s)
        answer = dist[{"closest": 0, "second_closest": 1, "farthest": 5}[rank]][1]
        labels = assign_letters(6, opts.index(answer), letter, r)
        s["labels"] = {str(i): lab for i, lab in zip(opts, labels)}
        s["ref"] = ref
        # no unlabelled icon right above a lettered one, where its badge goes
        keep = set(opts) | {ref}
        blocked = {i for i in others if i not in keep and any(
            abs(icons[i][2] - icons[o][2]) < 45 and 0 < icons[o][3] - icons[i][3] < 80 for o in opts)}
        ref_kind = icons[ref][0]
        out = [ic for i, ic in enumerate(icons) if i not in blocked]
        new = {i: k for k, i in enumerate(i for i in range(len(icons)) if i not in blocked)}
        s["icons"], s["ref"] = out, new[ref]
        s["labels"] = {str(new[int(i)]): lab for i, lab in s["labels"].items()}
        unique = sum(ic[0] == ref_kind and ic[1] == out[new[ref]][1] for ic in out) == 1
        return s if unique else _fail(s)

    s = q.edit(fn)
    q.require("bad" not in s, "no layout separates the ranks")
    icons, ref = s["icons"], s["ref"]
    labelled = {int(i): lab for i, lab in s["labels"].items()}
    q.reads(*[round(math.dist(icons[i][2:4], icons[ref][2:4]), 1) for i in labelled])
    order = sorted(labelled, key=lambda i: math.dist(icons[i][2:4], icons[ref][2:4]))
    pick = order[{"closest": 0, "second_closest": 1, "farthest": -1}[rank]]
    q.require(labelled[pick] == letter, "answer letter differs from the target")
    kind, color = icons[ref][0], icons[ref][1]
    q.step("rank", reference=[kind, color], order=[labelled[i] for i in order], chosen=letter)
    return q.answer(letter, witnesses={"reference": f"icon:{ref}", "answer": f"icon:{pick}"},
                    question=(f"Six icons carry the letters A-F. Which lettered icon is {RANKS[rank]} the {color} "
                              f"{quoted(kind)} icon (the larger one)? Measure between icon centres."))


def _region(r, box, grow=1.0):
    """A rectangle, circle or polygon inside the field (linear size times ``grow``)."""
    x0, y0, w, h = box
    kind = ("rectangle", "circle", "polygon")[int(r.integers(3))]
    if kind == "circle":
        rad = min(float(r.uniform(0.26, 0.36)) * grow, 0.49) * h
        cx, cy = float(r.uniform(x0 + rad, x0 + w - rad)), float(r.uniform(y0 + rad, y0 + h - rad))
        return {"kind": kind, "circle": [round(cx, 1), round(cy, 1), round(rad, 1)]}
    if kind == "rectangle":
        rw, rh = min(float(r.uniform(0.3, 0.5)) * grow, 0.9) * w, min(float(r.uniform(0.45, 0.65)) * grow, 0.95) * h
        ax, ay = float(r.uniform(x0, x0 + w - rw)), float(r.uniform(y0, y0 + h - rh))
        pts = [(ax, ay), (ax + rw, ay), (ax + rw, ay + rh), (ax, ay + rh)]
    else:
        n = int(r.integers(5, 8))
        rad = min(float(r.uniform(0.3, 0.4)) * grow, 0.4) * h
        cx, cy = float(r.uniform(x0 + rad, x0 + w - rad)), float(r.uniform(y0 + rad, y0 + h - rad))
        angles = sorted(float(a) for a in r.uniform(0, 2 * math.pi, size=n))
        if max(b - a for a, b in zip(angles, angles[1:] + [angles[0] + 2 * math.pi])) > 2.2:
            angles = [2 * math.pi * k / n + float(r.uniform(-0.2, 0.2)) for k in range(n)]
        pts = [(cx + rad * float(r.uniform(0.8, 1.25)) * math.cos(a), cy + rad * float(r.uniform(0.8, 1.0))
                * math.sin(a)) for a in angles]
    return {"kind": kind, "polygon": [[round(x, 1), round(y, 1)] for x, y in pts]}


def region_side(region, p) -> tuple[bool, float]:
    """(inside, distance to the edge) of a point."""
    if region["kind"] == "circle":
        cx, cy, rad = region["circle"]
        d = math.dist(p, (cx, cy))
        return d < rad, abs(d - rad)
    poly = [tuple(v) for v in region["polygon"]]
    return inside(p, poly), boundary_dist(p, poly)


WORDS = {"rectangle": "rectangle", "circle": "circle", "polygon": "shape"}


@task("scoped_attribute_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("inside_shape_count",))
def scoped_attribute_count(q):
    t = q.target(range({1: 1, 2: 3, 3: 4}[q.difficulty], {1: 6, 2: 9, 3: 11}[q.difficulty]))

    def fn(s, r):
        lo, hi = nf.N_ICONS[q.difficulty]
        s.update(nf.sample_field(r, q.difficulty, n=int(r.integers(lo + 6, hi + 9))))
        icons = s["icons"]
        for _ in range(12):
            region = _region(r, nf.field_box("field"), grow=max(1.0, math.sqrt((t + 5) / (0.3 * len(icons)))))
            sides = [region_side(region, ic[2:4]) for ic in icons]
            inner = [i for i, (ins, d) in enumerate(sides) if ins and d >= EDGE]
            outer = [i for i, (ins, d) in enumerate(sides) if not ins and d >= EDGE]
            edge = [i for i, (ins, d) in enumerate(sides) if d < EDGE]
            if len(inner) >= t + 2 and len(outer) >= 3:
                break
        else:
            return _fail(s)
        target = s["kinds"][int(r.integers(len(s["kinds"])))]
        decoys = int(r.integers(1, 4))
        ok = (nf.plant(s, r, lambda k, c: k == target, t, pool=inner)
              and nf.plant(s, r, lambda k, c: k == target, decoys, pool=outer)
              and nf.plant(s, r, lambda k, c: k == target, 0, pool=edge))
        s["region"], s["target_kind"] = region, target
        return s if ok else _fail(s)

    s = q.edit(fn)
    q.require("bad" not in s, "no region reaches the target")
    kind, region = s["target_kind"], s["region"]
    hits = [i for i, ic in enumerate(s["icons"]) if ic[0] == kind and region_side(region, ic[2:4])[0]]
    q.require(len(hits) == t, "planting missed the target")
    q.step("inside", kind=kind, region=region["kind"], kept=hits)
    return q.answer(len(hits), witnesses=nf.ids(hits),
                    question=(f"How many {quoted(kind)} icons have their centres inside the marked "
                              f"{WORDS[region['kind']]}?"))
