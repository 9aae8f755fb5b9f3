"""icons/reference_canvas: a Reference panel with one icon beside a Scene panel of scattered
icons (pictograms in several colours, sizes and turns), sometimes with one Scene icon marked as
the Anchor.

Tasks count the Scene icons that match the Reference in type, colour, rotation, or all three,
that are larger or smaller than it, or that share its type and lie on one side of the Anchor.
The count is planted by re-drawing just enough icons' attributes; the near misses differ in one
attribute.  Difficulty grows the scene (10-12, 12-14, 14-17 icons), the turns in play (quarter
turns, eighths, twelfths) and brings the sizes closer (no neighbouring size step at level 1).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.glyphs import ORIENTED, draw_glyph
from tracegen.kits.icons import COLORS, scatter, window

SIZE = (960, 544)
N_ICONS = {1: (10, 12), 2: (12, 14), 3: (14, 17)}
ANGLES = {1: (0, 90, 180, 270), 2: tuple(range(0, 360, 45)), 3: tuple(range(0, 360, 30))}
PALETTE = tuple(c for c in COLORS if c not in ("black", "gray"))
SIZE_STEPS = (30, 38, 48, 60, 74, 90)
SCENE_BOX = (262, 62, 666, 450)            # x0, y0, w, h of the Scene panel's icon area
REF_SIZE = 118


class ReferenceCanvas(Scene):
    domain, scene_id, size = "icons", "reference_canvas", SIZE
    megapixels = (0.47, 0.57)    # the original's 960 x 544 (0.52 MP); never below the frame (about 0.55-0.75 MP)
    description = ("A Reference panel holding one icon beside a Scene panel of scattered pictogram icons in several "
                   "colours, sizes and rotations, sometimes with one Scene icon marked as the Anchor.")

    def sample(self, rng, difficulty):
        kinds = [ORIENTED[int(i)] for i in rng.choice(len(ORIENTED), size=4, replace=False)]
        colors = [PALETTE[int(i)] for i in rng.choice(len(PALETTE), size=int(rng.integers(3, 6)), replace=False)]
        angles = ANGLES[difficulty]
        n = int(rng.integers(N_ICONS[difficulty][0], N_ICONS[difficulty][1] + 1))
        x0, y0, w, h = SCENE_BOX
        pts = scatter(rng, n, x0, y0, w, h, 6, 4, size=80)
        icons = [{"kind": kinds[int(rng.integers(4))], "color": colors[int(rng.integers(len(colors)))],
                  "angle": int(angles[int(rng.integers(len(angles)))]), "size": int(rng.integers(44, 76)),
                  "x": x, "y": y} for x, y in pts]
        ref = {"kind": kinds[0], "color": colors[0], "angle": int(angles[int(rng.integers(len(angles)))]),
               "size": REF_SIZE}
        return {"ref": ref, "kinds": kinds, "colors": colors, "angles": list(angles), "icons": icons,
                "anchor": None}

    def render(self, c, state, params):
        w, h = SIZE
        rx0, ry0, rx1, ry1 = window(c, 16, 16, 220, h - 32, title="Reference")
        ref = state["ref"]
        draw_glyph(c, ref["kind"], ref["color"], (rx0 + rx1) / 2, (ry0 + ry1) / 2, ref["size"], id="reference",
                   angle=ref["angle"])
        window(c, 248, 16, w - 264, h - 32, title="Scene")
        anchor = state["anchor"]
        for i, ic in enumerate(state["icons"]):
            if i == anchor:
                half = ic["size"] * 0.62
                c.rect(ic["x"] - half, ic["y"] - half, 2 * half, 2 * half, stroke="accent", lw=2.5, id="anchor")
                c.text(ic["x"], ic["y"] - half - 11, "Anchor", size=14, bold=True)
            draw_glyph(c, ic["kind"], ic["color"], ic["x"], ic["y"], ic["size"], id=f"icon:{i}", angle=ic["angle"])


SCENE = ReferenceCanvas()
task = SCENE.task
INTRO = "The image shows a Reference icon in the left panel beside a Scene panel of icons."


def _others(pool, value):
    return [v for v in pool if v != value]


def plant(q, t, match, make_match, make_miss, *, pool=None):
    """Edit the icons so that exactly ``t`` of ``pool`` (default: all) satisfy ``match(icon, ref)``:
    ``make_match(icon, ref, rng)`` / ``make_miss(icon, ref, rng)`` re-draw one icon's attributes."""
    def fn(st, r):
        idx = list(range(len(st["icons"]))) if pool is None else list(pool(st))
        if len(idx) < t:
            st["bad"] = True
            return st
        yes = set(int(idx[int(i)]) for i in r.choice(len(idx), size=t, replace=False))
        for i in idx:
            ic = st["icons"][i]
            if (i in yes) != match(ic, st["ref"]):
                (make_match if i in yes else make_miss)(ic, st["ref"], r)
        return st

    s = q.edit(fn)
    q.require(not s.get("bad"), "too few icons for the target")
    hits = [i for i, ic in enumerate(s["icons"]) if (pool is None or i in pool(s)) and match(ic, s["ref"])]
    q.require(len(hits) == t, "planting missed the target")
    return s, hits


