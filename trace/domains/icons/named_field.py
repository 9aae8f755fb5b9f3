"""icons/named_field: coloured shape icons scattered without overlap over an open field."""

from __future__ import annotations

from tracegen.core.icons import COLORS, PLURALS, SHAPES, draw_icon, scatter
from tracegen.core.task import Scene

N_ICONS = {1: (6, 9), 2: (11, 16), 3: (18, 26)}
N_SHAPES = {1: (3, 4), 2: (3, 5), 3: (4, 6)}
N_COLORS = {1: (3, 4), 2: (3, 5), 3: (4, 6)}
LATTICE = (8, 6)           # cols, rows of the non-overlap lattice
FIELD = (24, 24, 592, 432)  # x0, y0, w, h


class NamedField(Scene):
    domain, scene_id, size = "icons", "named_field", (640, 480)
    description = ("Coloured shape icons (circles, squares, triangles, diamonds, pentagons, hexagons, stars, "
                   "crosses) scattered without overlap.")

    def sample(self, rng, difficulty):
        lo, hi = N_ICONS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        k_s = int(rng.integers(N_SHAPES[difficulty][0], N_SHAPES[difficulty][1] + 1))
        k_c = int(rng.integers(N_COLORS[difficulty][0], N_COLORS[difficulty][1] + 1))
        shapes = [SHAPES[i] for i in rng.choice(len(SHAPES), size=k_s, replace=False)]
        colors = [COLORS[i] for i in rng.choice(len(COLORS), size=k_c, replace=False)]
        pts = scatter(rng, n, *FIELD, *LATTICE, size=48)
        icons = []
        for x, y in pts:
            icons.append([shapes[int(rng.integers(k_s))], colors[int(rng.integers(k_c))], x, y,
                          int(rng.integers(38, 47))])
        return {"icons": icons}

    def render(self, c, state, params):
        x0, y0, w, h = FIELD
        c.rect(x0 - 8, y0 - 8, w + 16, h + 16, fill="panel", stroke="grid", lw=1.5)
        for i, (shape, color, x, y, size) in enumerate(state["icons"]):
            draw_icon(c, shape, color, x, y, size, id=f"icon:{i}")


SCENE = NamedField()
task = SCENE.task


def _ids(idx):
    return [f"icon:{i}" for i in idx]


def _select(q, support, pred, *, with_color=True, present_only=True):
    """Draw the target count, then a (shape[, colour]) query whose matching icons number exactly that.

    ``pred(icon, shape, color)`` decides membership.  Shapes and colours are taken from those drawn.
    """
    icons = q.state["icons"]
    t = q.target(support)
    shapes = sorted({ic[0] for ic in icons})
    colors = sorted({ic[1] for ic in icons}) if with_color else [None]
    cands = []
    for s in shapes:
        for col in colors:
            hits = [i for i, ic in enumerate(icons) if pred(ic, s, col)]
            if len(hits) == t:
                cands.append([s, col])
    q.require(bool(cands), "no query reaches the target answer")
    s, col = q.param("query", lambda r: cands[int(r.integers(len(cands)))])
    hits = [i for i, ic in enumerate(icons) if pred(ic, s, col)]
    q.step("filter", shape=s, color=col, kept=hits)
    return s, col, hits


def _scaled(d, base):
    lo, hi = base[d]
    return range(lo, hi + 1)


@task("single_attribute_membership_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def single_attribute_membership_count(q):
    s, _, hits = _select(q, _scaled(q.difficulty, {1: (1, 4), 2: (2, 6), 3: (3, 8)}),
                         lambda ic, s, c: ic[0] == s, with_color=False)
    return q.answer(len(hits), witnesses=_ids(hits), question=f"How many {PLURALS[s]} (of any colour) are there?")


@task("multi_attribute_and_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_and_count(q):
    s, col, hits = _select(q, _scaled(q.difficulty, {1: (0, 2), 2: (0, 3), 3: (1, 4)}),
                           lambda ic, s, c: ic[0] == s and ic[1] == c)
    return q.answer(len(hits), witnesses=_ids(hits), question=f"How many icons are {col} {PLURALS[s]}?")


@task("multi_attribute_or_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_or_count(q):
    s, col, hits = _select(q, _scaled(q.difficulty, {1: (3, 6), 2: (5, 10), 3: (8, 14)}),
                           lambda ic, s, c: ic[0] == s or ic[1] == c)
    return q.answer(len(hits), witnesses=_ids(hits),
                    question=f"How many icons are {PLURALS[s]} or {col} (or both)?")


@task("multi_attribute_xor_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_xor_count(q):
    s, col, hits = _select(q, _scaled(q.difficulty, {1: (2, 5), 2: (4, 9), 3: (6, 12)}),
                           lambda ic, s, c: (ic[0] == s) != (ic[1] == c))
    return q.answer(len(hits), witnesses=_ids(hits),
                    question=(f"How many icons are {PLURALS[s]} or {col}, but not both "
                              f"({col} {PLURALS[s]} do not count)?"))


@task("multi_attribute_complement_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_complement_count(q):
    s, col, hits = _select(q, _scaled(q.difficulty, {1: (2, 6), 2: (4, 11), 3: (8, 18)}),
                           lambda ic, s, c: ic[0] != s and ic[1] != c)
    return q.answer(len(hits), witnesses=_ids(hits),
                    question=f"How many icons are neither {PLURALS[s]} nor {col}?")


@task("multi_attribute_exclusion_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition", queries=("shape_and_not_color_count",))
def multi_attribute_exclusion_count(q):
    s, col, hits = _select(q, _scaled(q.difficulty, {1: (0, 3), 2: (1, 4), 3: (1, 6)}),
                           lambda ic, s, c: ic[0] == s and ic[1] != c)
    return q.answer(len(hits), witnesses=_ids(hits),
                    question=f"How many {PLURALS[s]} are there that are not {col}?")


@task("counterfactual_total_count", answer="integer", annotation="bbox_set", ops="counting,state_update")
def counterfactual_total_count(q):
    s, _, kept = _select(q, _scaled(q.difficulty, {1: (3, 7), 2: (7, 13), 3: (13, 21)}),
                         lambda ic, s, c: ic[0] != s, with_color=False)
    removed = len(q.state["icons"]) - len(kept)
    q.require(removed > 0, "the removed shape is absent")
    q.step("remove", shape=s, removed=removed, remaining=len(kept))
    return q.answer(len(kept), witnesses=_ids(kept),
                    question=f"If every {s} were removed from the picture, how many icons would remain?")
