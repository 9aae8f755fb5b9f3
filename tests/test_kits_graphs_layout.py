"""kits.graphs.grid_layout (list arithmetic, uniform as -1 + 2u) equals the numpy original bit for bit
and leaves the random stream where the original does."""

import numpy as np

from tracegen.kits import graphs as G


def _grid_layout_numpy(rng, n, box, cols, rows, r, gap):
    """grid_layout as first written: numpy's uniform, round(., 1) per coordinate."""
    x0, y0, x1, y1 = box
    cw, ch = (x1 - x0) / cols, (y1 - y0) / rows
    cells = rng.choice(cols * rows, size=n, replace=False)
    jx, jy = max(0.0, cw / 2 - r - gap), max(0.0, ch / 2 - r - gap)
    off = rng.uniform(-1.0, 1.0, size=(n, 2)).tolist()
    return [[round(float(x0 + (cell % cols + 0.5) * cw + ox * jx), 1),
             round(float(y0 + (cell // cols + 0.5) * ch + oy * jy), 1)]
            for cell, (ox, oy) in zip(cells.tolist(), off)]


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
        pb = _grid_layout_numpy(b, n, box, cols, rows, r=r, gap=gap)
        assert [[x.hex() for x in p] for p in pa] == [[x.hex() for x in p] for p in pb]
        assert a.random() == b.random()
