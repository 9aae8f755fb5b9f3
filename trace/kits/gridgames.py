"""Grid video games: the cell grid, tiles, framed panels, pixel-art sprites and the games' rules.

Shared by the games scenes (tetris, 2048, match-3, snake, sokoban, pac-man ...).  Rules are plain
functions over JSON-native boards (lists of rows, 0 = empty); drawing helpers take a Canvas.
Sprites are data (``SPRITES``: character maps with a palette of NAMED_COLORS names or RGB), drawn
by one function, not drawing code per sprite.
"""

from __future__ import annotations

# ---------------------------------------------------------------------- palettes
# tile colours (decorative, never named in a prompt): bright game-block hues
TILE_RGB = ((0.16, 0.67, 0.80), (0.90, 0.72, 0.16), (0.56, 0.34, 0.78), (0.22, 0.60, 0.30),
            (0.82, 0.22, 0.25), (0.20, 0.38, 0.76), (0.91, 0.50, 0.20), (0.55, 0.56, 0.62))
EMPTY_RGB = (0.985, 0.985, 0.99)
EMPTY_EDGE = (0.62, 0.64, 0.68)


def _mix(rgb, other, t):
    return tuple((1 - t) * a + t * b for a, b in zip(rgb, other))


# ---------------------------------------------------------------------- drawing
def tile(c, x: float, y: float, s: float, rgb, *, id=None, bevel: float = 0.16):
    """A bevelled game block (a square of side ``s`` at (x, y)), registered as ``id`` in ``rgb``."""
    b = max(1.5, s * bevel)
    c.rect(x, y, s, s, fill=rgb, stroke=_mix(rgb, (0, 0, 0), 0.45), lw=1.2, id=id)
    c.polygon([(x, y), (x + s, y), (x + s - b, y + b), (x + b, y + b), (x + b, y + s - b), (x, y + s)],
              fill=_mix(rgb, (1, 1, 1), 0.38))
    c.polygon([(x + s, y + s), (x, y + s), (x + b, y + s - b), (x + s - b, y + s - b), (x + s - b, y + b),
               (x + s, y)], fill=_mix(rgb, (0, 0, 0), 0.3))


def empty_cell(c, x: float, y: float, s: float, *, id=None):
    c.rect(x + 1, y + 1, s - 2, s - 2, fill=EMPTY_RGB, stroke=EMPTY_EDGE, lw=0.8, id=id)


def panel(c, x0: float, y0: float, x1: float, y1: float, title: str | None = None, *, size: float = 17.0,
          id=None, title_color=(0.12, 0.13, 0.16)):
    """A framed panel (a light fill, a dark border) with an optional centred title, the same on every theme."""
    c.rect(x0, y0, x1 - x0, y1 - y0, fill=(0.96, 0.97, 0.98), stroke=(0.25, 0.27, 0.32), lw=2.0, id=id)
    if title:
        c.text((x0 + x1) / 2, y0 + size * 0.9, title, size=size, color=title_color)


def draw_blocks(c, g, board, *, prefix: str | None = "cell", palette=TILE_RGB):
    """Every cell of ``board`` in grid ``g``: a tile in ``palette[v - 1]`` where v > 0, else an empty cell."""
    for r, row in enumerate(board):
        for k, v in enumerate(row):
            x0, y0, _, _ = g.box(r, k)
            cid = f"{prefix}:{r}:{k}" if prefix else None
            if v:
                tile(c, x0 + 1, y0 + 1, g.cell - 2, palette[(v - 1) % len(palette)], id=cid)
            else:
                empty_cell(c, x0, y0, g.cell, id=cid)


def union_box(boxes):
    boxes = list(boxes)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


# ---------------------------------------------------------------------- sprites (data)
# A sprite is a list of equal-length strings; each character is a palette key ('.' is transparent).
SPRITES = {
    "ghost": ["..####..", ".######.", "##w##w##", "##p##p##", "########", "########", "########",
              "#.##.##."],
    "cherry": ["....gg..", "...g.g..", "..g...g.", ".rr..rr.", "rrrr.rrr", "rrrr.rrr", ".rr...r."],
    "coin": [".yyyy.", "yyooyy", "yoyyoy", "yoyyoy", "yyooyy", ".yyyy."],
    "gem": ["..###..", ".#####.", "#######", ".#####.", "..###..", "...#..."],
    "box": ["########", "#o....o#", "#.o..o.#", "#..oo..#", "#..oo..#", "#.o..o.#", "#o....o#",
            "########"],
    "hero": ["..kkk...", ".kssk...", ".kssk...", "..bb....", ".bbbb...", "b.bb.b..", "..bb....", ".b..b..."],
}
SPRITE_PALETTES = {
    "ghost": {"#": "body", "w": "white", "p": "blue"},
    "cherry": {"g": "green", "r": "red"},
    "coin": {"y": "yellow", "o": "orange"},
    "gem": {"#": "body"},
    "box": {"#": "brown", "o": "orange"},
    "hero": {"k": "black", "s": "orange", "b": "blue"},
}


