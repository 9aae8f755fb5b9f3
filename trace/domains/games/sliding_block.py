"""games/sliding_block: a sliding-block (Rush Hour style) board of lettered 1 x k blocks.

Rules: a horizontal block (wider than tall) slides only left or right, a vertical one only up or
down, one cell at a time through empty cells, never leaving the board.  Some boards carry a red
target block T with an exit arrow on the board's edge in line with it.  The original's boards are
6 x 6 to 7 x 7 with 8-10 blocks at level 2.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS
from tracegen.kits.grid import Grid

SIZES = {1: (5, 5), 2: (6, 7), 3: (8, 8)}
COUNTS = {1: (4, 6), 2: (8, 10), 3: (11, 14)}
FILLS = ((0.55, 0.72, 0.92), (0.58, 0.82, 0.62), (0.96, 0.74, 0.50), (0.78, 0.66, 0.90), (0.80, 0.68, 0.52),
         (0.95, 0.86, 0.45), (0.55, 0.85, 0.88), (0.72, 0.74, 0.80))
TEXT = (0.1, 0.1, 0.12)
BOARD = (0.28, 0.30, 0.34)
DIRS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def cells_of(b):
    return [(b["r"] + (i if b["dir"] == "v" else 0), b["c"] + (i if b["dir"] == "h" else 0)) for i in range(b["len"])]


def occupied(blocks, skip=None):
    return {x for b in blocks if b["label"] != skip for x in cells_of(b)}


def can_slide(n, blocks, b, d, k=1):
    """Block ``b`` can slide ``k`` cells in direction ``d`` (along its own axis) through empty cells."""
    dr, dc = DIRS[d]
    if (dr and b["dir"] == "h") or (dc and b["dir"] == "v"):
        return False
    occ = occupied(blocks, b["label"])
    for j in range(1, k + 1):
        for r, c in cells_of(b):
            rr, cc = r + dr * j, c + dc * j
            if not (0 <= rr < n and 0 <= cc < n) or (rr, cc) in occ:
                return False
    return True


def slide(blocks, label, d, k):
    dr, dc = DIRS[d]
    return [{**b, "r": b["r"] + dr * k, "c": b["c"] + dc * k} if b["label"] == label else dict(b) for b in blocks]


def movable(n, blocks):
    return [b["label"] for b in blocks if any(can_slide(n, blocks, b, d) for d in DIRS)]


def random_blocks(rng, n, count, dirs=None, avoid=(), labels=LETTERS + "GHIJKLMNOPQRS", start=()):
    """Up to ``count`` non-overlapping 1 x 2 / 1 x 3 blocks (orientations from ``dirs`` when given),
    never on ``avoid`` cells; ``start`` blocks are kept first."""
    blocks = [dict(b) for b in start]
    taken = occupied(blocks) | set(avoid)
    labels = [x for x in labels if x not in {b["label"] for b in blocks} and x != "T"]
    for i in range(count):
        d = dirs[i] if dirs else ("h" if rng.random() < 0.5 else "v")
        for _ in range(80):
            ln = 2 if rng.random() < 0.7 else 3
            r = int(rng.integers(n - (ln - 1 if d == "v" else 0)))
            c = int(rng.integers(n - (ln - 1 if d == "h" else 0)))
            b = {"label": "?", "r": r, "c": c, "len": ln, "dir": d}
            if not set(cells_of(b)) & taken:
                taken |= set(cells_of(b))
                blocks.append(b)
                break
    for b, lab in zip([b for b in blocks if b["label"] == "?"], labels):
        b["label"] = lab
    for b in blocks:
        b.setdefault("color", 0)
    return blocks


def colour(rng, blocks):
    for b in blocks:
        b["color"] = int(rng.integers(len(FILLS)))
    return sorted(blocks, key=lambda b: b["label"])


class SlidingBlock(Scene):
    domain, scene_id, size = "games", "sliding_block", (760, 720)
    megapixels = (0.58, 0.72)
    description = "A sliding-block puzzle board with lettered horizontal and vertical blocks."

    def sample(self, rng, difficulty):
        lo, hi = SIZES[difficulty]
        n = int(rng.integers(lo, hi + 1))
        count = int(rng.integers(COUNTS[difficulty][0], COUNTS[difficulty][1] + 1))
        return {"n": n, "blocks": colour(rng, random_blocks(rng, n, count)), "layout": "board"}

    def claims(self, state, params):
        if any(b["label"] == "T" for b in state["blocks"]):
            return [Claim("block:T", "colour", "red", among="block:")]
        return []

    def _board(self, c, n, blocks, x0, y0, w, h, prefix="block", exit_=None):
        g = Grid.fit(n, n, x0, y0, w, h)
        c.rect(g.x0 - 6, g.y0 - 6, g.x1 - g.x0 + 12, g.y1 - g.y0 + 12, fill=(0.97, 0.97, 0.97), stroke=BOARD, lw=2.5)
        for i in range(n + 1):
            c.line(g.x0, g.y0 + i * g.ch, g.x1, g.y0 + i * g.ch, color=(0.55, 0.57, 0.6), lw=1.0)
            c.line(g.x0 + i * g.cell, g.y0, g.x0 + i * g.cell, g.y1, color=(0.55, 0.57, 0.6), lw=1.0)
        pad = max(2.0, g.cell * 0.08)
        fs = max(12.0, min(26.0, g.cell * 0.42))
        for b in blocks:
            cs = cells_of(b)
            bx0, by0, _, _ = g.box(*cs[0], inset=pad)
            _, _, bx1, by1 = g.box(*cs[-1], inset=pad)
            target = b["label"] == "T"
            c.rect(bx0, by0, bx1 - bx0, by1 - by0, fill="red" if target else FILLS[b["color"]],
                   stroke=(0.1, 0.1, 0.1) if target else (0.3, 0.3, 0.32), lw=3 if target else 1.2,
                   id=f"{prefix}:{b['label']}")
            c.text((bx0 + bx1) / 2, (by0 + by1) / 2 + 1, b["label"], size=fs, bold=True,
                   color=(1, 1, 1) if target else TEXT)
        if exit_:
            (t,) = [b for b in blocks if b["label"] == "T"]
            cs = cells_of(t)
            dr, dc = DIRS[exit_]
            edge = cs[-1] if dr > 0 or dc > 0 else cs[0]
            r, k = edge
            r = n - 1 if dr > 0 else (0 if dr < 0 else r)
            k = n - 1 if dc > 0 else (0 if dc < 0 else k)
            cx, cy = g.center(r, k)
            ex, ey = cx + dc * g.cell * 0.5, cy + dr * g.cell * 0.5
            c.arrow(ex + dc * 6, ey + dr * 6, ex + dc * 58, ey + dr * 58, color="red", lw=5, head=18, id="exit")
        return g

    def render(self, c, state, params):
        w, h = self.size
        n = state["n"]
        if state["layout"] == "board":
            self._board(c, n, state["blocks"], 90, 90, w - 180, h - 180, exit_=state.get("exit"))
            return
        pw, ph = (w - 3 * 16) / 2, (h - 4 * 14) / 3
        for i, (lab, blocks) in enumerate([("Original", state["blocks"])] +
                                          list(zip(LETTERS, state["options"]))):
            if i == 0:
                x, y = (w - pw) / 2, 14
            else:
                x, y = 16 + ((i - 1) % 2) * (pw + 16), 14 + (1 + (i - 1) // 2) * (ph + 14)
            c.rect(x, y, pw, ph, fill=(0.98, 0.97, 0.96), stroke=BOARD, lw=1.8,
                   id=None if i == 0 else f"option:{lab}")
            c.text(x + 14, y + 16, lab, size=17, anchor="l", color=TEXT)
            self._board(c, n, blocks, x + 40, y + 30, pw - 80, ph - 40,
                        prefix="block" if i == 0 else f"opt{lab}")


SCENE = SlidingBlock()
task = SCENE.task

INTRO = "The picture shows a sliding-block puzzle board with lettered rectangular blocks."
RULES = ("A horizontal block (wider than tall) slides only left or right; a vertical block (taller than wide) "
         "slides only up or down; a block moves only into empty cells and never leaves the board.")


@task("block_orientation_count", answer="integer", annotation="bbox_set", ops="counting",
      queries=("horizontal_block_count", "vertical_block_count"))
def block_orientation_count(q):
    want = "h" if q.query_id == "horizontal_block_count" else "v"
    top = {1: 4, 2: 6, 3: 8}[q.difficulty]
    t = q.target(range(1, top + 1), stratified=True)

    def plant(st, rng):
        count = len(st["blocks"])
        for _ in range(30):
            dirs = [want] * t + [("v" if want == "h" else "h")] * max(1, count - t)
            dirs = [dirs[int(i)] for i in rng.permutation(len(dirs))]
            blocks = random_blocks(rng, st["n"], len(dirs), dirs=dirs)
            if len(blocks) == len(dirs):
                st["blocks"] = colour(rng, blocks)
                return st
        return st

    s = q.edit(plant)
    hits = sorted(b["label"] for b in s["blocks"] if b["dir"] == want)
    q.require(len(hits) == t, "could not place the blocks")
    word = "horizontal (wider than tall)" if want == "h" else "vertical (taller than wide)"
    return q.answer(len(hits), witnesses=[f"block:{x}" for x in hits],
                    question=f"{INTRO} How many blocks are {word}?")


MOVABLE = {1: range(2, 6), 2: range(4, 10), 3: range(6, 12)}


@task("movable_block_count", answer="integer", annotation="bbox_set", ops="counting,state_update")
def movable_block_count(q):
    t = q.target(MOVABLE[q.difficulty], stratified=True)
    lo, hi = COUNTS[q.difficulty]

    def plant(st, rng):
        n = st["n"]
        for _ in range(300):
            blocks = random_blocks(rng, n, int(rng.integers(max(lo, t), hi + 2)))
            if len(movable(n, blocks)) == t:
                st["blocks"] = colour(rng, blocks)
                return st
        return st

    s = q.edit(plant)
    hits = movable(s["n"], s["blocks"])
    q.require(len(hits) == t, "target missed")
    return q.answer(len(hits), witnesses=[f"block:{x}" for x in sorted(hits)],
                    question=(f"{INTRO} {RULES} How many blocks can make at least one legal one-cell slide?"))


BLOCKERS = {1: range(0, 3), 2: range(0, 6), 3: range(0, 7)}


def path_cells(n, t, exit_):
    dr, dc = DIRS[exit_]
    cs = cells_of(t)
    r, c = cs[-1] if dr > 0 or dc > 0 else cs[0]
    out = []
    while 0 <= r + dr < n and 0 <= c + dc < n:
        r, c = r + dr, c + dc
        out.append((r, c))
    return out


def plant_blockers(st, rng, k, difficulty):
    n = max(st["n"], k + 2)
    lo, hi = COUNTS[difficulty]
    for _ in range(100):
        d = "h" if rng.random() < 0.5 else "v"
        exit_ = ("left", "right")[int(rng.integers(2))] if d == "h" else ("up", "down")[int(rng.integers(2))]
        line = int(rng.integers(n))
        pos = 0 if exit_ in ("right", "down") else n - 2
        t = {"label": "T", "r": line if d == "h" else pos, "c": pos if d == "h" else line, "len": 2, "dir": d}
        path = path_cells(n, t, exit_)
        if len(path) < k:
            continue
        pick = sorted(path[int(i)] for i in rng.choice(len(path), size=k, replace=False))
        blocks, taken, ok = [t], set(cells_of(t)), True
        for j, (r, c) in enumerate(pick):   # a block across the path at each picked cell
            bd = "v" if d == "h" else "h"
            ln = 2 if rng.random() < 0.7 else 3
            options = []
            for off in range(ln):
                b = {"label": "?", "r": r - (off if bd == "v" else 0), "c": c - (off if bd == "h" else 0),
                     "len": ln, "dir": bd}
                cs = cells_of(b)
                if all(0 <= a < n and 0 <= e < n for a, e in cs) and not set(cs) & taken \
                        and not (set(cs) & set(path)) - {(r, c)}:
                    options.append(b)
            if not options:
                ok = False
                break
            b = options[int(rng.integers(len(options)))]
            taken |= set(cells_of(b))
            blocks.append(b)
        if not ok:
            continue
        blocks = random_blocks(rng, n, max(0, int(rng.integers(lo, hi + 1)) - len(blocks)),
                               avoid=path, start=blocks)
        st.update(n=n, blocks=colour(rng, blocks), exit=exit_, layout="board")
        return st
    return st


@task("sliding_block_blocker_count", answer="integer", annotation="bbox_set", ops="counting,topology")
def sliding_block_blocker_count(q):
    k = q.target(BLOCKERS[q.difficulty], stratified=True)
    s = q.edit(lambda st, rng: plant_blockers(st, rng, k, q.difficulty))
    q.require(s.get("exit") is not None, "no target block")
    (t,) = [b for b in s["blocks"] if b["label"] == "T"]
    path = set(path_cells(s["n"], t, s["exit"]))
    hits = sorted(b["label"] for b in s["blocks"] if b["label"] != "T" and set(cells_of(b)) & path)
    q.require(len(hits) == k, "target missed")
    q.claim("exit", colour="red")
    return q.answer(len(hits), witnesses=[f"block:{x}" for x in hits],
                    question=(f"{INTRO} The red block T must leave the board through the edge marked by the red "
                              f"exit arrow. How many blocks lie between block T and that exit, in T's row or "
                              f"column?"))


def legal_moves(n, blocks):
    out = []
    for b in blocks:
        for d in (("left", "right") if b["dir"] == "h" else ("up", "down")):
            for k in range(1, 4):
                if can_slide(n, blocks, b, d, k):
                    out.append((b["label"], d, k))
    return out


def apply_moves(n, blocks, moves):
    for lab, d, k in moves:
        (b,) = [x for x in blocks if x["label"] == lab]
        if not can_slide(n, blocks, b, d, k):
            return None
        blocks = slide(blocks, lab, d, k)
    return blocks


OPP = {"up": "down", "down": "up", "left": "right", "right": "left"}


@task("sliding_block_move_result_label", answer="option_letter", annotation="bbox_map", ops="state_update,matching")
def sliding_block_move_result_label(q):
    letter = q.target(LETTERS[:4], stratified=True)
    n_moves = {1: 1, 2: 1, 3: 2}[q.difficulty]

    def plant(st, rng):
        n, blocks = st["n"], st["blocks"]
        for _ in range(40):
            moves, cur = [], blocks
            for _ in range(n_moves):
                legal = [m for m in legal_moves(n, cur) if not moves or m[0] != moves[-1][0]]
                if not legal:
                    break
                m = legal[int(rng.integers(len(legal)))]
                moves.append(m)
                cur = slide(cur, *m)
            if len(moves) < n_moves:
                continue
            right = cur
            lab, d, k = moves[-1]
            before = apply_moves(n, blocks, moves[:-1])
            wrong = [apply_moves(n, before, [(lab, OPP[d], k)]), apply_moves(n, before, [(lab, d, k + 1)]),
                     apply_moves(n, before, [(lab, d, k - 1)]) if k > 1 else None,
                     apply_moves(n, before, [(lab, OPP[d], 1)])]
            wrong += [slide(before, *m) for m in legal_moves(n, before) if m[0] != lab]
            if n_moves > 1:
                wrong.append(before)
            uniq = []
            for x in wrong:
                if x is not None and x != right and x not in uniq:
                    uniq.append(x)
            if len(uniq) < 3:
                continue
            # the near misses first (same block), then others at random
            head, tail = uniq[:3], uniq[3:]
            pool = [x for x in head] + [tail[int(i)] for i in rng.permutation(len(tail))]
            pick = [pool[int(i)] for i in sorted(rng.choice(min(len(pool), 5), size=3, replace=False))]
            pick = [pick[int(i)] for i in rng.permutation(3)]
            pick.insert(LETTERS.index(letter), right)
            st.update(options=pick, moves=[list(m) for m in moves], layout="options")
            return st
        return st

    s = q.edit(plant)
    q.require(s["layout"] == "options", "no move sequence with three distinct wrong boards")
    result = apply_moves(s["n"], s["blocks"], [tuple(m) for m in s["moves"]])
    (i,) = [j for j, o in enumerate(s["options"]) if o == result]
    q.offer(4, "image")
    seq = "; ".join(f"{j + 1}. block {lab} slides {k} cell{'s' if k > 1 else ''} {d}"
                    for j, (lab, d, k) in enumerate(s["moves"]))
    return q.answer(LETTERS[i],
                    witnesses={"moved_block": f"block:{s['moves'][0][0]}", "option": f"option:{LETTERS[i]}"},
                    question=(f"{INTRO} {RULES} Starting from the Original board, apply the slide sequence: {seq}. "
                              f"Which lettered option shows the board afterwards?"))
