"""icons/wallpaper_panels: labelled wallpaper panels, each tiled with one icon on a lattice in a
pattern of one wallpaper group (sometimes below a Reference panel).  The icons are ones whose
eight orientations all differ, so the group is read from how the copies are turned and mirrored:

- p1: every copy the same; p2: a checkerboard of copies and half turns;
- pm: columns alternating with left-right mirror images; cm: the same in half-shifted rows;
- pg: rows alternating with top-bottom mirror images, half-shifted (glide reflections);
- pmm: 2 x 2 blocks of a copy and its three mirror images; p4: 2 x 2 blocks of quarter turns.

Tasks pick the panel whose pattern differs from the other three, and the panel whose pattern is
the Reference's.  Difficulty grows the lattice (3 x 3, 4 x 4 as the original, 5 x 5) and, at level
3, turns the base copy and draws the odd or matching groups from the easily confused ones.
"""

from __future__ import annotations

from tracegen.core.options import LETTERS
from tracegen.core.task import Scene
from tracegen.kits.icons import COLORS, window
from tracegen.kits.motifs import CHIRAL, DIHEDRAL, TRANSFORMS, compose, draw_motif

GROUPS = ("p1", "p2", "pm", "cm", "pg", "pmm", "p4")
CONFUSED = {"p1": ("p2", "pm"), "p2": ("pmm", "p4", "p1"), "pm": ("cm", "pg"), "cm": ("pm", "pg"),
            "pg": ("cm", "pm"), "pmm": ("p2", "p4"), "p4": ("pmm", "p2")}
STAGGERED = ("cm", "pg")
LATTICE = {1: 3, 2: 4, 3: 5}
PALETTE = tuple(c for c in COLORS if c not in ("black", "gray", "yellow"))
SIZES = {"odd": (1104, 640), "reference": (1104, 960)}
ROT180 = TRANSFORMS["rotate_180"]
FLIP_H, FLIP_V = TRANSFORMS["flip_horizontal"], TRANSFORMS["flip_vertical"]


def tile(group, base, n):
    """(row, col, angle, mirror) of an n x n tiling of ``group`` from the base orientation."""
    out = []
    for r in range(n):
        for k in range(n):
            if group == "p1":
                o = base
            elif group == "p2":
                o = compose(base, ROT180) if (r + k) % 2 else base
            elif group in ("pm", "cm"):
                o = compose(base, FLIP_H) if (k if group == "pm" else r) % 2 else base
            elif group == "pg":
                o = compose(base, FLIP_V) if r % 2 else base
            elif group == "pmm":
                o = [[base, compose(base, FLIP_H)], [compose(base, FLIP_V), compose(base, ROT180)]][r % 2][k % 2]
            else:   # p4: quarter turns clockwise around each 2 x 2 block's centre
                o = compose(base, (((0, 90), (270, 180))[r % 2][k % 2], False))
            out.append([r, k, o[0], o[1]])
    return out


def panel(r, group, difficulty, kind):
    base = DIHEDRAL[int(r.integers(8))] if difficulty == 3 else (0, False)
    return {"group": group, "kind": kind, "cells": tile(group, base, LATTICE[difficulty]),
            "shifted": group in STAGGERED}


class WallpaperPanels(Scene):
    domain, scene_id, size = "icons", "wallpaper_panels", SIZES["odd"]
    description = ("Labelled wallpaper panels, each tiled with one icon in a pattern of one wallpaper group (copies "
                   "turned and mirrored in a regular way), sometimes below a Reference panel.")
    megapixels = (0.55, 0.85)   # image area (MP); the original's median is 0.707 (1.06 with a Reference panel)

    def canvas_size(self, state):
        return SIZES["reference" if state.get("reference") else "odd"]

    def variant(self, state):
        return "reference" if state.get("reference") else "odd"

    def sample(self, rng, difficulty):
        kinds = [CHIRAL[int(i)] for i in rng.choice(len(CHIRAL), size=5, replace=False)]
        return {"color": PALETTE[int(rng.integers(len(PALETTE)))], "reference": None,
                "panels": [panel(rng, GROUPS[int(rng.integers(len(GROUPS)))], difficulty, k) for k in kinds[:4]]}

    def render(self, c, state, params):
        w, h = self.canvas_size(state)
        top = 16.0
        if state["reference"]:
            pw = (w - 48) / 2
            x0 = (w - pw) / 2
            self._panel(c, state["reference"], state["color"], x0, top, pw, 300, "Reference", "reference")
            top += 316
        pw, ph = (w - 48) / 2, (h - top - 32) / 2
        for i, p in enumerate(state["panels"]):
            rr, kk = divmod(i, 2)
            self._panel(c, p, state["color"], 16 + kk * (pw + 16), top + rr * (ph + 16), pw, ph, LETTERS[i],
                        f"panel:{LETTERS[i]}")

    @staticmethod
    def _panel(c, p, color, x, y, w, h, title, id):
        x0, y0, x1, y1 = window(c, x, y, w, h, title=title, id=id,
                                title_kind="label" if title == "Reference" else "option")
        n = max(cell[0] for cell in p["cells"]) + 1
        staggered = p["shifted"]           # alternate rows half a cell to the right
        cw = (x1 - x0) / (n + (0.5 if staggered else 0.0))
        ch = (y1 - y0) / n
        size = min(cw, ch) * 0.62
        for r, k, angle, mirror in p["cells"]:
            cx = x0 + (k + 0.5 + (0.5 if staggered and r % 2 else 0.0)) * cw
            draw_motif(c, p["kind"], color, cx, y0 + (r + 0.5) * ch, size, angle=angle, mirror=mirror)


