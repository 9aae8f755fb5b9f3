"""The render-only style space: fonts, themes and roles, semantic colours, textures, size and
aspect, the PNG encoder -- and, over every scene, that no style dimension changes the state,
the answer or the annotation's meaning, while text stays >= 12 px and readable."""

import collections
import dataclasses
import io
import math
import shutil
import subprocess

import numpy as np
import pytest
from PIL import Image

from taskcheck import STYLE_GRID, check_styles
from tracegen import registry
from tracegen.core import engine, png
from tracegen.core.canvas import Canvas
from tracegen.core.seeds import stream
from tracegen.core.style import (DENSITIES, DISTINCT_DELTA_E, FONTS, FRAMES, GRID_STYLES, MARKERS,
                                 NAMED_COLORS, TEXTURES, THEMES, Style, contrast, delta_e, draw_style)


@pytest.mark.skipif(shutil.which("fc-match") is None, reason="fontconfig tools not installed")
@pytest.mark.parametrize("family", FONTS)
def test_every_font_family_is_installed(family):
    """fontconfig resolves each family to itself (a missing package would silently substitute)."""
    got = subprocess.run(["fc-match", "-f", "%{family}", family], capture_output=True, text=True).stdout
    assert family in got.split(","), f"{family!r} resolves to {got!r}: install its Debian font package"


def test_at_least_four_font_families_and_glyph_fallback():
    assert len({f.split()[0] for f in FONTS}) >= 4
    c = Canvas(200, 100, Style(font="Comic Neue"))
    # Comic Neue has no "≤": the whole string falls back to DejaVu Sans, plain text does not
    assert c.text_width("x ≤ 45", size=14) == c.text_width("x ≤ 45", size=14, font="DejaVu Sans")
    assert c.text_width("Monday", size=14) != c.text_width("Monday", size=14, font="DejaVu Sans")


@pytest.mark.parametrize("theme", THEMES, ids=lambda t: t.name)
def test_theme_roles_are_legible(theme):
    for surface in (theme.background, theme.panel, theme.paper):
        assert contrast(theme.ink, surface) >= 7.0, theme.name
        assert contrast(theme.muted, surface) >= 4.5, theme.name
    for s in theme.series:   # non-text marks: WCAG 1.4.11 asks 3:1 against what they sit on
        assert contrast(s, theme.background) >= 3.0, (theme.name, s)


def test_dark_themes_exist_and_are_dark():
    dark = [t for t in THEMES if t.dark]
    assert len(dark) >= 3 and len(THEMES) - len(dark) >= 3
    for t in THEMES:
        assert (contrast(t.background, (0, 0, 0)) < contrast(t.background, (1, 1, 1))) == t.dark, t.name


@pytest.mark.parametrize("k", range(len(THEMES)), ids=[t.name for t in THEMES])
def test_named_colours_stay_exact_and_visible_on_every_theme(k):
    """A named fill is drawn with its exact colour; one that would blend into the theme's
    surface gets an outline that stands out from it."""
    style = Style(theme=k)
    for name, col in NAMED_COLORS.items():
        c = Canvas(60, 60, style)
        c.rect(10, 10, 40, 40, fill=name)
        c.finish()
        px = c.to_rgb()
        assert np.abs(px[30, 30].astype(int) - [round(v * 255) for v in col]).max() <= 1, name
        edge = px[10, 30] / 255.0
        assert max(delta_e(col, style.background), delta_e(edge, style.background)) >= DISTINCT_DELTA_E, name


def test_text_on_any_fill_reaches_wcag_aa():
    rng = np.random.default_rng(0)
    for k in range(len(THEMES)):
        st = Style(theme=k)
        for fill in rng.uniform(0, 1, size=(200, 3)):
            assert contrast(st.text_on(fill), fill) >= 4.5


