"""symbolic/organic_structure tasks: counting the double or triple bonds, and the five- or
six-membered rings, of a skeletal structure built to reach the instance's target count."""

from __future__ import annotations

from . import molecule as mol
from .scene import GROUPS, SCENE, decorate, fitted, scaffold

task = SCENE.task
LEAD = ("The image shows the skeletal structure of an organic molecule: lines are bonds, carbon atoms sit unlabelled "
        "at the corners and ends of the lines, other atoms are written as their symbols (with their hydrogens), a "
        "double bond is drawn as two parallel lines and a triple bond as three.")
RINGS = {1: (1, 3, 0, 1), 2: (1, 5, 0, 2), 3: (2, 6, 1, 2)}       # target count lo, hi; other rings lo, hi
TOTAL_RINGS = {1: 3, 2: 6, 3: 7}
BOND_RINGS = {1: (1, 1), 2: (1, 3), 3: (2, 4)}
BOND_TARGET = {1: range(1, 4), 2: range(1, 6), 3: range(2, 7)}


def _groups(rng, k, *, triples=True):
    pool = [g for g in GROUPS] + ([("triple", 1)] if triples else [])
    return [pool[int(i)] for i in rng.integers(len(pool), size=k)]


def _ring_doubles(m, rng, need) -> int:
    """Place ``need`` double bonds in the rings (Kekulé six-rings where they fit); returns the
    number placed."""
    placed = 0
    for k in [int(v) for v in rng.permutation(len(m["rings"]))]:
        if need - placed >= 3 and rng.random() < 0.6 and mol.aromatic(m, k, rng):
            placed += 3
            continue
        placed += mol.ring_doubles(m, k, rng, min(need - placed, int(rng.integers(0, 3))))
    return placed


@task("bond_order_count", answer="integer", annotation="segment_set", ops="counting")
def bond_order_count(q):
    order = q.choice("bond_order", [2, 3])
    t = q.target(BOND_TARGET[q.difficulty], stratified=True)

    def edit(s, r):
        lo, hi = BOND_RINGS[q.difficulty]
        for _ in range(60):
            n = int(r.integers(lo, hi + 1))
            m = scaffold(r, [int(v) for v in r.choice([5, 6], size=n)])
            if m is None:
                continue
            if order == 3:
                plan, left = [], t
                while left:
                    k = 2 if left >= 2 and r.random() < 0.4 else 1
                    plan.append(("triple", k))
                    left -= k
                if decorate(m, r, plan) < len(plan):
                    continue
                decorate(m, r, _groups(r, int(r.integers(0, 3)), triples=False))
                _ring_doubles(m, r, int(r.integers(0, 4)))
            else:
                decorate(m, r, _groups(r, int(r.integers(0, 4)), triples=r.random() < 0.3))
                need = t - mol.count_order(m, 2)
                if need < 0 or _ring_doubles(m, r, need) != need:
                    continue
            if mol.count_order(m, order) == t and fitted(m):
                s.update(m)
                return s
        q.reject("no structure with the target bond count")

    s = q.edit(edit)
    hits = [k for k, (_, _, o) in enumerate(s["bonds"]) if o == order]
    q.step("count_bonds", order=order, bonds=hits)
    word = "double" if order == 2 else "triple"
    return q.answer(len(hits), witnesses=[f"bond:{k}" for k in hits],
                    question=f"{LEAD} How many {word} bonds does the structure have?")


@task("ring_size_count", answer="integer", annotation="bbox_set", ops="counting,topology")
def ring_size_count(q):
    size = q.choice("ring_size", [5, 6])
    lo, hi, olo, ohi = RINGS[q.difficulty]
    t = q.target(range(lo, hi + 1), stratified=True)

    def edit(s, r):
        for _ in range(40):
            other = int(r.integers(olo, min(ohi, TOTAL_RINGS[q.difficulty] - t) + 1))
            sizes = [size] * t + [11 - size] * other
            sizes = [sizes[int(i)] for i in r.permutation(len(sizes))]
            m = scaffold(r, sizes)
            if m is None:
                continue
            decorate(m, r, _groups(r, int(r.integers(0, 3))))
            _ring_doubles(m, r, int(r.integers(0, 2 * len(sizes) + 1)))
            if fitted(m):
                s.update(m)
                return s
        q.reject("no ring system fits")

    s = q.edit(edit)
    hits = [k for k, ring in enumerate(s["rings"]) if len(ring) == size]
    q.step("count_rings", size=size, rings=hits)
    word = "five-membered rings (pentagons)" if size == 5 else "six-membered rings (hexagons)"
    return q.answer(len(hits), witnesses=[f"ring:{k}" for k in hits],
                    question=f"{LEAD} How many {word} does the structure have?")
