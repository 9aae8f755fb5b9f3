"""icons/single_transform_options: a Reference icon with a transformation cue (turn a quarter
clockwise or counterclockwise, turn a half, flip left-right or top-bottom) beside labelled
option cells showing the same icon in other orientations.

Tasks pick the option that is the Reference after the cued transformation, and the source
option that becomes the Reference after it.  Only icons whose eight orientations all look
different are used (``motifs.CHIRAL``).  Difficulty: level 1 offers four options with the
Reference upright; level 2 is the original (six result options with the Reference upright, four
source options with the Reference in any orientation); level 3 shows the Reference as a mirror
image and offers the near misses (the operation applied the wrong way, the Reference itself).
"""

from __future__ import annotations

from tracegen.core.options import LETTERS
from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect
from tracegen.kits.icons import COLORS, option_cells, window
from tracegen.kits.motifs import CHIRAL, DIHEDRAL, TRANSFORMS, compose, draw_motif

SIZE = (1104, 640)
PALETTE = tuple(c for c in COLORS if c not in ("black", "gray", "yellow"))
CUES = {"rotate_90_clockwise": "Rotate 90 CW", "rotate_90_counterclockwise": "Rotate 90 CCW",
        "rotate_180": "Rotate 180", "flip_horizontal": "Flip horizontally", "flip_vertical": "Flip vertically"}
WORDS = {"rotate_90_clockwise": "rotated 90 degrees clockwise", "rotate_90_counterclockwise":
         "rotated 90 degrees counterclockwise", "rotate_180": "rotated 180 degrees", "flip_horizontal":
         "flipped horizontally (mirrored left-right)", "flip_vertical": "flipped vertically (mirrored top-bottom)"}
OPS = tuple(TRANSFORMS)
IDENTITY = (0, False)


def inverse(op):
    """The orientation undoing ``op`` (as (angle, mirror))."""
    (a, m) = TRANSFORMS[op]
    return ((-a) % 360, m) if not m else (a, m)


class SingleTransformOptions(Scene):
    domain, scene_id, size = "icons", "single_transform_options", SIZE
    description = ("A Reference icon with a transformation cue (a turn or a flip) beside labelled option cells "
                   "showing the same icon in other orientations.")
    megapixels = (0.55, 0.85)   # image area (MP); the original's median is 0.707

    def sample(self, rng, difficulty):
        return {"kind": CHIRAL[int(rng.integers(len(CHIRAL)))], "color": PALETTE[int(rng.integers(len(PALETTE)))],
                "reference": [0, False], "op": OPS[0], "options": []}

    def render(self, c, state, params):
        w, h = SIZE
        lx0, ly0, lx1, ly1 = window(c, 16, 16, 330, h - 32, title="Reference")
        ox0, oy0, ox1, oy1 = window(c, 362, 16, w - 378, h - 32, title="Options")
        bx0, by0, bx1, by1 = lx0 + 14, ly0 + 14, lx1 - 14, ly1 - 10
        rounded_rect(c, bx0, by0, bx1 - bx0, by1 - by0, radius=12, fill="paper", stroke="muted", lw=1.6)
        a, m = state["reference"]
        cx = (bx0 + bx1) / 2
        draw_motif(c, state["kind"], state["color"], cx, by0 + (by1 - by0) * 0.38, 120, angle=a, mirror=m,
                   id="reference")
        c.text(cx, by1 - 60, CUES[state["op"]], size=19, bold=True, id="cue")
        n = len(state["options"])
        cells = option_cells(c, (ox0, oy0, ox1, oy1), n, cols=3 if n > 4 else 2, max_side=1000.0)
        for (oa, om), (x, y, side, _) in zip(state["options"], cells):
            draw_motif(c, state["kind"], state["color"], x + side / 2, y + side / 2 + 8, side * 0.46, angle=oa,
                       mirror=om)


SCENE = SingleTransformOptions()
task = SCENE.task


def _reference(q, r):
    """The Reference's orientation: upright at level 1, upright (results) or any (sources) at
    level 2 as the original, a mirror image at level 3."""
    if q.difficulty == 3:
        return DIHEDRAL[4 + int(r.integers(4))]
    return IDENTITY


