"""pages/infographic: a metrics bulletin -- titled sections (Outdoor, Dining, ...) stacked down a
tall page, each holding metric cards with an icon (folder, envelope, printer, ...), a label, a
large printed value and a small tag.

Tasks rank cards over the page or within a section, rank and subtract section totals, total and
compare the cards with one icon per section, add named cards or a section without some cards,
and combine two sections' extreme values.  Every value is printed (the reference prints them);
the work is finding, filtering and adding.  Difficulty grows the page (4-5, 5-6, 6-7 sections
of 3-5, 3-6, 4-7 cards), the icons in play (5, 7, 9) and asks for deeper ranks.
"""

from __future__ import annotations

import math

from tracegen.core.prompt import quoted_list
from tracegen.core.task import Scene
from tracegen.kits import infopage
from tracegen.kits.cards import rounded_rect
from tracegen.kits.names import LABEL_WORDS, TOPICS

ICONS = ("folder", "envelope", "receipt", "printer", "cart", "card", "bar chart", "pin", "trophy")
N_SECTIONS = {1: (4, 5), 2: (5, 6), 3: (6, 7)}
N_CARDS = {1: (3, 5), 2: (3, 6), 3: (4, 7)}
N_ICONS = {1: 5, 2: 7, 3: 9}
TITLES = (("Metrics Bulletin", "Grouped figures with section totals"), ("Program Snapshot", "Figures by section"),
          ("Quarterly Digest", "Key numbers grouped by area"), ("Field Report", "Card values by team"),
          ("Activity Board", "Latest counts per section"))
WIDTH, TOP, CARD_H, GAP = 912, 104, 74, 10
STAGGER = (0, 26, 10, 34, 4, 22, 14)


def shape(n: int) -> tuple[int, int]:
    """(rows, cols) of a section's card grid."""
    rows = math.ceil(n / 4)
    return rows, math.ceil(n / rows)


def section_height(n: int) -> float:
    rows, _ = shape(n)
    return 44 + rows * CARD_H + (rows - 1) * GAP + 10


