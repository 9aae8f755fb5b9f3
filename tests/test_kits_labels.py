"""kits.labels (the constructions' text placement): candidate centres computed as arrays are exactly the plain
per-candidate arithmetic, the summed-area counts are the mask's own window sums, ``spot`` picks the
first free candidate, else the least blocked one (checked against a brute force over the mask), and
``place_all`` is ``place`` in turn."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from tracegen.core.canvas import Canvas
from tracegen.core.style import Style
from tracegen.kits.labels import Labels, around, beside, wedge


def plain_around(x, y, dist, pref, w, h, steps=16, rings=(1.0, 1.6, 2.4)):
    dirs = sorted(range(steps), key=lambda i: abs(((2 * math.pi * i / steps) - pref + math.pi)
                                                  % (2 * math.pi) - math.pi))
    out = []
    for k in rings:
        for i in dirs:
            t = 2 * math.pi * i / steps
            ux, uy = math.cos(t), math.sin(t)
            d = dist * k + abs(ux) * w / 2 + abs(uy) * h / 2
            out.append((x + ux * d, y + uy * d))
    return out


def plain_wedge(v, dist, mid, ext, w, h):
    fan = [0.0] + [s * f * ext for f in (0.15, 0.3, 0.42) for s in (1, -1)]
    out = []
    for k in (0.0, 8.0, 18.0, 32.0, 50.0):
        for dt in fan:
            t = mid + dt
            ux, uy = math.cos(t), math.sin(t)
            d = dist + k + abs(ux) * w / 2 + abs(uy) * h / 2
            out.append((v[0] + ux * d, v[1] + uy * d))
    return out + plain_around(v[0], v[1], dist, mid, w, h, rings=(1.0, 1.6, 2.4, 3.4))


def plain_beside(a, b, gap, slide, prefer, w, h):
    d = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    nx, ny = -uy, ux
    out = []
    for extra in (0.0, 10.0, 24.0):
        dd = gap + extra + abs(nx) * w / 2 + abs(ny) * h / 2
        for t in slide:
            m = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            for s in ((1, -1) if prefer != -1 else (-1, 1)):
                out.append((m[0] + s * nx * dd, m[1] + s * ny * dd))
    return out


def test_candidate_arrays_are_the_plain_arithmetic_bit_for_bit():
    pick = random.Random(5)
    for _ in range(300):
        x, y = pick.uniform(-50, 900), pick.uniform(-50, 700)
        dist, pref, w, h = pick.uniform(1, 60), pick.uniform(-7, 7), pick.uniform(5, 200), pick.uniform(10, 40)
        rings = tuple(sorted(pick.uniform(0.5, 5) for _ in range(pick.randint(1, 4))))
        steps = pick.choice((8, 12, 16, 24))
        got = around(x, y, dist, pref, steps=steps, rings=rings)(w, h)
        assert got.shape == (steps * len(rings), 2)
        assert got.tolist() == [list(p) for p in plain_around(x, y, dist, pref, w, h, steps, rings)]
        ext = pick.uniform(0.1, 3)
        got = wedge((x, y), dist, pref, ext)(w, h)
        assert got.tolist() == [list(p) for p in plain_wedge((x, y), dist, pref, ext, w, h)]
        b = (pick.uniform(-50, 900), pick.uniform(-50, 700)) if pick.random() < 0.95 else (x, y)
        gap, prefer = pick.uniform(2, 20), pick.choice((None, 1, -1))
        slide = tuple(pick.random() for _ in range(pick.randint(1, 5)))
        got = beside((x, y), b, gap=gap, slide=slide, prefer=prefer)(w, h)
        assert got.tolist() == [list(p) for p in plain_beside((x, y), b, gap, slide, prefer, w, h)]


def test_around_shares_read_only_direction_units_between_labels():
    """Texts whose preferred angles give the same order of directions share one set of unit vectors
    (kept read-only); the candidates stay the plain arithmetic."""
    a, b = around(10.0, 20.0, 15.0, 0.31), around(300.0, 5.0, 22.0, 0.33)   # same nearest directions
    assert a.ux is b.ux and a.ay is b.ay and not a.ux.flags.writeable
    with pytest.raises(ValueError):
        a.ux[0] = 0.0
    assert b(40.0, 18.0).tolist() == [list(p) for p in plain_around(300.0, 5.0, 22.0, 0.33, 40.0, 18.0)]


def _scene(seed):
    rng = random.Random(seed)
    c = Canvas(640, 480, Style())
    lab = Labels(c, (10, 10, 630, 470))
    for _ in range(rng.randint(0, 40)):
        lab.seg((rng.uniform(0, 640), rng.uniform(0, 480)), (rng.uniform(0, 640), rng.uniform(0, 480)))
    for _ in range(rng.randint(0, 3)):
        lab.ring(rng.uniform(0, 640), rng.uniform(0, 480), rng.uniform(10, 150))
    for _ in range(rng.randint(0, 4)):
        lab.disc(rng.uniform(0, 640), rng.uniform(0, 480), rng.uniform(2, 30))
    for _ in range(rng.randint(0, 4)):
        x, y = rng.uniform(0, 600), rng.uniform(0, 440)
        lab.box((x, y, x + rng.uniform(10, 80), y + rng.uniform(10, 30)))
    return rng, lab


def random_candidates(rng, *, lazy=False):
    """Candidates of every kind around a random point: ``around``, ``beside``, ``wedge``, or a plain
    function of a few centres (a list, or with ``lazy`` an iterator over them)."""
    x, y = rng.uniform(0, 640), rng.uniform(0, 480)
    kind = rng.random()
    if kind < 0.3:
        return around(x, y, rng.uniform(2, 40), rng.uniform(-3, 3))
    if kind < 0.5:
        return beside((x, y), (rng.uniform(0, 640), rng.uniform(0, 480)), gap=rng.uniform(4, 14))
    if kind < 0.8:
        return wedge((x, y), rng.uniform(5, 60), rng.uniform(-3, 3), rng.uniform(0.2, 2))
    pts = [(rng.uniform(0, 640), rng.uniform(0, 480)) for _ in range(rng.randint(1, 30))]
    return (lambda w, h: iter(pts)) if lazy else (lambda w, h: pts)


def brute_counts(lab, rects):
    """Taken mask pixels in each box's window (summed directly), boxes hit x 1000, inf outside."""
    m, k, p = lab._m, lab.RES, lab.PAD
    h, w = m.shape
    out = []
    for x0, y0, x1, y1 in rects:
        bx0, by0, bx1, by1 = lab.bounds
        if x0 < bx0 or y0 < by0 or x1 > bx1 or y1 > by1:
            out.append(math.inf)
            continue
        j0, i0 = min(max(int(x0 * k), 0), w), min(max(int(y0 * k), 0), h)
        j1, i1 = min(max(math.ceil(x1 * k), 0), w), min(max(math.ceil(y1 * k), 0), h)
        n = float(m[i0:i1, j0:j1].sum())
        n += 1000.0 * sum(b[0] < x1 + p and x0 < b[2] + p and b[1] < y1 + p and y0 < b[3] + p for b in lab.boxes)
        out.append(n)
    return out


