"""charts/dashboard: a report page of titled small charts (bars, lines, radar, donut) over one
shared category key, the exact value of every category mark printed beside it.

The tasks combine values across panels (which panel holds a category's extreme, panel totals
and ranges, category totals, a value looked up through another panel's ranking, which of six
statements drawn under the panels is true).  Difficulty grows the panels (6-8, 7-9, 8-9) and
categories (6-8, 7-10, 9-11); a note row adds text that carries no data.
"""

from __future__ import annotations

from tracegen.core.options import LETTERS, multiple_choice
from tracegen.core.prompt import quoted_list
from tracegen.core.task import Scene
from tracegen.kits.names import PLACES, WORDS
from tracegen.kits.panels import (bar_panel, category_color, donut_panel, grid_boxes, legend, line_panel,
                                  note_panel, panel_card, radar_panel, wrap)
from tracegen.kits.ranking import clear_extreme

N_PANELS = {1: (6, 8), 2: (7, 9), 3: (8, 9)}
N_CATS = {1: (6, 8), 2: (7, 10), 3: (9, 11)}
KINDS = ("Bar", "Line", "Radar", "Donut")
VLO, VHI = 5, 98
PREFIX_WORDS = ("Routing", "Workload", "Voltage", "Precision", "Latency", "Throughput", "Retention", "Coverage",
                "Capacity", "Demand", "Backlog", "Uptime", "Churn", "Signups", "Revenue", "Margin", "Output",
                "Quality", "Yield", "Inventory", "Traffic", "Energy", "Support", "Billing", "Freight", "Payroll",
                "Claims", "Audit", "Sourcing", "Staffing", "Pricing", "Forecast", "Outreach", "Logistics")
REPORTS = ("Reference Trend Report", "Operations Overview", "Quarterly Dashboard", "Portfolio Snapshot",
           "Regional Summary", "Performance Review", "Pipeline Summary", "Service Health Board")
NOTES = ("The planning note was prepared for the monthly review and is shown as context only.",
         "Context block: figures are compiled from the regional status packets.",
         "Key notes mark context-only entries; they do not change any panel.",
         "Draft for discussion. Panel order follows the reporting calendar.",
         "Reference copy for the steering group; see the appendix for definitions.")


def _titles(rng, n):
    kinds = [KINDS[int(k)] for k in rng.integers(len(KINDS), size=n)]
    if rng.random() < 0.5:                                  # consecutive quarters
        q0 = int(rng.integers(18 * 4, 28 * 4))
        prefixes = [f"{(q0 + i) // 4:02d}Q{(q0 + i) % 4 + 1}" for i in range(n)]
    else:
        prefixes = [PREFIX_WORDS[int(i)] for i in rng.choice(len(PREFIX_WORDS), size=n, replace=False)]
    return [f"{p} {k}" for p, k in zip(prefixes, kinds)], [k.lower() for k in kinds]


