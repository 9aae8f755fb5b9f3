"""charts/size_encoding: items whose value is encoded by size -- a rectangular or circular word
cloud (font size proportional to the value, a category-coloured dot before each word), a
packed bubble chart (bubble area proportional to the value, fill colour = category), or a
row of titled bubble panels -- with a category legend on top.

No value is printed: sizes are compared by eye, so every asked comparison clears a margin
(two compared font sizes differ by 22 %, 15 % or 10 % of the larger by difficulty, bubble areas
by half as much again).
Difficulty also grows the items (16-20, 22-28, 30-36) and categories (4, 5, 6).
"""

from __future__ import annotations

import math

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color, grid_boxes, legend, panel_card, panel_labels
from tracegen.kits.ranking import clear_extreme, gap

N_ITEMS = {1: (16, 20), 2: (22, 28), 3: (30, 36)}
N_CATS = {1: 4, 2: 5, 3: 6}
N_PANELS = {1: (3, 4), 2: (4, 4), 3: (4, 6)}
PER_PANEL = {1: (4, 5), 2: (5, 7), 3: (6, 8)}
MARGIN = {1: 0.22, 2: 0.15, 3: 0.10}
VLO, VHI = 30, 100                 # values; a word's font size is 0.42 x its value (12.6-42 px)
FONT_PER_VALUE = 0.42
CLOUDS = ("rect_cloud", "circle_cloud", "bubbles")
WORDS = {"rect_cloud": "a rectangular word cloud where each item's text size shows its value and a coloured dot "
                       "before each word shows its category",
         "circle_cloud": "a circular word cloud where each item's text size shows its value and a coloured dot "
                         "before each word shows its category",
         "bubbles": "a packed bubble chart where each bubble's area shows its item's value and its colour shows the "
                    "category",
         "panels": "several titled packed bubble-chart panels where each bubble's area shows its item's value and "
                   "its colour shows the category"}


def draw_values(rng, n):
    return [int(v) for v in rng.integers(VLO, VHI + 1, size=n)]


