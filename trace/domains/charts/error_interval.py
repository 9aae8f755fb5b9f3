"""charts/error_interval: categories with printed interval endpoints, as bars with error bars or
as dot-and-whisker marks.

Each category has an estimate and an interval [lower, upper] (integers 10-99, lower < estimate
< upper); both endpoints are printed beside the whisker caps, so the tasks read printed numbers
and compare them.  Tasks about a reference value draw it as a dashed line labelled with its
value.  No interval endpoint equals the reference value, and ranked widths are distinct at the
asked ranks.  Difficulty grows the categories (4-6, 6-10, 10-14).
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.charts import Axes, draw_value_axes
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color, value_tag
from tracegen.kits.planting import split_draw

N_CATS = {1: (4, 6), 2: (6, 10), 3: (10, 14)}
STYLES = ("bars", "dots")
WORDS = {"bars": "a bar chart with error bars", "dots": "a dot-and-whisker interval chart"}


def interval(rng, lo=10, hi=99):
    """[lower, estimate, upper] with lower < estimate < upper inside lo..hi, at least 5 wide (the two
    printed endpoints never overlap)."""
    a, b = sorted(int(v) for v in rng.choice(range(lo, hi + 1), size=2, replace=False))
    while b - a < 5:
        a, b = sorted(int(v) for v in rng.choice(range(lo, hi + 1), size=2, replace=False))
    return [a, int(rng.integers(a + 1, b)), b]


class ErrorInterval(Scene):
    domain, scene_id, size = "charts", "error_interval", (1060, 720)
    megapixels = (1.0, 1.4)
    fluid = True
    description = ("Labelled categories with an estimate and an interval whose two endpoints are printed: bars with "
                   "error bars or dot-and-whisker marks, sometimes with a dashed reference line.")

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_CATS[difficulty][0], N_CATS[difficulty][1] + 1))
        return {"style": STYLES[int(rng.integers(len(STYLES)))],
                "labels": category_labels(rng, n, families=("places", "surnames", "months", "codes", "topics"),
                                          ordered=True, max_len=7 if n > 10 else 9),
                "intervals": [interval(rng) for _ in range(n)], "reference": None}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        n = len(state["labels"])
        ax = Axes(64, 40, W - 84, H - 48, 0, 100)
        draw_value_axes(c, ax, 20 if c.style.density != "dense" else 10)
        slot = ax.slot_width(n)
        bars = state["style"] == "bars"
        for i, (lo, est, hi) in enumerate(state["intervals"]):
            x = ax.slot(i, n)
            col = category_color(c, i)
            if bars:
                bw = min(70.0, slot * 0.55)
                c.rect(x - bw / 2, ax.y(est), bw, ax.y1 - ax.y(est), fill=col, stroke="muted", lw=0.8)
            whisker = "ink" if bars else col
            c.line(x, ax.y(lo), x, ax.y(hi), color=whisker, lw=2.6, id=f"interval:{i}")
            for v in (lo, hi):
                c.line(x - 9, ax.y(v), x + 9, ax.y(v), color=whisker, lw=2.6)
            if not bars:
                c.circle(x, ax.y(est), 7.0, fill=col, stroke="paper", lw=1.4)
            tx = x + 12 + c.text_width("00", size=13) / 2
            value_tag(c, tx, ax.y(hi), str(hi), size=13)
            value_tag(c, tx, ax.y(lo), str(lo), size=13)
            c.text(x, ax.y1 + 17, state["labels"][i], size=14, id=f"label:{i}")
        ref = state.get("reference")
        if ref is not None:
            y = ax.y(ref)
            c.line(ax.x0, y, ax.x1, y, color=blend(c.color("ink"), c.color("paper"), 0.85), lw=2.0, dash=[8.0, 5.0],
                   id="reference")
            value_tag(c, ax.x1 + 38, y, f"ref {ref}", size=13)


SCENE = ErrorInterval()
task = SCENE.task


def _intro(s):
    return (f"The image shows {WORDS[s['style']]}: each labelled category has an interval whose lower and upper "
            f"endpoints are printed beside its whisker caps.")


def _plant(q, t, hit, miss):
    """A reference value R (drawn), and ``t`` intervals drawn by ``hit(rng, R)``, the rest by ``miss(rng, R)``."""
    def fn(s, r):
        n = len(s["intervals"])
        ref = int(r.integers(30, 71))
        drawn = split_draw(r, range(n), t, lambda rr: hit(rr, ref), lambda rr: miss(rr, ref))
        s["intervals"] = [drawn[i] for i in range(n)]
        s["reference"] = ref
        return s

    return q.edit(fn)


def _containing(r, ref):
    return [int(r.integers(10, ref - 1)), 0, int(r.integers(ref + 3, 100))]


def _above(r, ref):
    return interval(r, ref + 1, 99)


def _below(r, ref):
    return interval(r, 10, ref - 1)


def _fix_estimate(s, r):
    for iv in s["intervals"]:
        if not iv[0] < iv[1] < iv[2]:
            iv[1] = int(r.integers(iv[0] + 1, iv[2]))
    return s


COUNTS = {1: range(1, 4), 2: range(1, 6), 3: range(2, 9)}


@task("reference_containment_count", answer="integer", annotation="segment_set", ops="filtering,counting,comparison")
def reference_containment_count(q):
    t = q.target(COUNTS[q.difficulty], stratified=True)
    q.require(t < len(q.state["labels"]), "too few categories")
    _plant(q, t, _containing, lambda r, ref: _above(r, ref) if r.random() < 0.5 else _below(r, ref))
    s = q.edit(_fix_estimate)
    ref = s["reference"]
    hits = [i for i, (lo, _, hi) in enumerate(s["intervals"]) if lo <= ref <= hi]
    q.step("filter", reference=ref, kept=hits)
    return q.answer(len(hits), witnesses=[f"interval:{i}" for i in hits],
                    question=(f"{_intro(s)} A labelled reference line marks the value {ref}. How many categories have "
                              f"an interval that contains {ref} (lower <= {ref} <= upper)?"))


@task("reference_exclusion_side_count", answer="integer", annotation="segment_set", ops="filtering,counting,comparison",
      queries=("entirely_above_reference_count", "entirely_below_reference_count"))
def reference_exclusion_side_count(q):
    above = q.query_id.startswith("entirely_above")
    t = q.target(COUNTS[q.difficulty], stratified=True)
    q.require(t < len(q.state["labels"]), "too few categories")
    side, other = (_above, _below) if above else (_below, _above)
    _plant(q, t, side, lambda r, ref: _containing(r, ref) if r.random() < 0.6 else other(r, ref))
    s = q.edit(_fix_estimate)
    ref = s["reference"]
    hits = [i for i, (lo, _, hi) in enumerate(s["intervals"]) if (lo > ref if above else hi < ref)]
    q.step("filter", reference=ref, side="above" if above else "below", kept=hits)
    what = f"lower endpoint is greater than {ref}" if above else f"upper endpoint is less than {ref}"
    word = "above" if above else "below"
    return q.answer(len(hits), witnesses=[f"interval:{i}" for i in hits],
                    question=(f"{_intro(s)} A labelled reference line marks the value {ref}. How many categories "
                              f"have an interval entirely {word} {ref} (its {what})?"))


RANKS = {"widest": (True, 1), "narrowest": (False, 1), "second_widest": (True, 2), "second_narrowest": (False, 2)}


@task("interval_width_rank_label", answer="string", annotation="segment", ops="ranking,formula_evaluation",
      queries=("widest_interval_label", "narrowest_interval_label", "second_widest_interval_label",
               "second_narrowest_interval_label"))
def interval_width_rank_label(q):
    s = q.state
    wide, rank = RANKS[q.query_id.replace("_interval_label", "")]
    widths = [hi - lo for lo, _, hi in s["intervals"]]
    order = sorted(range(len(widths)), key=lambda i: -widths[i] if wide else widths[i])
    head = [widths[i] for i in order[:rank + 1]]
    q.require(len(set(head)) == len(head), "tied widths at the asked rank")
    i = order[rank - 1]
    q.step("rank", widths=widths, rank=rank, category=i)
    word = ("second " if rank == 2 else "") + ("widest" if wide else "narrowest")
    return q.answer(s["labels"][i], witnesses=f"interval:{i}", examples=s["labels"],
                    question=(f"{_intro(s)} Using upper minus lower endpoint as an interval's width, which category "
                              f"has the {word} interval?"))