class Dashboard(Scene):
    domain, scene_id, size = "charts", "dashboard", (1180, 900)
    fluid = True
    megapixels = (1.05, 1.65)
    description = ("A dashboard page of titled small charts (bars, lines, radar, donut) over one shared category "
                   "key, with every category mark's value printed.")

    def canvas_size(self, state):
        rows = -(-len(state["panels"]) // 3)
        extra = (130 if state["notes"] else 0) + (190 if state.get("options_row") else 0)
        return (1180, 120 + rows * 270 + extra)

    def sample(self, rng, difficulty):
        n_p = int(rng.integers(N_PANELS[difficulty][0], N_PANELS[difficulty][1] + 1))
        n_c = int(rng.integers(N_CATS[difficulty][0], N_CATS[difficulty][1] + 1))
        pool = WORDS if rng.random() < 0.6 else tuple(p for p in PLACES if len(p) <= 6)
        cats = [pool[int(i)] for i in rng.choice(len(pool), size=n_c, replace=False)]
        titles, kinds = _titles(rng, n_p)
        panels = [{"title": t, "kind": k, "values": [int(v) for v in rng.integers(VLO + 3, VHI - 3, size=n_c)],
                   "hide": []} for t, k in zip(titles, kinds)]
        return {"report": REPORTS[int(rng.integers(len(REPORTS)))], "categories": cats, "panels": panels,
                "notes": int(rng.integers(0, 3))}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        cats, panels = state["categories"], state["panels"]
        colors = [category_color(c, k) for k in range(len(cats))]
        left = c.style.accent % 2
        c.text(24 if left else W / 2, 24, state["report"], size=20, bold=True, anchor="l" if left else "c")
        top = legend(c, 24, 42, W - 24, list(zip(cats, colors)), size=13)
        stmts = params.get("statements") if state.get("options_row") else None
        bottom = H - 10 - (190 if stmts else 0) - (130 if state["notes"] else 0)
        boxes = grid_boxes((14, top + 8, W - 14, bottom), len(panels), 3, gap=14)
        for p, (panel, box) in enumerate(zip(panels, boxes)):
            inner = panel_card(c, box, panel["title"], size=15, id=f"panel:{p}", title_id=f"title:{p}")
            keep = [k for k in range(len(cats)) if k not in panel["hide"]]
            args = ([cats[k] for k in keep], [panel["values"][k] for k in keep], [colors[k] for k in keep])
            ids = [f"mark:{p}:{k}" for k in keep]
            kind = panel["kind"]
            if kind == "bar":
                bar_panel(c, inner, *args, vmax=100, ids=ids)
            elif kind == "line":
                line_panel(c, inner, *args, vmax=100, ids=ids)
            elif kind == "radar":
                radar_panel(c, inner, *args, vmax=100, ids=ids, value_at="label")
            else:
                donut_panel(c, inner, *args, ids=ids, hole=0.5)
        y = bottom + 10
        if state["notes"]:
            n = state["notes"]
            for k, box in enumerate(grid_boxes((14, y, W - 14, y + 118), n, n, gap=14)):
                note_panel(c, box, f"Note {'ABC'[k]}", NOTES[(k + len(cats)) % len(NOTES)])
            y += 130
        if stmts:
            self._statements(c, (14, y, W - 14, y + 180), stmts, cats, panels)

    @staticmethod
    def _statements(c, box, stmts, cats, panels):
        x0, y0, x1, y1 = box
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="panel", stroke="grid", lw=1.0)
        c.text(x0 + 14, y0 + 18, "Statement options", size=14, bold=True, anchor="l")
        col_w = (x1 - x0 - 28) / 2
        for i, st in enumerate(stmts):
            col, row = i % 2, i // 2
            x, y = x0 + 14 + col * col_w, y0 + 48 + row * 46
            lines = wrap(c, statement_text(st, cats, panels), col_w - 40, size=13)
            c.text(x, y, f"{LETTERS[i]}.", size=13, bold=True, anchor="l", kind="option", id=f"option:{LETTERS[i]}")
            for j, line in enumerate(lines[:2]):
                c.text(x + 26, y + j * 17, line, size=13, anchor="l", kind="option")


SCENE = Dashboard()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s) -> str:
    return (f"The image shows a dashboard with {len(s['panels'])} titled panels named "
            f"{quoted_list([p['title'] for p in s['panels']])}. It uses a shared category/color key with "
            f"{len(s['categories'])} category labels, and the exact integer value of each plotted category mark "
            "is printed beside it.")


def statement_text(st, cats, panels) -> str:
    k, a, b, rel = st
    word = "greater than" if rel == "gt" else "less than"
    return f"\"{cats[k]}\" in \"{panels[a]['title']}\" is {word} in \"{panels[b]['title']}\"."


def _vals(s, k):
    """Category k's value in every panel."""
    return [p["values"][k] for p in s["panels"]]


def _pick(q, name, n):
    return q.param(name, lambda r: int(r.integers(n)))




def _titles_of(s):
    return [p["title"] for p in s["panels"]]


MARGIN = {1: 4, 2: 2, 3: 1}
UNANSWERABLE_EVERY = 14


# ---------------------------------------------------------------------- tasks
@task("category_extremum_panel_label", answer="string", annotation="point", ops="ranking",
      queries=("largest_category_panel_label", "smallest_category_panel_label"))
