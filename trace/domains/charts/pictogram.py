"""charts/pictogram: a repeated-mark quantity chart -- one card per category holding a row of
identical marks (an icon silhouette, or a coloured block), and a legend saying how many units
one mark stands for ("1 mark = 4 units").

A category's total is its number of marks times the unit scale; no count or total is printed
(the marks are counted, as in the reference).  Rows wrap after ten marks.  Difficulty grows
the categories (6-7, 8-10, 11-13) and the longest rows (12, 15, 20 marks) and shrinks the
margin by which a ranked total beats the runner-up (2, 1, 1 marks).
"""

from __future__ import annotations

import math

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect
from tracegen.kits.curves import markers
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color, note_panel
from tracegen.kits.pictograms import PICTOGRAMS, draw_pictogram
from tracegen.kits.ranking import clear_extreme

N_ROWS = {1: (6, 7), 2: (8, 10), 3: (11, 13)}
MAX_MARKS = {1: 12, 2: 15, 3: 20}
MARGIN = {1: 2, 2: 1, 3: 1}          # marks
UNITS = (2, 3, 4, 5, 6, 8, 10)
PER_LINE = 10
ICONS = tuple(PICTOGRAMS)
TITLES = ("Repeated-Mark Summary", "Quantity Pictogram", "Unit Chart", "Tally by Category", "Icon Count Summary")
NOTES = ("Reference items are shown as context for the weekly summary.",
         "The planning note was prepared for the quarterly update.",
         "Context block: figures are compiled from the regional packets.",
         "Draft for discussion; category order follows the report.")


def lines_of(n: int) -> int:
    return max(1, math.ceil(n / PER_LINE))