class SizeEncoding(Scene):
    domain, scene_id, size = "charts", "size_encoding", (1320, 900)
    fluid = True
    megapixels = (1.0, 1.6)
    description = ("Items whose value is shown by size (word clouds by font size, bubble charts by area) with a "
                   "category colour legend; no value is printed.")

    def variant(self, state):
        return state["variant"]

    def sample(self, rng, difficulty):
        n_c = N_CATS[difficulty]
        cats = category_labels(rng, n_c, families=("words", "topics"))
        n = int(rng.integers(N_ITEMS[difficulty][0], N_ITEMS[difficulty][1] + 1))
        names = category_labels(rng, n, families=("coined",), max_len=7)
        return {"variant": CLOUDS[int(rng.integers(len(CLOUDS)))], "categories": cats, "names": names,
                "cats": [int(k) for k in rng.integers(0, n_c, size=n)], "values": draw_values(rng, n),
                "panels": [], "panel_of": []}

    @staticmethod
    def sample_panels(rng, difficulty, cats):
        n_p = int(rng.integers(N_PANELS[difficulty][0], N_PANELS[difficulty][1] + 1))
        per = [int(rng.integers(PER_PANEL[difficulty][0], PER_PANEL[difficulty][1] + 1)) for _ in range(n_p)]
        n = sum(per)
        return {"variant": "panels", "categories": cats, "names": category_labels(rng, n, families=("coined",),
                                                                                 max_len=7),
                "cats": [int(k) for k in rng.integers(0, len(cats), size=n)], "values": draw_values(rng, n),
                "panels": panel_labels(rng, n_p), "panel_of": [p for p, m in enumerate(per) for _ in range(m)]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        colors = [category_color(c, k) for k in range(len(state["categories"]))]
        c.text(28, 28, "Size-Encoded Category Chart", size=20, anchor="l", bold=c.style.accent % 2 == 1)
        what = "text size" if "cloud" in state["variant"] else "bubble area"
        c.text(28, 54, f"Relative {what} shows value; colours show category.", size=13, anchor="l", color="muted")
        top = legend(c, 28, 68, W - 28, list(zip(state["categories"], colors)), size=14, gap=40,
                     ids=[f"legend:{k}" for k in range(len(colors))])
        box = (20, top + 10, W - 20, H - 16)
        if state["variant"] == "panels":
            n_p = len(state["panels"])
            cols = 2 if n_p == 4 else min(3, n_p)
            members = [[i for i, q in enumerate(state["panel_of"]) if q == p] for p in range(n_p)]
            inners = [panel_card(c, pbox, state["panels"][p], size=16, align="l", id=f"panel:{p}")
                      for p, pbox in enumerate(grid_boxes(box, n_p, cols, gap=18))]
            rmax = min(bubble_grid(b, len(m))[0] for b, m in zip(inners, members)) * 0.4   # one scale for all
            for inner, idx in zip(inners, members):
                bubbles(c, inner, idx, state, colors, rmax=rmax)
            return
        x0, y0, x1, y1 = box
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper", stroke="grid", lw=1.2)
        inner = (x0 + 16, y0 + 14, x1 - 16, y1 - 14)
        idx = list(range(len(state["names"])))
        if state["variant"] == "bubbles":
            bubbles(c, inner, idx, state, colors)
        else:
            word_cloud(c, inner, idx, state, colors, round_=state["variant"] == "circle_cloud")


def _word_w(c, state, i):
    fs = state["values"][i] * FONT_PER_VALUE
    return c.text_width(state["names"][i], size=fs) + fs * 0.55 + 10


GAP_X = 26.0


def _balanced_rows(widths, chords) -> list[list[int]] | None:
    """Items in order split into rows whose filled widths follow the row widths ``chords``
    (cumulative shares); None when a row would overflow its width."""
    total = sum(widths) + GAP_X * (len(widths) - len(chords))
    scale = total / sum(chords)
    rows, k, used_share = [], 0, 0.0
    for r, chord in enumerate(chords):
        used_share += chord * scale
        row, acc = [], sum(widths[:k]) + GAP_X * k
        while k < len(widths) and (r == len(chords) - 1 or acc + widths[k] / 2 <= used_share):
            acc += widths[k] + GAP_X
            row.append(k)
            k += 1
        if sum(widths[j] for j in row) + GAP_X * max(0, len(row) - 1) > chord:
            return None
        rows.append(row)
    return rows


def word_cloud(c, box, idx, state, colors, *, round_: bool) -> None:
    """Words in rows (rectangular, or shaped by an ellipse when ``round_``), each with its
    category dot; word i registered as ``item:i`` (the dot and the word)."""
    x0, y0, x1, y1 = box
    widths = [_word_w(c, state, i) for i in idx]
    tallest = max(state["values"][i] for i in idx) * FONT_PER_VALUE * 1.3
    w, h = x1 - x0, y1 - y0
    most = max(2, min(len(idx), int(h // tallest)))
    rows = None
    for shape in ((True, False) if round_ else (False,)):
        for n_rows in range(min(most, max(3, round(len(idx) / (5 if shape else 7)))), most + 1):
            chords = ([w * math.sqrt(max(0.0, 1 - ((r + 0.5) / n_rows * 2 - 1) ** 2)) for r in range(n_rows)]
                      if shape else [w] * n_rows)
            rows = _balanced_rows(widths, chords)
            if rows is not None:
                break
        if rows is not None:
            break
    if rows is None:                           # one word a row as the last resort
        rows = [[k] for k in range(len(idx))]
    row_h = h / len(rows)
    for r, row in enumerate(rows):
        used = sum(widths[k] for k in row)
        spread = GAP_X if round_ else max(GAP_X, (w - used) / max(1, len(row) - 1) if len(row) > 2 else GAP_X)
        x = x0 + (w - used - spread * max(0, len(row) - 1)) / 2
        cy = y0 + (r + 0.5) * row_h
        for k in row:
            i = idx[k]
            fs = state["values"][i] * FONT_PER_VALUE
            dot = max(4.0, fs * 0.18)
            c.circle(x + dot, cy, dot, fill=colors[state["cats"][i]], stroke="muted", lw=0.8)
            bx = c.text(x + 2 * dot + 6, cy, state["names"][i], size=fs, anchor="l", snap=False)   # size = value
            c.register(f"item:{i}", box=(x, bx[1], bx[2], bx[3]))
            x += widths[k] + spread


def bubble_grid(box, n) -> tuple[float, int, int]:
    """(cell side, columns, rows) of the largest square cells that hold ``n`` bubbles in ``box``."""
    w, h = box[2] - box[0], box[3] - box[1]
    best = None
    for cols in range(2, n + 1):
        rows = math.ceil(n / cols)
        cell = min(w / (cols + 0.5), h / rows)
        if best is None or cell > best[0]:
            best = (cell, cols, rows)
    return best


def bubbles(c, box, idx, state, colors, *, rmax=None) -> None:
    """Bubbles (area proportional to value, ``rmax`` the radius of the largest value) in offset
    rows filling ``box``, labelled inside when the name fits and under the bubble otherwise;
    bubble i registered as ``item:i``."""
    x0, y0, x1, y1 = box
    n = len(idx)
    w, h = x1 - x0, y1 - y0
    cell, cols, rows = bubble_grid(box, n)
    rmax = cell * 0.4 if rmax is None else rmax
    gap_y = (h - rows * cell) / 2
    for k, i in enumerate(idx):
        r_, col = divmod(k, cols)
        in_row = min(cols, n - r_ * cols)
        shift = cell / 2 if r_ % 2 else 0.0            # odd rows sit half a cell over (offset packing)
        cx = x0 + (w - in_row * cell - shift) / 2 + cell * (col + 0.5) + shift
        cy = y0 + gap_y + cell * (r_ + 0.45)
        rad = rmax * math.sqrt(state["values"][i] / VHI)
        fill = colors[state["cats"][i]]
        c.circle(cx, cy, rad, fill=fill, stroke="muted", lw=1.0, id=f"item:{i}")
        name = state["names"][i]
        if c.text_width(name, size=13) <= rad * 1.75:
            c.text(cx, cy, name, size=13, color=c.text_on(fill))
        else:
            c.text(cx, cy + rmax + 9, name, size=13)


SCENE = SizeEncoding()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s) -> str:
    return f"The image shows {WORDS[s['variant']]}."


def _members(s, k):
    return [i for i, ck in enumerate(s["cats"]) if ck == k]


def _extreme_of(q, s, items, largest):
    vals = {i: s["values"][i] for i in items}
    q.reads(*vals.values())
    return clear_extreme(q, vals, largest=largest, margin=margin(q, s), relative=True)


def margin(q, s) -> float:
    """The relative margin of a size comparison: wider for bubble areas than for font sizes."""
    return MARGIN[q.difficulty] * (1.0 if "cloud" in s["variant"] else 1.5)


def plant_extreme(s, r, items, largest, m):
    """Make a random one of ``items`` the clear extreme: others too close to it are pushed away."""
    items = list(items)
    w = items[int(r.integers(len(items)))]
    v = int(r.integers(88, VHI + 1)) if largest else int(r.integers(VLO, VLO + 6))
    s["values"][w] = v
    for i in items:
        if i != w and gap(s["values"][i], v, relative=True) < m:
            s["values"][i] = (int(r.integers(VLO, int(v * (1 - m)) + 1)) if largest
                              else int(r.integers(math.ceil(v / (1 - m)), VHI + 1)))
    return s


def _category(q):
    return q.param("category", lambda r: int(r.integers(len(q.state["categories"]))))


# ---------------------------------------------------------------------- tasks
COUNTS = range(1, 6)


@task("category_relative_size_count", answer="integer", annotation="bbox_set_map",
      ops="filtering,counting,logical_composition",
      queries=("larger_than_reference_in_category_count", "smaller_than_reference_in_category_count"))
def category_relative_size_count(q):
    t = q.target(COUNTS, stratified=True)
    larger = q.query_id.startswith("larger")
    m = margin(q, q.state)
    k = _category(q)
    extra = q.param("other_side", lambda r: int(r.integers(0, 3)))
    chosen = {}

    def plant(s, r):
        others = [i for i in range(len(s["cats"])) if s["cats"][i] != k]
        need = t + extra + 1 - len(_members(s, k))
        for i in (r.choice(others, size=need, replace=False) if need > 0 else []):
            s["cats"][int(i)] = k
        members = [int(i) for i in r.permutation(_members(s, k))]
        ref, counted, rest = members[0], members[1:t + 1], members[t + 1:]
        v = int(r.integers(48, 63))
        up = [x for x in range(v, VHI + 1) if gap(x, v, relative=True) >= m]
        down = [x for x in range(VLO, v) if gap(x, v, relative=True) >= m]
        s["values"][ref] = v
        for i in counted:
            s["values"][i] = int(r.choice(up if larger else down))
        for i in rest:
            s["values"][i] = int(r.choice(down if larger else up))
        chosen["ref"] = ref
        return s

    s = q.edit(plant)
    ref = q.param("reference", lambda r: chosen["ref"])
    v = s["values"][ref]
    members = [i for i in _members(s, k) if i != ref]
    q.reads(v, *[s["values"][i] for i in members])
    q.require(all(gap(s["values"][i], v, relative=True) >= m for i in members), "a size too close to the reference")
    hits = [i for i in members if (s["values"][i] > v) == larger]
    word = "larger" if larger else "smaller"
    cat, name = s["categories"][k], s["names"][ref]
    q.step("filter_compare", category=cat, reference=name, relation=word, kept=[s["names"][i] for i in hits])
    return q.answer(len(hits), witnesses={"reference": [f"item:{ref}"], "counted": [f"item:{i}" for i in hits]},
                    question=f"{_intro(s)} Among the items of category {quoted(cat)}, how many are {word} than item "
                             f"{quoted(name)} (which is itself in that category)?")


@task("filtered_item_extremum_label", answer="string", annotation="bbox", ops="filtering,ranking",
      queries=("largest_size_item_in_category_label", "smallest_size_item_in_category_label"))
def filtered_item_extremum_label(q):
    s = q.state
    largest = q.query_id.startswith("largest")
    k = _category(q)
    members = _members(s, k)
    q.require(len(members) >= 3, "category too small")
    i = _extreme_of(q, s, members, largest)
    word = "largest" if largest else "smallest"
    q.step("filter_rank", category=s["categories"][k], items=[s["names"][j] for j in members], chosen=s["names"][i])
    return q.answer(s["names"][i], witnesses=f"item:{i}", examples=[s["names"][j] for j in members],
                    question=f"{_intro(s)} Looking only at category {quoted(s['categories'][k])}, which item is "
                             f"the {word}?")


@task("global_item_extremum_category_label", answer="string", annotation="bbox", ops="ranking",
      queries=("largest_overall_size_category_label", "smallest_overall_size_category_label"))
def global_item_extremum_category_label(q):
    largest = q.query_id.startswith("largest")
    s = q.edit(lambda st, r: plant_extreme(st, r, range(len(st["names"])), largest, margin(q, st)))
    i = _extreme_of(q, s, range(len(s["names"])), largest)
    cat = s["categories"][s["cats"][i]]
    word = "largest" if largest else "smallest"
    q.step("rank_all", chosen=s["names"][i], category=cat)
    return q.answer(cat, witnesses=f"item:{i}", examples=s["categories"],
                    question=f"{_intro(s)} Find the single {word} item of the whole chart. Which category does it "
                             "belong to?")


@task("panel_category_extremum_panel_label", answer="string", annotation="bbox", ops="filtering,ranking",
      queries=("largest_category_item_panel_label", "smallest_category_item_panel_label"))
def panel_category_extremum_panel_label(q):
    s = q.edit(lambda st, r: SizeEncoding.sample_panels(r, q.difficulty, st["categories"]))
    largest = q.query_id.startswith("largest")
    k = _category(q)
    members = _members(s, k)
    q.require(len({s["panel_of"][i] for i in members}) >= 2, "category in fewer than two panels")
    i = _extreme_of(q, s, members, largest)
    panel = s["panels"][s["panel_of"][i]]
    word = "largest" if largest else "smallest"
    q.step("filter_rank", category=s["categories"][k], chosen=s["names"][i], panel=panel)
    return q.answer(panel, witnesses=f"item:{i}", examples=s["panels"],
                    question=f"{_intro(s)} Among the bubbles of category {quoted(s['categories'][k])}, which panel "
                             f"holds the {word} one? Answer with the panel's title.")
