"""pages/hero_callout_infographic: a poster -- a title, a large hero icon, and titled callout cards
joined to the hero by connector lines, each card listing fields with boxed values (Score and often
Count, sometimes Rate, Reach, Cost or Rank); the cards ring the hero, run down a side rail, or
stack under it (the scene's variants).

Tasks name the card with the highest or lowest value of a field, count the cards whose field is
above or below a threshold (planted through the threshold), and name the card with the highest or
lowest Score + Count.  Values of a field are distinct across cards and every extreme is unique.
Difficulty grows the poster (4-5, 6-7, 8 cards).
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect
from tracegen.kits.glyphs import draw_glyph
from tracegen.kits.names import TOPICS

FIELDS = {"Score": ("{}", 10, 99), "Count": ("{}", 10, 60), "Rate": ("{}%", 10, 95), "Reach": ("{}k", 10, 99),
          "Cost": ("${}", 10, 99), "Rank": ("#{}", 10, 40)}
ASKED = ("Score", "Count", "Rate", "Reach", "Cost")        # Rank is context only ("highest rank" would mislead)
VARIANTS = ("radial_halo", "side_rail_poster", "stacked_feature")
N_CARDS = {1: (4, 5), 2: (6, 7), 3: (8, 8)}
HEROES = ("camera", "rocket", "trophy", "headphones", "light bulb", "gift", "car", "boat", "guitar", "cart")
W, H = 1040, 1320
CARD_W, HEAD, ROW = 262.0, 34.0, 30.0


def fmt(field, v) -> str:
    return FIELDS[field][0].format(v)


def make_poster(rng, difficulty) -> dict:
    n = int(rng.integers(N_CARDS[difficulty][0], N_CARDS[difficulty][1] + 1))
    titles = [TOPICS[int(i)] for i in rng.choice(len(TOPICS), size=n, replace=False)]
    values = {f: [int(v) for v in rng.choice(range(lo, hi + 1), size=n, replace=False)]
              for f, (_, lo, hi) in FIELDS.items()}
    cards = []
    for i, t in enumerate(titles):
        fields = ["Score"] + (["Count"] if rng.random() < 0.75 else [])
        extra = [f for f in FIELDS if f not in fields]
        if len(fields) < 3 and rng.random() < 0.7:
            fields.append(extra[int(rng.integers(len(extra)))])
        order = [fields[int(j)] for j in rng.permutation(len(fields))]
        cards.append({"title": t, "icon": HEROES[int(rng.integers(len(HEROES)))],
                      "fields": [[f, values[f][i]] for f in order]})
    title, subtitle = pagekit.page_title(rng)
    return {"variant": VARIANTS[int(rng.integers(len(VARIANTS)))], "title": title, "subtitle": subtitle,
            "hero": HEROES[int(rng.integers(len(HEROES)))], "cards": cards}


def card_h(card) -> float:
    return HEAD + 10 + ROW * len(card["fields"])


def layout(state):
    """(hero box, card boxes)."""
    cards, variant = state["cards"], state["variant"]
    n = len(cards)
    if variant == "radial_halo":
        hero = (380, 560, 660, 800)
        cx, cy = 520, 690
        boxes = []
        for i, cd in enumerate(cards):
            a = math.radians(-90 + 360 * i / n)
            x, y = cx + 380 * math.cos(a), cy + 480 * math.sin(a)
            boxes.append((x - CARD_W / 2, y - card_h(cd) / 2, x + CARD_W / 2, y + card_h(cd) / 2))
        return hero, boxes
    if variant == "side_rail_poster":
        hero = (50, 420, 450, 820)
        gap = 14
        total = sum(card_h(cd) for cd in cards) + gap * (n - 1)
        y = 150 + max(0.0, (H - 190 - total) / 2)
        boxes = []
        for cd in cards:
            boxes.append((560, y, 560 + 420, y + card_h(cd)))
            y += card_h(cd) + gap
        return hero, boxes
    hero = (300, 150, 740, 420)
    rows = math.ceil(n / 2)
    boxes = []
    y = 470
    for r in range(rows):
        pair = cards[2 * r:2 * r + 2]
        h = max(card_h(cd) for cd in pair)
        for k, cd in enumerate(pair):
            x = 64 + k * 463
            boxes.append((x, y, x + 449, y + card_h(cd)))
        y += h + 24
    return hero, boxes


class HeroCalloutInfographic(Scene):
    domain, scene_id, size = "pages", "hero_callout_infographic", (W, H)
    megapixels = (1.2, 1.6)
    description = ("A poster-style infographic: a large hero icon and titled callout cards joined to it by connector "
                   "lines, each card listing fields with boxed values.")

    def sample(self, rng, difficulty):
        return make_poster(rng, difficulty)

    def render(self, c, state, params):
        rounded_rect(c, 20, 20, W - 40, H - 40, radius=18, fill="paper", stroke="grid", lw=1.4)
        c.text(50, 60, state["title"], size=30, anchor="l", bold=c.style.accent % 2 == 0)
        c.text(50, 98, state["subtitle"], size=15, anchor="l", color="muted")
        hero, boxes = layout(state)
        hx, hy = (hero[0] + hero[2]) / 2, (hero[1] + hero[3]) / 2
        for b in boxes:
            c.line(hx, hy, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, color="muted", lw=1.6)
        rounded_rect(c, hero[0], hero[1], hero[2] - hero[0], hero[3] - hero[1], radius=22,
                     fill=blend(c.style.series(0), c.color("paper"), 0.12), stroke=c.style.series(0), lw=1.6,
                     id="hero")
        draw_glyph(c, state["hero"], c.style.series(0), hx, hy, min(hero[2] - hero[0], hero[3] - hero[1]) * 0.7)
        for i, (cd, (x0, y0, x1, y1)) in enumerate(zip(state["cards"], boxes)):
            fill = blend(c.style.series(i + 1), c.color("paper"), 0.06)
            rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=10, fill=fill, stroke="grid", lw=1.4, id=f"card:{i}")
            bar = pagekit.band_fill(c, i + 1)
            rounded_rect(c, x0, y0, x1 - x0, HEAD, radius=10, fill=bar)
            c.rect(x0, y0 + HEAD - 10, x1 - x0, 10, fill=bar)
            c.text(x0 + 12, y0 + HEAD / 2, cd["title"], size=17, anchor="l", color=c.text_on(bar), id=f"ctitle:{i}")
            draw_glyph(c, cd["icon"], c.text_on(bar), x1 - 20, y0 + HEAD / 2, 20)
            for j, (f, v) in enumerate(cd["fields"]):
                ry = y0 + HEAD + 6 + j * ROW
                c.register(f"row:{i}:{j}", box=(x0 + 6, ry, x1 - 6, ry + ROW))
                c.text(x0 + 14, ry + ROW / 2, f, size=14, anchor="l", color=c.text_on(fill))
                vw = min(110.0, (x1 - x0) * 0.38)
                rounded_rect(c, x1 - 12 - vw, ry + 3, vw, ROW - 6, radius=5, fill="paper", stroke="muted", lw=1.0)
                c.text(x1 - 12 - vw + 10, ry + ROW / 2, fmt(f, v), size=15, anchor="l")


SCENE = HeroCalloutInfographic()
task = SCENE.task
INTRO = "The poster shows titled callout cards with field labels and boxed values, joined to a hero icon by lines."


def rows_of(s, field):
    """(card, row) of every card showing ``field``."""
    return [(i, j) for i, cd in enumerate(s["cards"]) for j, (f, _) in enumerate(cd["fields"]) if f == field]


def value(s, i, field):
    return next(v for f, v in s["cards"][i]["fields"] if f == field)


# ---------------------------------------------------------------------- tasks
@task("callout_metric_extremum_label", answer="string", annotation="bbox_map", ops="ranking",
      queries=("highest_field_value_callout_label", "lowest_field_value_callout_label"))
def callout_metric_extremum_label(q):
    s = q.state
    fits = [f for f in ASKED if len(rows_of(s, f)) >= 3]
    field = q.choice("field", fits)
    high = q.query_id.startswith("highest")
    cand = rows_of(s, field)
    i, _ = (max if high else min)(cand, key=lambda ij: value(s, ij[0], field))
    q.step("rank", field=field, values={s["cards"][a]["title"]: value(s, a, field) for a, _ in cand})
    wit = {"winning_callout_card": f"card:{i}"}
    wit.update({f"candidate_{k + 1}_field_row": f"row:{a}:{b}" for k, (a, b) in enumerate(cand)})
    return q.answer(s["cards"][i]["title"], witnesses=wit, examples=[cd["title"] for cd in s["cards"]],
                    question=f'{INTRO} Among the cards that show "{field}", which callout title has the '
                             f'{"highest" if high else "lowest"} {field} value?')


@task("callout_condition_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison",
      queries=("field_value_above_threshold_count", "field_value_below_threshold_count"))
def callout_condition_count(q):
    s = q.state
    above = q.query_id.startswith("field_value_above")
    t = q.target(range(1, min(6, len(s["cards"]) - 1) + 1), stratified=True)
    fits = [f for f in ASKED if len(rows_of(s, f)) > t]
    q.require(bool(fits), "no field on enough cards")
    field = q.choice("field", fits)
    vals = sorted((value(s, i, field) for i, _ in rows_of(s, field)), reverse=above)
    lo, hi = sorted((vals[t - 1], vals[t]))
    q.require(hi - lo >= 2, "no threshold strictly between the values")
    thr = q.param("threshold", lambda r: int(r.integers(lo + 1, hi)))
    hits = [(i, j) for i, j in rows_of(s, field) if (value(s, i, field) > thr if above else value(s, i, field) < thr)]
    q.step("filter", field=field, threshold=thr, cards=[s["cards"][i]["title"] for i, _ in hits])
    return q.answer(len(hits), witnesses=[f"row:{i}:{j}" for i, j in hits],
                    question=f'{INTRO} How many callout cards have "{field}" {"above" if above else "below"} '
                             f'{fmt(field, thr)}?')


@task("callout_composite_metric_extremum_label", answer="string", annotation="bbox_map", ops="ranking,aggregation",
      queries=("highest_composite_metric_callout_label", "lowest_composite_metric_callout_label"))
def callout_composite_metric_extremum_label(q):
    s = q.state
    high = q.query_id.startswith("highest")
    both = [i for i, cd in enumerate(s["cards"]) if {"Score", "Count"} <= {f for f, _ in cd["fields"]}]
    q.require(len(both) >= 3, "too few cards with both fields")
    total = {i: value(s, i, "Score") + value(s, i, "Count") for i in both}
    best = (max if high else min)(total.values())
    q.require(list(total.values()).count(best) == 1, "tie for the extreme total")
    i = next(k for k, v in total.items() if v == best)
    q.step("sum_rank", totals={s["cards"][k]["title"]: v for k, v in total.items()})
    wit = {"winning_callout_card": f"card:{i}"}
    for k, a in enumerate(both):
        rows = {f: j for j, (f, _) in enumerate(s["cards"][a]["fields"])}
        wit[f"candidate_{k + 1}_first_field_row"] = f"row:{a}:{rows['Score']}"
        wit[f"candidate_{k + 1}_second_field_row"] = f"row:{a}:{rows['Count']}"
    return q.answer(s["cards"][i]["title"], witnesses=wit, examples=[cd["title"] for cd in s["cards"]],
                    question=f'{INTRO} For each card showing both "Score" and "Count", add the two values. Which '
                             f'callout title has the {"highest" if high else "lowest"} total?')
