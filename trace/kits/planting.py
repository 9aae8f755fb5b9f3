"""Planting a target count: of some positions, exactly ``t`` chosen at random take values that meet
a condition and the rest take values that do not -- how a counting task reaches its drawn target
answer (``Query.target``) instead of rejecting states until one happens to.
"""

from __future__ import annotations


def split_draw(rng, idx, t: int, hit, miss) -> dict:
    """{position: value} for the positions ``idx``: ``t`` of them, chosen at random, draw from
    ``hit`` and the others from ``miss``.  ``hit`` and ``miss`` are lists of values (one drawn
    uniformly) or functions of ``rng`` returning a value."""
    idx = [int(i) for i in idx]
    chosen = {idx[int(k)] for k in rng.choice(len(idx), size=t, replace=False)} if t else set()
    out = {}
    for i in idx:
        src = hit if i in chosen else miss
        out[i] = src(rng) if callable(src) else src[int(rng.integers(len(src)))]
    return out
