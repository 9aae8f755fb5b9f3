"""pages/profile_card_grid: a grid of profile cards, each with a profile name and labelled fields --
a group field (Team, Unit or Track), Role and Region, and the numbers Score, Cases and Hours (all
distinct within a field) -- as a three-column directory or two columns of compact cards.

Tasks name the profile ranked highest, lowest, or n-th from either end by a numeric field, over
all cards or among the cards of one group value.  Difficulty grows the grid (6, 9-12, 12-15
cards) and the rank positions asked.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect
from tracegen.kits.names import coined_names

GROUPS = {"Team": ("Harbor", "Ember", "Delta", "Summit", "Cobalt"), "Unit": ("Dune", "Canyon", "Elm", "Aster", "Birch",
                                                                             "Fjord"),
          "Track": ("Coastal", "West", "Central", "Upland", "Metro")}
ROLES = ("Reviewer", "Curator", "Strategist", "Designer", "Planner", "Auditor", "Liaison", "Analyst", "Archivist",
         "Coordinator", "Navigator", "Operator", "Editor", "Scout")
REGIONS = ("Harbor Row", "Pine Flats", "River Bend", "Lake Point", "North Pier", "Cedar Bay", "East Ridge",
           "West Loop", "South Gate", "Hill Yard", "Stone Quay", "Mesa Park")
NUMERIC = {"Score": (40, 125), "Cases": (5, 60), "Hours": (12, 90)}
VARIANTS = ("directory_grid", "compact_cards")
N_CARDS = {1: (6, 6), 2: (9, 12), 3: (12, 15)}
RANKS = {1: (2, 2), 2: (2, 3), 3: (2, 4)}
ORD = {1: "first", 2: "second", 3: "third", 4: "fourth"}
W, H = 1120, 860
TOP, BOTTOM, LEFT, RIGHT, GAP = 118, H - 30, 32, W - 32, 12


def make_grid(rng, difficulty) -> dict:
    n = int(rng.integers(N_CARDS[difficulty][0], N_CARDS[difficulty][1] + 1))
    gfield = list(GROUPS)[int(rng.integers(len(GROUPS)))]
    values = [GROUPS[gfield][int(i)] for i in rng.choice(len(GROUPS[gfield]), size=3 if n <= 9 else 4, replace=False)]
    names = coined_names(rng, n, max_len=9)
    nums = {f: [int(v) for v in rng.choice(range(lo, hi + 1), size=n, replace=False)]
            for f, (lo, hi) in NUMERIC.items()}
    cards = [{"name": names[i], "group": values[int(rng.integers(len(values)))],
              "role": ROLES[int(rng.integers(len(ROLES)))], "region": REGIONS[int(rng.integers(len(REGIONS)))],
              **{f: nums[f][i] for f in NUMERIC}} for i in range(n)]
    title, subtitle = pagekit.page_title(rng)
    return {"variant": VARIANTS[int(rng.integers(len(VARIANTS)))], "title": title, "subtitle": subtitle,
            "group_field": gfield, "cards": cards}


def card_boxes(state):
    cols = 3 if state["variant"] == "directory_grid" else 2
    return pagekit.cells((LEFT, TOP, RIGHT, BOTTOM), len(state["cards"]), cols, gap=GAP, max_h=150.0)


class ProfileCardGrid(Scene):
    domain, scene_id, size = "pages", "profile_card_grid", (W, H)
    megapixels = (0.8, 1.15)
    description = ("A grid of profile cards, each with a profile name and labelled fields: a group field, role, "
                   "region, and the numbers Score, Cases and Hours.")

    def sample(self, rng, difficulty):
        return make_grid(rng, difficulty)

    def render(self, c, state, params):
        pagekit.sheet(c, W, H, state["title"], state["subtitle"])
        directory = state["variant"] == "directory_grid"
        for k, (cd, box) in enumerate(zip(state["cards"], card_boxes(state))):
            x0, y0, x1, y1 = box
            rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=9, fill="paper", stroke="grid", lw=1.3, id=f"card:{k}")
            c.rect(x0 + 4, y0, x1 - x0 - 8, 5, fill=c.style.series(k % 6))
            h = y1 - y0
            c.text(x0 + 16, y0 + 8 + h * 0.16, cd["name"], size=19, anchor="l", bold=c.style.accent % 2 == 1,
                   id=f"name:{k}")
            fields = [(state["group_field"], cd["group"]), ("Role", cd["role"]), ("Region", cd["region"]),
                      ("Score", cd["Score"]), ("Cases", cd["Cases"]), ("Hours", cd["Hours"])]
            lw = max(c.text_width(f"{lab}:", size=13) for lab, _ in fields) + 8
            fcols = 2 if directory else 3
            per = math.ceil(len(fields) / fcols)
            col_w = (x1 - x0 - 32) / fcols
            top, step = y0 + 12 + h * 0.36, (h * 0.6 - 12) / per
            for j, (lab, val) in enumerate(fields):
                col, row = divmod(j, per) if directory else (j % fcols, j // fcols)
                fx, fy = x0 + 16 + col * col_w, top + row * step + step / 2
                c.text(fx, fy, f"{lab}:", size=13, anchor="l", color="muted")
                c.text(fx + lw, fy, str(val), size=14, anchor="l")


SCENE = ProfileCardGrid()
task = SCENE.task
INTRO = "The page shows a grid of profile cards, each with a profile name and labelled fields."


def _rank_words(direction: str, pos: int) -> str:
    return direction if pos == 1 else f"{ORD[pos]}-{direction}"


def _ranked(q, pool_idx, field, direction, pos):
    cards = q.state["cards"]
    order = sorted(pool_idx, key=lambda i: cards[i][field], reverse=direction == "highest")
    q.require(len(order) >= pos, "too few cards for the rank")
    return order[pos - 1], order


# ---------------------------------------------------------------------- tasks
@task("field_ranked_profile_label", answer="string", annotation="bbox", ops="ranking",
      queries=("highest_field_profile_label", "lowest_field_profile_label", "nth_highest_field_profile_label",
               "nth_lowest_field_profile_label"))
def field_ranked_profile_label(q):
    s = q.state
    direction = "highest" if "highest" in q.query_id else "lowest"
    pos = 1 if not q.query_id.startswith("nth") else \
        q.param("rank", lambda r: int(r.integers(RANKS[q.difficulty][0], RANKS[q.difficulty][1] + 1)))
    field = q.choice("field", list(NUMERIC))
    k, order = _ranked(q, range(len(s["cards"])), field, direction, pos)
    q.step("rank", field=field, direction=direction, order=[s["cards"][i]["name"] for i in order], position=pos)
    return q.answer(s["cards"][k]["name"], witnesses=f"card:{k}", examples=[cd["name"] for cd in s["cards"]],
                    question=f"{INTRO} Which profile has the {_rank_words(direction, pos)} {field} value?")


@task("filtered_ranked_profile_label", answer="string", annotation="bbox", ops="filtering,ranking",
      queries=("filtered_highest_profile_label", "filtered_lowest_profile_label", "filtered_nth_highest_profile_label",
               "filtered_nth_lowest_profile_label"))
def filtered_ranked_profile_label(q):
    s = q.state
    direction = "highest" if "highest" in q.query_id else "lowest"
    pos = 1 if "_nth_" not in q.query_id else \
        q.param("rank", lambda r: int(r.integers(RANKS[q.difficulty][0], RANKS[q.difficulty][1] + 1)))
    values = sorted({cd["group"] for cd in s["cards"]})
    value = q.choice("group_value", values)
    pool = [i for i, cd in enumerate(s["cards"]) if cd["group"] == value]
    q.require(len(pool) >= max(2, pos), "group too small")
    field = q.choice("field", list(NUMERIC))
    k, order = _ranked(q, pool, field, direction, pos)
    gf = s["group_field"]
    q.step("filter_rank", filter=[gf, value], kept=[s["cards"][i]["name"] for i in order], field=field, position=pos)
    return q.answer(s["cards"][k]["name"], witnesses=f"card:{k}", examples=[cd["name"] for cd in s["cards"]],
                    question=f'{INTRO} Among the profiles whose {gf} is "{value}", which one has the '
                             f"{_rank_words(direction, pos)} {field} value?")
