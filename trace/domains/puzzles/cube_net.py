"""puzzles/cube_net: nets of a cube (any of the 11, turned or mirrored) folded in the mind.

Three layouts: a net of labelled faces with one face marked, and four option cards naming faces --
which is opposite the marked face; the same net with one outer edge marked -- which face meets
that edge once folded; or a reference net with six coloured faces and four candidate nets (other
shapes) -- which folds to the same coloured cube up to rotation (the others differ by swapping two
faces' colours, which with six distinct colours never gives a rotation of the same cube).

Folding is the kit's die roll (``tracegen.kits.solids.fold_frames``).  Difficulty: three 1-4-1
nets only (1), any net (2), only the five nets without a row of four, and one distractor the mirror
image (a swap between opposite faces) (3).
"""

from __future__ import annotations

import itertools

from tracegen.core.task import Scene
from tracegen.kits.solids import CUBE_NETS, fold_frames, net_variant

LETTERS = "ABCD"
TOKENS = "ABCDEFGHJKLMNPQRSTUVWXYZ2345789"
COLOURS = ["red", "blue", "green", "yellow", "orange", "purple", "pink", "brown", "gray", "cyan"]
POOL = {1: [1, 4, 5], 2: list(range(len(CUBE_NETS))), 3: list(range(6, len(CUBE_NETS)))}   # 3: no 1-4-1 nets


def rotations():
    """The 24 proper rotations of the cube as signed permutation matrices (rows)."""
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            m = [[0] * 3 for _ in range(3)]
            for i in range(3):
                m[i][perm[i]] = signs[i]
            det = (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                   + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
            if det == 1:
                out.append(m)
    return out


ROTS = rotations()
NORMALS = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]


def apply(m, v):
    return tuple(sum(m[i][j] * v[j] for j in range(3)) for i in range(3))


def coloured_cube(cells, colours):
    """{normal: colour} of a net's folding."""
    frames = fold_frames(cells)
    return {frames[tuple(c)][0]: col for c, col in zip(cells, colours)}


def canonical(cube):
    return min(tuple(cube[apply(m, n)] for n in NORMALS) for m in ROTS)


