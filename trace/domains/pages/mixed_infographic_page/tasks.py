"""pages/mixed_infographic_page tasks (the scene and its drawing are in ``mixed_infographic_page``).

Cells are registered as ``cell:{module}:{item}:{column}`` (column 0 = the item label, column j =
field j - 1) and modules as ``module:{m}``.
"""

from __future__ import annotations

from tracegen.kits.names import LABEL_WORDS

from .scene import CATEGORY, NUMERIC, fill_field, fmt, task

INTRO = ("The image shows a dense mixed infographic page with titled modules, item labels, field labels, printed "
         "values, and context text.")
ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}
MARGIN = {1: 5, 2: 2, 3: 1}
RANKS = {1: (1, 2), 2: (1, 3), 3: (2, 4)}


def cell(m: int, i: int, col: int) -> str:
    return f"cell:{m}:{i}:{col}"


def field_cells(s, m, f):
    mod = s["modules"][m]
    col = mod["fields"].index(f) + 1
    return [cell(m, i, col) for i in range(len(mod["items"]))]


def values(s, m, f):
    return [it["values"][f] for it in s["modules"][m]["items"]]


def _module(q, name, pred):
    s = q.state
    ok = [m for m, mod in enumerate(s["modules"]) if pred(mod)]
    q.require(bool(ok), "no module qualifies")
    return q.param(name, lambda r: int(ok[int(r.integers(len(ok)))]))


def _measure(q, m, name="field", rank_ok=False):
    fields = [f for f in q.state["modules"][m]["fields"] if f in NUMERIC and (rank_ok or f != "Rank")]
    return q.choice(name, fields)


def _title(s, m):
    return s["modules"][m]["title"]


def _unused_labels(s):
    used = {it["label"] for mod in s["modules"] for it in mod["items"]} | set(s["spare"])
    return [w for w in LABEL_WORDS if w not in used]


def ranked_item(q, m, f, k, ascending):
    items = sorted(range(len(q.state["modules"][m]["items"])), key=lambda i: values(q.state, m, f)[i],
                   reverse=not ascending)
    q.require(len(items) >= k, "too few items for the rank")
    return items[k - 1]


def rank_pick(q, m, f):
    """(order words, rank, item index): the item at the instance's rank by field ``f``."""
    words = q.choice("order", ["lowest to highest", "highest to lowest"])
    lo, hi = RANKS[q.difficulty]
    n = len(q.state["modules"][m]["items"])
    k = q.param("rank", lambda r: int(r.integers(lo, min(hi, n) + 1)))
    return words, k, ranked_item(q, m, f, k, words == "lowest to highest")


def split_values(r, lo, hi, thr, n_in, n_out, below, margin):
    """Distinct values: ``n_in`` meeting (below / above ``thr``), ``n_out`` failing it, none
    within ``margin`` - 1 of the threshold."""
    low = list(range(lo, thr - margin + 1))
    high = list(range(thr + margin, hi + 1))
    meet, fail = (low, high) if below else (high, low)
    return ([int(v) for v in r.choice(meet, size=n_in, replace=False)],
            [int(v) for v in r.choice(fail, size=n_out, replace=False)])


def _threshold(q, f, n_in, n_out, below):
    _, lo, hi = NUMERIC[f]
    mg = MARGIN[q.difficulty]
    need_low, need_high = (n_in, n_out) if below else (n_out, n_in)
    a, b = lo + need_low + mg - 1, hi - need_high - mg + 1
    q.require(a <= b, "no room for the threshold")
    return q.param("threshold", lambda r: int(r.integers(a, b + 1)))