def category_extremum_panel_label(q):
    s = q.state
    n_p = len(s["panels"])
    large = q.query_id.startswith("largest")
    k = _pick(q, "category", len(s["categories"]))
    w = _pick(q, "winner", n_p)

    def plant(st, r):
        others = [st["panels"][p]["values"][k] for p in range(n_p) if p != w]
        d = MARGIN[q.difficulty] + int(r.integers(0, 6))
        st["panels"][w]["values"][k] = min(VHI, max(others) + d) if large else max(VLO, min(others) - d)
        return st

    s = q.edit(plant)
    best = clear_extreme(q, dict(enumerate(_vals(s, k))), largest=large, margin=1)
    cat = s["categories"][k]
    q.step("category_values", category=cat, values=dict(zip(_titles_of(s), _vals(s, k))))
    return q.answer(s["panels"][best]["title"], witnesses=f"mark:{best}:{k}", examples=_titles_of(s),
                    question=(f"{_intro(s)} Across all panels, find category \"{cat}\". Which panel shows its "
                              f"{'largest' if large else 'smallest'} value?"))


PANEL_COUNTS = {1: range(1, 6), 2: range(1, 7), 3: range(2, 8)}


@task("category_panel_condition_count", answer="integer", annotation="point_set", ops="filtering,counting,comparison",
      queries=("category_panel_greater_than_threshold_count", "category_panel_less_than_threshold_count"))
def category_panel_condition_count(q):
    s = q.state
    n_p = len(s["panels"])
    greater = "greater" in q.query_id
    t = q.target(PANEL_COUNTS[q.difficulty], stratified=True)
    k = _pick(q, "category", len(s["categories"]))
    thr = q.param("threshold", lambda r: int(r.integers(25, 76)))
    chosen = q.param("chosen", lambda r: sorted(int(p) for p in r.choice(n_p, size=t, replace=False)))

    def plant(st, r):
        for p in range(n_p):
            up = (p in chosen) == greater
            st["panels"][p]["values"][k] = int(r.integers(thr + 1, VHI + 1) if up else r.integers(VLO, thr))
        return st

    s = q.edit(plant)
    vals = _vals(s, k)
    hits = [p for p, v in enumerate(vals) if (v > thr if greater else v < thr)]
    cat = s["categories"][k]
    q.step("filter_panels", category=cat, threshold=thr, panels=[s["panels"][p]["title"] for p in hits])
    return q.answer(len(hits), witnesses=[f"mark:{p}:{k}" for p in hits],
                    question=(f"{_intro(s)} For category \"{cat}\" across all panels, count the panels where its "
                              f"value is {'greater' if greater else 'less'} than {thr}."))


@task("category_total_extremum_label", answer="string", annotation="point_set", ops="ranking,aggregation",
      queries=("largest_category_total_label", "smallest_category_total_label"))
def category_total_extremum_label(q):
    s = q.state
    n_p, n_c = len(s["panels"]), len(s["categories"])
    large = q.query_id.startswith("largest")
    w = _pick(q, "winner", n_c)
    hide = q.target(range(UNANSWERABLE_EVERY), stratified=True) == 0     # one instance in every 14
    gone = q.param("hidden", lambda r: [int(r.integers(n_p)), int(r.integers(n_c))] if hide else [])

    def plant(st, r):
        totals = [sum(p["values"][k] for p in st["panels"]) for k in range(n_c) if k != w]
        want = max(totals) + MARGIN[q.difficulty] + int(r.integers(0, 8)) if large else \
            min(totals) - MARGIN[q.difficulty] - int(r.integers(0, 8))
        for p in r.permutation(n_p):        # move the winner's values towards the wanted total
            cur = sum(pp["values"][w] for pp in st["panels"])
            v = st["panels"][int(p)]["values"]
            v[w] = min(VHI, max(VLO, v[w] + want - cur))
        if gone:
            st["panels"][gone[0]]["hide"] = [gone[1]]
        return st

    s = q.edit(plant)
    totals = {k: sum(_vals(s, k)) for k in range(n_c)}
    best = clear_extreme(q, totals, largest=large, margin=1)
    q.step("category_totals", totals={s["categories"][k]: t for k, t in totals.items()})
    if gone:
        answer, wit = "unanswerable", [f"panel:{gone[0]}"]
    else:
        answer, wit = s["categories"][best], [f"mark:{p}:{best}" for p in range(n_p)]
    return q.answer(answer, witnesses=wit, examples=s["categories"],
                    question=(f"{_intro(s)} Which category label has the {'largest' if large else 'smallest'} "
                              "total across all dashboard panels? If any category is not shown in every dashboard "
                              "panel, treat the question as unanswerable and set the answer to exactly "
                              "\"unanswerable\"."))