def test_draw_style_covers_the_space_and_sizes():
    seen = collections.defaultdict(set)
    dark, sizes, mps = 0, set(), []
    for i in range(600):
        st, size, scale = draw_style(stream(i, "style"), stream(i, "noise"), size=(640, 480))
        for dim in ("theme", "font", "density", "grid_style", "marker", "texture", "frame"):
            seen[dim].add(getattr(st, dim))
        dark += st.dark
        assert size == (640, 480) and 1.0 <= scale <= 3.0
        fw, fh = st.frame_size(*size)
        w, h = engine.pixel_size(st, size, scale)
        sizes.add((w, h))
        mps.append(w * h / 1e6)
        assert fw >= 640 and fh >= 480 and min(st.pad) >= 8
    assert seen["theme"] == set(range(len(THEMES))) and seen["font"] == set(FONTS)
    assert seen["density"] == set(DENSITIES) and seen["grid_style"] == set(GRID_STYLES)
    assert seen["marker"] == set(MARKERS) and seen["texture"] == set(TEXTURES) and seen["frame"] == set(FRAMES)
    assert 0.2 < dark / 600 < 0.4
    assert len(sizes) > 500 and 0.7 < float(np.median(mps)) < 0.95 and min(mps) >= 0.5
    # a fluid scene lays out in the whole frame, whose aspect differs from the scene's own
    aspects = set()
    for i in range(60):
        st, size, _ = draw_style(stream(i, "style"), stream(i, "noise"), size=(640, 480), fluid=True)
        aspects.add(round(size[0] / size[1], 2))
    assert len(aspects) > 10


def test_png_encoder_is_lossless_deterministic_and_standard():
    spec = registry.get("task_charts__heatmap__colorbar_threshold_cell_count")
    inst = engine.generate(spec, seed=0, split="train", index=0)
    data = inst.png()
    assert data == inst.canvas.to_png() == png.encode_bgrx(inst.canvas.pixels_bgrx())
    im = Image.open(io.BytesIO(data))
    im.load()
    assert im.mode == "RGB" and im.size == (inst.canvas.px_width, inst.canvas.px_height)
    assert np.array_equal(np.asarray(im), inst.canvas.to_rgb())
    rng = np.random.default_rng(1)
    for shape in ((1, 1, 3), (7, 3, 3), (64, 129, 3)):
        arr = rng.integers(0, 256, size=shape, dtype=np.uint8)
        assert np.array_equal(np.asarray(Image.open(io.BytesIO(png.encode_rgb(arr)))), arr)


def test_bgrx_shuffle_is_the_channel_reversal_and_leaves_opencv_alone():
    """OpenCV's shuffle writes exactly the reversed channels into the strided scanline view (also
    from a row-strided source), refuses an output it would silently replace, and puts OpenCV's
    thread setting back."""
    import cv2

    rng = np.random.default_rng(3)
    before = cv2.getNumThreads()
    cv2.setNumThreads(3)
    try:
        for h, w in ((1, 1), (7, 3), (64, 129), (300, 517)):
            wide = rng.integers(0, 256, size=(h, w + 5, 4), dtype=np.uint8)
            for bgrx in (np.ascontiguousarray(wide[:, :w]), wide[:, :w]):
                buf = np.zeros((h, 1 + 3 * w), np.uint8)
                px = buf[:, 1:].reshape(h, w, 3)
                assert png.bgrx_to_rgb(bgrx, px) is px
                assert np.array_equal(px, bgrx[..., 2::-1]) and not buf[:, 0].any()
                assert png.encode_bgrx(bgrx) == png.encode_rgb(np.ascontiguousarray(bgrx[..., 2::-1]))
            assert cv2.getNumThreads() == 3
        with pytest.raises(ValueError, match="cannot write RGB into a uint16 array"):
            png.bgrx_to_rgb(bgrx, np.empty((h, w, 3), np.uint16))
    finally:
        cv2.setNumThreads(before)


def test_style_grid_spans_every_dimension():
    """The styles every scene is rendered under in the invariance check reach every value."""
    for dim, values in (("theme", range(len(THEMES))), ("font", FONTS), ("texture", TEXTURES), ("frame", FRAMES),
                        ("grid_style", GRID_STYLES), ("marker", MARKERS), ("density", DENSITIES)):
        assert {getattr(s, dim) for s, _ in STYLE_GRID} == set(values), dim