class CubeNet(Scene):
    domain, scene_id, size = "puzzles", "cube_net", (1100, 760)
    megapixels = (0.7, 1.0)   # render-only: the original's 1100 x 760 (faces) or 1100 x 860 (coloured nets)
    description = ("Nets of a cube with labelled or coloured faces: the face opposite a marked face, the face meeting "
                   "a marked edge, or the candidate net that folds to the same coloured cube.")

    def canvas_size(self, state):
        return (1100, 860) if state.get("mode") == "colours" else (1100, 760)

    def sample(self, rng, difficulty):
        pool = POOL[difficulty]
        k = int(pool[int(rng.integers(len(pool)))])
        cells = net_variant(CUBE_NETS[k], int(rng.integers(4)), bool(rng.integers(2)))
        order = [int(i) for i in rng.permutation(6)]
        return {"cells": [list(cells[i]) for i in order]}

    # ------------------------------------------------------------------ drawing
    @staticmethod
    def _net(c, cells, box, *, fills=None, texts=None, id_prefix=None, marked_face=None, size=None):
        cols = max(p[0] for p in cells) + 1
        rows = max(p[1] for p in cells) + 1
        x0, y0, x1, y1 = box
        s = min((x1 - x0) / cols, (y1 - y0) / rows, size or 1e9)
        ox, oy = (x0 + x1 - s * cols) / 2, (y0 + y1 - s * rows) / 2
        rects = []
        for i, (cc, rr) in enumerate(cells):
            x, y = ox + cc * s, oy + rr * s
            fill = fills[i] if fills else ("yellow" if marked_face == i else "panel")
            c.rect(x, y, s, s, fill=fill, stroke="ink", lw=2.0, id=f"{id_prefix}{i}" if id_prefix else None)
            if texts:
                c.text(x + s / 2, y + s / 2, texts[i], size=max(16.0, s * 0.36), bold=True, color=c.text_on(fill))
            rects.append((x, y, s))
        return rects

    def render(self, c, state, params):
        mode = state["mode"]
        if mode == "colours":
            c.rect(30, 40, 360, 780, stroke="muted", lw=1.5)
            c.text(210, 70, "Reference", size=18, bold=True)
            self._net(c, state["cells"], (50, 110, 370, 800), fills=state["colours"], size=80)
            for k, opt in enumerate(state["options"]):
                x, y = 420 + (k % 2) * 340, 40 + (k // 2) * 400
                c.rect(x, y, 320, 380, fill="panel", stroke="muted", lw=1.5, id=f"option:{LETTERS[k]}")
                c.text(x + 24, y + 26, LETTERS[k], size=20, bold=True, kind="option")
                self._net(c, opt["cells"], (x + 30, y + 50, x + 290, y + 360), fills=opt["colours"], size=56)
            return
        texts = state["labels"]
        rects = self._net(c, state["cells"], (60, 80, 600, 680), texts=texts, id_prefix="face:",
                          marked_face=state.get("marked_face"), size=95)
        c.rect(40, 40, 580, 680, stroke="muted", lw=1.5)
        if "edge" in state:
            i, (dc, dr) = state["edge"]
            x, y, s = rects[i]
            cx, cy = x + s / 2, y + s / 2
            a = (cx + dc * s / 2 - dr * s / 2, cy + dr * s / 2 - dc * s / 2)
            b = (cx + dc * s / 2 + dr * s / 2, cy + dr * s / 2 + dc * s / 2)
            c.line(*a, *b, color="red", lw=9.0, id="edge:marked")
        for k, lab in enumerate(state["options"]):
            x, y = 660 + (k % 2) * 200, 80 + (k // 2) * 300
            c.rect(x, y, 180, 280, fill="panel", stroke="muted", lw=1.5, id=f"option:{LETTERS[k]}")
            c.text(x + 22, y + 24, LETTERS[k], size=20, bold=True, kind="option")
            c.text(x + 90, y + 150, lab, size=34, bold=True)


SCENE = CubeNet()
task = SCENE.task


def _labels(q):
    def fn(s, rng):
        toks = [TOKENS[int(i)] for i in rng.choice(len(TOKENS), size=6, replace=False)]
        s.update(mode="faces", labels=toks)
        return s
    return fn


def _offer(q, s, answer_face, exclude):
    """Four option cards naming faces, the answer's at the target letter."""
    q.offer(4, "image")
    letter = q.target(list(LETTERS))

    def fn(st, rng):
        others = [i for i in range(6) if i != answer_face and i not in exclude]
        picks = [others[int(i)] for i in rng.choice(len(others), size=3, replace=False)]
        picks.insert(LETTERS.index(letter), answer_face)
        st["options"] = [st["labels"][i] for i in picks]
        return st

    s = q.edit(fn)
    return letter, s


@task("opposite_face_label", answer="option_letter", annotation="bbox", ops="transformation")
def opposite_face_label(q):
    def fn(s, rng):
        s = _labels(q)(s, rng)
        s["marked_face"] = int(rng.integers(6))
        return s

    s = q.edit(fn)
    frames = fold_frames(s["cells"])
    normals = [frames[tuple(p)][0] for p in s["cells"]]
    m = s["marked_face"]
    opp = normals.index(tuple(-x for x in normals[m]))
    letter, s = _offer(q, s, opp, exclude=(m,))
    return q.answer(letter, witnesses=f"option:{letter}", examples=[x for x in LETTERS if x != letter][:2],
                    question="The net on the left folds into a cube. Which option card names the face opposite the "
                             "shaded face once the net is folded?")


@task("marked_edge_neighbor_face_label", answer="option_letter", annotation="bbox", ops="topology,transformation")
def marked_edge_neighbor_face_label(q):
    def fn(s, rng):
        s = _labels(q)(s, rng)
        cells = [tuple(p) for p in s["cells"]]
        outer = [(i, d) for i, p in enumerate(cells) for d in ((1, 0), (-1, 0), (0, 1), (0, -1))
                 if (p[0] + d[0], p[1] + d[1]) not in cells]
        i, d = outer[int(rng.integers(len(outer)))]
        s["edge"] = [i, list(d)]
        return s

    s = q.edit(fn)
    frames = fold_frames(s["cells"])
    i, (dc, dr) = s["edge"]
    n, u, v = frames[tuple(s["cells"][i])]
    w = tuple(dc * a + dr * b for a, b in zip(u, v))
    normals = [frames[tuple(p)][0] for p in s["cells"]]
    nb = normals.index(w)
    letter, s = _offer(q, s, nb, exclude=(i,))
    q.claim("edge:marked", colour="red")
    return q.answer(letter, witnesses=f"option:{letter}", examples=[x for x in LETTERS if x != letter][:2],
                    question="The net on the left folds into a cube. One outer edge of the net is drawn thick and "
                             "red. Once the net is folded, which option card names the other face along that edge "
                             "(not the face the edge is drawn on)?")


@task("equivalent_net_label", answer="option_letter", annotation="bbox", ops="transformation,matching")
def equivalent_net_label(q):
    q.offer(4, "image")
    letter = q.target(list(LETTERS))

    def fn(s, rng):
        cols = [COLOURS[int(i)] for i in rng.choice(len(COLOURS), size=6, replace=False)]
        ref = coloured_cube(s["cells"], cols)
        pool = POOL[q.difficulty]
        opts = []
        mirrored = False              # at level 3 one distractor is the mirror image
        for k in range(4):
            shape = CUBE_NETS[int(pool[int(rng.integers(len(pool)))])]
            cells = net_variant(shape, int(rng.integers(4)), bool(rng.integers(2)))
            frames = fold_frames(cells)
            m = ROTS[int(rng.integers(len(ROTS)))]
            colours = [ref[apply(m, frames[p][0])] for p in cells]
            if LETTERS[k] != letter:
                ns = [frames[p][0] for p in cells]
                pairs = [(a, b) for a in range(6) for b in range(a + 1, 6)
                         if (q.difficulty == 3 and not mirrored) == (ns[a] == tuple(-x for x in ns[b]))]
                mirrored = mirrored or q.difficulty == 3
                a, b = pairs[int(rng.integers(len(pairs)))]
                colours[a], colours[b] = colours[b], colours[a]
            opts.append({"cells": [list(p) for p in cells], "colours": colours})
        forms = [canonical(coloured_cube([tuple(p) for p in o["cells"]], o["colours"])) for o in opts]
        q.require(len(set(forms)) == 4, "two options fold alike")
        s.update(mode="colours", colours=cols, options=opts)
        return s

    q.edit(fn)
    return q.answer(letter, witnesses=f"option:{letter}", examples=[x for x in LETTERS if x != letter][:2],
                    question="The reference net and the four candidate nets A-D fold into cubes with coloured faces. "
                             "Which candidate folds into the same coloured cube as the reference, up to turning the "
                             "cube?")