class Pictogram(Scene):
    domain, scene_id, size = "charts", "pictogram", (920, 900)
    fluid = True
    megapixels = (0.72, 1.15)
    description = ("A repeated-mark pictogram: per category a row of identical icons or blocks, each mark worth the "
                   "unit scale in the legend; counts and totals are not printed.")

    def canvas_size(self, state):
        lines = sum(lines_of(n) for n in state["counts"])
        return (920, 190 + lines * 46 + len(state["counts"]) * 14)

    def variant(self, state):
        return state["variant"]

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_ROWS[difficulty][0], N_ROWS[difficulty][1] + 1))
        variant = "icon" if rng.random() < 0.5 else "block"
        return {"variant": variant, "icon": ICONS[int(rng.integers(len(ICONS)))],
                "unit": int(rng.choice(UNITS)), "title": TITLES[int(rng.integers(len(TITLES)))],
                "categories": category_labels(rng, n, families=("words", "places", "surnames", "topics")),
                "counts": [int(v) for v in rng.integers(1, MAX_MARKS[difficulty] + 1, size=n)],
                "colors": [int(v) for v in rng.integers(0, 6, size=n)]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        cats, counts = state["categories"], state["counts"]
        notes = W > 1.22 * H
        right = W - (260 if notes else 24)
        left = c.style.accent % 2
        c.text(44 if left else (24 + right) / 2, 40, state["title"], size=22, anchor="l" if left else "c")
        ref = c.color(category_color(c, state["colors"][0]))
        rounded_rect(c, 24, 70, right - 24, 52, radius=8, fill="panel", stroke="grid", lw=1.2, id="legend")
        self._marks(c, state, [(50, 96)], 26.0, ref)
        c.text(74, 96, f"1 mark = {state['unit']} units", size=16, anchor="l", kind="tick")
        fs = 16.0
        lab_w = max(c.text_width(s, size=fs) for s in cats) + 36
        x0 = 24 + lab_w + 14
        top, gap = 136, 10.0
        lines = [lines_of(n) for n in counts]
        unit_h = (H - 16 - top - gap * len(cats)) / sum(lines)
        step = min((right - 14 - x0) / PER_LINE, unit_h * 0.95, 40.0)
        mark = step * 0.8
        y = top
        for k, (name, n) in enumerate(zip(cats, counts)):
            h = unit_h * lines[k]
            rounded_rect(c, 24, y, right - 24, h, radius=8, fill="panel", stroke="grid", lw=1.2, id=f"row:{k}")
            c.text(24 + lab_w / 2 + 4, y + h / 2, name, size=fs, id=f"label:{k}")
            y_first = y + h / 2 - (lines[k] - 1) * step / 2
            pts = [(x0 + step * (j % PER_LINE + 0.5), y_first + step * (j // PER_LINE)) for j in range(n)]
            self._marks(c, state, pts, mark, c.color(category_color(c, state["colors"][k])), row=k)
            y += h + gap
        if notes:
            for j in range(2):
                note_panel(c, (right + 20, 70 + j * 200, W - 20, 250 + j * 200), f"Note {'PQ'[j]}",
                           NOTES[(j + len(cats)) % len(NOTES)])

    @staticmethod
    def _marks(c, state, pts, size, color, row=None):
        """The marks at ``pts``, registered as ``mark:{row}:{j}`` when ``row`` is given."""
        if state["variant"] == "icon":
            for x, y in pts:
                draw_pictogram(c, state["icon"], color, x, y, size)
        else:
            markers(c, pts, c.style.marker, size, fill=color, stroke="muted", lw=1.0)   # block shape: the style's
        if row is not None:
            h = size / 2
            for j, (x, y) in enumerate(pts):
                c.register(f"mark:{row}:{j}", box=(x - h, y - h, x + h, y + h))


SCENE = Pictogram()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s) -> str:
    mark = "icon" if s["variant"] == "icon" else "coloured block"
    return (f"The chart is a repeated-mark pictogram: each category row holds a number of identical marks, and each "
            f"{mark} stands for the unit scale shown in the legend (a category's total is its number of marks times "
            "that scale).")


def _totals(q, s, rows=None):
    rows = range(len(s["counts"])) if rows is None else rows
    q.reads(*[s["counts"][k] for k in rows])
    return {k: s["counts"][k] * s["unit"] for k in rows}


def _unit_for(r, total, max_marks):
    """A unit scale from UNITS that splits ``total`` into 2..max_marks marks, or None."""
    fits = [u for u in UNITS if total % u == 0 and 2 <= total // u <= max_marks]
    return int(r.choice(fits)) if fits else None


def _row(q, name, n, avoid=()):
    return q.param(name, lambda r: int(r.choice([k for k in range(n) if k not in avoid])))


TOTALS = sorted({u * m for u in UNITS for m in range(2, 13)} & set(range(6, 65)))


# ---------------------------------------------------------------------- tasks
@task("category_total_value", answer="integer", annotation="bbox", ops="filtering,formula_evaluation")
def category_total_value(q):
    t = q.target(TOTALS, stratified=True)
    k = _row(q, "category", len(q.state["counts"]))

    def plant(s, r):
        unit = _unit_for(r, t, MAX_MARKS[q.difficulty])
        q.require(unit is not None, "no unit scale gives the target")
        s["unit"], s["counts"][k] = unit, t // unit
        return s

    s = q.edit(plant)
    total = _totals(q, s, [k])[k]
    q.step("total", category=s["categories"][k], marks=s["counts"][k], unit=s["unit"], total=total)
    return q.answer(total, witnesses=f"row:{k}",
                    question=f"{_intro(s)} What total value do the marks of category {quoted(s['categories'][k])} "
                             "represent?")


@task("category_total_extremum_label", answer="string", annotation="bbox", ops="filtering,ranking,formula_evaluation",
      queries=("largest_total_category_label", "smallest_total_category_label"))
def category_total_extremum_label(q):
    s = q.state
    largest = q.query_id == "largest_total_category_label"
    tot = _totals(q, s)
    k = clear_extreme(q, tot, largest=largest, margin=MARGIN[q.difficulty] * s["unit"])
    word = "largest" if largest else "smallest"
    q.step("rank_totals", totals={s["categories"][j]: v for j, v in tot.items()}, chosen=s["categories"][k])
    return q.answer(s["categories"][k], witnesses=f"row:{k}", examples=s["categories"],
                    question=f"{_intro(s)} Compare all category totals. Which category has the {word} total?")


DIFFS = sorted({u * m for u in UNITS for m in range(1, 11)} & set(range(3, 41)))


@task("group_difference_value", answer="integer", annotation="bbox_map", ops="filtering,formula_evaluation")
def group_difference_value(q):
    t = q.target(DIFFS, stratified=True)
    n = len(q.state["counts"])
    a = _row(q, "category_a", n)
    b = _row(q, "category_b", n, avoid=(a,))

    def plant(s, r):
        top = MAX_MARKS[q.difficulty]
        units = [u for u in UNITS if t % u == 0 and t // u <= top - 1]
        q.require(bool(units), "no unit scale gives the target")
        unit = int(r.choice(units))
        m = t // unit
        low = int(r.integers(1, top - m + 1))
        s["unit"] = unit
        s["counts"][a], s["counts"][b] = (low + m, low) if r.random() < 0.5 else (low, low + m)
        return s

    s = q.edit(plant)
    tot = _totals(q, s, [a, b])
    diff = abs(tot[a] - tot[b])
    na, nb = s["categories"][a], s["categories"][b]
    q.step("difference", totals={na: tot[a], nb: tot[b]}, difference=diff)
    return q.answer(diff, witnesses={na: f"row:{a}", nb: f"row:{b}"},
                    question=f"{_intro(s)} What is the absolute difference between the totals of {quoted(na)} and "
                             f"{quoted(nb)}?")


@task("target_value_nearest_category_label", answer="string", annotation="bbox",
      ops="filtering,ranking,formula_evaluation")
def target_value_nearest_category_label(q):
    s = q.state
    tot = _totals(q, s)
    lo, hi = min(tot.values()), max(tot.values())
    target = q.param("target_value", lambda r: int(r.integers(lo, hi + 1)))
    q.require(target not in tot.values(), "a total equals the target")
    k = clear_extreme(q, {j: -abs(v - target) for j, v in tot.items()}, largest=True,
                      margin=max(2, s["unit"] // 2 if q.difficulty < 3 else 1))
    q.step("nearest", target=target, totals={s["categories"][j]: v for j, v in tot.items()}, chosen=s["categories"][k])
    return q.answer(s["categories"][k], witnesses=f"row:{k}", examples=s["categories"],
                    question=f"{_intro(s)} Which category's total is nearest to {target}?")


COUNTS = range(1, 6)


@task("threshold_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison,formula_evaluation", queries=("greater_than_threshold", "less_than_threshold"))
def threshold_count(q):
    t = q.target(COUNTS, stratified=True)
    greater = q.query_id == "greater_than_threshold"
    n = len(q.state["counts"])
    top = MAX_MARKS[q.difficulty]
    m = q.param("cut_marks", lambda r: int(r.integers(2, top - 1)))
    inside = q.param("inside", lambda r: sorted(int(i) for i in r.choice(n, size=min(t, n), replace=False)))

    def plant(s, r):
        for k in range(n):
            above = (k in inside) == greater
            s["counts"][k] = int(r.integers(m + 1, top + 1)) if above else int(r.integers(1, m + 1))
        return s

    s = q.edit(plant)
    unit = s["unit"]
    level = q.param("threshold", lambda r: m * unit + int(r.integers(1, unit)))
    tot = _totals(q, s)
    hits = [k for k, v in tot.items() if (v > level if greater else v < level)]
    word = "greater than" if greater else "less than"
    q.step("filter", threshold=level, relation=word, totals={s["categories"][k]: v for k, v in tot.items()},
           kept=[s["categories"][k] for k in hits])
    return q.answer(len(hits), witnesses=[f"row:{k}" for k in hits],
                    question=f"{_intro(s)} How many categories have a total {word} {level}?")
