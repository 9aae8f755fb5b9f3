"""Finite automata: random DFAs and NFAs over a small alphabet, their runs, and state-transition
diagrams -- states as circles (accepting ones with a double ring), a start arrow, transitions
as straight or curved arrows with their symbols in small boxes (several symbols on one arrow as
"0,1", epsilon moves as "ε"), self-loops as small loops outside the diagram.

An automaton is JSON-native: ``n`` states, ``start``, ``accepting`` (list of bools),
``delta`` as [source, symbol, target] triples (symbol ``EPS`` for an epsilon move) and ``pos``
state centres in unit coordinates (the layout is part of the state; drawing scales it).
"""

from __future__ import annotations

import math

import numpy as np

from .cards import rounded_rect
from .graphs import _seg_hits_box

EPS = "eps"
EPS_GLYPH = "ε"


# ---------------------------------------------------------------------------- semantics
def dfa_step(delta, state, symbol):
    for s, a, t in delta:
        if s == state and a == symbol:
            return t
    return None


def dfa_run(delta, start, word) -> list[int]:
    """States a deterministic automaton visits reading ``word`` (start state first)."""
    run = [start]
    for a in word:
        run.append(dfa_step(delta, run[-1], a))
    return run


def eps_closure(delta, states) -> set:
    out, stack = set(states), list(states)
    while stack:
        v = stack.pop()
        for s, a, t in delta:
            if s == v and a == EPS and t not in out:
                out.add(t)
                stack.append(t)
    return out


def nfa_accepts(delta, start, accepting, word) -> bool:
    cur = eps_closure(delta, {start})
    for a in word:
        cur = eps_closure(delta, {t for s, b, t in delta if s in cur and b == a})
    return any(accepting[v] for v in cur)


def nfa_accepting_path(delta, start, accepting, word) -> list[int] | None:
    """One accepting path (states in order, epsilon moves included): breadth-first over
    (state, symbols read), so the path with fewest moves, ties broken by state order."""
    from collections import deque

    prev = {(start, 0): None}
    dq = deque([(start, 0)])
    while dq:
        v, i = dq.popleft()
        if i == len(word) and accepting[v]:
            path, node = [], (v, i)
            while node is not None:
                path.append(node[0])
                node = prev[node]
            return path[::-1]
        nxt = sorted({(t, i) for s, a, t in delta if s == v and a == EPS}
                     | ({(t, i + 1) for s, a, t in delta if s == v and a == word[i]} if i < len(word) else set()))
        for node in nxt:
            if node not in prev:
                prev[node] = (v, i)
                dq.append(node)
    return None


def nondeterministic_states(n, delta) -> list[int]:
    """States with an outgoing epsilon move or two outgoing moves on one symbol."""
    out = []
    for v in range(n):
        syms = [a for s, a, _ in delta if s == v]
        if EPS in syms or len(syms) != len(set(syms)):
            out.append(v)
    return out


def reachable(n, delta, start) -> set:
    seen, stack = {start}, [start]
    while stack:
        v = stack.pop()
        for s, _, t in delta:
            if s == v and t not in seen:
                seen.add(t)
                stack.append(t)
    return seen


def random_dfa(rng, n, alphabet, *, self_loops: float = 0.25):
    """A complete DFA on ``n`` states (every state reachable from state 0), as delta triples."""
    for _ in range(100):
        delta = []
        for v in range(n):
            for a in alphabet:
                if rng.random() < self_loops:
                    t = v
                else:
                    t = int(rng.choice([u for u in range(n) if u != v]))
                delta.append([v, a, t])
        if len(reachable(n, delta, 0)) == n:
            return delta
    raise RuntimeError("no connected DFA drawn")


def add_nondeterminism(rng, n, delta, states, alphabet, *, eps_share: float = 0.4):
    """Make each of ``states`` nondeterministic: an epsilon move to another state, or a second move
    on one symbol to another target than the first."""
    delta = [list(d) for d in delta]
    for v in states:
        others = [u for u in range(n) if u != v]
        if rng.random() < eps_share:
            delta.append([v, EPS, int(rng.choice(others))])
            continue
        a = alphabet[int(rng.integers(len(alphabet)))]
        have = [t for s, b, t in delta if s == v and b == a]
        if not have:
            t0 = int(rng.integers(n))
            delta.append([v, a, t0])
            have = [t0]
        pool = [u for u in range(n) if u not in have]
        delta.append([v, a, int(rng.choice(pool))])
    return sorted(delta)


