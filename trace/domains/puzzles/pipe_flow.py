"""puzzles/pipe_flow: a grid of pipe tiles with a green start marker and a red finish flag.  Flow passes
between neighbouring tiles only where both have an opening on their shared edge.

One pipe route runs from start to finish (a path of a random spanning tree of the grid, so it winds).
In one task a single tile of it is turned the wrong way and four route tiles are lettered; in the other
a 2 x 2 block of the grid is blacked out and four lettered 2 x 2 pieces are offered, to be dropped in
as drawn.  Wrong pieces are the right one with a tile turned, turned or mirrored as a whole, or with
the route leaving by the wrong side.  Difficulty: 4 x 4 grids (1), 6 x 6 or 7 x 7 (2, the original's),
8 x 8 with loose decoy pipes off the route (3).
"""

from __future__ import annotations

import functools

import cairo

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, answer_among
from tracegen.core.canvas import line_style
from tracegen.kits.cards import draw_card, label_badge, outline_boxes, rounded_rect
from tracegen.kits.geometry import Draws

W, H = 700, 620
SIZES = {1: (4, 4), 2: (6, 7), 3: (8, 8)}
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
CW = {"N": "E", "E": "S", "S": "W", "W": "N"}
PIPES = ("blue", "orange", "purple", "brown")   # none is outlined on any theme (drawn as strokes, not fills)
TILE_LINE = line_style(None, 1.2)


def turned(tile: str, k: int) -> str:
    """A tile's openings after ``k`` quarter turns clockwise (as a sorted string of N E S W)."""
    out = tile
    for _ in range(k % 4):
        out = "".join(CW[d] for d in out)
    return "".join(sorted(out, key="NESW".index))


def flows(tiles, n, start, finish) -> bool:
    """Whether flow entering the start tile reaches the finish tile (``tiles`` maps "r,c" to openings)."""
    links = _links(n)
    goal = tuple(finish)
    cur = tuple(start)
    seen, stack = {cur}, [cur]
    while stack:
        cur = stack.pop()
        if cur == goal:
            return True
        key, out = links[cur]
        for d in tiles.get(key, ""):
            nb = out.get(d)      # (cell, its key, the side facing back) when inside the grid
            if nb is not None and nb[0] not in seen and nb[2] in tiles.get(nb[1], ""):
                seen.add(nb[0])
                stack.append(nb[0])
    return False


@functools.lru_cache(maxsize=None)
def _links(n: int) -> dict:
    """Per cell (r, c) of the n x n grid: its key "r,c" and, per opening inside the grid, the
    neighbour it leads to as (cell, key, opening facing back)."""
    out = {}
    for a in range(n):
        for b in range(n):
            sides = {}
            for d, (dr, dc) in STEP.items():
                if 0 <= a + dr < n and 0 <= b + dc < n:
                    sides[d] = ((a + dr, b + dc), f"{a + dr},{b + dc}", OPPOSITE[d])
            out[(a, b)] = (f"{a},{b}", sides)
    return out


@functools.lru_cache(maxsize=None)
def _neighbours(n: int) -> dict:
    """Each cell's neighbours inside the n x n grid, in STEP order (N, E, S, W)."""
    return {(a, b): tuple((a + dr, b + dc) for dr, dc in STEP.values() if 0 <= a + dr < n and 0 <= b + dc < n)
            for a in range(n) for b in range(n)}


def route(r, n, min_len):
    """A winding cell path: the tree path between two far cells of a random spanning tree."""
    with Draws(r) as d:      # the generator's own draws, in plain Python
        return _route(d, n, min_len)


