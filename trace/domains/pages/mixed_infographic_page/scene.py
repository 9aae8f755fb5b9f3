"""pages/mixed_infographic_page: a dense page of titled modules -- tables, grids of item cards
with value chips, bubble clusters -- giving items' fields (Reach "74k", Cost "$47", Rate "56%",
Score, Count, Rank "#3"; Status, Trend, Zone, Level, Window), among notes, a key line and
sidebars of context text that carry no data.

Tasks count a module's items meeting a numeric condition, rank items by a field, total a field,
read one field of the item ranked by another, find the item meeting a numeric and a category
condition, find the module with the page's extreme value of a field and compare two modules'
field totals.  Counts and the two-condition item are planted; a module grows to hold a count.
Difficulty grows the page (4-5, 5-6, 6-8 modules of 3-5, 3-6, 4-8 items) and brings thresholds
and totals closer.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits import infopage
from tracegen.kits.cards import rounded_rect
from tracegen.kits.names import LABEL_WORDS, TOPICS
from tracegen.kits.panels import draw_table

NUMERIC = {"Reach": ("{}k", 10, 99), "Score": ("{}", 10, 99), "Rate": ("{}%", 5, 95), "Cost": ("${}", 5, 99),
           "Count": ("{}", 2, 99), "Rank": ("#{}", 1, 40)}
CATEGORY = {"Status": ("Ready", "Active", "Open", "Pilot", "Paused", "Queued", "Review", "Live"),
            "Trend": ("Up", "Down", "Stable", "Rising", "Cooling", "Flat", "Mixed", "Shifting"),
            "Zone": ("North", "South", "East", "West", "Central", "Riverside"),
            "Level": ("Basic", "Plus", "Select", "Gold", "Elite"), "Window": ("Early", "Mid", "Late", "Night")}
N_MODULES = {1: (4, 5), 2: (5, 6), 3: (6, 8)}
N_ITEMS = {1: (3, 5), 2: (3, 6), 3: (4, 8)}
KINDS = ("table", "table", "cards", "bubbles")
TITLES = ("Summary Units Brief", "Program Review Sheet", "Operations Digest", "Portfolio Overview",
          "Quarterly Field Brief")
NOTES = ("The summary digest was prepared for the monthly review. The sample page includes reference entries for "
         "context. The coverage note was prepared for the reporting session; figures in the modules are final.",
         "Context block: the page combines module extracts from several teams. Notes and sidebars repeat item "
         "names for reference only and change no module values.")
W, MARGIN, GAP, TOP = 1040, 24, 16, 120
ROW_H, CARD_H, BAR_H = 26, 60, 38


def fmt(field: str, value) -> str:
    return NUMERIC[field][0].format(value) if field in NUMERIC else str(value)


def module_height(m) -> float:
    n = len(m["items"])
    if m["kind"] == "table":
        return BAR_H + ROW_H * (n + 1) + 14
    if m["kind"] == "cards":
        return BAR_H + 30 + math.ceil(n / (3 if m["wide"] else 2)) * (CARD_H + 8) + 6
    return BAR_H + 30 + math.ceil(n / 3) * 58 + 40


def layout(state):
    boxes, bottom = infopage.masonry([(module_height(m), m["wide"]) for m in state["modules"]], MARGIN, W - MARGIN,
                                     TOP, gap=GAP)
    return boxes, bottom


def new_module(rng, difficulty, title, labels):
    kind = KINDS[int(rng.integers(len(KINDS)))]
    lo, hi = N_ITEMS[difficulty]
    n = int(rng.integers(lo, hi + 1)) if kind != "bubbles" else int(rng.integers(2, 6))
    nums = [f for f in NUMERIC if f != "Rank"]          # the first field is a measure
    n_f = {"table": int(rng.integers(2, 4)), "cards": 2, "bubbles": 1}[kind]
    fields = [nums[int(rng.integers(len(nums)))]]
    rest = [f for f in NUMERIC if f not in fields] + list(CATEGORY)
    fields += [rest[int(i)] for i in rng.choice(len(rest), size=n_f - 1, replace=False)]
    items = [{"label": labels.pop(), "values": {}} for _ in range(n)]
    for f in fields:
        fill_field(rng, items, f)
    return {"title": title, "kind": kind, "wide": bool(kind == "table" and n_f == 3 and rng.random() < 0.6),
            "fields": fields, "items": items}


def fill_field(rng, items, f):
    """Distinct values of numeric field ``f`` (any categories) for ``items``."""
    if f in NUMERIC:
        _, lo, hi = NUMERIC[f]
        for it, v in zip(items, rng.choice(range(lo, hi + 1), size=len(items), replace=False)):
            it["values"][f] = int(v)
    else:
        for it in items:
            it["values"][f] = CATEGORY[f][int(rng.integers(len(CATEGORY[f])))]


class MixedInfographicPage(Scene):
    domain, scene_id, size = "pages", "mixed_infographic_page", (W, 1320)
    megapixels = (1.25, 1.8)
    description = ("A dense infographic page of titled modules (tables, item cards with value chips, bubble clusters) "
                   "giving items' numeric and category fields, among notes, a key line and sidebars of context text.")

    def canvas_size(self, state):
        return (W, int(layout(state)[1] + 150))

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_MODULES[difficulty][0], N_MODULES[difficulty][1] + 1))
        titles = [TOPICS[int(i)] for i in rng.choice(len(TOPICS), size=n, replace=False)]
        labels = [LABEL_WORDS[int(i)] for i in rng.permutation(len(LABEL_WORDS))]
        modules = [new_module(rng, difficulty, t, labels) for t in titles]
        code = f"{'CKRW'[int(rng.integers(4))]}{int(rng.integers(10, 99))}"
        return {"title": TITLES[int(rng.integers(len(TITLES)))], "key": code, "note": f"Z{int(rng.integers(10, 99))}",
                "modules": modules, "spare": labels[:12]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        w, h = c.width, c.height
        rounded_rect(c, 10, 10, w - 20, h - 20, radius=16, fill="paper", stroke="grid", lw=1.4)
        left = c.style.accent % 2 == 0
        infopage.page_header(c, MARGIN + 8 if left else 430, 26, state["title"],
                             f"Key: {state['key']} marks a context-only note.", size=26)
        note = (w - MARGIN - 380, 28, w - MARGIN, 100) if left else (MARGIN, 28, MARGIN + 380, 100)
        infopage.context_box(c, note, "Context only; see the modules for figures.", title=f"Note {state['note']}")
        boxes, bottom = layout(state)
        for m, (mod, box) in enumerate(zip(state["modules"], boxes)):
            inner = infopage.frame(c, box, mod["title"], k=m % 5, bar=True, id=f"module:{m}", title_id=f"mtitle:{m}")
            getattr(self, "_" + mod["kind"])(c, m, mod, inner)
        spare = state["spare"]
        y = bottom + 20
        half = (w - 2 * MARGIN - GAP) / 2
        infopage.context_box(c, (MARGIN, y, MARGIN + half, y + 78), " ".join(NOTES[::1 - 2 * (c.style.accent % 2)]))
        lines = [f"Reference item {state['key'][0]}{10 + k * 31} is shown as context for {spare[k]}." for k in range(2)]
        infopage.context_box(c, (MARGIN + half + GAP, y, w - MARGIN, y + 78), " ".join(lines), size=13)
        y += 90
        for k in range(2):
            x = MARGIN + k * (half + GAP)
            rounded_rect(c, x, y, half * 0.8, 26, radius=4, fill="panel", stroke="grid", lw=0.8)
            c.text(x + 10, y + 13, f"Sidebar: {spare[2 + k]} is tagged for weekly summary.", size=12, anchor="l")

    @staticmethod
    def _table(c, m, mod, inner):
        x0, y0, x1, _ = inner
        fields = mod["fields"]
        first = (x1 - x0) * (0.34 if len(fields) > 1 else 0.5)
        widths = [first] + [(x1 - x0 - first) / len(fields)] * len(fields)
        rows = [[it["label"]] + [fmt(f, it["values"][f]) for f in fields] for it in mod["items"]]
        draw_table(c, x0, y0 - 4, widths, ROW_H, ["Item"] + fields, rows, size=13, prefix=f"cell:{m}",
                   header_fill="panel", lines="rows" if c.style.accent % 2 else "grid")

    @staticmethod
    def _cards(c, m, mod, inner):
        x0, y0, x1, _ = inner
        fields = mod["fields"]
        cols = 3 if mod["wide"] else 2
        cw = (x1 - x0 - 8 * (cols - 1)) / cols
        fw = (x1 - x0) / len(fields)
        for j, f in enumerate(fields):
            infopage.chip(c, x0 + fw * (j + 0.5), y0 + 8, f, w=fw - 16, fill="panel")
        for i, it in enumerate(mod["items"]):
            r, k = divmod(i, cols)
            bx, by = x0 + k * (cw + 8), y0 + 26 + r * (CARD_H + 8)
            infopage.item_card(c, (bx, by, bx + cw, by + CARD_H), it["label"],
                               [fmt(f, it["values"][f]) for f in fields],
                               icon=None, k=m, id=None, label_id=f"cell:{m}:{i}:0",
                               chip_ids=[f"cell:{m}:{i}:{j + 1}" for j in range(len(fields))])

    @staticmethod
    def _bubbles(c, m, mod, inner):
        x0, y0, x1, y1 = inner
        f = mod["fields"][0]
        infopage.chip(c, (x0 + x1) / 2, y0 + 8, f, w=110, fill="panel")
        items = [(it["label"], fmt(f, it["values"][f])) for it in mod["items"]]
        n = len(items)
        infopage.bubble_cluster(c, (x0, y0 + 24, x1, y1), items, k=m,
                                ids=[f"cell:{m}:{i}:1" for i in range(n)],
                                label_ids=[f"cell:{m}:{i}:0" for i in range(n)])


SCENE = MixedInfographicPage()
task = SCENE.task
