"""icons/icon_field: one panel of unnamed icons in a single colour, scattered without overlap;
icons of one type share their size (and, below level 3, their turn).  For the option task one
icon of each type carries a letter badge: the marked types are the options.

Tasks count the icons of the unique most frequent type, count the icons whose type appears
exactly once, and pick the marked type shown most or least often.  Each task builds type
multiplicities that reach its target answer and lays the icons out afresh.  Difficulty grows
the number of types and icons (level 2: 5-18 icons, as the original), turns the icons (none at
level 1, one quarter turn per type at level 2, each icon its own at level 3) and brings the
runner-up closer to the extreme.
"""

from __future__ import annotations

from tracegen.core.options import LETTERS
from tracegen.core.task import Scene
from tracegen.kits.cards import label_badge
from tracegen.kits.icons import COLORS, scatter, window
from tracegen.kits.motifs import MOTIFS, draw_motif

SIZE = (960, 544)
FIELD = (30, 74, 900, 446)          # x0, y0, w, h of the icon area
LATTICE = (8, 4)
KINDS = tuple(MOTIFS)
PALETTE = tuple(c for c in COLORS if c != "black")
SIZES = {1: (70, 96), 2: (64, 96), 3: (54, 84)}


def populate(st, r, counts, difficulty) -> dict:
    """Icons of ``len(counts)`` distinct types, type k shown ``counts[k]`` times, scattered in
    shuffled order (``type_order`` keeps the types in the order of ``counts``)."""
    kinds = [KINDS[int(i)] for i in r.choice(len(KINDS), size=len(counts), replace=False)]
    lo, hi = SIZES[difficulty]
    look = [(int(r.integers(lo, hi - 3)), 0 if difficulty == 1 else 90 * int(r.integers(4))) for _ in counts]
    types = [k for k, n in enumerate(counts) for _ in range(n)]
    types = [types[int(i)] for i in r.permutation(len(types))]
    x0, y0, w, h = FIELD
    pts = scatter(r, len(types), x0, y0, w, h, *LATTICE, size=hi)
    st["icons"] = [[kinds[k], x, y, look[k][0] + int(r.integers(0, 4)),
                    90 * int(r.integers(4)) if difficulty == 3 else look[k][1]] for k, (x, y) in zip(types, pts)]
    st["type_order"] = kinds
    st["marks"] = {}
    return st


def random_counts(r, difficulty) -> list[int]:
    n_types = int(r.integers(*{1: (2, 5), 2: (3, 7), 3: (5, 9)}[difficulty]))
    return [int(r.integers(1, 5)) for _ in range(n_types)]


class IconField(Scene):
    domain, scene_id, size = "icons", "icon_field", SIZE
    description = ("One panel of icons of several unnamed types in a single colour, scattered without overlap; "
                   "sometimes one icon of each type carries a letter badge.")
    megapixels = (0.42, 0.66)   # image area (MP); the original's median is 0.522

    def sample(self, rng, difficulty):
        st = {"color": PALETTE[int(rng.integers(len(PALETTE)))]}
        return populate(st, rng, random_counts(rng, difficulty), difficulty)

    def render(self, c, state, params):
        w, h = SIZE
        window(c, 10, 10, w - 20, h - 20)
        color = state["color"]
        for i, (kind, x, y, size, angle) in enumerate(state["icons"]):
            draw_motif(c, kind, color, x, y, size, id=f"icon:{i}", angle=angle)
        for i, letter in sorted(state["marks"].items()):
            _, x, y, size, _ = state["icons"][int(i)]
            half = size / 2 + 4
            c.rect(x - half, y - half, 2 * half, 2 * half, stroke="accent", lw=2.2)
            label_badge(c, x - half - 6, y - half - 14, letter, size=14)


SCENE = IconField()
task = SCENE.task
INTRO = "The image shows one panel of assorted icons."


def type_counts(s) -> dict:
    out: dict = {}
    for ic in s["icons"]:
        out[ic[0]] = out.get(ic[0], 0) + 1
    return out


def ids_of(s, kinds) -> list[str]:
    return [f"icon:{i}" for i, ic in enumerate(s["icons"]) if ic[0] in kinds]


