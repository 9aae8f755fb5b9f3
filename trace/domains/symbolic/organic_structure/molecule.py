"""Building valid skeletal structures on a plane, in bond-length units.

A molecule is JSON-native: ``atoms`` [[element, x, y], ...] (carbon "C" is drawn as a bare
vertex), ``bonds`` [[i, j, order], ...] (order 1, 2 or 3) and ``rings`` (the atom indices of each
drawn ring in order round it).  Rings are regular pentagons and hexagons, fused on a shared edge
or linked by a single bond; chains leave ring atoms outwards (zig-zag, or straight through triple
bonds); end groups are OH, NH2, F, Cl, Br, a carbonyl O or a nitrile N.  Every step keeps the
valences (C 4, N 3, O 2, halogens 1), no atom with two double bonds, and the drawing clear: new
atoms keep their distance from the others and no two bonds cross.
"""

from __future__ import annotations

import math

VALENCE = {"C": 4, "N": 3, "O": 2, "F": 1, "Cl": 1, "Br": 1}
CLEAR, CLEAR_LABEL = 0.8, 1.05       # least distance between atoms, and between two labelled (non-carbon) atoms


def empty() -> dict:
    return {"atoms": [], "bonds": [], "rings": []}


def used(m, i) -> int:
    return sum(o for a, b, o in m["bonds"] if i in (a, b))


def free(m, i) -> int:
    return VALENCE[m["atoms"][i][0]] - used(m, i)


def has_double(m, i) -> bool:
    return any(o >= 2 and i in (a, b) for a, b, o in m["bonds"])


def rings_of(m, i) -> list[int]:
    return [k for k, r in enumerate(m["rings"]) if i in r]


def centre(m, ring) -> tuple[float, float]:
    pts = [m["atoms"][i][1:] for i in ring]
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def _radius(n: int) -> float:
    return 0.5 / math.sin(math.pi / n)


def _seg_cross(p, q, r, s) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2, d3, d4 = orient(r, s, p), orient(r, s, q), orient(p, q, r), orient(p, q, s)
    return d1 * d2 < -1e-9 and d3 * d4 < -1e-9


def _pos(m, i):
    return m["atoms"][i][1], m["atoms"][i][2]


def fits(m, new_atoms, new_bonds) -> bool:
    """Whether atoms (el, x, y) and bonds (i, j) -- indices past the molecule for the new atoms --
    can be added without crowding or crossing."""
    n0 = len(m["atoms"])
    pts = [tuple(a[1:]) for a in m["atoms"]] + [(x, y) for _, x, y in new_atoms]
    els = [a[0] for a in m["atoms"]] + [el for el, _, _ in new_atoms]
    for k, (el, x, y) in enumerate(new_atoms):
        for j, p in enumerate(pts[:n0 + k]):
            need = CLEAR_LABEL if "C" not in (el, els[j]) else CLEAR
            if math.dist((x, y), p) < need:
                return False
    old = [(a, b) for a, b, _ in m["bonds"]] + [tuple(b) for b in new_bonds]
    for a, b in new_bonds:
        for c, d in old:
            if {a, b} & {c, d}:
                continue
            if _seg_cross(pts[a], pts[b], pts[c], pts[d]):
                return False
    return True


def _add(m, atoms, bonds, ring=None) -> list[int]:
    base = len(m["atoms"])
    m["atoms"] += [[el, round(x, 5), round(y, 5)] for el, x, y in atoms]
    ids = list(range(base, base + len(atoms)))
    m["bonds"] += [[a, b, o] for a, b, o in bonds]
    if ring is not None:
        m["rings"].append(ring)
    return ids


def first_ring(m, n: int, rotation: float, hetero: str | None = None, at: int = 0) -> None:
    R = _radius(n)
    atoms = [["C", R * math.cos(rotation + 2 * math.pi * k / n), R * math.sin(rotation + 2 * math.pi * k / n)]
             for k in range(n)]
    if hetero:
        atoms[at][0] = hetero
    _add(m, atoms, [[k, (k + 1) % n, 1] for k in range(n)], ring=list(range(n)))


def outward(m, i) -> tuple[float, float]:
    """The unit vector pointing away from the ring(s) of ring atom ``i`` (or along its chain)."""
    x, y = _pos(m, i)
    ks = rings_of(m, i)
    if ks:
        cx, cy = centre(m, m["rings"][ks[0]])
    else:
        nb = [b if a == i else a for a, b, _ in m["bonds"] if i in (a, b)]
        cx, cy = _pos(m, nb[0])
    d = math.hypot(x - cx, y - cy)
    return (x - cx) / d, (y - cy) / d


def attachable(m, i) -> bool:
    """A carbon of exactly one ring, with nothing attached yet and a free valence."""
    return (m["atoms"][i][0] == "C" and len(rings_of(m, i)) == 1 and free(m, i) >= 1
            and sum(1 for a, b, _ in m["bonds"] if i in (a, b)) == 2)


