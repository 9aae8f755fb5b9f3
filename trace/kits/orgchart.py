"""Organisation charts: random rooted trees of any fan-out, a top-down layout (leaves in depth-first
order on equal slots, each parent centred over its children) and elbow connectors (down from the
parent, across a bus, down into each child).

Trees are child lists (``children[v]`` = the children of node v, in drawing order), node 0 the
root; layouts are canvas points of the box centres.
"""

from __future__ import annotations


def random_org(rng, n: int, top: int, max_depth: int) -> list[list[int]]:
    """A tree of ``n`` nodes: the root with ``top`` children, every other node attached below a
    random earlier non-root node that is shallower than ``max_depth``."""
    children: list[list[int]] = [[] for _ in range(n)]
    depth = [0] * n
    for v in range(1, top + 1):
        children[0].append(v)
        depth[v] = 1
    for v in range(top + 1, n):
        open_ = [u for u in range(1, v) if depth[u] < max_depth]
        u = open_[int(rng.integers(len(open_)))]
        children[u].append(v)
        depth[v] = depth[u] + 1
    return children


def descendants(children, v: int) -> list[int]:
    """Every node below v (depth-first order)."""
    out, todo = [], list(reversed(children[v]))
    while todo:
        u = todo.pop()
        out.append(u)
        todo.extend(reversed(children[u]))
    return out


def org_layout(children, box) -> list[tuple[float, float]]:
    """Box centres inside ``box`` (x0, y0, x1, y1): leaves on equal slots left to right in
    depth-first order, parents centred over their children, levels evenly spaced."""
    slot: dict[int, float] = {}
    nxt = [0.0]

    def place(v):
        if not children[v]:
            slot[v] = nxt[0]
            nxt[0] += 1.0
            return
        for u in children[v]:
            place(u)
        slot[v] = (slot[children[v][0]] + slot[children[v][-1]]) / 2

    place(0)
    depth = depths(children)
    x0, y0, x1, y1 = box
    leaves, levels = nxt[0], max(depth) + 1
    sx = (x1 - x0) / leaves
    sy = (y1 - y0) / max(1, levels - 1) if levels > 1 else 0.0
    return [(x0 + (slot[v] + 0.5) * sx, y0 + depth[v] * sy) for v in range(len(children))]


def depths(children) -> list[int]:
    """Each node's depth below the root (node 0)."""
    d = [0] * len(children)
    todo = [0]
    while todo:
        v = todo.pop()
        for u in children[v]:
            d[u] = d[v] + 1
            todo.append(u)
    return d


def draw_connectors(c, children, centres, half_h: float, *, color="ink", lw: float = 2.0) -> None:
    """Elbow connectors: down from each parent's box, a bus across its children, down into each."""
    for v, kids in enumerate(children):
        if not kids:
            continue
        px, py = centres[v]
        cy = [centres[u][1] for u in kids]
        bus = (py + half_h + min(cy) - half_h) / 2
        c.line(px, py + half_h, px, bus, color=color, lw=lw)
        xs = [centres[u][0] for u in kids]
        if len(kids) > 1 or abs(xs[0] - px) > 0.5:
            c.line(min(xs + [px]), bus, max(xs + [px]), bus, color=color, lw=lw)
        for u in kids:
            c.line(centres[u][0], bus, centres[u][0], centres[u][1] - half_h, color=color, lw=lw)