def _route(r, n, min_len):
    around = _neighbours(n)
    for _ in range(50):
        start = (r.integers(n), r.integers(n))
        parent, order, stack = {start: None}, [], [start]
        deep = {start: 0}                  # each cell's depth in the tree, counted as it grows
        while stack:                       # randomised depth-first spanning tree
            cur = stack[-1]
            nbs = [x for x in around[cur] if x not in parent]
            if not nbs:
                stack.pop()
                continue
            nxt = nbs[r.integers(len(nbs))]
            parent[nxt] = cur
            deep[nxt] = deep[cur] + 1
            stack.append(nxt)
            order.append(nxt)
        far = [x for x in order if deep[x] >= min_len]
        if far:
            end = far[r.integers(len(far))]
            path = [end]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1]
    return None


_TOWARDS = {step: d for d, step in STEP.items()}


def direction(a, b) -> str:
    """The side of cell ``a`` that faces its neighbour ``b``."""
    return _TOWARDS[(b[0] - a[0], b[1] - a[1])]


def path_tiles(path) -> dict:
    """Openings of each route cell: towards its neighbours on the route (one for the two ends)."""
    tiles = {}
    for i, cell in enumerate(path):
        ds = []
        if i > 0:
            ds.append(direction(cell, path[i - 1]))
        if i + 1 < len(path):
            ds.append(direction(cell, path[i + 1]))
        tiles[f"{cell[0]},{cell[1]}"] = "".join(sorted(ds, key="NESW".index))
    return tiles


@functools.lru_cache(maxsize=64)
def _tile_box(u: float) -> tuple:
    """A tile's box (inset 2 from its u x u cell, corner radius 0.14 u) with its 1.2 wide outline as two
    fills (``outline_boxes``), as cairo paths relative to the cell's corner (built in unscaled units, so
    the same in every process whatever was drawn before)."""
    ctx = cairo.Context(cairo.ImageSurface(cairo.FORMAT_A8, 1, 1))
    out = []
    for pts in outline_boxes(2, 2, u - 4, u - 4, u * 0.14, 1.2):
        ctx.move_to(*pts[0])
        for p in pts[1:]:
            ctx.line_to(*p)
        ctx.close_path()
        out.append(ctx.copy_path())
        ctx.new_path()
    return tuple(out)