def fuse(m, k: int, e: int, n: int, hetero: str | None = None) -> bool:
    """A new n-ring sharing edge ``e`` (atoms e, e+1 round ring k); False when it does not fit."""
    ring = m["rings"][k]
    a, b = ring[e], ring[(e + 1) % len(ring)]
    if not (attachable(m, a) and attachable(m, b)):
        return False
    (ax, ay), (bx, by) = _pos(m, a), _pos(m, b)
    cx, cy = centre(m, ring)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    nx, ny = mx - cx, my - cy
    d = math.hypot(nx, ny)
    apothem = 0.5 / math.tan(math.pi / n)
    c2 = (mx + nx / d * apothem, my + ny / d * apothem)
    R = _radius(n)
    ta, tb = math.atan2(ay - c2[1], ax - c2[0]), math.atan2(by - c2[1], bx - c2[0])
    step = 2 * math.pi / n
    sign = -1 if abs(((tb - ta) - step + math.pi) % (2 * math.pi) - math.pi) < 1e-6 else 1
    new = [["C", c2[0] + R * math.cos(ta + sign * step * j), c2[1] + R * math.sin(ta + sign * step * j)]
           for j in range(1, n - 1)]
    if hetero and n == 5:
        new[1][0] = hetero
    base = len(m["atoms"])
    ids = [a] + list(range(base, base + n - 2)) + [b]
    bonds = [[ids[j], ids[j + 1]] for j in range(n - 1)]
    if not fits(m, new, bonds):
        return False
    _add(m, new, [bd + [1] for bd in bonds], ring=ids)
    return True


def link(m, i: int, n: int, hetero: str | None = None) -> bool:
    """A new n-ring joined to atom ``i`` by a single bond, pointing away from i's ring."""
    if not attachable(m, i):
        return False
    ux, uy = outward(m, i)
    x, y = _pos(m, i)
    R = _radius(n)
    bx, by = x + ux, y + uy
    c2 = (bx + ux * R, by + uy * R)
    t0 = math.atan2(-uy, -ux)
    new = [["C", c2[0] + R * math.cos(t0 + 2 * math.pi * j / n), c2[1] + R * math.sin(t0 + 2 * math.pi * j / n)]
           for j in range(n)]
    if hetero:
        new[n // 2][0] = hetero
    base = len(m["atoms"])
    ids = list(range(base, base + n))
    bonds = [[i, base]] + [[ids[j], ids[(j + 1) % n]] for j in range(n)]
    if not fits(m, new, bonds):
        return False
    _add(m, new, [bd + [1] for bd in bonds], ring=ids)
    return True


def chain(m, i: int, orders, end: str | None = None, zig: int = 1) -> bool:
    """Atoms leaving ``i`` outwards joined by ``orders`` (the first is the bond from i), carbons but
    for an ``end`` element on the last: a zig-zag of 120 degree angles (turning first to the side
    ``zig``), or a straight line when a triple bond is among them."""
    if not attachable(m, i) or free(m, i) < orders[0]:
        return False
    ux, uy = outward(m, i)
    x, y = _pos(m, i)
    u = math.atan2(uy, ux)
    straight = 3 in orders
    base = len(m["atoms"])
    new, bonds = [], []
    for k, order in enumerate(orders):
        heading = u if straight or k % 2 == 0 else u + zig * math.radians(60)
        x, y = x + math.cos(heading), y + math.sin(heading)
        new.append([end if (end and k == len(orders) - 1) else "C", x, y])
        bonds.append([i if k == 0 else base + k - 1, base + k, order])
    for k, (el, _, _) in enumerate(new):
        if sum(o for a, b, o in bonds if base + k in (a, b)) > VALENCE[el]:
            return False
    if not fits(m, new, [b[:2] for b in bonds]):
        return False
    _add(m, new, bonds)
    return True


def ring_doubles(m, k: int, rng, count: int) -> int:
    """Up to ``count`` double bonds on the edges of ring k (no atom with two double bonds or an
    overfull valence); returns how many were placed."""
    ring = m["rings"][k]
    n = len(ring)
    edges = [(ring[e], ring[(e + 1) % n]) for e in range(n)]
    placed = 0
    for e in [int(v) for v in rng.permutation(n)]:
        if placed >= count:
            break
        a, b = edges[e]
        if any(m["atoms"][v][0] not in ("C", "N") or free(m, v) < 1 or has_double(m, v) for v in (a, b)):
            continue
        for bond in m["bonds"]:
            if {bond[0], bond[1]} == {a, b} and bond[2] == 1:
                bond[2] = 2
                placed += 1
                break
    return placed


def aromatic(m, k: int, rng) -> bool:
    """Alternating double bonds round a six-ring (a Kekulé structure) when every atom allows it."""
    ring = m["rings"][k]
    if len(ring) != 6:
        return False
    start = int(rng.integers(2))
    edges = [(ring[e], ring[(e + 1) % 6]) for e in range(start, 6, 2)]
    if any(m["atoms"][v][0] != "C" or free(m, v) < 1 or has_double(m, v) for e in edges for v in e):
        return False
    for a, b in edges:
        for bond in m["bonds"]:
            if {bond[0], bond[1]} == {a, b}:
                bond[2] = 2
    return True


def count_order(m, order: int) -> int:
    return sum(1 for _, _, o in m["bonds"] if o == order)


def label(m, i) -> str:
    """The text drawn at atom i ('' for a carbon): hydrogens filled up to the valence."""
    el = m["atoms"][i][0]
    if el == "C":
        return ""
    h = free(m, i)
    return el + ("H" if h == 1 else f"H{h}" if h > 1 else "")
