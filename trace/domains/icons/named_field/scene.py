"""icons/named_field: coloured icons -- geometric shapes and pictograms (flags, trees, rockets,
mugs, ...) -- scattered without overlap over an open field.

Tasks name an icon kind and a colour and count icons by set algebra over the two attributes;
the instance's target count is planted by re-drawing the attributes of just enough icons.
Difficulty grows the field (8-12, 12-18, 18-28 icons; the two-attribute counts keep 3-6, 4-8, 8-14
of them and the removal count 3-6, 4-12, 18-28, as the original's small panels do), the vocabulary
in play and turns the pictograms a little.  The counting tasks are in ``tasks``; the spatial tasks
(reference icons, a marked region, lettered options) in ``spatial``.
"""

from __future__ import annotations

from tracegen.core.claims import COLOUR_WORDS, Claim
from tracegen.core.task import Scene
from tracegen.kits.cards import label_badge, rounded_rect
from tracegen.kits.icons import COLORS, KINDS, SHAPES, draw_icon, scatter

N_ICONS = {1: (8, 12), 2: (12, 18), 3: (18, 28)}
N_KINDS = {1: (3, 4), 2: (4, 5), 3: (5, 7)}
N_COLORS = {1: (3, 4), 2: (3, 5), 3: (4, 6)}
ICON_SIZE = {1: (46, 58), 2: (42, 56), 3: (38, 52)}
TURN = {1: 0, 2: 20, 3: 35}
SIZES = {"field": (800, 500), "rank": (960, 560)}
LATTICE = {"field": (10, 6), "rank": (12, 7)}


def field_box(layout):
    w, h = SIZES[layout]
    return (20, 52, w - 40, h - 72)


def sample_field(rng, difficulty, layout="field", n=None):
    lo, hi = N_ICONS[difficulty]
    n = n or int(rng.integers(lo, hi + 1))
    k_k = int(rng.integers(N_KINDS[difficulty][0], N_KINDS[difficulty][1] + 1))
    k_c = int(rng.integers(N_COLORS[difficulty][0], N_COLORS[difficulty][1] + 1))
    kinds = [KINDS[i] for i in rng.choice(len(KINDS), size=k_k, replace=False)]
    colors = [COLORS[i] for i in rng.choice(len(COLORS), size=k_c, replace=False)]
    x0, y0, w, h = field_box(layout)
    cols, rows = LATTICE[layout]
    pts = scatter(rng, n, x0, y0, w, h, cols, rows, size=ICON_SIZE[difficulty][1])
    icons = []
    for x, y in pts:
        kind = kinds[int(rng.integers(k_k))]
        turn = TURN[difficulty]
        angle = 0 if kind in SHAPES or not turn else int(rng.integers(-turn, turn + 1))
        icons.append([kind, colors[int(rng.integers(k_c))], x, y, int(rng.integers(*ICON_SIZE[difficulty])), angle])
    return {"layout": layout, "kinds": kinds, "colors": colors, "icons": icons}


class NamedField(Scene):
    domain, scene_id, size = "icons", "named_field", SIZES["field"]
    megapixels = (0.3, 0.45)     # the original's 800 x 480 (0.38 MP); never below the frame (about 0.45-0.6 MP)
    description = ("Coloured icons (geometric shapes and pictograms such as flags, trees, rockets and mugs) "
                   "scattered without overlap over a panel, sometimes with reference icons, a marked region or "
                   "lettered options.")

    def canvas_size(self, state):
        return SIZES[state.get("layout", "field")]

    def sample(self, rng, difficulty):
        return sample_field(rng, difficulty)

    def claims(self, state, params):
        """Prompts name icons by kind ("pentagon" icons) and colour ("the colour pink": a category, maybe
        with no member): each icon is drawn as named."""
        out = [Claim(None, "colour", color) for color in COLORS if color in COLOUR_WORDS]
        for i, (kind, color, *_) in enumerate(state["icons"]):
            out.append(Claim(f"icon:{i}", "shape", kind))
            if color in COLOUR_WORDS:
                out.append(Claim(f"icon:{i}", "colour", color))
        return out

    def render(self, c, state, params):
        w, h = SIZES[state.get("layout", "field")]
        rounded_rect(c, 6, 6, w - 12, h - 12, radius=14, fill="panel", stroke="grid", lw=1.5)
        if c.style.accent % 2:             # render-only window chrome
            rounded_rect(c, 16, 16, w - 32, 24, radius=6, fill="grid")
            for k in range(3):
                c.circle(34 + 20 * k, 28, 5, fill="muted")
        region = state.get("region")
        if region:
            _draw_region(c, region)
        refs = set(state.get("refs", []))
        for i, (kind, color, x, y, size, angle) in enumerate(state["icons"]):
            draw_icon(c, kind, color, x, y, size * (1.55 if i in refs else 1.0), id=f"icon:{i}", outline=False,
                      angle=angle)
        for i, letter in sorted(state.get("labels", {}).items()):
            _, _, x, y, size, _ = state["icons"][int(i)]
            label_badge(c, x - 11, y - size / 2 - 30, letter, size=15)