def sprite(c, name: str, x: float, y: float, size: float, *, body="red", id=None, fill_id=None):
    """Draw sprite ``name`` scaled to fit a ``size`` square at (x, y) (top-left); the palette key
    "body" takes ``body``.  Registers ``id`` with the sprite's box (and its main colour ``fill_id``
    or ``body``)."""
    rows = SPRITES[name]
    pal = SPRITE_PALETTES[name]
    n = max(len(rows), len(rows[0]))
    px = size / n
    ox = x + (size - px * len(rows[0])) / 2
    oy = y + (size - px * len(rows)) / 2
    for r, line in enumerate(rows):
        for k, ch in enumerate(line):
            if ch == ".":
                continue
            col = pal[ch]
            col = body if col == "body" else col
            c.rect(ox + k * px, oy + r * px, px + 0.3, px + 0.3, fill=col)
    if id:
        c.register(id, box=(ox, oy, ox + px * len(rows[0]), oy + px * len(rows)),
                   fill=fill_id if fill_id is not None else body)


# ---------------------------------------------------------------------- tetris rules
TETROMINO_MAPS = {
    "I": ["####"],
    "O": ["##", "##"],
    "T": ["###", ".#."],
    "S": [".##", "##."],
    "Z": ["##.", ".##"],
    "J": ["#..", "###"],
    "L": ["..#", "###"],
}
SHAPES = tuple(TETROMINO_MAPS)