SCENES = sorted({(registry.meta(t)["domain"], registry.meta(t)["scene_id"]) for t in registry.task_ids()})


PER_TASK = 4   # styles per task; a scene's tasks take consecutive slices, so a scene covers the grid


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: f"{s[0]}-{s[1]}")
def test_every_scene_under_every_style(scene):
    """Same state, answer and annotation meaning under every style; text >= 12 px, WCAG AA."""
    tids = registry.task_ids(domain=scene[0], scene=scene[1])
    n = len(STYLE_GRID)
    for k, tid in enumerate(tids):
        styles = None if len(tids) * PER_TASK < n else [STYLE_GRID[(k * PER_TASK + j) % n] for j in range(PER_TASK)]
        check_styles(registry.get(tid), seeds=(0,), styles=styles)


def test_style_is_drawn_from_render_streams_only():
    """Moving every style draw leaves state, answer and prompts alone (named sub-streams)."""
    spec = registry.get("task_charts__single_series__threshold_value_count")
    a = engine.plan(spec, seed=5, split="train", index=2)
    b = engine.plan(spec, seed=5, split="train", index=2, megapixels=2.0)
    assert a.state == b.state and a.answer == b.answer and a.prompts == b.prompts and a.style == b.style
    assert b.pixel_size[0] * b.pixel_size[1] == pytest.approx(2e6, rel=0.01)
    c = dataclasses.replace(a.style, theme=(a.style.theme + 1) % len(THEMES))
    assert c != a.style


def test_a_missing_font_family_fails_loudly(monkeypatch):
    from tracegen.core import canvas

    monkeypatch.setattr(canvas, "FONTS", canvas.FONTS + ("Tracegen Missing Sans",))
    monkeypatch.setattr(canvas, "_FONTS_CHECKED", False)
    with pytest.raises(canvas.MissingFont, match="Tracegen Missing Sans"):
        Canvas(10, 10, Style())


def test_png_bytes_are_pinned():
    """The encoder's bytes for a fixed image: a different zlib-ng release that changed the
    stream would change every image digest, so it must show up here first."""
    import hashlib

    rng = np.random.Generator(np.random.PCG64(12345))
    h, w = 240, 320
    img = np.zeros((h, w, 3), np.uint8)
    img[:, :, 0] = np.arange(w, dtype=np.uint8)[None, :]
    img[:, :, 1] = (np.arange(h)[:, None] // 7 * 9).astype(np.uint8)
    img[60:180, 80:240] = (200, 30, 90)
    speckle = rng.random((h, w)) < 0.02
    img[speckle] = rng.integers(0, 256, size=(int(speckle.sum()), 3), dtype=np.uint8)
    data = png.encode_rgb(img)
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(data))), img)
    assert hashlib.sha256(data).hexdigest() == "aa056433610644f2c74db84abb6ac1778f55bcffbbdc058f37bd44bea3e120f6"


PNG_CHILD = """
import hashlib, sys
import numpy as np
from zlib_ng import zlib_ng
from tracegen.core import png
rng = np.random.Generator(np.random.PCG64(7))
junk = np.random.Generator(np.random.PCG64(int(sys.argv[1])))   # each process leaves other leftovers
out = hashlib.sha256()
for k in range(24):
    for _ in range(int(junk.integers(0, 3))):
        zlib_ng.compress(junk.integers(0, 256, int(junk.integers(1000, 300000)), dtype=np.uint8).tobytes(),
                         int(junk.integers(1, 10)))
    h, w = 300 + 13 * k, 420 + 17 * k
    img = np.full((h, w, 3), 245, np.uint8)
    for _ in range(30):
        y, x = rng.integers(0, h - 40), rng.integers(0, w - 60)
        img[y:y + int(rng.integers(2, 40)), x:x + int(rng.integers(3, 60))] = rng.integers(0, 256, 3)
    out.update(png.encode_rgb(img))
print(out.hexdigest())
"""


