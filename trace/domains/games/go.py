"""games/go: black and white stones on the intersections of a Go board, one or two stones marked."""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.grid import Grid

BOARD = {1: 7, 2: 9, 3: 13}
DENSITY = (0.30, 0.45)
WOOD = ((0.86, 0.70, 0.45), (0.90, 0.76, 0.52), (0.82, 0.66, 0.42), (0.93, 0.82, 0.60))
LINE = (0.15, 0.11, 0.06)
COLOR_WORD = {"B": "black", "W": "white"}
GROUP_RULE = "a group is a set of same-coloured stones connected through horizontal or vertical neighbours"


def neighbours(n, r, c):
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < n and 0 <= c + dc < n:
            yield r + dr, c + dc


def group_of(rows, r, c):
    """Stones of the group containing (r, c), sorted."""
    n, color = len(rows), rows[r][c]
    seen, todo = {(r, c)}, [(r, c)]
    while todo:
        p = todo.pop()
        for nb in neighbours(n, *p):
            if nb not in seen and rows[nb[0]][nb[1]] == color:
                seen.add(nb)
                todo.append(nb)
    return sorted(seen)


def groups(rows):
    """All groups as sorted stone lists, in reading order of their first stone."""
    n, seen, out = len(rows), set(), []
    for r in range(n):
        for c in range(n):
            if rows[r][c] != "." and (r, c) not in seen:
                g = group_of(rows, r, c)
                seen.update(g)
                out.append(g)
    return out


def liberties(rows, group):
    n = len(rows)
    return sorted({nb for p in group for nb in neighbours(n, *p) if rows[nb[0]][nb[1]] == "."})


def contested_liberties(rows, group):
    """Liberties of the group that also touch an opponent stone (horizontally or vertically)."""
    n = len(rows)
    color = rows[group[0][0]][group[0][1]]
    return [p for p in liberties(rows, group)
            if any(rows[a][b] not in (".", color) for a, b in neighbours(n, *p))]


def adjacent_enemies(rows, group):
    n = len(rows)
    color = rows[group[0][0]][group[0][1]]
    return sorted({nb for p in group for nb in neighbours(n, *p) if rows[nb[0]][nb[1]] not in (".", color)})


class Go(Scene):
    domain, scene_id, size = "games", "go", (560, 560)
    megapixels = (0.45, 0.75)   # image area (MP); the original's median is 0.557
    description = ("A square Go board with black and white stones on the line intersections; a marked stone carries "
                   "a red dot.")

    def sample(self, rng, difficulty):
        n = BOARD[difficulty]
        grid = [["."] * n for _ in range(n)]
        target = int(round(n * n * rng.uniform(*DENSITY)))
        placed = []
        while len(placed) < target:
            if placed and rng.random() < 0.55:
                r, c = placed[int(rng.integers(len(placed)))]
                free = [p for p in neighbours(n, r, c) if grid[p[0]][p[1]] == "."]
                if not free:
                    continue
                p = free[int(rng.integers(len(free)))]
                color = grid[r][c] if rng.random() < 0.8 else ("W" if grid[r][c] == "B" else "B")
            else:
                p = (int(rng.integers(n)), int(rng.integers(n)))
                if grid[p[0]][p[1]] != ".":
                    continue
                color = "B" if rng.random() < 0.5 else "W"
            grid[p[0]][p[1]] = color
            placed.append(p)
        rows = ["".join(row) for row in grid]
        # remove dead groups (no liberties) until every group can stand on the board
        while True:
            dead = [g for g in groups(rows) if not liberties(rows, g)]
            if not dead:
                break
            grid = [list(row) for row in rows]
            for r, c in dead[0]:
                grid[r][c] = "."
            rows = ["".join(row) for row in grid]
        return {"rows": rows}

    def claims(self, state, params):
        """Prompts name stones by colour and the marked stone's red dot."""
        out = [Claim(f"stone:{r}:{k}", "colour", "black" if ch == "B" else "white")
               for r, row in enumerate(state["rows"]) for k, ch in enumerate(row) if ch in "BW"]
        if params.get("marked"):
            out.append(Claim("mark", "colour", "red"))
        return out

    def render(self, c, state, params):
        rows = state["rows"]
        n = len(rows)
        w, h = self.size
        side = 500.0
        g = Grid(x0=(w - side) / 2, y0=(h - side) / 2, rows=n, cols=n, cell=side / n)
        wood = WOOD[c.style.theme % len(WOOD)]
        c.rect(g.x0, g.y0, side, side, fill=wood, stroke=LINE, lw=1.5)
        half = g.cell / 2
        for i in range(n):
            x0, y = g.center(i, 0)
            c.line(x0, y, x0 + (n - 1) * g.cell, y, color=LINE, lw=1.2)
            x, y0 = g.center(0, i)
            c.line(x, y0, x, y0 + (n - 1) * g.cell, color=LINE, lw=1.2)
        rad = g.cell * 0.46
        for r in range(n):
            for k in range(n):
                cx, cy = g.center(r, k)
                ch = rows[r][k]
                if ch == "B":
                    c.circle(cx, cy, rad, fill=(0.08, 0.08, 0.09), stroke=(0.0, 0.0, 0.0), lw=1.0, id=f"stone:{r}:{k}")
                elif ch == "W":
                    c.circle(cx, cy, rad, fill=(0.98, 0.98, 0.97), stroke=(0.2, 0.2, 0.2), lw=1.4, id=f"stone:{r}:{k}")
                else:
                    c.register(f"pt:{r}:{k}", box=(cx - half * 0.5, cy - half * 0.5, cx + half * 0.5, cy + half * 0.5),
                               point=(cx, cy))
        m = params.get("marked")
        if m:
            cx, cy = g.center(*m)
            c.circle(cx, cy, g.cell * 0.2, fill="red", stroke="white", lw=1.5, id="mark")