@pytest.mark.parametrize("block", range(3))
def test_spot_is_the_first_free_candidate_else_the_least_blocked(block):
    hits = {"first two": 0, "later": 0, "none free": 0}
    for seed in range(block * 40, block * 40 + 40):
        rng, lab = _scene(seed)
        for _ in range(4):
            w, h = rng.uniform(10, 260), rng.uniform(12, 40)
            cands = random_candidates(rng)
            r = lab.spot(w, h, cands)
            xy = np.asarray(cands(w, h), dtype=float).reshape(-1, 2)
            rects = [(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2) for cx, cy in xy.tolist()]
            counts = brute_counts(lab, rects)
            assert lab.blocked(rects).tolist() == counts
            free = [i for i, n in enumerate(counts) if n == 0]
            want = free[0] if free else int(np.argmin(counts))
            hits["none free" if not free else "first two" if want < 2 else "later"] += 1
            assert r == pytest.approx(rects[want], abs=1e-9)
            lab.box(r)
    assert min(hits.values()) > 10, hits   # every branch exercised


def _texts(rng):
    """A random run of texts to place, with every kind of candidates."""
    texts = []
    for _ in range(rng.randint(1, 12)):
        cands = random_candidates(rng, lazy=True)
        texts.append({"text": rng.choice(["A", "B'", "37°", "x = 12", "?", "area = 48 cm²"]), "candidates": cands,
                      "size": rng.choice([15.0, 16.5, 18.0]), "bold": rng.random() < 0.5, "halo": rng.random() < 0.5})
    return texts


