"""Networks laid on a lattice: metro maps (coloured routes along octilinear paths, stations at every
lattice point a route visits, interchange rings where routes meet, a route legend) and pipe boards
(junctions on a lattice joined by straight horizontal or vertical pipes, blocked pipes greyed out
and crossed with a red X).

States keep lattice coordinates; drawing maps them into a box, so fluid canvases may stretch the
layout.  Routes never share a segment and no two diagonals cross inside a cell, so every crossing
of two routes is a station both of them serve; pipes never cross and never pass a junction.
"""

from __future__ import annotations

import math

import numpy as np

from ..core.canvas import blend
from .cards import rounded_rect
from .graphs import _seg_hits_box

def _level(difficulty, k):
    """The difficulty of the k-th board tried: its own first, then by turns one harder and one
    easier (a rare target is reached sooner on a bigger or a smaller board)."""
    return (difficulty, min(3, difficulty + 1), max(1, difficulty - 1))[(k // 10) % 3]


def rebuild(q, support, make, pick, *, tries: int = 90):
    """Task helper: a fresh network ``make(rng, difficulty, k)`` on which ``pick(state, target,
    rng)`` finds a choice (not None) reaching the instance's target, stratified over one
    ``support`` for every difficulty so answers spread evenly; networks of the neighbouring
    difficulties are tried when the instance's own rarely reach it.  The choice is kept in the
    state as ``pick``.  Returns (state, target)."""
    from ..core.task import Reject

    t = q.target(support, stratified=True)

    def edit(s, r):
        for k in range(tries):
            st = make(r, _level(q.difficulty, k), k, t)
            choice = None if st is None else pick(st, t, r)
            if choice is not None:
                st["pick"] = choice
                return st
        raise Reject("no network reached the target")

    return q.edit(edit), t


def pick_one(rng, options):
    """A random element of ``options`` (None when empty)."""
    return options[int(rng.integers(len(options)))] if options else None


def ring_pick(rng, adj, t, ks):
    """[node, k] with exactly ``t`` nodes at shortest distance k (k from ``ks``, else 1), or None."""
    from .graphs import bfs_dist

    rings: dict = {}
    for v in range(len(adj)):
        for x in bfs_dist(adj, v).values():
            rings[v, x] = rings.get((v, x), 0) + 1
    opts = [[v, k] for (v, k), m in sorted(rings.items()) if m == t and k in ks]
    return pick_one(rng, opts or [[v, k] for (v, k), m in sorted(rings.items()) if m == t and k == 1])


def unique_path_pair(rng, adj, t):
    """[a, b] joined by exactly one shortest path, of ``t`` edges (random order), or None."""
    from .graphs import shortest_paths_count

    opts = []
    for a in range(len(adj)):
        dist, cnt = shortest_paths_count(adj, a)
        opts += [[a, b] for b, d in dist.items() if d == t and cnt[b] == 1 and b > a]
    pair = pick_one(rng, opts)
    return pair[::-1] if pair and rng.random() < 0.5 else pair


def unique_path(adj, a, b) -> list[int]:
    """The nodes of the (unique) shortest path from a to b."""
    from .graphs import bfs_dist

    dist = bfs_dist(adj, b)
    path = [a]
    while path[-1] != b:
        path.append(next(w for w in adj[path[-1]] if dist.get(w) == dist[path[-1]] - 1))
    return path


def planted_path(q, rebuild, adjacency, support=range(2, 7)):
    """Task helper: (state, path) -- a network (from ``rebuild``) holding a unique shortest path of
    the instance's target length in ``support``; ``adjacency(state)`` gives the graph walked."""
    s, _ = rebuild(q, support, lambda st, t, r: unique_path_pair(r, adjacency(st), t))
    return s, unique_path(adjacency(s), *s["pick"])


def planted_ring(q, rebuild, adjacency, support, ks):
    """Task helper: (state, source, k, nodes) -- a network holding a node with exactly the target
    number of nodes at shortest distance k (k from ``ks`` where it can be, else 1)."""
    from .graphs import bfs_dist

    s, _ = rebuild(q, support, lambda st, t, r: ring_pick(r, adjacency(st), t, ks))
    v, k = s["pick"]
    return s, v, k, sorted(w for w, d in bfs_dist(adjacency(s), v).items() if d == k)


DIRS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
ROUTE_COLORS = ("red", "blue", "green", "orange", "purple", "brown", "pink", "cyan")
PIPE_COLORS = ("cyan", "blue", "green", "purple")


# ---------------------------------------------------------------------------- metro routes
def _route(rng, cols, rows, length, used, diag, *, bends: float):
    """One octilinear path of up to ``length`` lattice points: mostly straight, turning 45 degrees
    now and then, avoiding segments in ``used`` and diagonals crossing those in ``diag``."""
    start = (int(rng.integers(cols)), int(rng.integers(rows)))
    d = int(rng.integers(8))
    path = [start]
    while len(path) < length:
        x, y = path[-1]
        turns = [(d, 1.0 - bends), ((d + 1) % 8, bends / 2), ((d - 1) % 8, bends / 2)]
        opts = []
        for nd, w in turns:
            dx, dy = DIRS[nd]
            nx_, ny_ = x + dx, y + dy
            if not (0 <= nx_ < cols and 0 <= ny_ < rows) or (nx_, ny_) in path:
                continue
            seg = frozenset(((x, y), (nx_, ny_)))
            cell = (min(x, nx_), min(y, ny_))
            if seg in used or (dx and dy and cell in diag):
                continue
            opts.append((nd, w, (nx_, ny_)))
        if not opts:
            break
        u = rng.random() * sum(w for _, w, _ in opts)
        k = 0
        while k < len(opts) - 1 and u >= opts[k][1]:
            u -= opts[k][1]
            k += 1
        d, _, nxt = opts[k]
        path.append(nxt)
    return path


def random_metro(rng, cols: int, rows: int, n_routes: int, length, *, bends: float = 0.3, tries: int = 40,
                 connected: bool = True, hub: bool = False):
    """``n_routes`` routes on a cols x rows lattice, each of ``length`` (lo, hi) stations (each
    after the first meeting an earlier one at a station when ``connected``, the first one when
    ``hub``: a network with a busy first route).  Returns (stations, routes): stations
    as [x, y] lattice points, routes as lists of station indices; or None."""
    used: set = set()
    diag: set = set()
    paths: list[list[tuple]] = []
    seen: set = set()
    for _ in range(n_routes):
        for _ in range(tries):
            want = int(rng.integers(length[0], length[1] + 1))
            p = _route(rng, cols, rows, want, used, diag, bends=bends)
            if len(p) < length[0]:
                continue
            if connected and paths and not (set(paths[0]) if hub else seen).intersection(p):
                continue
            break
        else:
            return None
        paths.append(p)
        seen.update(p)
        for a, b in zip(p, p[1:]):
            used.add(frozenset((a, b)))
            if a[0] != b[0] and a[1] != b[1]:
                diag.add((min(a[0], b[0]), min(a[1], b[1])))
    pts = sorted({pt for p in paths for pt in p}, key=lambda t: (t[1], t[0]))
    idx = {pt: i for i, pt in enumerate(pts)}
    return [list(pt) for pt in pts], [[idx[pt] for pt in p] for p in paths]


def metro_edges(routes) -> list[list[int]]:
    """Undirected station pairs joined by a route segment (each once, sorted)."""
    return sorted({tuple(sorted((a, b))) for r in routes for a, b in zip(r, r[1:])})


def memberships(n: int, routes) -> list[int]:
    """How many routes serve each station."""
    out = [0] * n
    for r in routes:
        for v in set(r):
            out[v] += 1
    return out


def lattice_map(points, box, cols, rows, *, inset: float = 0.0):
    """Lattice points -> canvas points filling ``box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    sx = (x1 - x0 - 2 * inset) / max(1, cols - 1)
    sy = (y1 - y0 - 2 * inset) / max(1, rows - 1)
    return [(x0 + inset + gx * sx, y0 + inset + gy * sy) for gx, gy in points], (sx, sy)


def _label_spot(c, x, y, text, size, r, segs, taken, bounds):
    """A box beside a station clear of route segments, stations and other labels."""
    w = c.text_width(text, size=size) + 10
    h = size + 8
    best = None
    for ux, uy in ((1, 1), (1, -1), (0, 1), (0, -1), (-1, 1), (-1, -1), (1, 0), (-1, 0)):   # one side first
        cx = x + ux * (r + 4 + w / 2) if ux else x
        cy = y + uy * (r + 4 + h / 2) if uy else y
        if not ux:
            cy = y + uy * (r + 6 + h / 2)
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if box[0] < bounds[0] or box[1] < bounds[1] or box[2] > bounds[2] or box[3] > bounds[3]:
            continue
        score = 0
        if len(segs) and _seg_hits_box(segs[0], segs[1], box).any():
            score += 10
        if any(not (box[2] + 2 < b[0] or b[2] + 2 < box[0] or box[3] + 2 < b[1] or b[3] + 2 < box[1]) for b in taken):
            score += 100
        if best is None or score < best[0]:
            best = (score, box)
        if score == 0:
            break
    return best[1] if best else (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def draw_metro(c, stations, routes, names, colors, labels, box, cols, rows, *, legend_y: float):
    """A metro map: a legend row (colour swatch + route name) at ``legend_y``, routes as thick
    coloured polylines, stations as rings (interchanges as bold double rings), labels in small
    boxes beside their stations.  Registers ``station:i`` (centre point, box) and
    ``route:k`` (legend entry).  Returns the station centres."""
    n_routes = len(routes)
    slot = (c.width - 40) / max(4, n_routes)
    for k, (name, col) in enumerate(zip(names, colors)):
        x = 20 + k * slot
        rounded_rect(c, x, legend_y - 8, 34, 16, radius=7, fill=col, stroke="ink", lw=1.0, id=f"route:{k}")
        c.text(x + 42, legend_y, name, size=15, anchor="l")
    r = max(8.0, min(12.0, 0.16 * min((box[2] - box[0]) / max(1, cols - 1), (box[3] - box[1]) / max(1, rows - 1))))
    pts, _ = lattice_map(stations, box, cols, rows, inset=r + 4)
    lw = max(6.0, r * 0.75)
    for route, col in zip(routes, colors):
        c.polyline([pts[v] for v in route], color=col, lw=lw)
    member = memberships(len(stations), routes)
    segs_a = np.array([pts[a] for rt in routes for a, b in zip(rt, rt[1:])], dtype=float).reshape(-1, 2)
    segs_b = np.array([pts[b] for rt in routes for a, b in zip(rt, rt[1:])], dtype=float).reshape(-1, 2)
    for i, (x, y) in enumerate(pts):
        if member[i] >= 2:
            c.circle(x, y, r * 1.45, fill="paper", stroke="ink", lw=3.2)
            c.circle(x, y, r * 0.75, fill="paper", stroke="ink", lw=2.4, id=None)
            c.register(f"station:{i}", box=(x - r * 1.45, y - r * 1.45, x + r * 1.45, y + r * 1.45), point=(x, y))
        else:
            c.circle(x, y, r, fill="paper", stroke="ink", lw=2.0, id=f"station:{i}")
    taken = [(x - r * 1.5, y - r * 1.5, x + r * 1.5, y + r * 1.5) for x, y in pts]
    size = 14.0
    bounds = (4, legend_y + 14, c.width - 4, c.height - 4)
    fill = "panel" if c.style.accent % 2 else "paper"
    for i, (x, y) in enumerate(pts):
        rr = r * (1.45 if member[i] >= 2 else 1.0)
        b = _label_spot(c, x, y, labels[i], size, rr, (segs_a, segs_b), taken, bounds)
        taken.append(b)
        rounded_rect(c, b[0], b[1], b[2] - b[0], b[3] - b[1], radius=4, fill=fill, stroke="grid", lw=1.0)
        c.text((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, labels[i], size=size, color=c.text_on(fill))
    return pts


# ---------------------------------------------------------------------------- pipe boards
def pipe_candidates(junctions) -> list[list[int]]:
    """Junction pairs in one lattice row or column with no junction between them."""
    out = []
    for axis in (0, 1):                      # rows (same y), then columns (same x)
        lines: dict = {}
        for i, p in enumerate(junctions):
            lines.setdefault(p[1 - axis], []).append((p[axis], i))
        for members in lines.values():
            members.sort()
            out += [sorted([a[1], b[1]]) for a, b in zip(members, members[1:])]
    return sorted(out)


def random_pipes(rng, junctions, *, p_extra: float):
    """A random spanning forest of the non-crossing candidate pipes plus extra pipes with
    probability ``p_extra`` (candidates taken in random order, skipping any that cross one
    already taken)."""
    from .graphs import spanning_tree

    cand = pipe_candidates(junctions)
    chosen: list[list[int]] = []
    horiz: list[tuple] = []                  # (y, x0, x1) of taken horizontal pipes
    vert: list[tuple] = []                   # (x, y0, y1) of taken vertical pipes
    for k in rng.permutation(len(cand)):
        a, b = cand[int(k)]
        (ax, ay), (bx, by) = junctions[a], junctions[b]
        if ay == by:
            x0, x1 = min(ax, bx), max(ax, bx)
            if any(x0 < x < x1 and y0 < ay < y1 for x, y0, y1 in vert):
                continue
            horiz.append((ay, x0, x1))
        else:
            y0, y1 = min(ay, by), max(ay, by)
            if any(y0 < y < y1 and x0 < ax < x1 for y, x0, x1 in horiz):
                continue
            vert.append((ax, y0, y1))
        chosen.append([a, b])
    tree = spanning_tree(rng, len(junctions), sorted(chosen))
    tset = {tuple(e) for e in tree}
    extra = [e for e in sorted(chosen) if tuple(e) not in tset and rng.random() < p_extra]
    return sorted(tree + extra)


def draw_pipes(c, junctions, pipes, blocked, labels, box, cols, rows):
    """A pipe board: a dotted lattice, pipes as shaded tubes (blocked ones grey with a red X at
    their middle), junctions as bolted rings with their labels.  Registers ``junction:i``
    (centre, box), ``pipe:k`` (segment between the junction centres) and, for a blocked pipe, one
    stroke of its X as ``block:k``."""
    r = max(15.0, min(22.0, 0.2 * min((box[2] - box[0]) / max(1, cols - 1), (box[3] - box[1]) / max(1, rows - 1))))
    pts, (sx, sy) = lattice_map(junctions, box, cols, rows, inset=r + 6)
    x0, y0 = box[0] + r + 6, box[1] + r + 6
    for gx in np.arange(0, cols - 1 + 1e-9, 1 / 3):
        for gy in np.arange(0, rows - 1 + 1e-9, 1 / 3):
            c.circle(x0 + gx * sx, y0 + gy * sy, 1.6, fill="muted")
    base = c.color(PIPE_COLORS[c.style.accent % len(PIPE_COLORS)])   # never red: red marks a blocked pipe
    dark, light = blend(base, c.color("ink"), 0.45), blend(base, c.color("paper"), 0.55)
    grey, grey_dark = c.color("grid"), blend(c.color("grid"), c.color("ink"), 0.35)
    w = r * 0.8
    for k, (a, b) in enumerate(pipes):
        (ax, ay), (bx, by) = pts[a], pts[b]
        shut = bool(blocked[k])
        c.line(ax, ay, bx, by, color=grey_dark if shut else dark, lw=w, id=f"pipe:{k}")
        c.line(ax, ay, bx, by, color=grey if shut else base, lw=w * 0.62)
        hx, hy = (0.0, -w * 0.16) if ay == by else (-w * 0.16, 0.0)
        c.line(ax + hx, ay + hy, bx + hx, by + hy, color=blend(grey, c.color("paper"), 0.5) if shut else light,
               lw=w * 0.16)
        if shut:
            mx, my = (ax + bx) / 2, (ay + by) / 2
            d = w * 0.95
            for s in (1, -1):
                c.line(mx - d, my - s * d, mx + d, my + s * d, color="red", lw=max(4.0, w * 0.28),
                       id=f"block:{k}" if s == 1 else None)
    for i, (x, y) in enumerate(pts):
        c.circle(x, y, r, fill=dark, stroke="ink", lw=1.5, id=f"junction:{i}")
        for k in range(8):
            a = math.pi / 4 * k + math.pi / 8
            c.circle(x + math.cos(a) * r * 0.82, y + math.sin(a) * r * 0.82, max(1.2, r * 0.07), fill=grey_dark)
        c.circle(x, y, r * 0.64, fill="paper", stroke=dark, lw=1.2)
        text = labels[i]
        size = 13.0 if len(text) > 2 else 14.0
        c.text(x, y, text, size=size, bold=True, color=c.text_on("paper"))
    return pts