# ---------------------------------------------------------------------- scene
class PipeFlow(Scene):
    domain, scene_id, size = "puzzles", "pipe_flow", (W, H)
    megapixels = (0.48, 0.72)
    description = "A grid of pipe tiles from a green start marker to a red finish flag, with lettered tiles or pieces."

    def sample(self, rng, difficulty):
        lo, hi = SIZES[difficulty]
        n = int(rng.integers(lo, hi + 1))
        return {"level": difficulty, "n": n, "pipe": PIPES[int(rng.integers(len(PIPES)))]}

    def claims(self, state, params):
        """The prompts name the green start marker and the red finish flag."""
        return [Claim("start", "colour", "green"), Claim("finish", "colour", "red")]

    # ------------------------------------------------------------------ drawing
    def tiles(self, c, state, cells, u):
        """Draw tiles (x, y, openings) that do not touch one another's paint: their rounded boxes (paper,
        outlined 1.2 wide in muted) as one muted fill of the boxes grown by half the outline and one paper
        fill of the boxes shrunk by as much, their pipes' ink under-strokes as one stroke and their coloured
        pipes as one stroke (each pipe a segment from the tile's centre to the middle of an open side,
        round-capped).  The coloured strokes' round caps already fill the centre disc where pipes meet."""
        ctx = c.ctx
        m = ctx.get_matrix()
        for path, colour in zip(_tile_box(u), ("muted", "paper")):
            for x, y, _ in cells:
                ctx.translate(x, y)
                ctx.append_path(path)
                ctx.set_matrix(m)      # exactly as before (translating back could round differently)
            c._paint(colour, None, 1.0)
        ends = [(x + u / 2, y + u / 2, [(x + u / 2 + STEP[d][1] * u / 2, y + u / 2 + STEP[d][0] * u / 2) for d in openings])
                for x, y, openings in cells if openings]
        if not ends:
            return
        for lw, colour in ((u * 0.22 + 2.5, "ink"), (u * 0.22, state["pipe"])):
            for cx, cy, tips in ends:       # the first two pipes as one line through the centre (a round join
                ctx.move_to(*tips[0])       # there is the part of the centre disc their round caps added)
                ctx.line_to(cx, cy)
                for tx, ty in tips[1:2]:
                    ctx.line_to(tx, ty)
                for tx, ty in tips[2:]:
                    ctx.move_to(cx, cy)
                    ctx.line_to(tx, ty)
            c._paint(None, colour, lw)

    def tile(self, c, state, x, y, u, openings):
        self.tiles(c, state, [(x, y, openings)], u)

    def grid_tiles(self, c, state, x0, y0, u):
        """The board's tiles (all but a blacked-out block), registered row by row as ``tile:r:k``."""
        n, tiles = state["n"], state["tiles"]
        gap = state.get("gap")
        # A tile's pipes reach past its edge into the neighbour an opening faces, under that neighbour's box
        # when it is drawn later (row by row) and over it when drawn earlier.  Tiles are drawn in layers:
        # each tile after the earlier neighbours it shares paint with (an opening towards the other), so
        # every overlap keeps its order, and tiles of one layer, which never overlap, share their strokes.
        layer, layers = {}, []
        for r in range(n):
            for k in range(n):
                if gap and gap[0] <= r < gap[0] + 2 and gap[1] <= k < gap[1] + 2:
                    continue
                here = tiles.get(f"{r},{k}", "")
                x, y = x0 + k * u + 2, y0 + r * u + 2
                c.register(f"tile:{r}:{k}", box=(x, y, x + (u - 4), y + (u - 4)), fill="paper", stroke="muted",
                           line=TILE_LINE, shape="rectangle")
                at = 0
                if (r, k - 1) in layer and ("W" in here or "E" in tiles.get(f"{r},{k - 1}", "")):
                    at = layer[(r, k - 1)] + 1
                if (r - 1, k) in layer and ("N" in here or "S" in tiles.get(f"{r - 1},{k}", "")):
                    at = max(at, layer[(r - 1, k)] + 1)
                layer[(r, k)] = at
                if at == len(layers):
                    layers.append([])
                layers[at].append((x0 + k * u, y0 + r * u, here))
        for cells in layers:
            self.tiles(c, state, cells, u)

    def board(self, c, state, x0, y0, u):
        n, gap = state["n"], state.get("gap")
        rounded_rect(c, x0 - 8, y0 - 8, n * u + 16, n * u + 16, radius=14, fill="panel", stroke="ink", lw=1.6)
        self.grid_tiles(c, state, x0, y0, u)
        if gap:
            c.rect(x0 + gap[1] * u + 2, y0 + gap[0] * u + 2, 2 * u - 4, 2 * u - 4, fill="black", id="gap")
        (sr, sk), (fr, fk) = state["start"], state["finish"]
        sx, sy = x0 + (sk + 0.5) * u, y0 + (sr + 0.5) * u
        c.circle(sx, sy, u * 0.3, fill="green", stroke="ink", lw=1.5, id="start")
        c.polygon([(sx - u * 0.12, sy - u * 0.13), (sx + u * 0.15, sy), (sx - u * 0.12, sy + u * 0.13)], fill="white")
        fx, fy = x0 + (fk + 0.5) * u, y0 + (fr + 0.5) * u
        c.line(fx - u * 0.18, fy - u * 0.34, fx - u * 0.18, fy + u * 0.34, color="ink", lw=3.0)
        c.polygon([(fx - u * 0.18, fy - u * 0.34), (fx + u * 0.32, fy - u * 0.17), (fx - u * 0.18, fy)], fill="red",
                  stroke="ink", lw=1.2, id="finish")
        for letter, (r, k) in state.get("labels", {}).items():
            label_badge(c, x0 + k * u + 3, y0 + r * u + 3, letter, size=14)

    def render(self, c, state, params):
        n = state["n"]
        if state["kind"] == "rotate":
            u = min(64.0, (H - 40) / n)
            self.board(c, state, (W - n * u) / 2, (H - n * u) / 2, u)
            return
        u = min(56.0, (W - 230) / n, (H - 40) / n)
        self.board(c, state, 24, (H - n * u) / 2, u)
        x0 = 24 + n * u + 28
        cw = (W - x0 - 16 - 10) / 2
        ch = min(150.0, (H - 40 - 10) / 2)
        top = (H - 2 * ch - 10) / 2
        for i, piece in enumerate(state["options"]):
            rr, kk = divmod(i, 2)
            box = (x0 + kk * (cw + 10), top + rr * (ch + 10), cw, ch)
            inner = draw_card(c, box, LETTERS[i], id=f"option:{LETTERS[i]}", badge_size=14)
            pu = min((cw - 16) / 2, (inner[3] - inner[1] - 4) / 2)
            px, py = box[0] + (cw - 2 * pu) / 2, (inner[1] + inner[3]) / 2 - pu
            for j, openings in enumerate(piece):
                self.tile(c, state, px + (j % 2) * pu, py + (j // 2) * pu, pu, openings)


SCENE = PipeFlow()
task = SCENE.task


def decoys(r, tiles, n, count):
    """Loose two-opening pipes in ``count`` empty cells."""
    empty = [f"{a},{b}" for a in range(n) for b in range(n) if f"{a},{b}" not in tiles]
    for key in [empty[int(i)] for i in r.permutation(len(empty))[:count]]:
        tiles[key] = ["NS", "EW", "NE", "ES", "SW", "NW"][int(r.integers(6))]
    return tiles


def lay_route(q, s, r, min_len):
    n = s["n"]
    path = route(r, n, min_len)
    q.require(path is not None, "no route long enough")
    tiles = path_tiles(path)
    if s["level"] == 3:
        tiles = decoys(r, tiles, n, int(r.integers(4, 9)))
    s.update(start=list(path[0]), finish=list(path[-1]), tiles=tiles)
    return path


def lead(s) -> str:
    return (f"The image shows a {s['n']} x {s['n']} grid of pipe tiles with a green start marker and a red finish "
            "flag. Flow passes from a tile to its neighbour only where both tiles have a pipe opening on their "
            "shared edge.")


# ---------------------------------------------------------------------- tasks
@task("misrotated_tile_label", answer="option_letter", annotation="bbox", ops="topology,transformation")
def misrotated_tile_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        path = lay_route(q, s, r, max(5, s["n"] + 1))
        inner = path[1:-1]
        q.require(len(inner) >= 4, "route too short")
        picks = [inner[int(i)] for i in r.permutation(len(inner))[:4]]
        wrong_cell = picks[0]
        key = f"{wrong_cell[0]},{wrong_cell[1]}"
        good = s["tiles"][key]
        turns = [k for k in (1, 2, 3) if turned(good, k) != good]
        s["tiles"][key] = turned(good, turns[int(r.integers(len(turns)))])
        others = answer_among(r, wrong_cell, picks[1:], letter)
        s.update(kind="rotate", labels={x: list(cell) for x, cell in zip("ABCD", others)})
        return s

    s = q.edit(edit)
    n, tiles = s["n"], s["tiles"]
    q.require(not flows(tiles, n, s["start"], s["finish"]), "the route already flows")
    fixes = []
    for x, (rr, kk) in sorted(s["labels"].items()):
        key = f"{rr},{kk}"
        if any(flows({**tiles, key: turned(tiles[key], k)}, n, s["start"], s["finish"]) for k in (1, 2, 3)):
            fixes.append(x)
    q.require(len(fixes) == 1, "not exactly one tile whose turn restores the flow")
    q.step("rotate", tile=s["labels"][fixes[0]], letter=fixes[0])
    rr, kk = s["labels"][fixes[0]]
    return q.answer(fixes[0], witnesses=f"tile:{rr}:{kk}", question=(
        lead(s) + " Exactly one tile is turned the wrong way. Which lettered tile must be rotated so that the "
                  "pipes make a continuous path from the start marker to the finish flag?"))


def piece_of(tiles, gap):
    g0, g1 = gap
    return [tiles.get(f"{g0 + j // 2},{g1 + j % 2}", "") for j in range(4)]


def with_piece(tiles, gap, piece):
    out = {k: v for k, v in tiles.items()}
    for j, openings in enumerate(piece):
        key = f"{gap[0] + j // 2},{gap[1] + j % 2}"
        if openings:
            out[key] = openings
        else:
            out.pop(key, None)
    return out


def piece_turned(piece):
    """The 2 x 2 piece turned a quarter clockwise as a whole (its tiles turn too)."""
    a, b, c, d = piece
    return [turned(c, 1), turned(a, 1), turned(d, 1), turned(b, 1)]


def piece_mirrored(piece):
    flip = {"E": "W", "W": "E", "N": "N", "S": "S"}
    m = ["".join(sorted((flip[x] for x in t), key="NESW".index)) for t in piece]
    return [m[1], m[0], m[3], m[2]]


@task("pipe_flow_repair_tile_label", answer="option_letter", annotation="bbox_map", ops="topology")
def pipe_flow_repair_tile_label(q):
    q.offer(4, "image")
    letter = q.target("ABCD", stratified=True)

    def edit(s, r):
        n = s["n"]
        path = lay_route(q, s, r, max(5, n + 1))
        spots = []
        for g0 in range(n - 1):
            for g1 in range(n - 1):
                inside = [i for i, (a, b) in enumerate(path) if g0 <= a < g0 + 2 and g1 <= b < g1 + 2]
                if (len(inside) >= 2 and inside == list(range(inside[0], inside[-1] + 1))
                        and inside[0] > 0 and inside[-1] < len(path) - 1):
                    spots.append((g0, g1))
        q.require(bool(spots), "no block on the route")
        gap = spots[int(r.integers(len(spots)))]
        answer = piece_of(s["tiles"], gap)
        pool = [piece_turned(answer), piece_turned(piece_turned(answer)), piece_mirrored(answer)]
        for j in range(4):
            if answer[j]:
                for k in (1, 2, 3):
                    pool.append(answer[:j] + [turned(answer[j], k)] + answer[j + 1:])
        pool = pool[:1] + [pool[1 + int(i)] for i in r.permutation(len(pool) - 1)]
        wrong = []
        for cand in pool:
            if (cand != answer and cand not in wrong and len(wrong) < 3
                    and not flows(with_piece(s["tiles"], gap, cand), n, s["start"], s["finish"])):
                wrong.append(cand)
        q.require(len(wrong) == 3, "too few wrong pieces")
        s.update(kind="repair", gap=list(gap), options=answer_among(r, answer, wrong, letter),
                 tiles={k: v for k, v in s["tiles"].items()
                        if not (gap[0] <= int(k.split(",")[0]) < gap[0] + 2 and gap[1] <= int(k.split(",")[1]) < gap[1] + 2)})
        return s

    s = q.edit(edit)
    good = [x for x, p in zip("ABCD", s["options"])
            if flows(with_piece(s["tiles"], s["gap"], p), s["n"], s["start"], s["finish"])]
    q.require(len(good) == 1, "not exactly one fitting piece")
    q.claim("gap", colour="black")
    q.step("repair", gap=s["gap"], option=good[0])
    return q.answer(good[0], witnesses={"missing_gap": "gap", "selected_option": f"option:{good[0]}"}, question=(
        lead(s) + " A 2 x 2 block of the grid is blacked out. Which lettered 2 x 2 piece, placed in the black "
                  "block exactly as drawn (no rotating or flipping), lets flow pass from the start marker to "
                  "the finish flag?"))