def tag(i: int) -> str:
    return "Tag " + "ABCDEFGHJKLMNPQRSTUVWXYZ"[i // 24 % 24] + "ABCDEFGHJKLMNPQRSTUVWXYZ"[i % 24]


class Infographic(Scene):
    domain, scene_id, size = "pages", "infographic", (WIDTH, 1400)
    megapixels = (1.15, 1.75)
    description = ("A tall metrics bulletin: titled sections stacked down the page, each with metric cards that show "
                   "an icon, a label, a large printed value and a small tag.")

    def canvas_size(self, state):
        return (WIDTH, int(TOP + sum(section_height(len(s["cards"])) + 14 for s in state["sections"]) + 16))

    def sample(self, rng, difficulty):
        n_s = int(rng.integers(N_SECTIONS[difficulty][0], N_SECTIONS[difficulty][1] + 1))
        counts = [int(rng.integers(N_CARDS[difficulty][0], N_CARDS[difficulty][1] + 1)) for _ in range(n_s)]
        names = [TOPICS[int(i)] for i in rng.choice(len(TOPICS), size=n_s, replace=False)]
        labels = [LABEL_WORDS[int(i)] for i in rng.choice(len(LABEL_WORDS), size=sum(counts), replace=False)]
        icons = [ICONS[int(i)] for i in rng.choice(len(ICONS), size=N_ICONS[difficulty], replace=False)]
        sections, at = [], 0
        for name, n in zip(names, counts):
            cards = [{"label": labels[at + k], "value": int(rng.integers(10, 100)),
                      "icon": icons[int(rng.integers(len(icons)))]} for k in range(n)]
            at += n
            sections.append({"name": name, "cards": cards})
        return {"title": list(TITLES[int(rng.integers(len(TITLES)))]), "icons": icons, "sections": sections}

    def render(self, c, state, params):
        w, h = c.width, c.height
        rounded_rect(c, 10, 10, w - 20, h - 20, radius=16, fill="paper", stroke="grid", lw=1.4)
        y = infopage.page_header(c, 30, 22, state["title"][0], state["title"][1], size=26) + 10
        y = max(y, TOP - 6)
        n = 0
        for si, sec in enumerate(state["sections"]):
            sh = section_height(len(sec["cards"]))
            x0 = 28 + STAGGER[(si + c.style.accent) % len(STAGGER)]
            box = (x0, y, x0 + w - 56 - 34, y + sh)
            inner = infopage.frame(c, box, sec["name"], k=si % 3 + 1, id=f"section:{si}", title_id=f"sechead:{si}")
            rows, cols = shape(len(sec["cards"]))
            cw = (inner[2] - inner[0] - GAP * (cols - 1)) / cols
            for ci, card in enumerate(sec["cards"]):
                r, k = divmod(ci, cols)
                cx, cy = inner[0] + k * (cw + GAP), inner[1] + r * (CARD_H + GAP)
                infopage.metric_card(c, (cx, cy, cx + cw, cy + CARD_H), label=card["label"], value=str(card["value"]),
                                     icon=card["icon"], tag=tag(n), k=(si + ci) % 3, id=f"card:{si}:{ci}")
                n += 1
            y += sh + 14


SCENE = Infographic()
task = SCENE.task
INTRO = "The image shows a multi-section infographic with labeled metric cards and printed values."
ORDINAL = {1: "", 2: "second ", 3: "third ", 4: "fourth "}
RANKS = {1: (1, 2), 2: (1, 3), 3: (2, 4)}


# ---------------------------------------------------------------------- helpers
def cid(si: int, ci: int) -> str:
    return f"card:{si}:{ci}"


def cards(s, si=None):
    """(section, card, card dict) of every card, or of section ``si``."""
    return [(a, b, cd) for a, sec in enumerate(s["sections"]) if si is None or a == si
            for b, cd in enumerate(sec["cards"])]


def total(s, si, icon=None):
    return sum(cd["value"] for _, _, cd in cards(s, si) if icon is None or cd["icon"] == icon)


def ranked(q, items, k, high):
    """The k-th item of ``items`` = [(key, value)] ordered by value (highest first when ``high``);
    the first k + 1 values must all differ."""
    order = sorted(items, key=lambda kv: -kv[1] if high else kv[1])
    head = [v for _, v in order[:k + 1]]
    q.require(len(set(head)) == len(head), "a tie near the asked rank")
    return order[k - 1][0]


def _rank(q):
    lo, hi = RANKS[q.difficulty]
    return q.param("rank", lambda r: int(r.integers(lo, hi + 1)))


def _sections(q, name, n, pred=lambda si: True):
    s = q.state
    ok = [si for si in range(len(s["sections"])) if pred(si)]
    q.require(len(ok) >= n, "too few sections qualify")
    return q.param(name, lambda r: sorted(int(ok[int(i)]) for i in r.choice(len(ok), size=n, replace=False))
                   if n > 1 else int(ok[int(r.integers(len(ok)))]))


def _icon(q, min_sections):
    s = q.state
    ok = [ic for ic in s["icons"] if sum(total(s, si, ic) > 0 for si in range(len(s["sections"]))) >= min_sections]
    q.require(bool(ok), "no icon in enough sections")
    return q.choice("icon", ok)


def _name(s, si):
    return s["sections"][si]["name"]


# ---------------------------------------------------------------------- tasks
def card_rank(q, high, question, si=None):
    """The card at the instance's rank (highest or lowest first) over the page or section ``si``."""
    s = q.state
    k = _rank(q)
    a, ci = ranked(q, [((a, b), cd["value"]) for a, b, cd in cards(s, si)], k, high)
    label = s["sections"][a]["cards"][ci]["label"]
    q.step("rank_cards", section=None if si is None else _name(s, si), rank=k, card=label)
    word = f"{ORDINAL[k]}{'highest' if high else 'lowest'}"
    return q.answer(label, witnesses=cid(a, ci), examples=[cd["label"] for _, _, cd in cards(s, si)][:6],
                    question=f"{INTRO} {question.format(word)}")


@task("global_metric_ranked_item_label", answer="string", annotation="bbox", ops="ranking",
      queries=("nth_lowest_metric_label", "nth_highest_metric_label"))
def global_metric_ranked_item_label(q):
    return card_rank(q, q.query_id == "nth_highest_metric_label",
                     "Across all sections, which metric card has the {} printed value? Answer with the card's label.")


@task("section_metric_ranked_item_label", answer="string", annotation="bbox", ops="ranking",
      queries=("nth_lowest_metric_in_section_label", "nth_highest_metric_in_section_label"))
def section_metric_ranked_item_label(q):
    s = q.state
    k = _rank(q)
    si = _sections(q, "section", 1, lambda x: len(s["sections"][x]["cards"]) > k)
    return card_rank(q, q.query_id == "nth_highest_metric_in_section_label",
                     f"Using the cards in section \"{_name(s, si)}\", which card label has the {{}} value?", si)


@task("section_ranked_total_label", answer="string", annotation="bbox_set", ops="ranking,aggregation")
def section_ranked_total_label(q):
    s = q.state
    high = q.choice("direction", ["highest", "lowest"]) == "highest"
    k = _rank(q)
    si = ranked(q, [(a, total(s, a)) for a in range(len(s["sections"]))], k, high)
    q.step("section_totals", totals={_name(s, a): total(s, a) for a in range(len(s["sections"]))})
    return q.answer(_name(s, si), witnesses=[f"sechead:{si}"] + [cid(a, b) for a, b, _ in cards(s, si)],
                    examples=[sec["name"] for sec in s["sections"]],
                    question=f"{INTRO} Add up the card values of each section. Which section has the "
                             f"{ORDINAL[k]}{'highest' if high else 'lowest'} total? Answer with the section label.")


@task("section_total_extrema_difference_value", answer="integer", annotation="bbox_set_map",
      ops="ranking,aggregation,formula_evaluation")
def section_total_extrema_difference_value(q):
    s = q.state
    hi = ranked(q, [(a, total(s, a)) for a in range(len(s["sections"]))], 1, True)
    lo = ranked(q, [(a, total(s, a)) for a in range(len(s["sections"]))], 1, False)
    q.step("extreme_totals", highest=[_name(s, hi), total(s, hi)], lowest=[_name(s, lo), total(s, lo)])
    wit = {key: [f"sechead:{si}"] + [cid(a, b) for a, b, _ in cards(s, si)]
           for key, si in (("highest_section", hi), ("lowest_section", lo))}
    return q.answer(total(s, hi) - total(s, lo), witnesses=wit,
                    question=f"{INTRO} Add up the card values of each section. What is the difference between the "
                             "highest section total and the lowest section total?")


@task("section_total_except_named_value", answer="integer", annotation="bbox_set", ops="aggregation")
def section_total_except_named_value(q):
    s = q.state
    n_out = q.param("excluded_count", lambda r: int(r.integers(1, 3)))
    si = _sections(q, "section", 1, lambda x: len(s["sections"][x]["cards"]) >= n_out + 3)
    out = q.param("excluded", lambda r: sorted(int(i) for i in r.choice(len(s["sections"][si]["cards"]),
                                                                          size=n_out, replace=False)))
    keep = [(a, b, cd) for a, b, cd in cards(s, si) if b not in out]
    names = [s["sections"][si]["cards"][b]["label"] for b in out]
    q.step("sum_except", section=_name(s, si), excluded=names, kept=[cd["label"] for _, _, cd in keep])
    return q.answer(sum(cd["value"] for _, _, cd in keep), witnesses=[cid(a, b) for a, b, _ in keep],
                    question=f"{INTRO} Add every value in section \"{_name(s, si)}\", but leave out "
                             f"{quoted_list(names)}. What is the total?")


@task("sum_named_metrics_value", answer="integer", annotation="bbox_set", ops="aggregation")
def sum_named_metrics_value(q):
    s = q.state
    every = cards(s)
    n = q.param("named_count", lambda r: int(r.choice([4, 5, 6, 6, 6, 6])))
    q.require(len(every) >= n, "too few cards")
    pick = q.param("named", lambda r: [int(i) for i in r.choice(len(every), size=n, replace=False)])
    chosen = [every[i] for i in pick]
    q.step("sum_named", cards={cd["label"]: cd["value"] for _, _, cd in chosen})
    return q.answer(sum(cd["value"] for _, _, cd in chosen), witnesses=[cid(a, b) for a, b, _ in chosen],
                    question=f"{INTRO} What is the sum of the values for "
                             f"{quoted_list([cd['label'] for _, _, cd in chosen])}?")


EXTREMES = (("maximum", "maximum"), ("minimum", "minimum"), ("maximum", "minimum"))


@task("section_extrema_arithmetic_value", answer="integer", annotation="bbox_map",
      ops="ranking,aggregation,formula_evaluation")
def section_extrema_arithmetic_value(q):
    s = q.state
    a, b = _sections(q, "sections", 2)
    if q.param("swap", lambda r: bool(r.random() < 0.5)):
        a, b = b, a
    ea, eb = q.choice("extremes", [list(e) for e in EXTREMES])
    op = q.choice("operator", ["sum", "difference"])
    picks = [ranked(q, [(ci, cd["value"]) for _, ci, cd in cards(s, si)], 1, e == "maximum")
             for si, e in ((a, ea), (b, eb))]
    va, vb = (s["sections"][si]["cards"][ci]["value"] for si, ci in zip((a, b), picks))
    value = va + vb if op == "sum" else abs(va - vb)
    q.step("extremes", first=[_name(s, a), ea, va], second=[_name(s, b), eb, vb], operator=op)
    what = "sum" if op == "sum" else "absolute difference"
    return q.answer(value, witnesses={"first_section_value": cid(a, picks[0]),
                                      "second_section_value": cid(b, picks[1])},
                    question=f"{INTRO} Using section \"{_name(s, a)}\" and section \"{_name(s, b)}\", compute the "
                             f"{what} of the {ea} value in \"{_name(s, a)}\" and the {eb} value in \"{_name(s, b)}\".")


def _icon_cards(s, si, icon):
    return [cid(a, b) for a, b, cd in cards(s, si) if cd["icon"] == icon]


@task("section_icon_total_value", answer="integer", annotation="bbox_set", ops="aggregation")
def section_icon_total_value(q):
    s = q.state
    t = q.param("icon_cards", lambda r: int(r.choice([1, 2, 2, 3, 3, 4])))
    si = _sections(q, "section", 1, lambda x: len(s["sections"][x]["cards"]) >= t)
    icon = q.choice("icon", s["icons"])

    def plant(st, r):
        sec = st["sections"][si]["cards"]
        yes = set(int(i) for i in r.choice(len(sec), size=t, replace=False))
        others = [x for x in st["icons"] if x != icon]
        for i, cd in enumerate(sec):
            cd["icon"] = icon if i in yes else others[int(r.integers(len(others)))]
        return st

    s = q.edit(plant)
    q.step("filter_icon", section=_name(s, si), icon=icon, cards=_icon_cards(s, si, icon))
    return q.answer(total(s, si, icon), witnesses=_icon_cards(s, si, icon),
                    question=f"{INTRO} In section \"{_name(s, si)}\", what is the sum of the values on the cards "
                             f"with the {icon} icon?")


@task("section_icon_total_difference_value", answer="integer", annotation="bbox_set_map",
      ops="aggregation,formula_evaluation")
def section_icon_total_difference_value(q):
    s = q.state
    icon = _icon(q, 2)
    a, b = _sections(q, "sections", 2, lambda x: total(s, x, icon) > 0)
    if q.param("swap", lambda r: bool(r.random() < 0.5)):
        a, b = b, a
    q.step("icon_totals", icon=icon, first=[_name(s, a), total(s, a, icon)], second=[_name(s, b), total(s, b, icon)])
    return q.answer(abs(total(s, a, icon) - total(s, b, icon)),
                    witnesses={"first_section": _icon_cards(s, a, icon), "second_section": _icon_cards(s, b, icon)},
                    question=f"{INTRO} For the cards with the {icon} icon, what is the absolute difference between "
                             f"the total in section \"{_name(s, a)}\" and the total in section \"{_name(s, b)}\"?")


@task("section_icon_extremum_label", answer="string", annotation="bbox", ops="filtering,ranking,aggregation")
def section_icon_extremum_label(q):
    s = q.state
    icon = _icon(q, 2)
    high = q.choice("direction", ["highest", "lowest"]) == "highest"
    with_icon = [si for si in range(len(s["sections"])) if total(s, si, icon) > 0]
    si = ranked(q, [(x, total(s, x, icon)) for x in with_icon], 1, high)
    q.step("icon_totals", icon=icon, totals={_name(s, x): total(s, x, icon) for x in with_icon})
    return q.answer(_name(s, si), witnesses=f"section:{si}", examples=[sec["name"] for sec in s["sections"]],
                    question=f"{INTRO} Add up the values of the {icon}-icon cards within each section that has "
                             f"any. Which of those sections has the {'highest' if high else 'lowest'} total?")
