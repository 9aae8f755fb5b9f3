"""pages/category_grid: a page of category panels, each holding titled subcategory blocks of short
item rows -- categories as side-by-side columns, as a 2 x 2 card grid, or as stacked bands whose
subcategories sit side by side (the scene's variants).

Tasks count the items of one subcategory block (the count is planted) and read the item in a
given slot of a block.  Difficulty grows the page (2-4, 2-6, 3-7 items per block; 2, 2-3, 3
blocks per category).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.names import TOPICS, coined_names

SUBCATS = pagekit.TERMS[:54]
VARIANTS = ("column_groups", "card_grid", "compact_index")
N_ITEMS = {1: (2, 4), 2: (2, 6), 3: (3, 7)}
N_SUBS = {1: (2, 2), 2: (2, 3), 3: (3, 3)}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")
W, H = 1120, 900
TOP, BOTTOM, LEFT, RIGHT, GAP = 118, H - 32, 34, W - 34, 14
SUB_HEAD, SUB_GAP = 28, 8


def n_cats(variant: str) -> int:
    return 4 if variant == "card_grid" else 3


def make_page(rng, difficulty: int) -> dict:
    variant = VARIANTS[int(rng.integers(len(VARIANTS)))]
    lo, hi = N_SUBS[difficulty]
    n_sub = 2 if variant == "card_grid" else int(rng.integers(lo, hi + 1))
    nc = n_cats(variant)
    names = coined_names(rng, 64)
    cats = []
    for label in (TOPICS[int(i)] for i in rng.choice(len(TOPICS), size=nc, replace=False)):
        subs = []
        for sl in (SUBCATS[int(i)] for i in rng.choice(len(SUBCATS), size=n_sub, replace=False)):
            n = int(rng.integers(N_ITEMS[difficulty][0], N_ITEMS[difficulty][1] + 1))
            subs.append({"label": sl, "items": [names.pop() for _ in range(n)]})
        cats.append({"label": label, "subs": subs})
    title, subtitle = pagekit.page_title(rng)
    return {"variant": variant, "title": title, "subtitle": subtitle, "cats": cats, "spare": names[:10]}


def panel_boxes(variant: str) -> list[tuple]:
    if variant == "column_groups":
        w = (RIGHT - LEFT - 2 * GAP) / 3
        return [(LEFT + k * (w + GAP), TOP, LEFT + k * (w + GAP) + w, BOTTOM) for k in range(3)]
    if variant == "card_grid":
        w, h = (RIGHT - LEFT - GAP) / 2, (BOTTOM - TOP - GAP) / 2
        return [(LEFT + (k % 2) * (w + GAP), TOP + (k // 2) * (h + GAP), LEFT + (k % 2) * (w + GAP) + w,
                 TOP + (k // 2) * (h + GAP) + h) for k in range(4)]
    h = (BOTTOM - TOP - 2 * GAP) / 3
    return [(LEFT, TOP + k * (h + GAP), RIGHT, TOP + k * (h + GAP) + h) for k in range(3)]


class CategoryGrid(Scene):
    domain, scene_id, size = "pages", "category_grid", (W, H)
    megapixels = (0.85, 1.2)
    description = ("A category grid page: category panels with header bars, each holding titled subcategory "
                   "blocks of short item rows.")

    def sample(self, rng, difficulty):
        return make_page(rng, difficulty)

    def render(self, c, state, params):
        pagekit.sheet(c, W, H, state["title"], state["subtitle"])
        stacked = state["variant"] != "compact_index"
        for ci, (cat, box) in enumerate(zip(state["cats"], panel_boxes(state["variant"]))):
            x0, y0, x1, y1 = pagekit.banded_panel(c, box, cat["label"], k=ci, id=f"cat:{ci}",
                                                  title_id=f"cat_title:{ci}")
            subs = cat["subs"]
            if stacked:
                total = sum(len(s["items"]) for s in subs)
                rh = min(44.0, (y1 - y0 - len(subs) * (SUB_HEAD + SUB_GAP)) / total)
                y = y0
                for si, sub in enumerate(subs):
                    h = SUB_HEAD + rh * len(sub["items"])
                    self._block(c, ci, si, sub, (x0, y, x1, y + h), rh)
                    y += h + SUB_GAP
            else:
                w = (x1 - x0 - (len(subs) - 1) * 10) / len(subs)
                most = max(len(s["items"]) for s in subs)
                rh = min(40.0, (y1 - y0 - SUB_HEAD) / most)
                for si, sub in enumerate(subs):
                    bx = x0 + si * (w + 10)
                    self._block(c, ci, si, sub, (bx, y0, bx + w, y0 + SUB_HEAD + rh * len(sub["items"])), rh)

    def _block(self, c, ci, si, sub, box, rh):
        x0, y0, x1, y1 = box
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke="grid", lw=1.0)
        pagekit.strip_header(c, (x0, y0, x1, y0 + SUB_HEAD), sub["label"], k=ci, id=f"sub:{ci}:{si}")
        n = len(sub["items"])
        pagekit.list_rows(c, (x0 + 2, y0 + SUB_HEAD, x1 - 2, y1), sub["items"], k=ci, size=14.0 if rh >= 22 else 13.0,
                          ids=[f"item:{ci}:{si}:{i}" for i in range(n)])


SCENE = CategoryGrid()
task = SCENE.task
INTRO = "The image shows a category grid page with category headers, subcategory headers, and short item rows."


def _pick_block(q, s):
    blocks = [(ci, si) for ci, cat in enumerate(s["cats"]) for si in range(len(cat["subs"]))]
    return q.param("block", lambda r: list(blocks[int(r.integers(len(blocks)))]))


# ---------------------------------------------------------------------- tasks
@task("category_item_count", answer="integer", annotation="bbox_set", ops="counting")
def category_item_count(q):
    lo, hi = N_ITEMS[q.difficulty]
    t = q.target(range(lo, hi + 1))
    ci, si = _pick_block(q, q.state)

    def plant(st, r):
        sub = st["cats"][ci]["subs"][si]
        used = {it for cat in st["cats"] for sb in cat["subs"] for it in sb["items"]}
        pool = [n for n in st["spare"] + coined_names(r, 16) if n not in used]
        while len(sub["items"]) < t:
            sub["items"].append(pool.pop())
        del sub["items"][t:]
        return st

    s = q.edit(plant)
    cat, sub = s["cats"][ci], s["cats"][ci]["subs"][si]
    q.step("count_rows", category=cat["label"], subcategory=sub["label"], items=sub["items"])
    return q.answer(len(sub["items"]), witnesses=[f"item:{ci}:{si}:{i}" for i in range(len(sub["items"]))],
                    question=f'{INTRO} How many items are listed under subcategory "{sub["label"]}" within '
                             f'category "{cat["label"]}"?')


@task("category_slot_item_label", answer="string", annotation="bbox_map", ops="direct_retrieval")
def category_slot_item_label(q):
    s = q.state
    ci, si = _pick_block(q, s)
    cat, sub = s["cats"][ci], s["cats"][ci]["subs"][si]
    slot = q.param("slot", lambda r: int(r.integers(len(sub["items"]))))
    q.step("lookup", category=cat["label"], subcategory=sub["label"], slot=slot + 1)
    return q.answer(sub["items"][slot],
                    witnesses={"category_header": f"cat_title:{ci}", "subcategory_header": f"sub:{ci}:{si}",
                               "target_item": f"item:{ci}:{si}:{slot}"},
                    examples=[x for x in sub["items"]],
                    question=f'{INTRO} In category "{cat["label"]}", under subcategory "{sub["label"]}", which item '
                             f"is listed {ORDINALS[slot]}?")