SCENE = WallpaperPanels()
task = SCENE.task


def _groups(q, r):
    """The shared group and the other groups of an instance (near misses at level 3)."""
    shared = GROUPS[int(r.integers(len(GROUPS)))]
    if q.difficulty == 3:
        near = list(CONFUSED[shared])
        pool = near + [g for g in GROUPS if g != shared and g not in near]
    elif q.difficulty == 1:
        pool = [g for g in GROUPS if g != shared and g not in CONFUSED[shared]]
    else:
        pool = [g for g in GROUPS if g != shared]
        pool = [pool[int(i)] for i in r.permutation(len(pool))]
    return shared, pool


@task("motif_violation_label", answer="option_letter", annotation="bbox", ops="matching")
def motif_violation_label(q):
    letter = q.target(LETTERS[:4], stratified=True)
    q.offer(4, "image")

    def build(st, r):
        shared, pool = _groups(q, r)
        odd = pool[0] if q.difficulty == 3 else pool[int(r.integers(len(pool)))]
        kinds = [CHIRAL[int(i)] for i in r.choice(len(CHIRAL), size=4, replace=False)]
        st["panels"] = [panel(r, odd if LETTERS[i] == letter else shared, q.difficulty, kinds[i]) for i in range(4)]
        st["reference"] = None
        return st

    s = q.edit(build)
    groups = [p["group"] for p in s["panels"]]
    odd = [i for i, g in enumerate(groups) if groups.count(g) == 1]
    q.require(len(odd) == 1 and len(set(groups)) == 2, "not one odd panel")
    pick = LETTERS[odd[0]]
    q.step("groups", groups=groups, odd=pick)
    return q.answer(pick, witnesses=f"panel:{pick}",
                    question=("The image shows four labelled wallpaper panels, each filled with copies of one icon "
                              "arranged in a repeating pattern (how the copies are turned, mirrored and shifted). "
                              "Three panels share the same wallpaper pattern. Which panel has a different pattern?"),
                    examples=[x for x in LETTERS[:4] if x != pick])


@task("same_pattern_as_reference_label", answer="option_letter", annotation="bbox_map", ops="matching")
def same_pattern_as_reference_label(q):
    letter = q.target(LETTERS[:4], stratified=True)
    q.offer(4, "image")

    def build(st, r):
        shared, pool = _groups(q, r)
        others = pool[:3] if q.difficulty == 3 else [pool[int(i)] for i in r.choice(len(pool), 3, replace=False)]
        kinds = [CHIRAL[int(i)] for i in r.choice(len(CHIRAL), size=5, replace=False)]
        groups = list(others)
        groups.insert(LETTERS.index(letter), shared)
        st["panels"] = [panel(r, g, q.difficulty, kinds[i]) for i, g in enumerate(groups)]
        st["reference"] = panel(r, shared, q.difficulty, kinds[4])
        return st

    s = q.edit(build)
    groups = [p["group"] for p in s["panels"]]
    q.require(groups.count(s["reference"]["group"]) == 1, "not one matching panel")
    pick = LETTERS[groups.index(s["reference"]["group"])]
    q.step("groups", reference=s["reference"]["group"], groups=groups, match=pick)
    return q.answer(pick, witnesses={"reference_panel": "reference", "matching_panel": f"panel:{pick}"},
                    question=("The image shows a Reference wallpaper panel above four labelled wallpaper panels, each "
                              "filled with copies of one icon arranged in a repeating pattern (how the copies are "
                              "turned, mirrored and shifted). Which labelled panel has the same wallpaper pattern as "
                              "the Reference, whatever its icon?"),
                    examples=[x for x in LETTERS[:4] if x != pick])
