"""symbolic/organic_structure scene: one skeletal structure (line-angle formula) of an organic
molecule, built by ``molecule`` and drawn with the usual conventions: bonds as lines, carbons as
unlabelled corners and ends, other atoms as their symbols with their hydrogens, a double bond as
two parallel lines (the second inside its ring), a triple bond as three."""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect

from . import molecule as mol

W, H = 1100, 760
MIN_BOND, MAX_BOND = 36.0, 80.0
ROTATIONS = tuple(math.radians(a) for a in (0, 15, 30, 45, 60, 75, 90))
GROUPS = (("end", "O"), ("end", "N"), ("end", "F"), ("end", "Cl"), ("end", "Br"), ("carbonyl",), ("alkyl",),
          ("aldehyde",), ("vinyl",))
TRIPLES = {1: [1, 3], 2: [1, 3, 1, 3]}     # bond orders of a chain with one or two triple bonds


def _hetero(rng, p):
    return None if rng.random() >= p else ("O" if rng.random() < 0.55 else "N")


def add_group(m, rng, i, kind) -> bool:
    zig = 1 if rng.random() < 0.5 else -1
    if kind[0] == "end":
        return mol.chain(m, i, [1], end=kind[1])
    if kind[0] == "carbonyl":
        return mol.chain(m, i, [2], end="O")
    if kind[0] == "alkyl":
        return mol.chain(m, i, [1] * int(rng.integers(1, 4)), zig=zig)
    if kind[0] == "aldehyde":
        return mol.chain(m, i, [1, 2], end="O", zig=zig)
    if kind[0] == "vinyl":
        return mol.chain(m, i, [1, 2] if rng.random() < 0.6 else [1, 1, 2], zig=zig)
    if kind[0] == "triple":
        return mol.chain(m, i, list(TRIPLES[kind[1]]), end="N" if kind[1] == 1 and rng.random() < 0.3 else None)
    raise KeyError(kind)


def scaffold(rng, sizes, *, hetero_p=0.3, tries=40):
    """A ring system with these ring sizes (the first placed first), or None."""
    for _ in range(tries):
        m = mol.empty()
        n0 = sizes[0]
        mol.first_ring(m, n0, ROTATIONS[int(rng.integers(len(ROTATIONS)))], _hetero(rng, hetero_p * (n0 == 5)),
                       at=int(rng.integers(n0)))
        ok = True
        for n in sizes[1:]:
            for _ in range(30):
                k = int(rng.integers(len(m["rings"])))
                ring = m["rings"][k]
                if rng.random() < 0.45:
                    if mol.fuse(m, k, int(rng.integers(len(ring))), n, _hetero(rng, hetero_p * (n == 5))):
                        break
                elif mol.link(m, ring[int(rng.integers(len(ring)))], n, _hetero(rng, hetero_p * (n == 5))):
                    break
            else:
                ok = False
                break
        if ok:
            return m
    return None


def decorate(m, rng, groups, tries=20) -> int:
    """Attach each of ``groups`` at a free ring atom; returns how many found a place."""
    placed = 0
    for kind in groups:
        for _ in range(tries):
            atoms = [i for i in range(len(m["atoms"])) if mol.attachable(m, i)]
            if not atoms:
                return placed
            if add_group(m, rng, atoms[int(rng.integers(len(atoms)))], kind):
                placed += 1
                break
    return placed


def fitted(m) -> tuple[float, float, float] | None:
    """(scale, x offset, y offset) drawing the molecule centred in the canvas, or None when it
    would need bonds shorter than MIN_BOND."""
    xs = [a[1] for a in m["atoms"]]
    ys = [a[2] for a in m["atoms"]]
    w, h = max(xs) - min(xs) + 1.0, max(ys) - min(ys) + 1.0
    scale = min(MAX_BOND, (W - 140) / w, (H - 120) / h)
    if scale < MIN_BOND:
        return None
    ox = W / 2 - scale * (max(xs) + min(xs)) / 2
    oy = H / 2 - scale * (max(ys) + min(ys)) / 2
    return scale, ox, oy