def ring_layout(rng, n) -> list[list[float]]:
    """State centres in unit coordinates: evenly round an ellipse from a random angle, jittered;
    seven or more states put one in the middle."""
    inner = n >= 7
    k = n - inner
    a0 = float(rng.uniform(0, 2 * math.pi))
    pts = []
    for i in range(k):
        a = a0 + 2 * math.pi * i / k + float(rng.uniform(-0.18, 0.18))
        pts.append([round(0.5 + 0.44 * math.cos(a), 3), round(0.5 + 0.42 * math.sin(a), 3)])
    if inner:
        pts.append([round(0.5 + float(rng.uniform(-0.04, 0.04)), 3), round(0.5 + float(rng.uniform(-0.04, 0.04)), 3)])
    order = [int(i) for i in rng.permutation(n)]
    return [pts[i] for i in order]


# ---------------------------------------------------------------------------- drawing
def _bezier(p0, c, p2, steps=28):
    out = []
    for i in range(steps + 1):
        t = i / steps
        out.append(((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * c[0] + t * t * p2[0],
                    (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * c[1] + t * t * p2[1]))
    return out


def _trim(pts, centre, r, *, from_end: bool):
    seq = pts[::-1] if from_end else pts
    k = 0
    while k < len(seq) - 2 and math.dist(seq[k], centre) < r:
        k += 1
    seq = seq[k:]
    return seq[::-1] if from_end else seq


def _arrow_path(c, pts, *, color, lw, head=11.0):
    """A polyline ending in an arrow head (drawn with public canvas calls)."""
    (x1, y1), (x0, y0) = pts[-1], pts[-2]
    ang = math.atan2(y1 - y0, x1 - x0)
    back = (x1 - head * 0.8 * math.cos(ang), y1 - head * 0.8 * math.sin(ang))
    c.polyline(pts[:-1] + [back], color=color, lw=lw)
    a1, a2 = ang + math.pi - 0.42, ang + math.pi + 0.42
    c.polygon([(x1, y1), (x1 + head * math.cos(a1), y1 + head * math.sin(a1)),
               (x1 + head * math.cos(a2), y1 + head * math.sin(a2))], fill=color)


def _seg_dist(p, a, b):
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy or 1e-9
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _curve_clear(curve, centres, skip, r):
    return min((min(_seg_dist(q, a, b) for a, b in zip(curve, curve[1:]))
                for i, q in enumerate(centres) if i not in skip), default=1e9) - r


def symbol_text(symbols) -> str:
    return ",".join(EPS_GLYPH if a == EPS else a for a in symbols)


def draw_automaton(c, auto, labels, box, *, r: float = 24.0, font: float = 15.0):
    """A state-transition diagram of ``auto`` (keys n, start, accepting, delta, pos) in ``box``.
    Registers ``state:i`` (centre, box) and ``move:s-t`` (the arrow's label box).  Returns the
    state centres."""
    x0, y0, x1, y1 = box
    mx, my = r + 64, r + 34                                 # room for loops, the start arrow and its word
    pts = [(x0 + mx + u * (x1 - x0 - 2 * mx), y0 + my + v * (y1 - y0 - 2 * my)) for u, v in auto["pos"]]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    groups: dict[tuple, list[str]] = {}
    for s, a, t in auto["delta"]:
        groups.setdefault((s, t), []).append(a)
    line = "muted" if c.style.accent % 2 else "ink"
    boxes: list[tuple] = []
    label_jobs = []
    drawn: list[list] = []                                  # every arrow's polyline, in label_jobs order
    for (s, t), syms in sorted(groups.items()):
        text = symbol_text(sorted(syms, key=lambda a: (a == EPS, a)))
        if s == t:
            (px, py) = pts[s]
            ang = math.atan2(py - cy, px - cx) if (px, py) != (cx, cy) else -math.pi / 2
            if s == auto["start"]:                       # keep clear of the start arrow
                ang += math.pi / 2
            ux, uy = math.cos(ang), math.sin(ang)
            lc = (px + ux * r * 1.6, py + uy * r * 1.6)
            loop = [(lc[0] + r * 0.8 * math.cos(ang + math.pi + 0.75 + k * (2 * math.pi - 1.5) / 24),
                     lc[1] + r * 0.8 * math.sin(ang + math.pi + 0.75 + k * (2 * math.pi - 1.5) / 24))
                    for k in range(25)]
            _arrow_path(c, loop, color=line, lw=2.0, head=9.0)
            drawn.append(loop)
            label_jobs.append((s, t, text, [(lc[0] + ux * r * 1.45, lc[1] + uy * r * 1.45)]))
            continue
        a, b = pts[s], pts[t]
        L = math.dist(a, b)
        nx_, ny_ = (b[1] - a[1]) / L, -(b[0] - a[0]) / L        # the right-hand normal
        two_way = (t, s) in groups
        bends = [0.16, 0.28, 0.4] if two_way else [0.0, 0.18, -0.18, 0.32, -0.32]
        best = None
        for bend in bends:
            mid = ((a[0] + b[0]) / 2 + nx_ * bend * L, (a[1] + b[1]) / 2 + ny_ * bend * L)
            curve = _bezier(a, mid, b)
            room = _curve_clear(curve, pts, {s, t}, r)
            if best is None or room > best[0] + 1e-9:
                best = (room, curve)
            if room >= 10:
                best = (room, curve)
                break
        curve = _trim(_trim(best[1], a, r + 1, from_end=False), b, r + 2, from_end=True)
        _arrow_path(c, curve, color=line, lw=2.0)
        k = len(curve)
        label_jobs.append((s, t, text, [curve[int(k * f)] for f in (0.5, 0.4, 0.6, 0.32, 0.68, 0.25, 0.75)]))
        drawn.append(curve)
    for j, (s, t, text, spots) in enumerate(label_jobs):
        w = c.text_width(text, size=font) + 12
        h = font + 8
        others = [seg for i, poly in enumerate(drawn) if i != j for seg in zip(poly, poly[1:])]
        sa = np.array([a for a, _ in others], dtype=float).reshape(-1, 2)
        sb = np.array([b for _, b in others], dtype=float).reshape(-1, 2)
        pick, fallback = None, None
        for (lx, ly) in spots:
            bb = (lx - w / 2, ly - h / 2, lx + w / 2, ly + h / 2)
            if all(bb[2] + 2 < o[0] or o[2] + 2 < bb[0] or bb[3] + 2 < o[1] or o[3] + 2 < bb[1] for o in boxes) \
                    and all(math.dist(((bb[0] + bb[2]) / 2, (bb[1] + bb[3]) / 2), p) > r + h / 2 + 2 for p in pts):
                fallback = fallback or bb
                if not len(sa) or not _seg_hits_box(sa, sb, (bb[0] - 2, bb[1] - 2, bb[2] + 2, bb[3] + 2)).any():
                    pick = bb
                    break
        pick = pick or fallback
        pick = pick or (spots[0][0] - w / 2, spots[0][1] - h / 2, spots[0][0] + w / 2, spots[0][1] + h / 2)
        boxes.append(pick)
        rounded_rect(c, pick[0], pick[1], w, h, radius=4, fill="paper", stroke="muted", lw=1.0, id=f"move:{s}-{t}")
        c.text(pick[0] + w / 2, pick[1] + h / 2, text, size=font, color=c.text_on("paper"))
    fill = f"series:{c.style.accent % 6}"
    for i, (x, y) in enumerate(pts):
        if i == auto["start"]:
            ang = math.atan2(y - cy, x - cx) if (x, y) != (cx, cy) else math.pi
            ux, uy = math.cos(ang), math.sin(ang)
            sx, sy = x + ux * (r + 46), y + uy * (r + 46)
            c.arrow(sx, sy, x + ux * (r + 7), y + uy * (r + 7), color="ink", lw=2.2, head=10.0)
            tw = c.text_width("start", size=13)
            c.text(sx + ux * (tw / 2 + 5), sy + uy * 14, "start", size=13, color="ink")
        if auto["accepting"][i]:
            c.circle(x, y, r + 5, fill="paper", stroke="ink", lw=2.0)
        c.circle(x, y, r, fill=fill, stroke="ink", lw=2.0, id=f"state:{i}")
        c.text(x, y, labels[i], size=17 if len(labels[i]) < 3 else 15, bold=True, color=c.text_on(c.color(fill)))
    return pts
