"""puzzles/cyclic_order: tokens placed around closed loops, read clockwise.  A reference loop sits beside
or above lettered options: four option loops (which one is the reference turned, not mirrored?), a
partial loop with lettered gaps (where does the missing token go?) or four swap cards over a numbered
broken loop (which swap of two positions repairs it?).

Tokens are identified by their shape (outlined), by their colour (filled discs) or by both (filled
shapes whose shapes and colours each repeat, so neither alone tells tokens apart); the prompt says
which.  A loop is an ellipse or a polygon through its tokens, wide or tall, and starts anywhere:
only the clockwise order around it matters.  Difficulty grows the loops: 4 tokens with one
identifying attribute (1), 4-5 tokens, any attribute (2, the original's: it draws 4-5, 5 for the
insertion reference), 6-7 tokens (3).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, answer_among
from tracegen.kits.cards import draw_card, label_badge
from tracegen.kits.panels import panel_card

W, H = 1000, 760
SHAPES = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon", "star", "cross")
COLORS = ("red", "blue", "green", "yellow", "orange", "purple", "pink", "brown", "cyan", "gray")
MODES = ("shape", "color", "both")
COUNTS = {1: (4, 4), 2: (4, 5), 3: (6, 7)}
COMPARE = {"shape": "Tokens are told apart by their outlined shape only.",
           "color": "Tokens are told apart by their colour only.",
           "both": "A token is identified by its shape and its colour together (tokens may share a shape or a "
                   "colour)."}
ORDER_RULE = "Each loop is read clockwise; a loop may start anywhere (rotation), but a reversed order is different."


# ---------------------------------------------------------------------- cyclic orders
def rotations(seq):
    return [list(seq[k:]) + list(seq[:k]) for k in range(len(seq))]


def same_cycle(a, b) -> bool:
    """Whether ``b`` is ``a`` turned (read from another start), not mirrored."""
    return len(a) == len(b) and list(b) in rotations(a)


def cycle_key(seq) -> tuple:
    """The rotation class of ``seq`` (its least rotation)."""
    return min(tuple(r) for r in rotations(seq))


def swapped(seq, i, j):
    out = list(seq)
    out[i], out[j] = out[j], out[i]
    return out


def rotated(r, seq):
    k = int(r.integers(len(seq)))
    return list(seq[k:]) + list(seq[:k])


# ---------------------------------------------------------------------- state
def tokens(rng, n, mode):
    """``n`` distinct tokens ({shape, color}) for ``mode``.  "both" draws them from ceil(n/2) shapes and as many
    colours, so shapes and colours repeat and only the pair tells tokens apart."""
    if mode == "shape":
        return [{"shape": SHAPES[int(i)], "color": None} for i in rng.choice(len(SHAPES), n, replace=False)]
    if mode == "color":
        return [{"shape": "circle", "color": COLORS[int(i)]} for i in rng.choice(len(COLORS), n, replace=False)]
    k = (n + 1) // 2
    shapes = [SHAPES[int(i)] for i in rng.choice(len(SHAPES), k, replace=False)]
    colors = [COLORS[int(i)] for i in rng.choice(len(COLORS), k, replace=False)]
    pairs = [(s, c) for s in shapes for c in colors]
    return [{"shape": pairs[int(i)][0], "color": pairs[int(i)][1]} for i in rng.choice(len(pairs), n, replace=False)]


def loop_look(rng):
    return {"path": ["ellipse", "polygon"][int(rng.integers(2))], "aspect": float(round(rng.uniform(0.55, 1.0), 2)),
            "wide": bool(rng.random() < 0.7), "start": float(round(rng.uniform(0, 2 * math.pi), 3))}


class CyclicOrder(Scene):
    domain, scene_id, size = "puzzles", "cyclic_order", (W, H)
    megapixels = (0.95, 1.35)
    description = ("Tokens around closed loops: a reference loop and lettered options (turned or mirrored loops, "
                   "gaps of a partial loop, or swaps of a numbered broken loop).")

    def sample(self, rng, difficulty):
        lo, hi = COUNTS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        mode = MODES[int(rng.integers(2 if difficulty == 1 else 3))]
        toks = tokens(rng, n, mode)
        return {"level": difficulty, "mode": mode, "tokens": toks, "reference": [int(i) for i in rng.permutation(n)],
                "looks": [loop_look(rng) for _ in range(6)]}

    def variant(self, state):
        return state["mode"]

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        kind = state.get("kind")
        if kind == "equivalent":
            top = (20, 14, W - 20, 300)
            self.loop_panel(c, state, top, "Reference", state["reference"], state["looks"][0], "reference")
            boxes = [(150 + k * 360, 318 + r * 216, 340, 200) for r in range(2) for k in range(2)]
            for i, (box, order) in enumerate(zip(boxes, state["options"])):
                x, y, w, h = box
                draw_card(c, box, LETTERS[i], id=f"option:{LETTERS[i]}")
                self.loop(c, state, (x + 50, y + 12, x + w - 20, y + h - 12), order, state["looks"][i + 1],
                          f"option{i}")
            return
        bottom = H - 14 if kind == "insertion" else 470
        left, right = (20, 14, W / 2 - 10, bottom), (W / 2 + 10, 14, W - 20, bottom)
        self.loop_panel(c, state, left, "Reference", state["reference"], state["looks"][0], "reference")
        if kind == "insertion":
            self.loop_panel(c, state, right, "Partial loop with lettered gaps", state["partial"], state["looks"][1],
                            "partial", gaps=state["gap_letters"])
            return
        self.loop_panel(c, state, right, "Broken loop", state["broken"], state["looks"][1], "broken", numbered=True)
        boxes = [(160 + k * 350, 500 + r * 124, 330, 108) for r in range(2) for k in range(2)]
        for i, (box, (a, b)) in enumerate(zip(boxes, state["swaps"])):
            draw_card(c, box, LETTERS[i], f"swap {a} \u2194 {b}", size=26, id=f"option:{LETTERS[i]}")

    def loop_panel(self, c, state, box, title, order, look, prefix, **kw):
        inner = panel_card(c, box, title, size=20)
        self.loop(c, state, inner, order, look, prefix, **kw)

    def loop(self, c, state, box, order, look, prefix, *, gaps=None, numbered=False):
        """The tokens of ``order`` clockwise around a loop fitted in ``box`` (with room for labels);
        ``gaps`` letters the gaps after the listed positions, ``numbered`` numbers the positions."""
        x0, y0, x1, y1 = box
        tok = min(46.0, (y1 - y0) / 5.2)
        pad = tok * (1.6 if numbered or gaps else 0.9)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        hw, hh = (x1 - x0) / 2 - pad, (y1 - y0) / 2 - pad
        if look["wide"]:    # a wide loop: its height, then a width up to 1.8 times it
            ry = min(hh, 200.0)
            rx = min(hw, ry / look["aspect"])
        else:
            rx = min(hw, 200.0)
            ry = min(hh, rx / look["aspect"])
        rx, ry = min(rx, 2.2 * ry), min(ry, 2.2 * rx)
        n = len(order)
        angles = [look["start"] + 2 * math.pi * k / n for k in range(n)]
        pts = [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]
        if look["path"] == "ellipse":
            c.ellipse(cx, cy, rx, ry, stroke="muted", lw=3.0)
        else:
            c.polygon(pts, stroke="muted", lw=3.0)
        c.register(f"{prefix}:loop", box=(cx - rx, cy - ry, cx + rx, cy + ry))
        for k, (t, (px, py)) in enumerate(zip(order, pts)):
            draw_token(c, state, t, px, py, tok, f"{prefix}:token:{k}")
            if numbered:
                a = angles[k]
                lx, ly = px + math.cos(a) * tok * 1.05, py + math.sin(a) * tok * 1.05
                c.circle(lx, ly, 13, fill="paper", stroke="ink", lw=1.2)
                c.text(lx, ly, str(k + 1), size=16, bold=True, id=f"{prefix}:pos:{k + 1}")
        if gaps is not None:
            for k, letter in gaps.items():
                k = int(k)
                a = look["start"] + 2 * math.pi * (k + 0.5) / n
                (ax, ay), (bx, by) = pts[k], pts[(k + 1) % n]
                mx, my = (ax + bx) / 2, (ay + by) / 2
                if look["path"] == "ellipse":
                    mx, my = cx + rx * math.cos(a), cy + ry * math.sin(a)
                bx0 = label_badge(c, mx - 12, my - 13, letter, size=17)
                c.register(f"gap:{letter}", box=bx0)


def draw_token(c, state, t, x, y, size, id):
    tk = state["tokens"][t]
    mode = state["mode"]
    if mode == "shape":
        c.shape(tk["shape"], x, y, size, fill="paper", stroke="ink", lw=2.4, id=id)
    elif mode == "color":
        c.circle(x, y, size * 0.42, fill=tk["color"], stroke="ink", lw=1.6, id=id)
    else:
        c.shape(tk["shape"], x, y, size, fill=tk["color"], stroke="ink", lw=1.6, id=id)


SCENE = CyclicOrder()
task = SCENE.task


def lead(s, what: str) -> str:
    return f"The image shows {what}. {COMPARE[s['mode']]} {ORDER_RULE}"


# ---------------------------------------------------------------------- tasks
@task("cyclic_order_equivalent_label", answer="option_letter", annotation="bbox",
      ops="topology,transformation,matching")
def cyclic_order_equivalent_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        ref = s["reference"]
        n = len(ref)
        mirrored = ref[::-1]
        pool = [mirrored]
        for i in range(n):
            pool.append(swapped(ref, i, (i + 1) % n))
            pool.append(swapped(mirrored, i, (i + 2) % n))
        for i in range(n):      # one token moved two places on
            moved = list(ref)
            t = moved.pop(i)
            moved.insert((i + 2) % n, t)
            pool.append(moved)
        wrong, seen = [], {cycle_key(ref)}
        first = [pool[0]] + [pool[1 + int(i)] for i in r.permutation(len(pool) - 1)]
        for cand in first:
            key = cycle_key(cand)
            if key not in seen:
                seen.add(key)
                wrong.append(cand)
        wrong = answer_among(r, list(ref), wrong[:3], letter)
        s["kind"] = "equivalent"
        s["options"] = [rotated(r, o) for o in wrong]
        return s

    s = q.edit(edit)
    hits = [i for i, o in enumerate(s["options"]) if same_cycle(s["reference"], o)]
    q.require(len(hits) == 1, "not exactly one equivalent option")
    answer = "ABCD"[hits[0]]
    q.step("rotation_match", option=answer, options=s["options"])
    return q.answer(answer, witnesses=f"option:{answer}", question=(
        lead(s, "a reference loop of tokens above four lettered option loops")
        + " Which option loop has the same cyclic order as the reference?"))


@task("insertion_position_label", answer="option_letter", annotation="bbox", ops="topology,state_update,matching")
def insertion_position_label(q):
    small = q.difficulty == 1          # level 1: four tokens, three gaps; else at least five (the original's)
    letters = "ABC" if small else "ABCD"
    q.offer(len(letters), "image")
    letter = q.target(letters, stratified=True)

    def edit(s, r):
        if not small and len(s["reference"]) < 5:
            s["tokens"] = tokens(r, 5, s["mode"])
            s["reference"] = [int(i) for i in r.permutation(5)]
        ref = s["reference"]
        n = len(ref)
        full = rotated(r, ref)
        miss = int(r.integers(n))
        missing = full[miss]
        partial = full[:miss] + full[miss + 1:]
        gap = (miss - 1) % (n - 1)          # the gap after partial[gap] is where the token was
        others = [g for g in range(n - 1) if g != gap]
        others = [others[int(i)] for i in r.permutation(len(others))][:len(letters) - 1]
        rest = [x for x in letters if x != letter]
        gaps = {str(gap): letter, **{str(g): x for g, x in zip(others, rest)}}
        s.update(kind="insertion", partial=partial, missing=missing, gap_letters=gaps)
        return s

    s = q.edit(edit)
    n = len(s["partial"])
    fits = [x for k, x in s["gap_letters"].items()
            if same_cycle(s["reference"], s["partial"][:int(k) + 1] + [s["missing"]] + s["partial"][int(k) + 1:])]
    q.require(len(fits) == 1, "not exactly one fitting gap")
    q.step("insert", token=s["missing"], gaps=n, letter=fits[0])
    return q.answer(fits[0], witnesses=f"gap:{fits[0]}", question=(
        lead(s, "a reference loop of tokens and a partial loop missing one of its tokens, with some gaps lettered")
        + " In which lettered gap must the missing token be inserted so that the completed loop has the "
          "reference's cyclic order?"))


@task("swap_repair_label", answer="option_letter", annotation="bbox", ops="topology,state_update,matching")
def swap_repair_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        ref = s["reference"]
        n = len(ref)
        full = rotated(r, ref)
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
        i, j = pairs[int(r.integers(len(pairs)))]
        broken = swapped(full, i, j)
        bad = [p for p in pairs if not same_cycle(ref, swapped(broken, *p))]
        q.require(len(bad) >= 3, "too few non-repairing swaps")
        picks = answer_among(r, (i, j), [bad[int(k)] for k in r.permutation(len(bad))[:3]], letter)
        s.update(kind="swap", broken=broken, swaps=[[a + 1, b + 1] if r.random() < 0.5 else [b + 1, a + 1]
                                                      for a, b in picks])
        return s

    s = q.edit(edit)
    fix = [i for i, (a, b) in enumerate(s["swaps"]) if same_cycle(s["reference"], swapped(s["broken"], a - 1, b - 1))]
    q.require(len(fix) == 1, "not exactly one repairing swap")
    answer = "ABCD"[fix[0]]
    q.step("swap", option=answer, swap=s["swaps"][fix[0]])
    return q.answer(answer, witnesses=f"option:{answer}", question=(
        lead(s, "a reference loop of tokens, a broken loop whose positions are numbered, and four lettered swap "
                "cards")
        + " Which card's swap of two numbered positions makes the broken loop match the reference's cyclic order?"))