def _finish(q, s, want, k):
    opts = [tuple(o) for o in s["options"]]
    q.require(len(set(opts)) == k and opts.count(tuple(want)) == 1, "options are not distinct")
    pick = LETTERS[opts.index(tuple(want))]
    return pick, {"reference_icon": "reference", "selected_option": f"option:{pick}"}


@task("geometric_transform_result_label", answer="option_letter", annotation="bbox_map", ops="transformation",
      queries=tuple(f"{op}_result_label" for op in OPS))
def geometric_transform_result_label(q):
    op = q.query_id.removesuffix("_result_label")
    k = 4 if q.difficulty == 1 else 6
    letter = q.target(LETTERS[:k])
    q.offer(k, "image")

    def build(st, r):
        ref = _reference(q, r)
        want = compose(ref, TRANSFORMS[op])
        images = [compose(ref, t) for t in (IDENTITY,) + tuple(TRANSFORMS.values())]
        others = [o for o in dict.fromkeys(images) if o != want]
        if q.difficulty == 3:       # the turn the other way among the options
            wrong = compose(ref, inverse(op))
            others = ([wrong] if wrong != want else []) + [o for o in others if o != wrong]
            others = others[:1] + [others[1:][int(i)] for i in r.permutation(len(others) - 1)]
        else:
            others = [others[int(i)] for i in r.permutation(len(others))]
        opts = others[:k - 1]
        opts.insert(LETTERS.index(letter), want)
        st.update({"kind": CHIRAL[int(r.integers(len(CHIRAL)))], "reference": list(ref), "op": op,
                   "options": [list(o) for o in opts]})
        return st

    s = q.edit(build)
    want = compose(tuple(s["reference"]), TRANSFORMS[op])
    pick, wit = _finish(q, s, want, k)
    q.step("transform", reference=s["reference"], operation=op, result=list(want))
    return q.answer(pick, witnesses=wit,
                    question=(f"The image shows a Reference icon with a transform cue beside {k} labelled option "
                              f"icons. Which option shows the Reference icon {WORDS[op]}?"),
                    examples=[x for x in LETTERS[:k] if x != pick])


@task("inverse_geometric_transform_source_label", answer="option_letter", annotation="bbox_map",
      ops="transformation", queries=("rotate_90_clockwise_source_label",))
def inverse_geometric_transform_source_label(q):
    op = q.choice("operation", OPS)
    k = 4
    letter = q.target(LETTERS[:k], stratified=True)
    q.offer(k, "image")

    def build(st, r):
        ref = DIHEDRAL[int(r.integers(8))] if q.difficulty == 2 else _reference(q, r)
        want = compose(ref, inverse(op))
        # near misses: the turn the wrong way round, and the Reference itself
        near = [o for o in dict.fromkeys([compose(ref, TRANSFORMS[op]), ref]) if o != want]
        rest = [o for o in DIHEDRAL if o not in near and o != want]
        rest = [rest[int(i)] for i in r.permutation(len(rest))]
        pool = {1: rest + near, 2: [ref] + rest, 3: near + rest}[q.difficulty]
        opts = pool[:k - 1]
        opts = [opts[int(i)] for i in r.permutation(len(opts))]
        opts.insert(LETTERS.index(letter), want)
        st.update({"kind": CHIRAL[int(r.integers(len(CHIRAL)))], "reference": list(ref), "op": op,
                   "options": [list(o) for o in opts]})
        return st

    s = q.edit(build)
    ref = tuple(s["reference"])
    hits = [o for o in s["options"] if compose(tuple(o), TRANSFORMS[op]) == ref]
    q.require(len(hits) == 1, "more than one source reaches the Reference")
    pick, wit = _finish(q, s, tuple(hits[0]), k)
    q.step("inverse_transform", reference=list(ref), operation=op, source=hits[0])
    return q.answer(pick, witnesses=wit,
                    question=(f"The image shows a transformed Reference icon with a transform cue beside four labelled "
                              f"source options. Which option would match the Reference icon after being {WORDS[op]}?"),
                    examples=[x for x in LETTERS[:k] if x != pick])
