"""pages/sectioned_infographic: a page of named sections, each listing short item rows with a small
marker icon (check, circle, diamond, flag, pin, star, tag, warning; distinct within a section) --
as full-width bands of row columns, as two columns of topic cards, or as three bullet columns.

Tasks count a section's items (planted) and name the item carrying a given marker in a section.
Difficulty grows the page (3, 3-5, 5-6 sections of 2-5, 3-7, 4-8 items).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.names import TOPICS, coined_names

VARIANTS = ("checklist_bands", "topic_cards", "bullet_columns")
N_SECTIONS = {1: (3, 3), 2: (3, 5), 3: (5, 6)}
N_ITEMS = {1: (2, 5), 2: (3, 7), 3: (4, 8)}
W, H = 1040, 980
TOP, BOTTOM, LEFT, RIGHT, GAP = 118, H - 32, 34, W - 34, 12
HEAD = 40


def new_items(rng, n, names):
    marks = [pagekit.MARKERS[int(i)] for i in rng.choice(len(pagekit.MARKERS), size=n, replace=False)]
    return [{"label": names.pop(), "marker": m} for m in marks]


def make_page(rng, difficulty):
    n = int(rng.integers(N_SECTIONS[difficulty][0], N_SECTIONS[difficulty][1] + 1))
    names = coined_names(rng, 70)
    lo, hi = N_ITEMS[difficulty]
    sections = [{"title": TOPICS[int(i)], "items": new_items(rng, int(rng.integers(lo, hi + 1)), names)}
                for i in rng.choice(len(TOPICS), size=n, replace=False)]
    title, subtitle = pagekit.page_title(rng)
    return {"variant": VARIANTS[int(rng.integers(len(VARIANTS)))], "title": title, "subtitle": subtitle,
            "sections": sections, "spare": names[:12]}


def layout(state):
    """(section box, row columns, row height) per section."""
    secs, variant = state["sections"], state["variant"]
    if variant == "checklist_bands":
        cols = 2 if len(secs) <= 4 else 3
        rows = [math.ceil(len(s["items"]) / cols) for s in secs]
        avail = BOTTOM - TOP - (len(secs) - 1) * GAP - len(secs) * (HEAD + 10)
        rh = min(48.0, avail / sum(rows))
        out, y = [], TOP
        for r in rows:
            h = HEAD + 10 + r * rh
            out.append(((LEFT, y, RIGHT, y + h), cols, rh))
            y += h + GAP
        return out
    ncol = 2 if variant == "topic_cards" else 3
    w = (RIGHT - LEFT - (ncol - 1) * GAP) / ncol
    col_of, heights = [], [0] * ncol
    for s in secs:                                   # each section drops into the shortest column
        k = min(range(ncol), key=lambda j: (heights[j], j))
        col_of.append(k)
        heights[k] += len(s["items"]) + 2
    rh = []
    for j in range(ncol):                            # each column's rows share its height
        mine = [s for s, k in zip(secs, col_of) if k == j]
        free = BOTTOM - TOP - (len(mine) - 1) * GAP - len(mine) * (HEAD + 10)
        rh.append(min(56.0, free / max(1, sum(len(s["items"]) for s in mine))))
    out, tops = [], [TOP] * ncol
    for s, k in zip(secs, col_of):
        h = HEAD + 10 + len(s["items"]) * rh[k]
        x = LEFT + k * (w + GAP)
        out.append(((x, tops[k], x + w, tops[k] + h), 1, rh[k]))
        tops[k] += h + GAP
    return out


class SectionedInfographic(Scene):
    domain, scene_id, size = "pages", "sectioned_infographic", (W, H)
    megapixels = (0.85, 1.2)
    description = ("A sectioned infographic page: named sections listing short item rows, each row with a small "
                   "marker icon.")

    def sample(self, rng, difficulty):
        return make_page(rng, difficulty)

    def render(self, c, state, params):
        pagekit.sheet(c, W, H, state["title"], state["subtitle"])
        for si, (sec, (box, cols, rh)) in enumerate(zip(state["sections"], layout(state))):
            x0, y0, x1, y1 = pagekit.banded_panel(c, box, sec["title"], k=si, bar_h=HEAD - 4, id=f"sec:{si}",
                                                  title_id=f"sec_title:{si}")
            items = sec["items"]
            per = math.ceil(len(items) / cols)
            cw = (x1 - x0) / cols
            for k in range(cols):
                chunk = list(range(k * per, min(len(items), (k + 1) * per)))
                if not chunk:
                    continue
                pagekit.list_rows(c, (x0 + k * cw, y0, x0 + (k + 1) * cw - 6, y0 + rh * len(chunk)),
                                  [items[i]["label"] for i in chunk], markers=[items[i]["marker"] for i in chunk],
                                  ids=[f"item:{si}:{i}" for i in chunk], size=14.0)


SCENE = SectionedInfographic()
task = SCENE.task
INTRO = "The page shows a sectioned infographic with named sections and short item rows, each with a small marker."


def _section(q, s):
    return q.param("section", lambda r: int(r.integers(len(s["sections"]))))


# ---------------------------------------------------------------------- tasks
@task("section_item_count", answer="integer", annotation="bbox_set", ops="counting")
def section_item_count(q):
    lo, hi = N_ITEMS[q.difficulty]
    t = q.target(range(lo, hi + 1))
    si = _section(q, q.state)

    def plant(st, r):
        items = st["sections"][si]["items"]
        used = {it["label"] for sec in st["sections"] for it in sec["items"]}
        names = [n for n in st["spare"] + coined_names(r, 16) if n not in used]
        if len(items) > t:
            del items[t:]
        else:
            free = [m for m in pagekit.MARKERS if m not in {it["marker"] for it in items}]
            for i in r.choice(len(free), size=t - len(items), replace=False):
                items.append({"label": names.pop(), "marker": free[int(i)]})
        return st

    s = q.edit(plant)
    sec = s["sections"][si]
    q.step("count_rows", section=sec["title"], items=[it["label"] for it in sec["items"]])
    return q.answer(len(sec["items"]), witnesses=[f"item:{si}:{i}" for i in range(len(sec["items"]))],
                    question=f'{INTRO} How many item rows are listed in section "{sec["title"]}"?')


@task("section_filtered_item_label", answer="string", annotation="bbox", ops="filtering")
def section_filtered_item_label(q):
    s = q.state
    si = _section(q, s)
    sec = s["sections"][si]
    i = q.param("item", lambda r: int(r.integers(len(sec["items"]))))
    mk = sec["items"][i]["marker"]
    q.step("filter", section=sec["title"], marker=mk, item=sec["items"][i]["label"])
    return q.answer(sec["items"][i]["label"], witnesses=f"item:{si}:{i}", examples=[it["label"] for it in sec["items"]],
                    question=f'{INTRO} In section "{sec["title"]}", which item is marked with the {mk} marker?')