def _pick(r, pool):
    return pool[int(r.integers(len(pool)))]


def _all_kind(st, r):
    for ic in st["icons"]:
        ic["kind"] = st["ref"]["kind"]
    return st


def _ids(hits):
    return [f"icon:{i}" for i in hits]


COUNTS = range(1, 11)


# ---------------------------------------------------------------------- tasks
POOLS = {"kind": "kinds", "color": "colors", "angle": "angles"}


def match_count(q, attr, support, question):
    """Plant ``t`` Scene icons whose ``attr`` equals the Reference's (the others take another value
    of the scene's pool) and ask ``question``."""
    t = q.target(support, stratified=True)
    s, hits = plant(q, t, lambda ic, ref: ic[attr] == ref[attr], lambda ic, ref, r: ic.update({attr: ref[attr]}),
                    lambda ic, ref, r: ic.update({attr: _pick(r, _others(q.state[POOLS[attr]], ref[attr]))}))
    q.step(f"match_{attr}", reference=s["ref"][attr], icons=_ids(hits))
    return q.answer(len(hits), witnesses=_ids(hits), question=f"{INTRO} {question}")


@task("reference_type_match_count", answer="integer", annotation="bbox_set", ops="filtering,counting,matching")
def reference_type_match_count(q):
    return match_count(q, "kind", COUNTS, "How many Scene icons are the same type of icon as the Reference, whatever "
                                          "their colour, size or rotation?")


@task("reference_color_match_count", answer="integer", annotation="bbox_set", ops="filtering,counting,matching")
def reference_color_match_count(q):
    return match_count(q, "color", range(1, 8), "How many Scene icons have the same colour as the Reference icon?")


@task("reference_rotation_match_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,transformation,matching")
def reference_rotation_match_count(q):
    q.edit(_all_kind)
    return match_count(q, "angle", COUNTS, "All icons are the same type. How many Scene icons are turned to the same "
                                           "rotation as the Reference icon (whatever their colour or size)?")


ATTRS = ("kind", "color", "angle")


@task("reference_type_color_rotation_match_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,transformation,matching")
def reference_type_color_rotation_match_count(q):
    t = q.target(COUNTS, stratified=True)

    def same(ic, ref):
        return all(ic[a] == ref[a] for a in ATTRS)

    def miss(ic, ref, r):
        ic.update({a: ref[a] for a in ATTRS})
        for a in ATTRS if q.difficulty == 1 and r.random() < 0.5 else [_pick(r, ATTRS)]:   # one attribute off
            ic[a] = _pick(r, _others(q.state[POOLS[a]], ref[a]))

    s, hits = plant(q, t, same, lambda ic, ref, r: ic.update({a: ref[a] for a in ATTRS}), miss)
    q.step("match_all", reference=s["ref"], icons=_ids(hits))
    return q.answer(len(hits), witnesses=_ids(hits),
                    question=(f"{INTRO} How many Scene icons match the Reference in type, colour and rotation all "
                              "at once (size does not matter)?"))