def _normal(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def tetromino_rotations(shape: str) -> list[tuple]:
    """The distinct orientations of a tetromino as sorted (row, col) cells with min row/col 0, in a
    fixed order (quarter turns clockwise from the spawn map)."""
    cells = [(r, k) for r, line in enumerate(TETROMINO_MAPS[shape]) for k, ch in enumerate(line) if ch == "#"]
    out = []
    for _ in range(4):
        n = _normal(cells)
        if n not in out:
            out.append(n)
        cells = [(k, -r) for r, k in cells]
    return out


def fits(board, cells) -> bool:
    rows, cols = len(board), len(board[0])
    return all(0 <= r < rows and 0 <= k < cols and not board[r][k] for r, k in cells)


def drop_steps(board, cells) -> int:
    """How many whole rows a piece at ``cells`` falls before the next row down would collide."""
    n = 0
    while fits(board, [(r + n + 1, k) for r, k in cells]):
        n += 1
    return n


def lock(board, cells, value):
    """The board with the piece locked in (value ``value``), full rows cleared and the rows above
    shifted down.  Returns (board, cleared row indices before the shift)."""
    b = [list(row) for row in board]
    for r, k in cells:
        b[r][k] = value
    full = [r for r, row in enumerate(b) if all(row)]
    kept = [row for r, row in enumerate(b) if r not in full]
    cols = len(board[0])
    return [[0] * cols for _ in full] + kept, full


def placements(board, shape: str):
    """Every hard-drop placement of ``shape``: each orientation at each column where it fits in the
    top rows, dropped straight down.  Yields (orientation index, column, landed cells, cleared rows)."""
    cols = len(board[0])
    for i, rot in enumerate(tetromino_rotations(shape)):
        w = max(k for _, k in rot) + 1
        for col in range(cols - w + 1):
            start = [(r, k + col) for r, k in rot]
            if not fits(board, start):
                continue
            n = drop_steps(board, start)
            cells = [(r + n, k) for r, k in start]
            _, full = lock(board, cells, 1)
            yield i, col, cells, full


def max_clear(board, shape: str):
    """(most rows one placement clears, the first placement reaching it) over ``placements``."""
    best = None
    for p in placements(board, shape):
        if best is None or len(p[3]) > len(best[3]):
            best = p
    return (len(best[3]) if best else 0), best


# ---------------------------------------------------------------------- 2048 rules
MOVE_STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def _lines(n, move):
    """The board's lines as lists of (row, col), each ordered from the wall the tiles slide toward."""
    if move == "left":
        return [[(r, c) for c in range(n)] for r in range(n)]
    if move == "right":
        return [[(r, c) for c in reversed(range(n))] for r in range(n)]
    if move == "up":
        return [[(r, c) for r in range(n)] for c in range(n)]
    return [[(r, c) for r in reversed(range(n))] for c in range(n)]


def slide_2048(board, move, *, merge=True, chain=False):
    """One 2048 move: every tile slides toward ``move``'s wall; two equal tiles meeting merge into
    their sum, the pair nearest the wall first, and a merged tile does not merge again in the same
    move.  ``merge=False`` / ``chain=True`` give the rule mistakes (for wrong options).  Returns
    (new board, merges as ((r, c), (r, c)) source-tile pairs)."""
    n = len(board)
    out = [[0] * n for _ in range(n)]
    merges = []
    for line in _lines(n, move):
        tiles = [(board[r][c], (r, c)) for r, c in line if board[r][c]]
        res, src, locked = [], [], []
        for v, pos in tiles:
            if merge and res and res[-1] == v and (chain or not locked[-1]):
                res[-1] *= 2
                locked[-1] = True
                merges.append((src[-1], pos))
                src[-1] = pos
            else:
                res.append(v)
                src.append(pos)
                locked.append(False)
        for (r, c), v in zip(line, res):
            out[r][c] = v
    return out, merges


TILE_2048 = {0: (0.90, 0.87, 0.80), 2: (0.98, 0.96, 0.90), 4: (0.96, 0.91, 0.78), 8: (0.98, 0.80, 0.58),
             16: (0.98, 0.72, 0.50), 32: (0.98, 0.66, 0.55), 64: (0.97, 0.58, 0.48), 128: (0.96, 0.86, 0.50),
             256: (0.95, 0.82, 0.40), 512: (0.92, 0.78, 0.35), 1024: (0.88, 0.90, 0.55), 2048: (0.80, 0.90, 0.45)}


def draw_2048(c, g, board, *, prefix: str | None = "tile", text=(0.2, 0.18, 0.15)):
    """A 2048 board in grid ``g``: rounded-look tiles coloured by value with their numbers."""
    c.rect(g.x0 - 6, g.y0 - 6, g.x1 - g.x0 + 12, g.y1 - g.y0 + 12, fill=(0.73, 0.68, 0.62), stroke=(0.4, 0.35, 0.3),
           lw=2)
    pad = max(2.0, g.cell * 0.06)
    fs = g.cell * 0.36
    for r, row in enumerate(board):
        for k, v in enumerate(row):
            x0, y0, x1, y1 = g.box(r, k, inset=pad)
            c.rect(x0, y0, x1 - x0, y1 - y0, fill=TILE_2048.get(v, (0.75, 0.85, 0.5)),
                   stroke=(0.55, 0.5, 0.45), lw=1.0, id=f"{prefix}:{r}:{k}" if prefix else None)
            if v:
                s = fs * (1.0 if v < 100 else 0.8 if v < 1000 else 0.66)
                c.text((x0 + x1) / 2, (y0 + y1) / 2 + 1, str(v), size=max(12.0, s), bold=True, color=text)


# ---------------------------------------------------------------------- match-3 rules
def match_runs(board, min_len: int = 3) -> set:
    """Cells in a straight horizontal or vertical run of ``min_len`` or more equal, non-empty gems."""
    rows, cols = len(board), len(board[0])
    out = set()
    for r in range(rows):
        c = 0
        while c < cols:
            e = c
            while e + 1 < cols and board[r][e + 1] == board[r][c]:
                e += 1
            if board[r][c] is not None and e - c + 1 >= min_len:
                out.update((r, k) for k in range(c, e + 1))
            c = e + 1
    for c in range(cols):
        r = 0
        while r < rows:
            e = r
            while e + 1 < rows and board[e + 1][c] == board[r][c]:
                e += 1
            if board[r][c] is not None and e - r + 1 >= min_len:
                out.update((k, c) for k in range(r, e + 1))
            r = e + 1
    return out


def swap_cells(board, a, b):
    out = [list(row) for row in board]
    (ra, ca), (rb, cb) = a, b
    out[ra][ca], out[rb][cb] = out[rb][cb], out[ra][ca]
    return out


def swap_clear(board, a, b) -> set:
    """The gems one swap of adjacent cells ``a`` and ``b`` clears at once (no falling, no cascades)."""
    return match_runs(swap_cells(board, a, b))


# ---------------------------------------------------------------------- snake rules
def snake_run(n: int, snake, walls, food, moves) -> dict:
    """Play ``moves`` on an ``n`` x ``n`` board: the head (``snake[0]``) steps one cell per move, the
    body follows and the tail cell is left, except when the head eats food (the snake grows by one).
    Returns {"over": crashed, "step": index of the crashing move (or len(moves)), "head": final head
    cell (None when over), "path": in-board cells the head entered (the crash cell included when it
    is on the board), "tail_touch": some move sent the head into the cell the tail was leaving}."""
    body = [tuple(x) for x in snake]
    food = set(map(tuple, food))
    walls = set(map(tuple, walls))
    path, touch = [], False
    for i, m in enumerate(moves):
        dr, dc = MOVE_STEP[m]
        r, c = body[0][0] + dr, body[0][1] + dc
        if not (0 <= r < n and 0 <= c < n):
            return {"over": True, "step": i, "head": None, "path": path, "tail_touch": touch}
        path.append((r, c))
        eats = (r, c) in food
        if (r, c) == body[-1] and not eats:
            touch = True
        if (r, c) in walls or (r, c) in body[:-1] or (eats and (r, c) == body[-1]):
            return {"over": True, "step": i, "head": None, "path": path, "tail_touch": touch}
        body = [(r, c)] + (body if eats else body[:-1])
        food.discard((r, c))
    return {"over": False, "step": len(moves), "head": body[0], "path": path, "tail_touch": touch}
