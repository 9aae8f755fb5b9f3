"""physics/ray_optics: a square grid of cells holding two-sided plane mirrors set at 45 degrees ("/" or
"\\"), round targets, and a light source arrow on the left edge; the ray's path is not drawn.

The ray travels cell to cell along its row or column; at a mirror cell it reflects by the law of
reflection (a 45-degree mirror turns it through 90 degrees: "/" sends a rightward ray up, "\\" sends it
down) until it leaves the grid.  Built paths never pass through a cell twice.  Difficulty grows the grid
and the number of mirrors and targets.
"""

from __future__ import annotations

from tracegen.core.task import Scene

W, H = 760, 580
SIZE = {1: 6, 2: 8, 3: 10}
GRID_PX = 460
GX, GY = 120, 50                            # grid top-left (screen)
DIRS = {"right": (1, 0), "up": (0, 1), "left": (-1, 0), "down": (0, -1)}
REFLECT = {"/": {"right": "up", "up": "right", "left": "down", "down": "left"},
           "\\": {"right": "down", "down": "right", "left": "up", "up": "left"}}
BOUNCES = {1: range(1, 4), 2: range(1, 6), 3: range(2, 8)}
HITS = {1: range(1, 4), 2: range(1, 6), 3: range(2, 8)}
DECOY_MIRRORS = {1: (0, 1), 2: (0, 2), 3: (1, 4)}
DECOY_TARGETS = {1: (1, 2), 2: (1, 3), 3: (2, 5)}


def trace_ray(state):
    """Cells the ray passes through, in order, and the mirrors it reflects off (indices)."""
    n = state["n"]
    mirrors = {(m[0], m[1]): k for k, m in enumerate(state["mirrors"])}
    x, y, d = -1, state["row"], "right"
    cells, bounces = [], []
    for _ in range(4 * n * n):
        dx, dy = DIRS[d]
        x, y = x + dx, y + dy
        if not (0 <= x < n and 0 <= y < n):
            return cells, bounces
        cells.append((x, y))
        if (x, y) in mirrors:
            k = mirrors[(x, y)]
            bounces.append(k)
            d = REFLECT[state["mirrors"][k][2]][d]
    raise RuntimeError("ray does not leave the grid")


def build_path(rng, n, bounces):
    """A ray path from the left edge with ``bounces`` mirrors that never revisits a cell: (row, mirrors,
    path cells) or None."""
    row = int(rng.integers(n))
    x, y, d = -1, row, "right"
    seen, mirrors = set(), []
    for _ in range(bounces):
        dx, dy = DIRS[d]
        run = []
        cx, cy = x, y
        while True:
            cx, cy = cx + dx, cy + dy
            if not (0 <= cx < n and 0 <= cy < n) or (cx, cy) in seen:
                break
            run.append((cx, cy))
        if not run:
            return None
        k = int(rng.integers(len(run)))
        for cell in run[:k + 1]:
            seen.add(cell)
        x, y = run[k]
        kind = str(rng.choice(["/", "\\"]))
        mirrors.append([x, y, kind])
        d = REFLECT[kind][d]
    dx, dy = DIRS[d]
    while True:                                  # the last leg must leave the grid through fresh cells
        x, y = x + dx, y + dy
        if not (0 <= x < n and 0 <= y < n):
            break
        if (x, y) in seen:
            return None
        seen.add((x, y))
    return row, mirrors, seen


def cell_centre(state, x, y):
    s = GRID_PX / state["n"]
    return GX + (x + 0.5) * s, GY + GRID_PX - (y + 0.5) * s