def _draw_region(c, region):
    """The marked region: a tint of the accent colour with an accent outline."""
    tint = tuple(0.82 * b + 0.18 * a for a, b in zip(c.color("accent"), c.color("panel")))
    if region["kind"] == "circle":
        x, y, r = region["circle"]
        c.circle(x, y, r, fill=tint, stroke="accent", lw=3, id="region")
    else:
        c.polygon([tuple(p) for p in region["polygon"]], fill=tint, stroke="accent", lw=3, dash=[9, 6], id="region")


SCENE = NamedField()
task = SCENE.task


# ---------------------------------------------------------------------- planting
def plant(s, r, pred, t, *, pool=None, keep=()):
    """Re-draw (kind, colour) of just enough icons among ``pool`` that exactly ``t`` satisfy
    ``pred(kind, colour)``, using the state's vocabulary; ``keep`` kinds are never introduced."""
    icons, kinds, colors = s["icons"], s["kinds"], s["colors"]
    pool = list(range(len(icons))) if pool is None else list(pool)
    yes = [(k, c) for k in kinds for c in colors if pred(k, c) and k not in keep]
    no = [(k, c) for k in kinds for c in colors if not pred(k, c) and k not in keep]
    match = [i for i in pool if pred(*icons[i][:2])]
    other = [i for i in pool if i not in match]
    if len(pool) < t or (len(match) > t and not no) or (len(match) < t and not yes):
        return False
    for i in [match[int(j)] for j in r.permutation(len(match))][:max(0, len(match) - t)]:
        _set(icons[i], no[int(r.integers(len(no)))])
    for i in [other[int(j)] for j in r.permutation(len(other))][:max(0, t - len(match))]:
        _set(icons[i], yes[int(r.integers(len(yes)))])
    return True


def _set(icon, pair):
    icon[0], icon[1] = pair
    if icon[0] in SHAPES:
        icon[5] = 0


def ids(idx):
    return [f"icon:{i}" for i in idx]


def a_quoted(kind):
    return f'{"an" if kind[0] in "aeiou" else "a"} "{kind}"'


def _query(q, pred, support, *, with_color=True, field=None):
    """Target count, then a (kind, colour) query, then plant the count; returns kind, colour, hits.
    ``field`` ({level: (lo, hi)}) keeps only that many of the field's icons (a random subset: the
    scatter fills random lattice cells)."""
    t = q.target(support[q.difficulty], stratified=True)
    if field:
        lo, hi = field[q.difficulty]
        q.edit(lambda st, r: {**st, "icons": st["icons"][:int(r.integers(lo, hi + 1))]})
    s = q.state
    kind = q.choice("kind", s["kinds"])
    color = q.choice("color", s["colors"]) if with_color else None
    ok = q.edit(lambda st, r: st if plant(st, r, lambda k, c: pred(k, c, kind, color), t) else {**st, "bad": 1})
    q.require("bad" not in ok, "the target count cannot be planted")
    hits = [i for i, ic in enumerate(q.state["icons"]) if pred(ic[0], ic[1], kind, color)]
    q.require(len(hits) == t, "planting missed the target")
    q.step("filter", kind=kind, color=color, kept=hits)
    return kind, color, hits


def support(lo_hi):
    """{level: (lo, hi)} -> {level: range}; a level given as a tuple of more than two values is kept as
    it is (a stratified support: a repeated value is drawn more often)."""
    return {d: v if len(v) > 2 else range(v[0], v[1] + 1) for d, v in lo_hi.items()}


# icons in the field of the two-attribute and removal counts (the original's panels hold 4-8 and 3-12 icons)
SMALL_FIELD = {1: (3, 6), 2: (4, 8), 3: (8, 14)}
REMOVAL_FIELD = {1: (3, 6), 2: (4, 12), 3: (18, 28)}