# ---------------------------------------------------------------------- tasks
@task("most_frequent_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting,ranking")
def most_frequent_type_count(q):
    d = q.difficulty
    t = q.target({1: range(2, 5), 2: range(2, 7), 3: range(3, 9)}[d])

    def build(st, r):
        m = int(r.integers(*{1: (1, 4), 2: (2, 6), 3: (4, 8)}[d]))
        others = [int(r.integers(1, t)) for _ in range(m)]
        if d == 3:
            others[0] = t - 1                     # a runner-up one icon behind
        return populate(st, r, [t] + others, d)

    s = q.edit(build)
    counts = type_counts(s)
    best = max(counts.values())
    winners = [k for k, n in counts.items() if n == best]
    q.require(len(winners) == 1, "the most frequent type is not unique")
    q.step("type_counts", counts=counts, winner=winners[0])
    return q.answer(best, witnesses=ids_of(s, winners),
                    question=f"{INTRO} How many icons in the panel are of the most frequent type?")


@task("singleton_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def singleton_type_count(q):
    d = q.difficulty
    t = q.target({1: range(0, 4), 2: range(0, 5), 3: range(0, 7)}[d])

    def build(st, r):
        m = int(r.integers(*{1: (1, 3), 2: (1, 4), 3: (3, 6)}[d]))
        repeated = [int(r.integers(2, 5)) for _ in range(m)]
        return populate(st, r, [1] * t + repeated, d)

    s = q.edit(build)
    counts = type_counts(s)
    singles = [k for k, n in counts.items() if n == 1]
    q.step("type_counts", counts=counts, singletons=singles)
    return q.answer(len(singles), witnesses=ids_of(s, singles),
                    question=f"{INTRO} How many icons in the panel have a type that appears exactly once?")


@task("frequency_extreme_type_label", answer="option_letter", annotation="bbox_set", ops="filtering,ranking",
      queries=("most_frequent_type_label", "least_frequent_type_label"))
def frequency_extreme_type_label(q):
    d = q.difficulty
    most = q.query_id.startswith("most")
    letter = q.target(LETTERS[:4 if d == 1 else 6])
    pos = LETTERS.index(letter)

    def n_options(r):
        if d == 1:
            return int(r.integers(max(3, pos + 1), 5))
        return 6 if d == 3 or pos >= 5 or r.random() < 0.6 else int(r.integers(max(4, pos + 1), 6))

    k = q.param("options", n_options)
    q.offer(k, "image")
    gap = 1 if d == 3 else int(q.param("gap", lambda r: int(r.integers(1, 3))))

    def build(st, r):
        if most:
            w = int(r.integers(max(3, 1 + gap), 5 if d == 1 else 6))
            others = [int(r.integers(max(1, w - gap - 2), w - gap + 1)) for _ in range(k - 1)]
        else:
            w = int(r.integers(1, 6 - gap))
            others = [int(r.integers(w + gap, min(5, w + gap + 2) + 1)) for _ in range(k - 1)]
        counts = others[:pos] + [w] + others[pos:]
        st = populate(st, r, counts, d)
        for j, kind in enumerate(st["type_order"]):
            same = [i for i, ic in enumerate(st["icons"]) if ic[0] == kind]
            st["marks"][str(same[int(r.integers(len(same)))])] = LETTERS[j]
        return st

    s = q.edit(build)
    counts = type_counts(s)
    letter_of = {s["icons"][int(i)][0]: m for i, m in s["marks"].items()}
    ext = (max if most else min)(counts.values())
    winners = [kind for kind, n in counts.items() if n == ext]
    q.require(len(winners) == 1, "the extreme type is not unique")
    q.step("type_counts", counts=counts, winner=winners[0])
    which = "most" if most else "fewest"
    return q.answer(letter_of[winners[0]], witnesses=ids_of(s, winners),
                    question=(f"{INTRO} One icon of each type is marked with a letter. Which marked icon type is "
                              f"shown the {which} times? Answer with the letter on that type."),
                    examples=[m for m in LETTERS[:k] if m != letter_of[winners[0]]])
