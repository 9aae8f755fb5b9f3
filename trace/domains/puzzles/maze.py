"""puzzles/maze: a grid maze with walls, a start cell S and lettered exits (gaps in the outer wall)."""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, bfs, tint
from tracegen.kits.grid import Grid

# difficulty -> (side range, number of exits)
SIZES = {1: ((5, 6), 3), 2: ((7, 8), 4), 3: ((9, 10), 5)}
SIDES = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}


def open_moves(state):
    """A neighbours function for ``bfs``: moves through gaps in the walls."""
    rows, cols, right, down = state["rows"], state["cols"], state["right"], state["down"]

    def nbrs(r, c):
        if c + 1 < cols and not right[r][c]:
            yield r, c + 1
        if c > 0 and not right[r][c - 1]:
            yield r, c - 1
        if r + 1 < rows and not down[r][c]:
            yield r + 1, c
        if r > 0 and not down[r - 1][c]:
            yield r - 1, c

    return nbrs


def set_wall(state, a, b, value):
    (r, c), (r2, c2) = sorted((tuple(a), tuple(b)))
    if r == r2:
        state["right"][r][c] = value
    else:
        state["down"][r][c] = value


def perfect_maze(rng, rows, cols):
    """Walls of a spanning-tree maze (iterative randomized depth-first search)."""
    st = {"rows": rows, "cols": cols, "right": [[1] * (cols - 1) for _ in range(rows)],
          "down": [[1] * cols for _ in range(rows - 1)]}
    seen = [[False] * cols for _ in range(rows)]
    r0, c0 = int(rng.integers(rows)), int(rng.integers(cols))
    stack = [(r0, c0)]
    seen[r0][c0] = True
    while stack:
        r, c = stack[-1]
        nb = [(r + dr, c + dc) for dr, dc in SIDES.values()
              if 0 <= r + dr < rows and 0 <= c + dc < cols and not seen[r + dr][c + dc]]
        if not nb:
            stack.pop()
            continue
        nr, nc = nb[int(rng.integers(len(nb)))]
        set_wall(st, (r, c), (nr, nc), 0)
        seen[nr][nc] = True
        stack.append((nr, nc))
    return st


def boundary_slots(rows, cols):
    out = [(0, c, "N") for c in range(cols)] + [(rows - 1, c, "S") for c in range(cols)]
    out += [(r, 0, "W") for r in range(rows)] + [(r, cols - 1, "E") for r in range(rows)]
    return out