# ---------------------------------------------------------------------- tasks
@task("module_condition_item_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison")
def module_condition_item_count(q):
    t = q.target(range(1, 8), stratified=True)
    m = _module(q, "module", lambda mod: mod["kind"] != "bubbles")
    f = _measure(q, m)
    below = q.choice("condition", ["below", "above"]) == "below"
    n = max(len(q.state["modules"][m]["items"]), t + 1)
    thr = _threshold(q, f, t, n - t, below)

    def plant(st, r):
        mod = st["modules"][m]
        fresh = _unused_labels(st)
        grown = []
        while len(mod["items"]) + len(grown) < n:           # the module grows to hold the count
            grown.append({"label": fresh.pop(int(r.integers(len(fresh)))), "values": {}})
        mod["items"] += grown
        for g in mod["fields"]:
            if g in NUMERIC and g != f:
                fill_field(r, mod["items"], g)              # distinct over the grown module
            elif g in CATEGORY:
                fill_field(r, grown, g)
        meet, fail = split_values(r, *NUMERIC[f][1:], thr, t, n - t, below, MARGIN[q.difficulty])
        chosen = set(int(i) for i in r.choice(n, size=t, replace=False))
        for i, it in enumerate(mod["items"]):
            it["values"][f] = meet.pop() if i in chosen else fail.pop()
        return st

    s = q.edit(plant)
    vals = values(s, m, f)
    hits = [i for i, v in enumerate(vals) if (v < thr if below else v > thr)]
    q.step("filter_items", module=_title(s, m), field=f, threshold=thr, items=[s["modules"][m]["items"][i]["label"]
                                                                               for i in hits])
    col = s["modules"][m]["fields"].index(f) + 1
    return q.answer(len(hits), witnesses=[cell(m, i, col) for i in hits],
                    question=f"{INTRO} In module \"{_title(s, m)}\", how many items have \"{f}\" "
                             f"{'below' if below else 'above'} {fmt(f, thr)}?")


@task("module_field_ranked_item_label", answer="string", annotation="bbox", ops="ranking")
def module_field_ranked_item_label(q):
    s = q.state
    m = _module(q, "module", lambda mod: len(mod["items"]) >= 2)
    f = _measure(q, m, rank_ok=True)
    words, k, i = rank_pick(q, m, f)
    label = s["modules"][m]["items"][i]["label"]
    q.step("rank_items", module=_title(s, m), field=f, rank=k, item=label)
    return q.answer(label, witnesses=cell(m, i, 0), examples=[it["label"] for it in s["modules"][m]["items"]],
                    question=f"{INTRO} In module \"{_title(s, m)}\", order the items by field \"{f}\" from "
                             f"{words}. Which item is {ORDINAL[k]}?")


@task("module_field_total_value", answer="integer", annotation="bbox_set", ops="aggregation")
def module_field_total_value(q):
    s = q.state
    m = _module(q, "module", lambda mod: len(mod["items"]) >= 3)
    f = _measure(q, m)
    q.step("total", module=_title(s, m), field=f, values=values(s, m, f))
    return q.answer(sum(values(s, m, f)), witnesses=field_cells(s, m, f),
                    question=f"{INTRO} In module \"{_title(s, m)}\", add every item's value under field \"{f}\" "
                             "(as printed, without its unit). What is the total?")


@task("module_field_value_label", answer="string", annotation="bbox", ops="ranking")
def module_field_value_label(q):
    s = q.state
    two = any(sum(f in NUMERIC for f in mod["fields"]) >= 2 for mod in s["modules"])     # printed numbers
    m = _module(q, "module", lambda mod: sum(f in NUMERIC for f in mod["fields"]) >= 2 if two else
                len(mod["fields"]) >= 2)                                                    # spread wider
    f = _measure(q, m, "selector_field", rank_ok=True)
    rest = [x for x in s["modules"][m]["fields"] if x != f]
    g = q.choice("answer_field", [x for x in rest if x in NUMERIC] or rest)
    words, k, i = rank_pick(q, m, f)
    it = s["modules"][m]["items"][i]
    q.step("rank_then_read", module=_title(s, m), selector=f, rank=k, item=it["label"], field=g)
    col = s["modules"][m]["fields"].index(g) + 1
    return q.answer(fmt(g, it["values"][g]), witnesses=cell(m, i, col),
                    examples=[fmt(g, x["values"][g]) for x in s["modules"][m]["items"]],
                    question=f"{INTRO} In module \"{_title(s, m)}\", rank the items by \"{f}\" from {words}. What "
                             f"\"{g}\" value does the item ranked {ORDINAL[k]} show? Answer with the value exactly as "
                             "printed.")