@task("global_value_extremum_category_label", answer="string", annotation="point", ops="ranking",
      queries=("global_maximum_value_category_label", "global_minimum_value_category_label"))
def global_value_extremum_category_label(q):
    s = q.state
    n_p, n_c = len(s["panels"]), len(s["categories"])
    large = "maximum" in q.query_id
    k = _pick(q, "category", n_c)
    w = _pick(q, "panel", n_p)

    def plant(st, r):
        rest = [v for p, pn in enumerate(st["panels"]) for kk, v in enumerate(pn["values"]) if (p, kk) != (w, k)]
        d = MARGIN[q.difficulty] + int(r.integers(0, 4))
        st["panels"][w]["values"][k] = min(VHI, max(rest) + d) if large else max(VLO, min(rest) - d)
        return st

    s = q.edit(plant)
    marks = {(p, kk): v for p, pn in enumerate(s["panels"]) for kk, v in enumerate(pn["values"])}
    p, kk = clear_extreme(q, marks, largest=large, margin=1)
    q.step("global_extreme", panel=s["panels"][p]["title"], category=s["categories"][kk], value=marks[(p, kk)])
    return q.answer(s["categories"][kk], witnesses=f"mark:{p}:{kk}", examples=s["categories"],
                    question=(f"{_intro(s)} Which category label has the single "
                              f"{'largest' if large else 'smallest'} value anywhere in the dashboard?"))


def _plant_panel(q, w, score, nudge):
    """Nudge panel w's values (``nudge(values, rng)`` raises ``score``) until its score beats
    every other panel's by the margin."""
    def plant(st, r):
        others = [score(p["values"]) for i, p in enumerate(st["panels"]) if i != w]
        v = st["panels"][w]["values"]
        want = max(others) + MARGIN[q.difficulty] + int(r.integers(0, 8))
        for _ in range(3 * len(v)):
            if score(v) >= want:
                break
            nudge(v, r)
        return st

    return q.edit(plant)


def _shift(v, r, sign):
    i = int(r.integers(len(v)))
    v[i] = min(VHI, max(VLO, v[i] + sign * int(r.integers(3, 15))))


def _widen(v, r):
    i, j = v.index(max(v)), v.index(min(v))
    v[i], v[j] = min(VHI, v[i] + int(r.integers(2, 10))), max(VLO, v[j] - int(r.integers(2, 10)))


def _narrow(v, r):
    mid = sum(v) / len(v)
    v[:] = [int(round(mid + (x - mid) * 0.7)) for x in v]


@task("panel_total_extremum_label", answer="string", annotation="point_set", ops="ranking,aggregation",
      queries=("largest_panel_total_label", "smallest_panel_total_label"))
def panel_total_extremum_label(q):
    large = q.query_id.startswith("largest")
    w = _pick(q, "winner", len(q.state["panels"]))
    s = _plant_panel(q, w, sum if large else (lambda v: -sum(v)), lambda v, r: _shift(v, r, 1 if large else -1))
    totals = {p: sum(pn["values"]) for p, pn in enumerate(s["panels"])}
    best = clear_extreme(q, totals, largest=large, margin=1)
    q.step("panel_totals", totals={s["panels"][p]["title"]: t for p, t in totals.items()})
    return q.answer(s["panels"][best]["title"], witnesses=[f"mark:{best}:{k}" for k in range(len(s["categories"]))],
                    examples=_titles_of(s),
                    question=(f"{_intro(s)} Which panel title corresponds to the "
                              f"{'highest' if large else 'lowest'} total over its categories?"))


def _spread(v):
    return max(v) - min(v)


def _range_marks(q, s, p):
    v = s["panels"][p]["values"]
    q.require(v.count(max(v)) == 1 and v.count(min(v)) == 1, "panel extreme shown twice")
    return {"max_mark": f"mark:{p}:{v.index(max(v))}", "min_mark": f"mark:{p}:{v.index(min(v))}"}


@task("panel_value_range_extremum_label", answer="string", annotation="point_map", ops="ranking,formula_evaluation",
      queries=("largest_panel_value_range_label", "smallest_panel_value_range_label"))