def test_png_bytes_agree_across_fresh_processes():
    """Each process allocates its own compressor state, after compressing different unrelated
    data: an encoder whose stream depends on leftover memory (ISA-L, seen here in ~1 of 15 fresh
    processes; zlib-ng before 2.3.3 when state was reused) shows up as disagreement."""
    import subprocess
    import sys

    digests = {subprocess.run([sys.executable, "-c", PNG_CHILD, str(k)], capture_output=True, text=True,
                              check=True, timeout=300).stdout.strip() for k in range(6)}
    assert len(digests) == 1, digests


# ---------------------------------------------------------------------------- the framework's passes
def _card_boxes(c):
    """The content card's pixel box (shrunk by 2 px, clear of its antialiased edge and
    rounded corners) and the margin band outside it (grown by 2 px)."""
    st, s = c.style, c.scale
    fw, fh = st.frame_size(c.width, c.height)
    m = min(6.0, min(st.pad) * 0.6)
    x0, y0 = (st.pad[0] - m) * s, (st.pad[1] - m) * s
    x1, y1 = (fw - st.pad[2] + m) * s, (fh - st.pad[3] + m) * s
    return (int(x0) + 14 * s, int(y0) + 14 * s, int(x1) - 14 * s, int(y1) - 14 * s), (x0, y0, x1, y1)


@pytest.mark.parametrize("texture", TEXTURES)
@pytest.mark.parametrize("frame", FRAMES)
def test_backdrop_texture_stays_outside_the_content_card(texture, frame):
    """The backdrop is drawn only around the card: inside it every pixel is the background,
    outside it a texture shows (and a shadow frame darkens the band right of the card)."""
    st = Style(theme=6, texture=texture, frame=frame, pad=(30.0, 26.0, 34.0, 40.0), jitter=(1.5, -2.0))
    c = Canvas(300, 200, st, 1.37)
    c.finish()
    px = c.to_rgb().astype(int)
    bg = np.array([round(v * 255) for v in st.background])
    (ix0, iy0, ix1, iy1), (x0, y0, x1, y1) = _card_boxes(c)
    inside = px[int(iy0):int(iy1), int(ix0):int(ix1)]
    assert np.abs(inside - bg).max() <= 1
    margin = np.concatenate([px[: int(y0) - 2].reshape(-1, 3), px[int(y1) + 2:].reshape(-1, 3)])
    if texture == "plain":   # (a shadow darkens the band below the card)
        assert np.abs(px[: int(y0) - 2] - bg).max() <= 1
    else:
        assert (np.abs(margin - bg).max(axis=1) > 2).mean() > 0.02, f"{texture}: the margin shows no texture"
    if frame == "shadow":
        band = px[int(y0) + 20:int(y1) - 20, int(x1) + 2:int(x1) + 4]
        assert (np.abs(band - bg).max(axis=2) > 2).mean() > 0.9