SCENE = Go()
task = SCENE.task


def _pick(q, name, candidates):
    q.require(bool(candidates), "no candidate reaches the target answer")
    return q.param(name, lambda r: candidates[int(r.integers(len(candidates)))])


def _marked_group(q, measure, support):
    """Mark one stone whose group scores the target under ``measure``; return its group."""
    rows = q.state["rows"]
    t = q.target(support)
    cands = [list(p) for grp in groups(rows) if len(measure(rows, grp)) == t for p in grp]
    r, c = _pick(q, "marked", cands)
    return rows, group_of(rows, r, c), COLOR_WORD[rows[r][c]]


def _stones(ps):
    return [f"stone:{r}:{c}" for r, c in ps]


STONE_SUPPORT = {1: range(2, 6), 2: range(2, 8), 3: range(3, 10)}
LIBERTY_SUPPORT = {1: range(2, 7), 2: range(2, 9), 3: range(3, 11)}
SHARED_SUPPORT = {1: range(1, 4), 2: range(1, 5), 3: range(2, 6)}
ENEMY_SUPPORT = {1: range(2, 6), 2: range(2, 7), 3: range(3, 9)}


@task("marked_group_stone_count", answer="integer", annotation="bbox_set", ops="filtering,counting,topology")
def marked_group_stone_count(q):
    rows, grp, color = _marked_group(q, lambda rows, g: g, STONE_SUPPORT[q.difficulty])
    q.step("flood_fill", color=color, group=grp)
    return q.answer(len(grp), witnesses=_stones(grp),
                    question=(f"The {color} stone with the red dot belongs to a group ({GROUP_RULE}). "
                              f"How many stones are in that group?"))


@task("group_liberty_count", answer="integer", annotation="point_set", ops="filtering,counting,topology",
      queries=("marked_group_liberty_count", "marked_group_shared_liberty_count"))
def group_liberty_count(q):
    if q.query_id == "marked_group_liberty_count":
        rows, grp, color = _marked_group(q, liberties, LIBERTY_SUPPORT[q.difficulty])
        libs = liberties(rows, grp)
        question = (f"Consider the group containing the {color} stone with the red dot ({GROUP_RULE}). "
                    f"How many liberties (empty intersections directly next to the group) does it have?")
    else:
        rows, grp, color = _marked_group(q, contested_liberties, SHARED_SUPPORT[q.difficulty])
        libs = contested_liberties(rows, grp)
        other = "white" if color == "black" else "black"
        question = (f"Consider the group containing the {color} stone with the red dot ({GROUP_RULE}). A liberty "
                    f"is an empty intersection directly next to the group (not diagonally). How many of its "
                    f"liberties are also directly next to at least one {other} stone?")
    q.step("liberties", mode=q.query_id, points=libs)
    return q.answer(len(libs), witnesses=[f"pt:{r}:{c}" for r, c in libs], question=question)


@task("group_adjacent_enemy_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition,spatial_relations,topology")
def group_adjacent_enemy_count(q):
    rows, grp, color = _marked_group(q, adjacent_enemies, ENEMY_SUPPORT[q.difficulty])
    enemies = adjacent_enemies(rows, grp)
    other = "white" if color == "black" else "black"
    q.step("adjacent_opponents", group=grp, enemies=enemies)
    return q.answer(len(enemies), witnesses=_stones(enemies),
                    question=(f"Consider the group containing the {color} stone with the red dot ({GROUP_RULE}). "
                              f"How many {other} stones are directly next to (horizontally or vertically) "
                              f"at least one stone of that group?"))
