"""kits.geometry.Draws: plain-Python small integer draws that must give exactly numpy's values and
leave the generator exactly where numpy's own calls leave it (same pinned numpy)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tracegen.kits.geometry import Draws


@pytest.mark.parametrize("block", range(4))
def test_draws_equal_numpys_values_and_final_state(block):
    pick = random.Random(block)
    for seed in range(block * 150, block * 150 + 150):
        a, b = np.random.default_rng(seed), np.random.default_rng(seed)
        a.random(seed % 3), b.random(seed % 3)
        if seed % 2:   # a half-used 32-bit buffer in the bit generator
            a.integers(0, 2**32, dtype=np.uint32), b.integers(0, 2**32, dtype=np.uint32)
        with Draws(b) as d:
            for _ in range(60):
                r = pick.random()
                if r < 0.3:
                    hi = pick.randint(1, 40)
                    assert d.integers(hi) == int(a.integers(hi))
                elif r < 0.5:
                    lo = pick.randint(-20, 20)
                    hi = lo + pick.randint(1, 30)
                    assert d.integers(lo, hi) == int(a.integers(lo, hi))
                elif r < 0.6:   # wide ranges: Lemire's rejections happen often
                    hi = pick.choice([2**32 - 2, 3 * 2**30 + 7, 2**31 + 1, 2**32 - 3])
                    assert d.integers(hi) == int(a.integers(hi))
                else:
                    pop = pick.choice([pick.randint(1, 45), pick.randint(1000, 10000)])
                    size = pick.randint(0, min(pop, 6))
                    assert d.choice(pop, size) == a.choice(pop, size=size, replace=False).tolist()
        assert a.bit_generator.state == b.bit_generator.state
        assert a.random() == b.random() and a.integers(1000) == b.integers(1000)


def test_draws_refuse_what_they_do_not_reproduce():
    d = Draws(np.random.default_rng(0))
    for bad in (lambda: d.integers(0), lambda: d.integers(0, 2**33), lambda: d.choice(10, 3, replace=True),
                lambda: d.choice(20000, 500), lambda: d.choice(5, 6)):
        with pytest.raises(ValueError):
            bad()
    with pytest.raises(TypeError):
        Draws(np.random.Generator(np.random.MT19937(0)))
