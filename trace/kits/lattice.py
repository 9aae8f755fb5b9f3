"""Connected blobs of lattice cells: a compact, connected set of ``n`` cells eroded from a full
lattice (a square grid's cells, a hex grid's bins), for maps and hexbin charts whose marks
should form one landmass.

Cells are (row, col) tuples; ``neighbours(cell)`` gives the cells adjacent to one (which may lie
outside the set).  Helpers for the two lattices used: ``square4`` (edge neighbours) and
``hex_flat`` (flat-topped hexagons in columns, odd columns shifted half a cell down).
"""

from __future__ import annotations


def square4(cell):
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def hex_flat(cell):
    r, c = cell
    dr = 0 if c % 2 else -1          # odd columns sit half a cell lower
    return ((r - 1, c), (r + 1, c), (r + dr, c - 1), (r + dr + 1, c - 1), (r + dr, c + 1), (r + dr + 1, c + 1))


def connected(cells, neighbours) -> bool:
    cells = set(cells)
    if not cells:
        return False
    start = min(cells)
    seen, stack = {start}, [start]
    while stack:
        for nb in neighbours(stack.pop()):
            if nb in cells and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return len(seen) == len(cells)


def erode(rng, cells, n, neighbours):
    """``n`` connected cells of ``cells`` (sorted), removing cells one at a time while the rest stays
    connected; cells with fewer neighbours in the set go first (weight (k_max + 1 - k)^2), so the
    blob stays compact.  None when no cell can be removed."""
    cells = set(cells)
    k_max = len(neighbours((0, 0)))
    while len(cells) > n:
        order = sorted(cells)
        weights = [(k_max + 1 - sum(nb in cells for nb in neighbours(x))) ** 2 for x in order]
        total = sum(weights)
        for idx in rng.choice(len(order), size=len(order), replace=False, p=[w / total for w in weights]):
            cand = cells - {order[int(idx)]}
            if connected(cand, neighbours):
                cells = cand
                break
        else:
            return None
    return sorted(cells)