@pytest.mark.parametrize("block", range(2))
def test_place_all_is_place_in_turn(block):
    """Placing a run of texts at once gives the same boxes, drawing and recorded texts as placing them
    one after another (each placed text an obstacle for the next)."""
    for seed in range(block * 30, block * 30 + 30):
        one, many = _scene(seed)[1], _scene(seed)[1]
        texts = _texts(random.Random(seed))
        got = many.place_all(texts)
        want = [one.place(t["text"], t["candidates"], size=t["size"], bold=t["bold"], halo=t["halo"]) for t in texts]
        assert got == want and many.boxes == one.boxes
        assert all(type(v) is float for r in got for v in r)
        assert many.c.texts == one.c.texts
        one.c.surface.flush(), many.c.surface.flush()
        assert bytes(many.c.surface.get_data()) == bytes(one.c.surface.get_data())
    assert _scene(0)[1].place_all([]) == []
    with pytest.raises(TypeError, match="colour"):   # an option place does not take is an error, not ignored
        _scene(0)[1].place_all([{"text": "A", "candidates": lambda w, h: [(50.0, 50.0)], "colour": "red"}])


def test_blocked_prefilters_are_exact():
    """Placed boxes exactly at the ``PAD`` margin (touching or not by one ulp), boxes and bounds only
    tested where the candidates' extent reaches them, and NaN rows (which must not hide the other rows'
    obstacles): the counts are the brute force's."""
    c = Canvas(640, 480, Style())
    lab = Labels(c, (10, 10, 630, 470))
    lab.seg((100.0, 100.0), (300.0, 120.0))
    p = lab.PAD
    rects = np.array([(200.0, 200.0, 240.0, 220.0), (400.0, 300.0, 430.0, 318.0), (20.0, 20.0, 60.0, 40.0)])
    for x in (240.0 + p, math.nextafter(240.0 + p, 0.0), 200.0 - p - 30.0, math.nextafter(200.0 - p - 30.0, 1e9)):
        lab.box((x, 205.0, x + 30.0, 215.0))
    lab.box((430.0 + p, 300.0, 460.0, 320.0))                   # just clear of the second
    lab.box((math.nextafter(430.0 + p, 0.0), 330.0, 460.0, 340.0))   # in x, not in y
    got = lab.blocked(rects).tolist()
    want = brute_counts(lab, rects.tolist())
    assert got == want
    assert want[0] == 2000.0 and want[1] == 0.0
    for r, n in zip(rects.tolist(), want):   # alone, each box's extent is its own
        assert lab.blocked([r]).tolist() == [n]
    nan = np.array([(np.nan, 210.0, 250.0, 220.0), (205.0, np.nan, 235.0, np.nan)])
    with np.errstate(invalid="ignore"):
        mixed = lab.blocked(np.concatenate((nan, rects)))
        assert lab.blocked(nan).shape == (2,)
    assert mixed[2:].tolist() == want
    assert lab.blocked(np.zeros((0, 4))).shape == (0,)
    # out of bounds only where the extent leaves them
    assert lab.blocked([(0.0, 20.0, 30.0, 40.0), (20.0, 20.0, 60.0, 40.0)]).tolist() == [math.inf, want[2]]
