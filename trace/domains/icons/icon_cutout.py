"""icons/icon_cutout: a Fragment panel showing a rectangular cut-out of one icon beside labelled
cells of full icons; one of them is the icon the fragment was cut from.

The task picks that icon.  A cut-out is kept only when it shows both ink and background and no
other option's silhouette contains a close match anywhere (slid over every position at the same
scale), so the answer is unique.  Difficulty: level 1 offers four options and large cut-outs,
level 2 six options as the original, level 3 six options, smaller cut-outs and a zoomed fragment.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from tracegen.core.options import LETTERS
from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect
from tracegen.kits.glyphs import ALL_ICONS
from tracegen.kits.icons import COLORS, option_cells, window
from tracegen.kits.motifs import EXTRA, draw_motif, mask

SIZE = (1104, 640)
KINDS = tuple(ALL_ICONS) + tuple(EXTRA)
PALETTE = tuple(c for c in COLORS if c not in ("black", "gray", "yellow"))
N_OPTIONS = {1: 4, 2: 6, 3: 6}
WINDOW = {1: (1.2, 1.5), 2: (1.0, 1.3), 3: (0.8, 1.0)}     # side of the cut-out, in icon half-sizes
ZOOM = {1: 1.0, 2: 1.0, 3: 1.3}
PX = 48                                  # the raster the uniqueness check compares at
FRAME = PX / 2 * 0.9                     # mask pixels per icon half-size (see motifs.mask)


def window_px(win):
    u0, v0, u1, v1 = win
    return (int(round(PX / 2 + u0 * FRAME)), int(round(PX / 2 + v0 * FRAME)), int(round(PX / 2 + u1 * FRAME)),
            int(round(PX / 2 + v1 * FRAME)))


@lru_cache(maxsize=None)
def silhouette(kind):
    return mask(kind, px=PX)


def _correlate(full, patch):
    """Valid-mode cross-correlation of two 0/1 arrays by FFT, rounded to the exact integers."""
    h, w = patch.shape
    shape = (full.shape[0] + h, full.shape[1] + w)
    spec = np.fft.rfft2(full, shape) * np.fft.rfft2(patch[::-1, ::-1], shape)
    out = np.rint(np.fft.irfft2(spec, shape))
    return out[h - 1:full.shape[0], w - 1:full.shape[1]]


def best_match(patch, kind) -> float:
    """The smallest differing share between ``patch`` and any same-sized window of ``kind``'s
    silhouette (positions over the icon and a margin around it)."""
    h, w = patch.shape
    full = np.pad(silhouette(kind), ((h, h), (w, w))).astype(np.float64)
    p = patch.astype(np.float64)
    inter = _correlate(full, p)
    area = _correlate(full, np.ones_like(p))
    union = area + p.sum() - inter
    return float(((union - inter) / np.maximum(union, 1.0)).min())


class IconCutout(Scene):
    domain, scene_id, size = "icons", "icon_cutout", SIZE
    description = "A Fragment panel with a rectangular cut-out of one icon beside labelled cells of full icons."
    megapixels = (0.55, 0.85)   # image area (MP); the original's median is 0.707

    def sample(self, rng, difficulty):
        kinds = [KINDS[int(i)] for i in rng.choice(len(KINDS), size=N_OPTIONS[difficulty], replace=False)]
        return {"kind": kinds[0], "options": kinds, "color": PALETTE[int(rng.integers(len(PALETTE)))],
                "window": [-0.5, -0.5, 0.4, 0.4], "zoom": ZOOM[difficulty]}

    def render(self, c, state, params):
        w, h = SIZE
        lx0, ly0, lx1, ly1 = window(c, 16, 16, 330, h - 32, title="Fragment")
        ox0, oy0, ox1, oy1 = window(c, 362, 16, w - 378, h - 32, title="Full icons")
        cx, cy = (lx0 + lx1) / 2, (ly0 + ly1) / 2
        rounded_rect(c, cx - 130, cy - 130, 260, 260, radius=12, fill="paper", stroke="muted", lw=1.6)
        size = 150.0 * state["zoom"]
        u0, v0, u1, v1 = state["window"]
        half = size / 2
        # place the icon so that the cut-out sits in the middle of the box
        ix, iy = cx - (u0 + u1) / 2 * half, cy - (v0 + v1) / 2 * half
        x0, y0, x1, y1 = ix + u0 * half, iy + v0 * half, ix + u1 * half, iy + v1 * half
        c.ctx.save()
        c.ctx.rectangle(x0, y0, x1 - x0, y1 - y0)
        c.ctx.clip()
        draw_motif(c, state["kind"], state["color"], ix, iy, size)
        c.ctx.restore()
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke="muted", lw=1.4, id="fragment")
        n = len(state["options"])
        cells = option_cells(c, (ox0, oy0, ox1, oy1), n, cols=3 if n > 4 else 2, max_side=1000.0)
        for kind, (x, y, side, _) in zip(state["options"], cells):
            draw_motif(c, kind, state["color"], x + side / 2, y + side / 2 + 8, side * 0.62)


SCENE = IconCutout()
task = SCENE.task


@task("partial_match_label", answer="option_letter", annotation="bbox_map", ops="transformation,matching")
def partial_match_label(q):
    d = q.difficulty
    k = N_OPTIONS[d]
    letter = q.target(LETTERS[:k])
    q.offer(k, "image")

    def build(st, r):
        kinds = [KINDS[int(i)] for i in r.choice(len(KINDS), size=k, replace=False)]
        answer = kinds[0]
        others = kinds[1:]
        src = silhouette(answer)
        lo, hi = WINDOW[d]
        for _ in range(30):
            sw, sh = float(r.uniform(lo, hi)), float(r.uniform(lo, hi))
            u0, v0 = float(r.uniform(-1.0, 1.0 - sw)), float(r.uniform(-1.0, 1.0 - sh))
            win = [round(u0, 3), round(v0, 3), round(u0 + sw, 3), round(v0 + sh, 3)]
            a, b, c_, e = window_px(win)
            patch = src[b:e, a:c_]
            ink = patch.mean()
            if 0.3 <= ink <= 0.7 and min(best_match(patch, o) for o in others) > 0.3:
                opts = list(others)
                opts.insert(LETTERS.index(letter), answer)
                st.update({"kind": answer, "options": opts, "window": win, "zoom": ZOOM[d]})
                return st
        st["bad"] = 1
        return st

    s = q.edit(build)
    q.require("bad" not in s, "no cut-out tells the icon apart")
    pick = LETTERS[s["options"].index(s["kind"])]
    q.step("cutout", source=s["kind"], window=s["window"])
    return q.answer(pick, witnesses={"source_fragment": "fragment", "selected_option": f"option:{pick}"},
                    question=(f"The image shows a partial icon fragment (a rectangular cut-out) beside {k} labelled "
                              f"full icons. Which labelled full icon was the fragment cut from?"),
                    examples=[x for x in LETTERS[:k] if x != pick])