class Maze(Scene):
    domain, scene_id, size = "puzzles", "maze", (600, 600)
    megapixels = (0.9, 1.4)   # render-only image area (the reference draws these larger)
    description = "A rectangular grid maze drawn with walls, a green start cell S and lettered exits in the outer wall."

    def sample(self, rng, difficulty):
        (lo, hi), k = SIZES[difficulty]
        rows, cols = (int(v) for v in rng.integers(lo, hi + 1, size=2))
        st = perfect_maze(rng, rows, cols)
        slots = boundary_slots(rows, cols)
        exits, used = [], set()
        for i in rng.permutation(len(slots)):
            r, c, side = slots[int(i)]
            if any(abs(r - a) + abs(c - b) < 2 for a, b in used):
                continue
            used.add((r, c))
            exits.append([r, c, side])
            if len(exits) == k:
                break
        start = [int(rng.integers(1, rows - 1)), int(rng.integers(1, cols - 1))]
        st.update({"start": start, "exits": exits, "labels": list(LETTERS[:len(exits)])})
        return st

    def render(self, c, state, params):
        rows, cols = state["rows"], state["cols"]
        w, h = self.size
        g = Grid.fit(rows, cols, 50, 50, w - 100, h - 100)
        c.rect(g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0, fill="paper")
        for r in range(rows):
            for k in range(cols):
                c.register(f"cell:{r}:{k}", box=g.box(r, k))
        sr, sk = state["start"]
        cx, cy = g.center(sr, sk)
        fill = tint("green", 0.25)
        c.circle(cx, cy, g.cell * 0.36, fill=fill, stroke="green", lw=3)
        c.text(cx, cy, "S", size=max(13.0, g.cell * 0.36), bold=True, color=c.text_on(fill))
        lw = 3.0
        gaps = {(r, k, side) for r, k, side in state["exits"]}
        for r in range(rows):
            for k in range(cols):
                bx0, by0, bx1, by1 = g.box(r, k)
                if k + 1 < cols and state["right"][r][k]:
                    c.line(bx1, by0, bx1, by1, color="ink", lw=lw)
                if r + 1 < rows and state["down"][r][k]:
                    c.line(bx0, by1, bx1, by1, color="ink", lw=lw)
                for side in ("N", "S", "W", "E"):
                    if (side == "N" and r == 0) or (side == "S" and r == rows - 1) or \
                       (side == "W" and k == 0) or (side == "E" and k == cols - 1):
                        if (r, k, side) in gaps:
                            continue
                        seg = {"N": (bx0, by0, bx1, by0), "S": (bx0, by1, bx1, by1),
                               "W": (bx0, by0, bx0, by1), "E": (bx1, by0, bx1, by1)}[side]
                        c.line(*seg, color="ink", lw=lw + 0.5)
        for (r, k, side), lab in zip(state["exits"], state["labels"]):
            cx, cy = g.center(r, k)
            dr, dk = SIDES[side]
            # gap midpoint on the outer wall, label just outside it
            gx, gy = cx + dk * g.cell / 2, cy + dr * g.ch / 2
            lx, ly = gx + dk * 20, gy + dr * 20
            c.text(lx, ly, lab, size=20, bold=True, color="accent")
            c.register(f"exit:{lab}", box=(min(gx, lx) - 12, min(gy, ly) - 12, max(gx, lx) + 12, max(gy, ly) + 12),
                       point=(gx, gy))


SCENE = Maze()
task = SCENE.task

RULES = ("Move between neighbouring cells only where no wall separates them; lettered gaps in the outer wall "
         "are exits.")


def _exit_distances(s):
    dist = bfs(s["start"], None, s["rows"], s["cols"], neighbors=open_moves(s))
    return [dist.get((r, k)) for r, k, _ in s["exits"]]


def _parents(s):
    """Tree parent of every cell, walking out from the start through open passages."""
    nbrs = open_moves(s)
    start = tuple(s["start"])
    par, order = {start: None}, [start]
    for cur in order:
        for nb in nbrs(*cur):
            if nb not in par:
                par[nb] = cur
                order.append(nb)
    return par


def _path_edges(par, cell):
    out = []
    cell = tuple(cell)
    while par[cell] is not None:
        out.append((cell, par[cell]))
        cell = par[cell]
    return out


def _add_loops(st, rng, n):
    """Open ``n`` extra walls, only between cells already connected (reachability is unchanged)."""
    comp = bfs_components(st)
    cand = [((r, k), (r, k + 1)) for r in range(st["rows"]) for k in range(st["cols"] - 1) if st["right"][r][k]]
    cand += [((r, k), (r + 1, k)) for r in range(st["rows"] - 1) for k in range(st["cols"]) if st["down"][r][k]]
    cand = [(a, b) for a, b in cand if comp[a] == comp[b]]
    for i in rng.permutation(len(cand))[:n]:
        a, b = cand[int(i)]
        set_wall(st, a, b, 0)


def bfs_components(st):
    comp, nbrs = {}, open_moves(st)
    for r in range(st["rows"]):
        for k in range(st["cols"]):
            if (r, k) in comp:
                continue
            for cell in bfs((r, k), None, st["rows"], st["cols"], neighbors=nbrs):
                comp[cell] = (r, k)
    return comp


def _relabel(st, rng, index, letter):
    letters = list(LETTERS[:len(st["exits"])])
    others = [x for x in letters if x != letter]
    perm = [others[int(i)] for i in rng.permutation(len(others))]
    perm.insert(index, letter)
    st["labels"] = perm
    return st