def test_surface_starts_as_cairos_own_background_pixels():
    import cairo

    for theme in range(len(THEMES)):
        c = Canvas(40, 30, Style(theme=theme), 1.0)
        ref = cairo.ImageSurface(cairo.FORMAT_RGB24, c.px_width, c.px_height)
        ctx = cairo.Context(ref)
        ctx.set_source_rgb(*THEMES[theme].background)
        ctx.paint()
        ref.flush()
        want = np.ndarray((c.px_height, ref.get_stride() // 4), np.uint32, buffer=ref.get_data())[:, :c.px_width]
        assert np.array_equal(c.pixels32(), want)


def test_noise_pass_equals_per_channel_speckle():
    """The noise pass (32-bit gathers) gives the pixels of the plain per-channel definition:
    2 % of the pixels, drawn with replacement from the noise seed, offset in grey and clipped."""
    from tracegen.core.canvas import NOISE_DENSITY

    st = Style(theme=2, noise_sigma=6.0, noise_seed=1234)
    c = Canvas(210, 170, st, 1.3)
    c.rect(0, 0, 80, 170, fill="ink")        # dark and light pixels, so clipping happens
    c.rect(120, 0, 90, 170, fill=(1.0, 1.0, 1.0))
    c.surface.flush()
    want = c.pixels_bgrx().copy().reshape(-1, 4)
    rng = np.random.Generator(np.random.PCG64(1234))
    k = max(1, int(want.shape[0] * NOISE_DENSITY))
    idx = rng.integers(0, want.shape[0], size=k)
    delta = rng.integers(-24, 25, size=(k, 1), dtype=np.int16)
    want[idx, :3] = np.clip(want[idx, :3].astype(np.int16) + delta, 0, 255).astype(np.uint8)
    c.finish()
    got = c.pixels_bgrx().reshape(-1, 4)
    assert np.array_equal(got[:, :3], want[:, :3]) and (got[:, :3] != 0).any()


def test_thin_dashes_are_butt_capped_with_the_round_capped_look():
    from tracegen.core.canvas import THIN, butt_dashes

    cap = math.pi / 4 * 1.04
    assert butt_dashes([1.0, 4.0], 1.04) == pytest.approx([1.0 + cap, 4.0 - cap])
    assert butt_dashes([6.0, 4.0, 2.0, 0.5], 1.5) == pytest.approx([6.0 + math.pi / 4 * 1.5, 4.0 - math.pi / 4 * 1.5,
                                                                    2.5, 0.0])   # a gap never below zero
    # the same ink as the round-capped line (two half-disc caps = a dash pi/4 lw longer)
    ink = []
    for dash in ([1.0, 4.0], [6.0, 4.0]):
        for butt in (False, True):
            c = Canvas(400, 20, Style(), 2.0)
            if butt:
                c.line(10, 10, 390, 10, lw=1.2, dash=dash)
            else:
                c.ctx.set_dash(dash)
                c.line(10, 10, 390, 10, lw=1.2)
            c.surface.flush()
            ink.append(255 - c.to_rgb()[..., 0].astype(float))
    for k in (0, 2):
        round_ink, butt_ink = ink[k].sum(), ink[k + 1].sum()
        assert abs(butt_ink - round_ink) / round_ink < 0.03
    assert THIN >= 1.2
    c = Canvas(100, 20, Style(), 1.0)
    c.line(5, 10, 95, 10, lw=2.4, dash=[2.0, 3.0])      # thick dotted lines keep their round dots
    assert c.ctx.get_line_cap() == 1   # LINE_CAP_ROUND, restored


def test_entities_convert_lazily_to_the_same_pixels():
    c = Canvas(200, 100, Style(pad=(12.0, 7.0, 3.0, 5.0), jitter=(1.5, -2.0)), 1.37)
    c.register("a", box=(10, 20, 4, 60))
    c.register("b", point=(33.3, 44.4))
    c.register("s", segment=((5, 6), (70, 2)))
    c.register("p", box=[1, 2, 3, 4], point=np.array([2.0, 3.0]))
    c.register("a", box=(0, 0, 10, 10))          # re-registering replaces, keeps the order
    assert list(c.entities) == ["a", "b", "s", "p"] and len(c.entities) == 4 and "s" in c.entities
    assert "zz" not in c.entities
    (ax, ay), (bx, by) = c.to_px(0, 0), c.to_px(10, 10)
    assert c.entities["a"] == {"box": [ax, ay, bx, by], "point": [round((ax + bx) / 2, 1), round((ay + by) / 2, 1)]}
    assert c.entities["b"] == {"point": c.to_px(33.3, 44.4)}
    assert c.entities["s"] == {"segment": [c.to_px(5, 6), c.to_px(70, 2)], "box": c.to_px(5, 2) + c.to_px(70, 6),
                               "point": c.entities["s"]["point"]}
    assert c.entities["p"]["point"] == c.to_px(2.0, 3.0)
    with pytest.raises(KeyError):
        c.entities["zz"]
    assert dict(c.entities.items()) == {k: c.entities[k] for k in c.entities}


def test_text_is_measured_the_same_at_every_scale_and_drawn_at_whole_pixel_sizes():
    """Layouts measure text in user units without the transform, so a scene lays out alike at every
    scale; the glyphs are drawn in device space at the nearest whole-pixel size, anchored on the
    measured box (instances then share cairo's glyph rasters)."""
    widths, boxes = set(), set()
    for scale in (1.0, 1.37, 2.2):
        c = Canvas(300, 80, Style(pad=(10.0, 10.0, 10.0, 10.0)), scale)
        widths.add(c.text_width("Quartz 1,250 kg", size=13.0))
        boxes.add(c.text(150, 40, "Quartz 1,250 kg", size=13.0, anchor="c"))
        rec = c.texts[-1]
        assert rec["size_px"] == round(13.0 * scale)
        cx = (rec["box"][0] + rec["box"][2]) / 2          # the drawn box stays centred on the anchor
        assert abs(cx - (150 + c.dx) * scale) <= 0.1
    assert len(widths) == 1 and len(boxes) == 1
    # two scales whose pixel sizes round alike draw the same glyph pixels at the same device spot
    ink = []
    for scale in (1.0, 1.03):                          # 14 px and 14.42 -> 14 px
        c = Canvas(120, 60, Style(pad=(0.0, 0.0, 0.0, 0.0)), scale)
        c.ctx.identity_matrix()
        c.ctx.scale(scale, scale)                      # the device origin of the text: (20, 20) both times
        c.text(20 / scale, 20 / scale, "Ag7", size=14.0, anchor="l", valign="t")
        c.surface.flush()
        ink.append(c.to_rgb()[15:50, 15:80].copy())
    assert np.array_equal(ink[0], ink[1]) and (ink[0] < 128).any()
    # a rotated label keeps the transform path, with its pixel size as drawn
    c = Canvas(200, 200, Style(), 1.5)
    c.text(100, 100, "tilted", size=12.0, angle=0.5)
    assert c.texts[-1]["size_px"] == pytest.approx(18.0)


def test_rectangle_outlines_have_mitred_corners_and_restore_the_round_joins():
    """A stroked rectangle is drawn with mitred corners (cairo strokes it as four boxes): the corner
    pixel is inked as fully as an edge pixel.  Other outlines keep round joins."""
    import cairo

    c = Canvas(60, 60, Style(pad=(0.0, 0.0, 0.0, 0.0)), 1.0)
    c.ctx.identity_matrix()
    c.rect(10, 10, 40, 40, stroke=(0.0, 0.0, 0.0), lw=4.0)    # edges cover x in [8, 12]
    c.surface.flush()
    px = c.to_rgb()[..., 0]
    assert px[8, 8] == px[8, 30] == 0                            # the outer corner is square
    assert c.ctx.get_line_join() == cairo.LINE_JOIN_ROUND and c.ctx.get_line_cap() == cairo.LINE_CAP_ROUND
    c2 = Canvas(60, 60, Style(pad=(0.0, 0.0, 0.0, 0.0)), 1.0)
    c2.ctx.identity_matrix()
    c2.polygon([(10, 10), (50, 10), (50, 50), (10, 50)], stroke=(0.0, 0.0, 0.0), lw=4.0)
    c2.surface.flush()
    assert c2.to_rgb()[8, 8, 0] > 100                            # a polygon's corner stays round


def test_shapes_use_the_coarse_coverage_grid_and_text_keeps_its_own_antialiasing():
    """Shapes are antialiased on cairo's 4x4 grid (17 coverage levels); text keeps the greyscale
    antialiasing of the font options (a fine edge ramp)."""
    c = Canvas(200, 120, Style(theme=0, pad=(0.0, 0.0, 0.0, 0.0)), 1.0)
    c.ctx.identity_matrix()
    c.circle(60, 60, 47.3, fill=(0.0, 0.0, 0.0))
    c.surface.flush()
    shape = set(np.unique(c.to_rgb()[..., 0]).tolist())
    bg = int(c.to_rgb()[0, 0, 0])
    # every level is background blended with black at a whole number of sixteenths
    assert all(any(abs(v - round(bg * (16 - n) / 16)) <= 1 for n in range(17)) for v in shape)
    assert len(shape) > 6
    c = Canvas(200, 120, Style(theme=0, pad=(0.0, 0.0, 0.0, 0.0)), 1.0)
    c.text(100, 60, "Sample text 0123", size=23.0)
    c.surface.flush()
    assert len(np.unique(c.to_rgb()[..., 0])) > 17
