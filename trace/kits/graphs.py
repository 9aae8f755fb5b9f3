"""Shared helpers for graph scenes: node layout, planar candidate edges, edge-label placement,
node-link drawing and a few small exact graph algorithms (pure Python, small graphs).

Layouts are semantic (they live in the state), so the render stays a pure function of the
state.  Nodes sit in the cells of a jittered grid (no overlaps); candidate edges are chosen
greedily shortest-first so that no two cross, none passes close to a third node and no two
edges leave a node at a tiny angle.  Graph samplers pick subsets of the candidates, so every
drawn graph is planar and uncluttered.
"""

from __future__ import annotations

import math
from collections import deque
from math import floor as _floor

import numpy as np

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
NODE_R = 18.0


# ---------------------------------------------------------------------------- layout
def grid_layout(rng, n, box, cols, rows, r=NODE_R, gap=14.0):
    """``n`` node centres in distinct cells of a cols x rows grid inside ``box``, jittered."""
    x0, y0, x1, y1 = box
    cw, ch = (x1 - x0) / cols, (y1 - y0) / rows
    cells = rng.choice(cols * rows, size=n, replace=False).tolist()
    jx, jy = max(0.0, cw / 2 - r - gap), max(0.0, ch / 2 - r - gap)
    # rng.uniform(-1.0, 1.0, size=(n, 2)) is -1.0 + 2.0 * u of the same doubles u in the same order
    # (2.0 * u is exact, so one rounding either way), without numpy's per-call overhead
    off = rng.random(2 * n).tolist()
    return [[_tenth(x0 + (cell % cols + 0.5) * cw + (-1.0 + 2.0 * off[2 * i]) * jx),
             _tenth(y0 + (cell // cols + 0.5) * ch + (-1.0 + 2.0 * off[2 * i + 1]) * jy)]
            for i, cell in enumerate(cells)]


def _tenth(x: float) -> float:
    """``round(x, 1)``, quicker for positive x away from a tie: there 10x rounds to the integer k
    nearest its float product (off by under 1e-11 below 2^40), and k / 10 is the float nearest the
    tenth, which is what ``round`` returns."""
    if 0 < x < 1e12:
        y = x * 10
        k = _floor(y)
        d = y - k
        if d < 0.4999999 or d > 0.5000001:
            return (k + (d > 0.5)) / 10
    return round(x, 1)


def _cross_matrix(P, pairs):
    """m x m bool: segments properly cross (no shared endpoint)."""
    A = P[pairs[:, 0]]
    B = P[pairs[:, 1]]
    d = B - A

    def orient(a, dd, p):  # sign of cross(dd, p - a) for every (segment, point)
        return np.sign(dd[:, None, 0] * (p[None, :, 1] - a[:, None, 1]) - dd[:, None, 1] * (p[None, :, 0] - a[:, None, 0]))

    o1 = orient(A, d, A)  # o1[i, j]: side of A_j w.r.t. segment i
    o2 = orient(A, d, B)
    straddle = (o1 * o2) < 0
    cross = straddle & straddle.T
    share = ((pairs[:, None, 0] == pairs[None, :, 0]) | (pairs[:, None, 0] == pairs[None, :, 1])
             | (pairs[:, None, 1] == pairs[None, :, 0]) | (pairs[:, None, 1] == pairs[None, :, 1]))
    return cross & ~share, share


def planar_candidates(pos, *, dmax, r=NODE_R, clearance=8.0, min_angle=18.0, allow_cross=False):
    """Candidate edges (i < j): shortest first, non-crossing (unless ``allow_cross``: a cluttered
    drawing whose edges may cross), clear of other nodes, well separated angles."""
    P = np.asarray(pos, dtype=float)
    n = len(P)
    iu, ju = np.triu_indices(n, 1)
    dist = np.hypot(*(P[ju] - P[iu]).T)
    keep = dist < dmax
    iu, ju, dist = iu[keep], ju[keep], dist[keep]
    order = np.argsort(dist, kind="stable")
    pairs = np.stack([iu[order], ju[order]], axis=1)
    if len(pairs) == 0:
        return []
    A, B = P[pairs[:, 0]], P[pairs[:, 1]]
    d = B - A
    L2 = (d ** 2).sum(1)
    # distance of every node to every candidate segment
    t = ((P[None, :, :] - A[:, None, :]) * d[:, None, :]).sum(2) / L2[:, None]
    t = np.clip(t, 0.0, 1.0)
    proj = A[:, None, :] + t[:, :, None] * d[:, None, :]
    dn = np.hypot(*(P[None, :, :] - proj).transpose(2, 0, 1))
    idx = np.arange(n)
    dn[(idx[None, :] == pairs[:, 0:1]) | (idx[None, :] == pairs[:, 1:2])] = np.inf
    clear = dn.min(1) > r + clearance
    cross, share = _cross_matrix(P, pairs)
    # angle between edges sharing an endpoint
    ang = np.arctan2(d[:, 1], d[:, 0])
    same_start = pairs[:, None, 0] == pairs[None, :, 0]
    same_end = pairs[:, None, 1] == pairs[None, :, 1]
    flip = (pairs[:, None, 0] == pairs[None, :, 1]) | (pairs[:, None, 1] == pairs[None, :, 0])
    diff = ang[:, None] - ang[None, :]
    diff = np.where(flip, diff + math.pi, diff)
    diff = np.abs((diff + math.pi) % (2 * math.pi) - math.pi)
    narrow = (same_start | same_end | flip) & (diff < math.radians(min_angle))
    np.fill_diagonal(narrow, False)
    conflict = narrow if allow_cross else (cross | narrow)
    accepted: list[int] = []
    for k in range(len(pairs)):
        if not clear[k]:
            continue
        if accepted and conflict[k, accepted].any():
            continue
        accepted.append(k)
    return sorted([int(pairs[k, 0]), int(pairs[k, 1])] for k in accepted)



def layout_flaws(pos, edges, r=NODE_R, clearance=8.0, min_angle=20.0) -> int:
    """How badly ``edges`` read in the layout ``pos``: each pair of crossing edges counts 1, each
    edge passing within ``r + clearance`` of a node it does not join counts 10, each pair of edges
    leaving a node less than ``min_angle`` degrees apart counts 5."""
    P = np.asarray(pos, dtype=float)
    E = np.asarray(edges, dtype=int).reshape(-1, 2)
    if len(E) == 0:
        return 0
    cross, _ = _cross_matrix(P, E)
    flaws = int(np.triu(cross, 1).sum())
    A, B = P[E[:, 0]], P[E[:, 1]]
    d = B - A
    t = np.clip(((P[None, :, :] - A[:, None, :]) * d[:, None, :]).sum(2) / (d ** 2).sum(1)[:, None], 0.0, 1.0)
    dist = np.hypot(*(P[None, :, :] - (A[:, None, :] + t[:, :, None] * d[:, None, :])).transpose(2, 0, 1))
    idx = np.arange(len(P))
    dist[(idx[None, :] == E[:, 0:1]) | (idx[None, :] == E[:, 1:2])] = np.inf
    flaws += 10 * int((dist < r + clearance).sum())
    return flaws + _narrow_numpy(P, E, min_angle)


class _FlawPlan:
    """What ``_flaws_upto`` needs of an edge list, worked out once per ``tidy_layout`` call: the
    edges, the pairs of edges that share no endpoint (only those can cross) and, per node with two
    or more edge ends, those ends as (edge, leaves from its first node)."""

    __slots__ = ("E", "pairs", "ends")

    def __init__(self, E):
        self.E = E
        self.pairs = [(i, j) for i in range(len(E)) for j in range(i + 1, len(E))
                      if not (E[i][0] in E[j] or E[i][1] in E[j])]
        around: dict[int, list] = {}
        for k, (u, v) in enumerate(E):
            around.setdefault(u, []).append((k, True))
            around.setdefault(v, []).append((k, False))
        self.ends = [ends for ends in around.values() if len(ends) >= 2]


def _flaws_upto(pos, plan, bound, r=NODE_R, clearance=8.0, min_angle=20.0) -> int:
    """``layout_flaws(pos, plan.E, r, clearance, min_angle)`` in plain Python for the few nodes and
    edges of a ``tidy_layout`` draw: the same float expressions in the same order for distances
    and crossings (the same orientation products).  Distances and angles are decided on values
    that can differ from numpy's only in the last bits (squared offsets for ``np.hypot``,
    ``math.atan2`` for ``np.arctan2``), so wherever one lies within 1e-9 of its limit the numpy
    original decides.  With ``bound`` it may stop early and return any count above ``bound``
    once the count passes it (every flaw adds, none subtracts)."""
    E = plan.E
    if not E:
        return 0
    cap = math.inf if bound is None else bound
    flaws = 0
    # pairs of edges leaving a node less than min_angle apart (neighbours around it): most draws
    # have some, so counted first
    near = min_angle - 1e-9, min_angle + 1e-9
    unsure = False
    for ends in plan.ends:
        ang = []
        for k, out in ends:
            u, v = E[k]
            ax, ay = pos[u]
            bx, by = pos[v]
            ang.append(math.degrees(math.atan2(by - ay, bx - ax) if out else math.atan2(ay - by, ax - bx)) % 360)
        ang.sort()
        for g in [ang[k] - ang[k - 1] for k in range(1, len(ang))] + [ang[0] + 360 - ang[-1]]:
            if g < near[0]:
                flaws += 5
                if flaws > cap:
                    return flaws
            elif g <= near[1]:
                unsure = True
    if unsure:       # a gap too close to the limit to call on math.atan2: numpy's own angles decide
        flaws = _narrow_numpy(pos, E, min_angle)
        if flaws > cap:
            return flaws
    segs = []
    for u, v in E:
        ax, ay = pos[u]
        bx, by = pos[v]
        segs.append((u, v, ax, ay, bx - ax, by - ay))
    # nodes within r + clearance of an edge they do not join: hypot(e) < lim decided on e.e
    lim = r + clearance
    lo, hi = lim * lim * (1 - 1e-9), lim * lim * (1 + 1e-9)
    for u, v, ax, ay, dx, dy in segs:
        L2 = dx * dx + dy * dy
        if not L2:
            return layout_flaws(pos, E, r=r, clearance=clearance, min_angle=min_angle)
        for k, (px, py) in enumerate(pos):
            if k == u or k == v:
                continue
            t = ((px - ax) * dx + (py - ay) * dy) / L2
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
            ex = px - (ax + t * dx)
            ey = py - (ay + t * dy)
            s = ex * ex + ey * ey
            if s < lo:
                flaws += 10
                if flaws > cap:
                    return flaws
            elif s <= hi:
                return layout_flaws(pos, E, r=r, clearance=clearance, min_angle=min_angle)
    # pairs of edges that properly cross (no shared endpoint): each straddles the other's line
    for i, j in plan.pairs:
        _, _, axi, ayi, dxi, dyi = segs[i]
        _, _, axj, ayj, dxj, dyj = segs[j]
        bxj, byj = pos[E[j][1]]
        p = dxi * (ayj - ayi) - dyi * (axj - axi)
        q = dxi * (byj - ayi) - dyi * (bxj - axi)
        if not ((p > 0 and q < 0) or (p < 0 and q > 0)):
            continue
        bxi, byi = pos[E[i][1]]
        p = dxj * (ayi - ayj) - dyj * (axi - axj)
        q = dxj * (byi - ayj) - dyj * (bxi - axj)
        if (p > 0 and q < 0) or (p < 0 and q > 0):
            flaws += 1
            if flaws > cap:
                return flaws
    return flaws


def _narrow_numpy(pos, E, min_angle) -> int:
    """``layout_flaws``'s angle term (numpy angles): the directions in which edges leave each node,
    sorted around it; 5 per gap between neighbours narrower than ``min_angle``."""
    P = np.asarray(pos, dtype=float)
    Ei = np.asarray(E, dtype=int).reshape(-1, 2)
    A, B = P[Ei[:, 0]], P[Ei[:, 1]]
    node = np.concatenate([Ei[:, 0], Ei[:, 1]])
    vec = np.concatenate([B - A, A - B])
    ang = np.degrees(np.arctan2(vec[:, 1], vec[:, 0])) % 360
    order = np.lexsort((ang, node))
    node, ang = node[order], ang[order]
    same = node[1:] == node[:-1]
    starts = np.flatnonzero(np.r_[True, ~same])
    ends = np.r_[starts[1:], len(node)] - 1
    wrap = ang[starts] + 360 - ang[ends]
    return 5 * int(((ang[1:] - ang[:-1])[same] < min_angle).sum() + ((wrap < min_angle) & (ends > starts)).sum())


def tidy_layout(rng, n, edges, box, cols, rows, *, r=NODE_R, tries=40):
    """Of up to ``tries`` ``grid_layout`` draws, the one with the fewest ``layout_flaws`` for
    ``edges`` and, among those, the widest spread (stopping at a flawless one that spans at least
    half the box's width and height)."""
    best, best_key = None, None
    x0, y0, x1, y1 = box
    plan = _FlawPlan([(int(u), int(v)) for u, v in edges])
    for _ in range(tries):
        pos = grid_layout(rng, n, box, cols, rows, r=r)
        xs, ys = [p[0] for p in pos], [p[1] for p in pos]
        spread = min((max(xs) - min(xs)) / (x1 - x0), (max(ys) - min(ys)) / (y1 - y0))
        neg = -round(float(spread), 3)
        if best is None:
            bound = None
        else:    # the most flaws with which this draw still beats the best (fewer, or as few and wider)
            bound = best_key[0] - (neg >= best_key[1])
            if bound < 0:
                continue
        flaws = _flaws_upto(pos, plan, bound, r=r)
        if bound is not None and flaws > bound:
            continue
        key = (flaws, neg)
        if best is None or key < best_key:
            best, best_key = pos, key
            if key[0] == 0 and spread >= 0.5:
                break
    return best

# ---------------------------------------------------------------------------- algorithms
def adjacency(n, edges, directed=False):
    adj = [[] for _ in range(n)]
    for u, v in edges:
        adj[u].append(v)
        if not directed:
            adj[v].append(u)
    return adj


def _union_find(n, pairs):
    """Union-find over ``pairs`` taken in order: the ``find`` of the final sets and the indices
    of the pairs that joined two sets."""
    parent = list(range(n))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    joined = []
    for k, (u, v) in enumerate(pairs):
        ru, rv = find(u), find(v)
        if ru != rv:
            parent[ru] = rv
            joined.append(k)
    return find, joined


def components(n, edges):
    """Connected components (undirected), each a sorted list, ordered by smallest node."""
    find, _ = _union_find(n, edges)
    groups: dict[int, list[int]] = {}
    for x in range(n):
        groups.setdefault(find(x), []).append(x)
    return sorted(groups.values())


def n_components(n, edges):
    return len(components(n, edges))


def bfs_dist(adj, src):
    dist = {src: 0}
    dq = deque([src])
    while dq:
        u = dq.popleft()
        for v in adj[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                dq.append(v)
    return dist


def descendants(n, edges, src):
    """The nodes reachable from ``src`` along directed ``edges``, ``src`` left out, sorted."""
    return sorted(v for v in bfs_dist(adjacency(n, edges, directed=True), src) if v != src)


def shortest_paths_count(adj, src):
    """BFS distances and number of shortest paths from ``src``."""
    dist, cnt = {src: 0}, {src: 1}
    dq = deque([src])
    while dq:
        u = dq.popleft()
        for v in adj[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                cnt[v] = cnt[u]
                dq.append(v)
            elif dist[v] == dist[u] + 1:
                cnt[v] += cnt[u]
    return dist, cnt


def articulation_points(n, edges):
    base = n_components(n, edges)
    out = []
    for x in range(n):
        rest = [e for e in edges if x not in e]
        # removing x: components among the other n-1 nodes
        if n_components(n, rest) - 1 > base:
            out.append(x)
    return out


def bridges(n, edges):
    base = n_components(n, edges)
    return [k for k in range(len(edges)) if n_components(n, edges[:k] + edges[k + 1:]) > base]


def _kruskal(n, edges, order):
    """Union-find over ``edges`` taken in ``order``; returns the indices of the edges kept."""
    _, joined = _union_find(n, [(edges[k][0], edges[k][1]) for k in order])
    return [order[i] for i in joined]


def spanning_tree(rng, n, cand):
    """Random spanning forest of the candidate edges (random Kruskal)."""
    return [list(cand[k]) for k in _kruskal(n, cand, [int(k) for k in rng.permutation(len(cand))])]


def minimum_spanning_tree(n, edges, weights):
    """Kruskal; returns the indices of the chosen edges in weight order."""
    return _kruskal(n, edges, sorted(range(len(edges)), key=lambda k: weights[k]))


def distinct_weights(rng, n_edges, top=None):
    """Distinct integer edge weights (so the minimum spanning tree is unique), drawn from 1..``top``
    (default: at least 20 and 5 more than the edge count)."""
    top = max(20, n_edges + 5) if top is None else max(top, n_edges)
    return [int(w) for w in rng.choice(range(1, top + 1), size=n_edges, replace=False)]


# ---------------------------------------------------------------------------- edge labels
def _seg_hits_box(A, B, box):
    """Vectorised Liang-Barsky: which segments A[k]-B[k] meet the axis-aligned box."""
    x0, y0, x1, y1 = box
    d = B - A
    # the four clip edges as rows (a dozen numpy calls in all: label placement calls this a lot)
    p = np.stack((-d[:, 0], d[:, 0], -d[:, 1], d[:, 1]))
    q = np.stack((A[:, 0] - x0, x1 - A[:, 0], A[:, 1] - y0, y1 - A[:, 1]))
    par = np.abs(p) < 1e-12
    t = np.divide(q, p, out=np.zeros_like(q), where=~par)
    t0 = np.where(p < 0, t, 0.0).max(axis=0, initial=0.0)
    t1 = np.where(p > 0, t, 1.0).min(axis=0, initial=1.0)
    return ~(par & (q < 0)).any(axis=0) & (t0 <= t1)


def _seg_meets_box(ax, ay, bx, by, box) -> bool:
    """``_seg_hits_box`` for one segment in plain Python: the same Liang-Barsky arithmetic."""
    x0, y0, x1, y1 = box
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if abs(p) < 1e-12:     # parallel to this side: outside it misses, else no bound (t = 0)
            if q < 0:
                return False
            t = 0.0
        else:
            t = q / p
        if p < 0:
            if t > t0:
                t0 = t
        elif p > 0:
            if t < t1:
                t1 = t
    return t0 <= t1


def _node_near_box(pts, box, lim) -> bool | None:
    """Whether a node of ``pts`` lies within ``lim`` of ``box`` (hypot of its offset from the box's
    nearest point, decided on the squared offset), or None when one sits within 1e-9 (relative)
    of ``lim`` and no other is clearly inside: only ``np.hypot`` itself can tell."""
    x0, y0, x1, y1 = box
    lo, hi = lim * lim * (1 - 1e-9), lim * lim * (1 + 1e-9)
    unsure = False
    for px, py in pts:
        ex = px - (x0 if px < x0 else (x1 if px > x1 else px))
        ey = py - (y0 if py < y0 else (y1 if py > y1 else py))
        sq = ex * ex + ey * ey
        if sq < lo:
            return True
        if sq <= hi:
            unsure = True
    return None if unsure else False


def place_edge_labels(pos, edges, *, bw, bh, r=NODE_R, bounds=None, ts=(0.5, 0.4, 0.6, 0.32, 0.68), widths=None):
    """A label centre on each edge whose box (bw x bh, or widths[k] x bh) clears nodes, other edges
    and other labels.

    Returns a list with [x, y] or None per edge.  (Plain Python over the few nodes and edges, the
    same float expressions as the numpy tests ``np.clip``/``np.hypot`` and ``_seg_hits_box``; a
    node distance too close to the limit to call is left to ``np.hypot``.)
    """
    P = np.asarray(pos, dtype=float)
    E = np.asarray(edges, dtype=int).reshape(-1, 2)
    pts = P.tolist()
    segs = [(pts[u][0], pts[u][1], pts[v][0], pts[v][1]) for u, v in E.tolist()]
    lim = r + 3
    placed: list[tuple] = []
    out = []
    for k, (ax, ay, bx, by) in enumerate(segs):
        found = None
        if widths is not None:
            bw = widths[k]
        for t in ts:
            cx, cy = ax + t * (bx - ax), ay + t * (by - ay)
            box = (cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2)
            if bounds is not None and (box[0] < bounds[0] or box[1] < bounds[1] or box[2] > bounds[2]
                                       or box[3] > bounds[3]):
                continue
            near = _node_near_box(pts, box, lim)
            if near is None:
                qx = np.clip(P[:, 0], box[0], box[2])
                qy = np.clip(P[:, 1], box[1], box[3])
                near = bool((np.hypot(P[:, 0] - qx, P[:, 1] - qy) < lim).any())
            if near:
                continue
            g = 2.0
            gbox = (box[0] - g, box[1] - g, box[2] + g, box[3] + g)
            if any(_seg_meets_box(*sg, gbox) for j, sg in enumerate(segs) if j != k):
                continue
            if any(not (box[2] + 3 < b[0] or b[2] + 3 < box[0] or box[3] + 3 < b[1] or b[3] + 3 < box[1])
                   for b in placed):
                continue
            found = [round(float(cx), 1), round(float(cy), 1)]
            placed.append(box)
            break
        out.append(found)
    return out


# ---------------------------------------------------------------------------- labels
LABEL_FAMILIES = ("letters", "numbers", "names")
_ONSETS = ("b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z",
           "br", "ch", "dr", "gr", "kr", "pl", "sh", "st", "tr", "")
_VOWELS = ("a", "e", "i", "o", "u", "ai", "ea", "io", "oa", "y")
_CODAS = ("", "", "", "n", "r", "s", "l", "x", "m", "k", "t")


def _syllable(rng):
    return (_ONSETS[int(rng.integers(len(_ONSETS)))] + _VOWELS[int(rng.integers(len(_VOWELS)))]
            + _CODAS[int(rng.integers(len(_CODAS)))])


def node_labels(rng, n, family=None):
    """``n`` distinct node labels of one family: random capital letters, numbers (1..2n+9) or short
    pronounceable names of two or three letters ("Tye", "Boi", "Ag")."""
    family = family or LABEL_FAMILIES[int(rng.integers(len(LABEL_FAMILIES)))]
    if family == "letters":
        return [LETTERS[int(i)] for i in rng.choice(len(LETTERS), size=n, replace=False)]
    if family == "numbers":
        return [str(int(i) + 1) for i in rng.choice(2 * n + 9, size=n, replace=False)]
    out: list[str] = []
    while len(out) < n:
        w = _syllable(rng)[:3].capitalize()
        if len(w) >= 2 and w not in out:
            out.append(w)
    return out


def words(rng, n, *, distinct=True):
    """``n`` short lowercase pseudo-words (one or two syllables, 2-7 letters) for edge texts."""
    out: list[str] = []
    while len(out) < n:
        w = "".join(_syllable(rng) for _ in range(1 + int(rng.random() < 0.55)))
        if 2 <= len(w) <= 7 and (not distinct or w not in out):
            out.append(w)
    return out


EDGE_TEXT_SIZE = 13.0


def edge_text_box(text):
    """Logical (width, height) of an edge-text box, generous enough for every style font."""
    return 0.64 * EDGE_TEXT_SIZE * len(text) + 12.0, 20.0


# ---------------------------------------------------------------------------- drawing
def edge_id(u, v, directed=False):
    if not directed and u > v:
        u, v = v, u
    return f"edge:{u}-{v}"


def draw_node_link(c, state, *, r=NODE_R, highlight=()):
    """Draw a node-link graph from a state with keys pos, labels, edges and optional directed,
    weights, edge_text, label_pos, node_colors, edge_colors.  Registers node:i, edge:u-v,
    weight:k and etext:k.  Render-only variety: round or square nodes (the style's marker),
    plain or tinted node fills (the style's accent)."""
    pos = state["pos"]
    directed = bool(state.get("directed"))
    ecol = state.get("edge_colors")
    weights = state.get("weights")
    texts = state.get("edge_text")
    lpos = state.get("label_pos")
    for k, (u, v) in enumerate(state["edges"]):
        (ax, ay), (bx, by) = pos[u], pos[v]
        L = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / L, (by - ay) / L
        sx, sy, ex, ey = ax + ux * r, ay + uy * r, bx - ux * r, by - uy * r
        color = ecol[k] if ecol else "ink"
        lw = 4.0 if ecol else 2.0
        eid = edge_id(u, v, directed)
        if directed:
            c.arrow(sx, sy, ex, ey, color=color, lw=lw, head=11.0 if ecol else 10.0, id=eid)
        else:
            c.line(sx, sy, ex, ey, color=color, lw=lw, id=eid)
    if lpos is not None:
        for k, (x, y) in enumerate(lpos):
            if weights is not None:
                bw, bh, s, eid = WEIGHT_BOX[0], WEIGHT_BOX[1], str(weights[k]), f"weight:{k}"
            else:
                (bw, bh), s, eid = edge_text_box(texts[k]), texts[k], f"etext:{k}"
            c.rect(x - bw / 2, y - bh / 2, bw, bh, fill="background", stroke="muted", lw=1.0, id=eid)
            c.text(x, y, s, size=EDGE_TEXT_SIZE, bold=weights is not None)
    ncol = state.get("node_colors")
    square = c.style.marker in ("square", "diamond")
    tinted = c.style.accent % 2 == 1
    for i, (x, y) in enumerate(pos):
        fill = ncol[i] if ncol else (f"series:{c.style.accent}" if tinted else "panel")
        lw = 3.5 if i in highlight else (1.5 if ncol else 2.0)
        if square:
            c.rect(x - r, y - r, 2 * r, 2 * r, fill=fill, stroke="ink", lw=lw, id=f"node:{i}")
        else:
            c.circle(x, y, r, fill=fill, stroke="ink", lw=lw, id=f"node:{i}")
        label = state["labels"][i]
        c.text(x, y, label, size=15 if len(label) < 3 else 13, bold=True, color=c.text_on(fill))


WEIGHT_BOX = (24.0, 18.0)
