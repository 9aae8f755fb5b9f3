"""kits.graphs.grid_layout (list arithmetic, _tenth inline, uniform as -1 + 2u) equals the numpy original
bit for bit and leaves the random stream where the original does."""

import numpy as np

from tracegen.kits import graphs as G


def test_grid_layout_equals_numpy_original():
    meta = np.random.default_rng(7)
    for t in range(3000):
        cols, rows = int(meta.integers(1, 9)), int(meta.integers(1, 6))
        n = int(meta.integers(1, cols * rows + 1))
        x0, y0 = float(meta.uniform(-50, 300)), float(meta.uniform(-50, 300))
        if t % 3 == 0:
            x0, y0 = round(x0, 1), round(y0, 1)
        box = (x0, y0, x0 + float(meta.uniform(10, 1300)), y0 + float(meta.uniform(10, 900)))
        r, gap = float(meta.uniform(0, 30)), float(meta.uniform(0, 20))
        seed = int(meta.integers(1 << 40))
        a, b = np.random.default_rng(seed), np.random.default_rng(seed)
        pa = G.grid_layout(a, n, box, cols, rows, r=r, gap=gap)
        pb = G._grid_layout_numpy(b, n, box, cols, rows, r=r, gap=gap)
        assert [[x.hex() for x in p] for p in pa] == [[x.hex() for x in p] for p in pb]
        assert a.random() == b.random()