@task("reference_metric_relation_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison")
def reference_metric_relation_count(q):
    t = q.target(range(1, 7), stratified=True)
    larger = q.choice("relation", ["larger", "smaller"]) == "larger"
    ref_step = q.param("ref_step", lambda r: int(r.integers(2, 4)))
    skip = 1 if q.difficulty == 1 else 0            # level 1 leaves out the neighbouring size steps
    big = [v for i, v in enumerate(SIZE_STEPS) if i > ref_step + skip]
    small = [v for i, v in enumerate(SIZE_STEPS) if i < ref_step - skip]

    def fn(st, r):
        st["ref"]["size"] = SIZE_STEPS[ref_step]
        for ic in st["icons"]:
            ic["kind"] = st["ref"]["kind"]
            ic["size"] = _pick(r, big + small)
        return st

    q.edit(fn)
    up = (lambda ic, ref, r: ic.update(size=_pick(r, big)))
    down = (lambda ic, ref, r: ic.update(size=_pick(r, small)))
    s, hits = plant(q, t, (lambda ic, ref: ic["size"] > ref["size"]) if larger else
                    (lambda ic, ref: ic["size"] < ref["size"]), up if larger else down, down if larger else up)
    q.reads(*[ic["size"] for ic in s["icons"]], s["ref"]["size"])
    q.step("compare_size", reference=s["ref"]["size"], icons=_ids(hits))
    return q.answer(len(hits), witnesses=_ids(hits),
                    question=(f"{INTRO} Both panels are drawn at the same scale and all icons are the same type. "
                              f"How many Scene icons are {'larger' if larger else 'smaller'} than the Reference "
                              "icon?"))


SIDES = ("left", "right", "above", "below")
LEVEL = 30          # no icon centre within this distance of the anchor's on the asked axis


def side_of(ic, anchor, side):
    dx, dy = ic["x"] - anchor["x"], ic["y"] - anchor["y"]
    return {"left": dx < 0, "right": dx > 0, "above": dy < 0, "below": dy > 0}[side]


@task("anchor_position_count", answer="integer", annotation="bbox_set", ops="filtering,counting,spatial_relations")
def anchor_position_count(q):
    t = q.target(range(0, 6), stratified=True)
    side = q.choice("side", SIDES)
    s = q.state
    axis = "x" if side in ("left", "right") else "y"

    def set_anchor(st, r):
        icons = st["icons"]
        room = [sum(side_of(ic, icons[i], side) for ic in icons) for i in range(len(icons))]
        ok = [i for i in range(len(icons)) if room[i] >= max(t + 1, 3)] or [room.index(max(room))]
        a = ok[int(r.integers(len(ok)))]
        st["anchor"] = a
        icons[a]["kind"] = _pick(r, s["kinds"][1:])
        for i, ic in enumerate(icons):                  # nobody level with the anchor on the asked axis
            d = ic[axis] - icons[a][axis]
            if i != a and abs(d) < LEVEL:
                sign = 1 if d > 0 or (d == 0 and r.random() < 0.5) else -1
                lo, hi = (SCENE_BOX[0], SCENE_BOX[0] + SCENE_BOX[2]) if axis == "x" else \
                    (SCENE_BOX[1], SCENE_BOX[1] + SCENE_BOX[3])
                if not lo + ic["size"] / 2 <= icons[a][axis] + sign * LEVEL <= hi - ic["size"] / 2:
                    sign = -sign                       # stay inside the panel
                ic[axis] = round(icons[a][axis] + sign * LEVEL, 1)
        return st

    s = q.edit(set_anchor)
    anchor = s["icons"][s["anchor"]]
    q.require(all(abs(ic[axis] - anchor[axis]) >= LEVEL - 0.1 for i, ic in enumerate(s["icons"]) if i != s["anchor"]),
              "an icon level with the anchor")
    others = s["kinds"][1:]
    s, hits = plant(q, t, lambda ic, ref: ic["kind"] == ref["kind"],
                    lambda ic, ref, r: ic.update(kind=ref["kind"]), lambda ic, ref, r: ic.update(kind=_pick(r, others)),
                    pool=lambda st: [i for i, ic in enumerate(st["icons"])
                                     if i != st["anchor"] and side_of(ic, st["icons"][st["anchor"]], side)])
    q.step("side_of_anchor", side=side, kind=s["ref"]["kind"], icons=_ids(hits))
    where = {"left": "to the left of", "right": "to the right of", "above": "above", "below": "below"}[side]
    return q.answer(len(hits), witnesses=_ids(hits),
                    question=(f"{INTRO} One Scene icon is framed and marked Anchor. How many Scene icons of the "
                              f"Reference's type have their centre {where} the Anchor's centre?"))