@task("exit_reachability_label", answer="string", annotation="point", ops="topology")
def exit_reachability_label(q):
    s = q.state
    k = len(s["exits"])
    want = q.choice("target_reachability", ["reachable", "unreachable"])
    letter = q.target(LETTERS[:k])
    chosen = q.param("target_exit", lambda r: int(r.integers(k)))

    def build(st, rng):
        par = _parents(st)  # the sampled maze is a spanning tree
        paths = [set(_path_edges(par, (r, c))) for r, c, _ in st["exits"]]
        cuts = []
        if want == "reachable":
            for i, p in enumerate(paths):
                if i != chosen:
                    own = sorted(p - paths[chosen])
                    if not own:
                        return st
                    cuts.append(own[int(rng.integers(len(own)))])
        else:
            own = sorted(paths[chosen] - set().union(*(p for i, p in enumerate(paths) if i != chosen)))
            if not own:
                return st
            cuts.append(own[int(rng.integers(len(own)))])
        on_paths = set().union(*paths)
        spare = sorted({(a, par[a]) for a in par if par[a] is not None} - on_paths)
        for i in rng.permutation(len(spare))[:int(rng.integers(0, 3))]:
            cuts.append(spare[int(i)])
        for a, b in cuts:
            set_wall(st, a, b, 1)
        _add_loops(st, rng, st["rows"] * st["cols"] // 10)
        return _relabel(st, rng, chosen, letter)

    s = q.edit(build)
    dist = _exit_distances(s)
    hits = [i for i, d in enumerate(dist) if (d is not None) == (want == "reachable")]
    q.require(len(hits) == 1, "not exactly one exit with the asked status")
    i = hits[0]
    lab = s["labels"][i]
    q.step("reachability", status=want, reachable=[s["labels"][j] for j, d in enumerate(dist) if d is not None])
    if want == "reachable":
        question = f"{RULES} Exactly one exit can be reached from the start S. Which exit is it?"
    else:
        question = f"{RULES} Exactly one exit cannot be reached from the start S. Which exit is it?"
    return q.answer(lab, witnesses=f"exit:{lab}", question=question, examples=s["labels"])


@task("nearest_exit_label", answer="string", annotation="point", ops="filtering,counting,ranking,topology")
def nearest_exit_label(q):
    s = q.state
    k = len(s["exits"])
    letter = q.target(LETTERS[:k])

    def build(st, rng):
        # a few cut passages may wall off exits, a few extra openings make loops
        edges = [((r, c), (r, c + 1)) for r in range(st["rows"]) for c in range(st["cols"] - 1) if not st["right"][r][c]]
        edges += [((r, c), (r + 1, c)) for r in range(st["rows"] - 1) for c in range(st["cols"]) if not st["down"][r][c]]
        for i in rng.permutation(len(edges))[:int(rng.integers(0, 3))]:
            set_wall(st, *edges[int(i)], 1)
        _add_loops(st, rng, st["rows"] * st["cols"] // 8)
        dist = _exit_distances(st)
        known = [d for d in dist if d is not None]
        if not known:
            return st
        best = dist.index(min(known))
        return _relabel(st, rng, best, letter)

    s = q.edit(build)
    dist = _exit_distances(s)
    known = sorted(d for d in dist if d is not None)
    q.require(bool(known), "no exit reachable")
    q.require(len(known) == 1 or known[0] < known[1], "tied nearest exits")
    i = dist.index(known[0])
    lab = s["labels"][i]
    q.step("exit_distances", distances={s["labels"][j]: d for j, d in enumerate(dist)})
    return q.answer(lab, witnesses=f"exit:{lab}", examples=s["labels"],
                    question=(f"{RULES} Some exits may be cut off from S. Among the exits that can be reached from "
                              f"the start S, which one has the shortest route (fewest cell-to-cell moves)?"))