def panel_value_range_extremum_label(q):
    large = q.query_id.startswith("largest")
    w = _pick(q, "winner", len(q.state["panels"]))
    s = _plant_panel(q, w, _spread if large else (lambda v: -_spread(v)), _widen if large else _narrow)
    ranges = {p: _spread(pn["values"]) for p, pn in enumerate(s["panels"])}
    best = clear_extreme(q, ranges, largest=large, margin=1)
    q.step("panel_ranges", ranges={s["panels"][p]["title"]: x for p, x in ranges.items()})
    return q.answer(s["panels"][best]["title"], witnesses=_range_marks(q, s, best), examples=_titles_of(s),
                    question=(f"{_intro(s)} Compare each panel's largest and smallest category values. Which "
                              f"panel has the {'largest' if large else 'smallest'} range (largest minus smallest)?"))


@task("panel_value_range_value", answer="integer", annotation="point_map", ops="ranking,formula_evaluation")
def panel_value_range_value(q):
    s = q.state
    t = q.target(range(12, 76), stratified=True)
    p = _pick(q, "panel", len(s["panels"]))

    def plant(st, r):
        v = st["panels"][p]["values"]
        lo = int(r.integers(VLO, VHI - t + 1))
        i, j = (int(x) for x in r.choice(len(v), size=2, replace=False))
        for k in range(len(v)):
            v[k] = int(r.integers(lo + 1, lo + t)) if t > 1 else lo
        v[i], v[j] = lo, lo + t
        return st

    s = q.edit(plant)
    v = s["panels"][p]["values"]
    title = s["panels"][p]["title"]
    q.step("range", panel=title, largest=max(v), smallest=min(v))
    return q.answer(_spread(v), witnesses=_range_marks(q, s, p),
                    question=(f"{_intro(s)} What is the value range in \"{title}\", computed as its largest "
                              "category value minus its smallest category value?"))


@task("source_rank_target_value", answer="integer", annotation="point_map", ops="ranking",
      queries=("largest_source_rank_target_value", "smallest_source_rank_target_value"))
def source_rank_target_value(q):
    s = q.state
    large = q.query_id.startswith("largest")
    src, dst = q.param("panels", lambda r: [int(x) for x in r.choice(len(s["panels"]), size=2, replace=False)])
    v = s["panels"][src]["values"]
    k = clear_extreme(q, dict(enumerate(v)), largest=large, margin=1)
    a, b = s["panels"][src]["title"], s["panels"][dst]["title"]
    q.step("rank_then_lookup", source=a, category=s["categories"][k], target=b)
    return q.answer(s["panels"][dst]["values"][k], witnesses={"source_mark": f"mark:{src}:{k}",
                                                               "target_mark": f"mark:{dst}:{k}"},
                    question=(f"{_intro(s)} First rank the categories in \"{a}\"; for its "
                              f"{'largest' if large else 'smallest'} category, what value appears in \"{b}\"?"))


@task("statement_option_selection_label", answer="option_letter", annotation="point_set", ops="matching",
      queries=("statement_option_selection_label",))
def statement_option_selection_label(q):
    s = q.state
    n_p, n_c = len(s["panels"]), len(s["categories"])

    def draw(r, true):
        """A statement about one category in two panels that is ``true`` (or false)."""
        k, (a, b) = int(r.integers(n_c)), sorted(int(x) for x in r.choice(n_p, size=2, replace=False))
        va, vb = s["panels"][a]["values"][k], s["panels"][b]["values"][k]
        return [k, a, b, "gt" if (va > vb) == true else "lt"] if va != vb else None

    correct = q.param("true_statement", lambda r: draw(r, True))
    q.require(correct is not None, "equal values")
    q.edit(lambda st, r: {**st, "options_row": True})

    def distractors(r):
        return [st for st in (draw(r, False) for _ in range(60)) if st is not None]

    letter, _ = multiple_choice(q, correct, distractors, k=6, name="statements", where="image", stratified=True)
    k, a, b, _ = correct
    q.step("true_statement", statement=statement_text(correct, s["categories"], s["panels"]))
    return q.answer(letter, witnesses=[f"mark:{a}:{k}", f"mark:{b}:{k}"],
                    question=(f"{_intro(s)} Six lettered statements are shown under the panels. Exactly one of "
                              "them is true. Which statement option is true?"))