class OrganicStructure(Scene):
    domain, scene_id, size = "symbolic", "organic_structure", (W, H)
    megapixels = (0.9, 1.12)
    description = ("A skeletal (line-angle) structure of an organic molecule: rings, chains, double and triple bonds, "
                   "labelled heteroatoms and end groups.")

    def sample(self, rng, difficulty):
        return {"level": difficulty, **mol.empty()}

    def render(self, c, state, params):
        rounded_rect(c, 16, 16, W - 32, H - 32, radius=16, fill="paper", stroke="grid", lw=1.5, id="panel")
        scale, ox, oy = fitted(state)
        pts = [(ox + x * scale, oy + y * scale) for _, x, y in state["atoms"]]
        ring_of = {}
        for k, ring in enumerate(state["rings"]):
            for e in range(len(ring)):
                ring_of.setdefault(frozenset((ring[e], ring[(e + 1) % len(ring)])), k)
        lw = max(2.2, scale * 0.045)
        for k, (a, b, order) in enumerate(state["bonds"]):
            pa, pb = pts[a], pts[b]
            c.register(f"bond:{k}", segment=(pa, pb))
            ring = ring_of.get(frozenset((a, b)))
            self._bond(c, pa, pb, order, scale, lw, None if ring is None else mol.centre(state, state["rings"][ring]),
                       (ox, oy))
        for i, (el, x, y) in enumerate(state["atoms"]):
            text = mol.label(state, i)
            if text:
                self._label(c, state, i, text, pts[i], scale)
        for k, ring in enumerate(state["rings"]):
            xs = [pts[i][0] for i in ring]
            ys = [pts[i][1] for i in ring]
            c.register(f"ring:{k}", box=(min(xs), min(ys), max(xs), max(ys)))

    @staticmethod
    def _bond(c, pa, pb, order, scale, lw, ring_centre, origin):
        (x0, y0), (x1, y1) = pa, pb
        L = math.dist(pa, pb)
        nx, ny = -(y1 - y0) / L, (x1 - x0) / L
        if order == 2 and ring_centre is not None:
            cx, cy = origin[0] + ring_centre[0] * scale, origin[1] + ring_centre[1] * scale
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            if nx * (cx - mx) + ny * (cy - my) < 0:
                nx, ny = -nx, -ny
            c.line(x0, y0, x1, y1, color="ink", lw=lw)
            off, cut = 0.17 * scale, 0.16
            ax, ay = x0 + (x1 - x0) * cut + nx * off, y0 + (y1 - y0) * cut + ny * off
            bx, by = x1 - (x1 - x0) * cut + nx * off, y1 - (y1 - y0) * cut + ny * off
            c.line(ax, ay, bx, by, color="ink", lw=lw)
            return
        offsets = {1: (0.0,), 2: (-0.075, 0.075), 3: (-0.12, 0.0, 0.12)}[order]
        for f in offsets:
            d = f * scale
            c.line(x0 + nx * d, y0 + ny * d, x1 + nx * d, y1 + ny * d, color="ink", lw=lw)

    @staticmethod
    def _label(c, state, i, text, p, scale):
        """The atom's symbol (and hydrogens) on a paper backing that hides the bond ends under it;
        groups on the left are written the other way round (HO, H2N) so the atom meets its bond."""
        size = max(14.0, min(24.0, scale * 0.4))
        el = state["atoms"][i][0]
        hs = text[len(el):]
        ux, _ = mol.outward(state, i)
        left = ux < -0.3 and hs
        shown = hs + el if left else text
        w_el = c.text_width(el, size=size, bold=True)
        w = c.text_width(shown, size=size, bold=True)
        x0 = p[0] - w + w_el / 2 if left else p[0] - w_el / 2
        c.rect(x0 - 3, p[1] - size * 0.62, w + 6, size * 1.24, fill="paper")
        c.text(x0, p[1], shown, size=size, bold=True, anchor="l", color=c.text_on("paper"), id=f"atom:{i}")


SCENE = OrganicStructure()