@task("module_two_field_condition_item_label", answer="string", annotation="bbox", ops="filtering,comparison")
def module_two_field_condition_item_label(q):
    s = q.state
    m = _module(q, "module", lambda mod: len(mod["fields"]) >= 2 and len(mod["items"]) >= 3)
    f = s["modules"][m]["fields"][0]
    cats = [x for x in s["modules"][m]["fields"] if x in CATEGORY]
    cat = q.param("category_field", lambda r: cats[int(r.integers(len(cats)))] if cats else
                  [x for x in CATEGORY][int(r.integers(len(CATEGORY)))])
    v = q.param("category_value", lambda r: CATEGORY[cat][int(r.integers(len(CATEGORY[cat])))])
    below = q.choice("condition", ["below", "above"]) == "below"
    n = len(s["modules"][m]["items"])
    n_meet = q.param("numeric_matches", lambda r: int(r.integers(1, n)))       # items passing the number alone
    thr = _threshold(q, f, n_meet, n - n_meet, below)

    def plant(st, r):
        mod = st["modules"][m]
        if cat not in mod["fields"]:
            for it in mod["items"]:
                it["values"].pop(mod["fields"][-1])
            mod["fields"][-1] = cat
        meet, fail = split_values(r, *NUMERIC[f][1:], thr, n_meet, n - n_meet, below, MARGIN[q.difficulty])
        order = [int(i) for i in r.permutation(n)]
        other = [x for x in CATEGORY[cat] if x != v]
        for rank_, i in enumerate(order):
            it = mod["items"][i]
            passes = rank_ < n_meet
            it["values"][f] = meet.pop() if passes else fail.pop()
            if rank_ == 0:
                it["values"][cat] = v                         # the one item meeting both
            elif passes or r.random() < 0.5:
                it["values"][cat] = other[int(r.integers(len(other)))]
            else:
                it["values"][cat] = v                         # a near miss: the category, not the number
        return st

    s = q.edit(plant)
    mod = s["modules"][m]
    hits = [i for i, it in enumerate(mod["items"]) if it["values"][cat] == v
            and (it["values"][f] < thr if below else it["values"][f] > thr)]
    q.require(len(hits) == 1, "not exactly one item meets both conditions")
    label = mod["items"][hits[0]]["label"]
    q.step("filter_two", module=mod["title"], numeric=[f, thr], category=[cat, v], item=label)
    return q.answer(label, witnesses=cell(m, hits[0], 0), examples=[it["label"] for it in mod["items"]],
                    question=f"{INTRO} In module \"{mod['title']}\", which item has \"{f}\" "
                             f"{'below' if below else 'above'} {fmt(f, thr)} and \"{cat}\" equal to \"{v}\"?")


def _shared(q):
    """A measure shown in at least two modules (a recorded parameter)."""
    s = q.state
    seen = {}
    for m, mod in enumerate(s["modules"]):
        for f in mod["fields"]:
            if f in NUMERIC and f != "Rank":
                seen.setdefault(f, []).append(m)
    ok = sorted(f for f, ms in seen.items() if len(ms) >= 2)
    q.require(bool(ok), "no measure shown in two modules")
    f = q.choice("field", ok)
    return f, seen[f]


@task("page_field_extremum_module_label", answer="string", annotation="bbox", ops="ranking")
def page_field_extremum_module_label(q):
    s = q.state
    f, mods = _shared(q)
    high = q.choice("direction", ["highest", "lowest"]) == "highest"
    cells = [(v, m, i) for m in mods for i, v in enumerate(values(s, m, f))]
    best = (max if high else min)(cells)
    q.require(sum(v == best[0] for v, _, _ in cells) == 1, "the extreme value appears twice")
    _, m, i = best
    q.step("page_extreme", field=f, value=best[0], module=_title(s, m))
    return q.answer(_title(s, m), witnesses=cell(m, i, s["modules"][m]["fields"].index(f) + 1),
                    examples=[mod["title"] for mod in s["modules"]],
                    question=f"{INTRO} Scan every module that shows field \"{f}\". Which module contains the "
                             f"{'highest' if high else 'lowest'} \"{f}\" value? Answer with its module title.")


TOTAL_GAP = {1: 15, 2: 6, 3: 1}


@task("two_module_field_total_comparison_module_label", answer="string", annotation="bbox", ops="ranking,aggregation")
def two_module_field_total_comparison_module_label(q):
    s = q.state
    f, mods = _shared(q)
    a, b = q.param("modules", lambda r: [int(mods[int(i)]) for i in r.choice(len(mods), size=2, replace=False)])
    ta, tb = sum(values(s, a, f)), sum(values(s, b, f))
    q.require(abs(ta - tb) >= TOTAL_GAP[q.difficulty], "the totals are too close")
    win = a if ta > tb else b
    q.step("totals", field=f, first=[_title(s, a), ta], second=[_title(s, b), tb])
    return q.answer(_title(s, win), witnesses=f"module:{win}", examples=[_title(s, a), _title(s, b)],
                    question=f"{INTRO} Between \"{_title(s, a)}\" and \"{_title(s, b)}\", which module has the "
                             f"greater sum of its \"{f}\" values?")