class RayOptics(Scene):
    domain, scene_id, size = "physics", "ray_optics", (W, H)
    description = "A grid of 45-degree plane mirrors and targets with a light source on the left edge (ray hidden)."
    megapixels = (0.5, 0.7)

    def sample(self, rng, difficulty):
        n = SIZE[difficulty]
        lo, hi = BOUNCES[difficulty][0], BOUNCES[difficulty][-1]
        while True:
            got = build_path(rng, n, int(rng.integers(lo, hi + 1)))
            if got is not None:
                break
        row, mirrors, path = got
        st = {"n": n, "row": row, "mirrors": mirrors, "targets": []}
        free = [(x, y) for x in range(n) for y in range(n) if (x, y) not in path]
        lo, hi = DECOY_MIRRORS[difficulty]
        for i in rng.choice(len(free), size=int(rng.integers(lo, hi + 1)), replace=False):
            x, y = free[int(i)]
            st["mirrors"].append([x, y, str(rng.choice(["/", "\\"]))])
        return st

    def render(self, c, state, params):
        n = state["n"]
        s = GRID_PX / n
        c.rect(GX, GY, GRID_PX, GRID_PX, fill="paper", stroke="ink", lw=2.0)
        for k in range(1, n):
            c.gridline(GX + k * s, GY, GX + k * s, GY + GRID_PX)
            c.gridline(GX, GY + k * s, GX + GRID_PX, GY + k * s)
        for k in range(n):
            c.text(GX + (k + 0.5) * s, GY + GRID_PX + 18, str(k), size=13, kind="tick")
            c.text(GX + GRID_PX + 12, GY + GRID_PX - (k + 0.5) * s, str(k), size=13, anchor="l", kind="tick")
        for k, (x, y) in enumerate(state["targets"]):
            cx, cy = cell_centre(state, x, y)
            c.circle(cx, cy, s * 0.22, fill="orange", stroke="ink", lw=1.5, id=f"target:{k}")
        for k, (x, y, kind) in enumerate(state["mirrors"]):
            cx, cy = cell_centre(state, x, y)
            h = s * 0.38
            if kind == "/":
                p0, p1 = (cx - h, cy + h), (cx + h, cy - h)
            else:
                p0, p1 = (cx - h, cy - h), (cx + h, cy + h)
            c.line(*p0, *p1, color="blue", lw=5.0)
            c.register(f"mirror:{k}", point=(cx, cy), box=(cx - h, cy - h, cx + h, cy + h), segment=(p0, p1))
        _, sy = cell_centre(state, 0, state["row"])
        c.arrow(GX - 70, sy, GX - 4, sy, color="red", lw=4.0, head=13, id="source")
        c.text(GX - 74, sy - 18, "light", size=13, bold=True, anchor="l")


SCENE = RayOptics()
task = SCENE.task

RULES = ("The arrow on the left edge is a ray entering the grid along its row. Each slanted bar is a "
         "two-sided flat mirror at 45 degrees across its cell: the ray reflects off it (turning through 90 "
         "degrees by the law of reflection) and otherwise travels straight from cell to cell until it leaves "
         "the grid. The ray's path is not drawn. ")


@task("ray_bounce_count", answer="integer", annotation="point_set", ops="counting,spatial_relations,transformation")
def ray_bounce_count(q):
    t = q.target(BOUNCES[q.difficulty])

    def plant(st, r):
        n = st["n"]
        for _ in range(200):
            got = build_path(r, n, t)
            if got is None:
                continue
            row, mirrors, path = got
            free = [(x, y) for x in range(n) for y in range(n) if (x, y) not in path]
            lo, hi = DECOY_MIRRORS[q.difficulty]
            for i in r.choice(len(free), size=int(r.integers(lo, hi + 1)), replace=False):
                x, y = free[int(i)]
                mirrors.append([x, y, str(r.choice(["/", "\\"]))])
            order = r.permutation(len(mirrors))
            st["row"], st["mirrors"], st["targets"] = row, [mirrors[int(i)] for i in order], []
            break
        return st

    s = q.edit(plant)
    cells, hits = trace_ray(s)
    q.require(len(cells) == len(set(cells)), "the ray passes a cell twice")
    q.step("trace_ray", cells=[list(cc) for cc in cells], bounces=hits)
    return q.answer(len(hits), witnesses=[f"mirror:{k}" for k in hits],
                    question=RULES + "How many times does the ray reflect off a mirror before it leaves the grid?",
                    examples=[4, 2])


@task("ray_target_hit_count", answer="integer", annotation="point_set", ops="filtering,counting,spatial_relations")
def ray_target_hit_count(q):
    t = q.target(HITS[q.difficulty])

    def plant(st, r):
        n = st["n"]
        cells, _ = trace_ray(st)
        mirror_cells = {(m[0], m[1]) for m in st["mirrors"]}
        open_path = [cc for cc in cells if cc not in mirror_cells]
        if len(open_path) < t:
            return st
        on = [open_path[int(i)] for i in r.choice(len(open_path), size=t, replace=False)]
        free = [(x, y) for x in range(n) for y in range(n) if (x, y) not in set(cells) | mirror_cells]
        lo, hi = DECOY_TARGETS[q.difficulty]
        off = [free[int(i)] for i in r.choice(len(free), size=min(len(free), int(r.integers(lo, hi + 1))),
                                              replace=False)]
        targets = on + off
        st["targets"] = [list(targets[int(i)]) for i in r.permutation(len(targets))]
        return st

    s = q.edit(plant)
    cells, _ = trace_ray(s)
    q.require(len(cells) == len(set(cells)), "the ray passes a cell twice")
    path = set(cells)
    hit = [k for k, (x, y) in enumerate(s["targets"]) if (x, y) in path]
    q.require(len(hit) == t, "the path does not reach the target count")
    q.step("trace_ray", cells=[list(cc) for cc in cells], targets_hit=hit)
    return q.answer(len(hit), witnesses=[f"target:{k}" for k in hit],
                    question=RULES + "How many of the round targets does the ray pass through before it leaves "
                                     "the grid?", examples=[4, 2])
