"""pages/concept_map: a concept map -- a central topic joined by connector lines to labelled branch
nodes, each joined to a framed grid of its child-item nodes that carry marker icons (check,
circle, diamond, flag, pin, star, tag, warning).  Branches sit in the cells of a 3 x 3 grid around the topic: all
round it (radial), in the side columns (left-right), or with their items hanging below (clustered).

Tasks count a branch's child items (planted), count those with a given marker (planted), and name
the k-th child of a branch read top to bottom, ties left to right.  Difficulty grows the map (3-4,
5-6, 6-8 branches of 2-4, 2-7, 3-8 items).
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect

TOPICS = {"Local Network": ("Housing", "Jobs", "Health", "Schools", "Nonprofits", "Safety", "Parks", "Culture"),
          "Climate Action": ("Weather", "Water", "Energy", "Transport", "Food", "Waste", "Forests", "Oceans"),
          "City Services": ("Transit", "Libraries", "Permits", "Utilities", "Streets", "Recycling", "Youth", "Seniors"),
          "Global Trade": ("Shipping", "Tariffs", "Ports", "Finance", "International", "Markets", "Customs",
                           "Logistics")}
HEADS = ("Career", "Music", "Free", "Art", "Library", "Dental", "Care", "Resume", "Tree", "Bird", "Dog", "Fire",
         "Shelter", "Blood", "Tenant", "Rent", "Food", "Cold", "Leak", "Heat", "Wind", "Transit", "Walk", "Solar",
         "Waste", "Repair", "Data", "Night", "Youth", "Harbor", "Garden", "Health", "Trade", "Water", "Street")
TAILS = ("Desk", "Fund", "Clinic", "Club", "Lab", "Van", "Line", "Board", "Park", "Map", "Drive", "Help", "Chain",
         "Farm", "Bank", "Audit", "Route", "Card", "Net", "Crew", "Camp", "Hub", "Fair", "Log", "Survey", "Watch")
VARIANTS = ("radial_mind_map", "left_right_map", "clustered_map")
N_BRANCHES = {1: (3, 4), 2: (5, 6), 3: (6, 8)}
N_ITEMS = {1: (2, 4), 2: (2, 7), 3: (3, 8)}
COUNTS = {1: (2, 4), 2: (4, 7), 3: (5, 8)}
MARKED = {1: (1, 3), 2: (1, 5), 3: (2, 6)}
SHAPES = ("rounded", "pill", "ellipse")
W, H = 1344, 944
TOP = 96
CW, CH = (W - 40) / 3, (H - TOP - 20) / 3
CHILD_W, CHILD_H, CGAP = 136.0, 34.0, 8.0
CELLS = {"radial_mind_map": (0, 1, 2, 3, 5, 6, 7, 8), "left_right_map": (0, 2, 3, 5, 6, 8),
         "clustered_map": (0, 1, 2, 3, 5, 6, 7, 8)}
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def item_labels(rng, n, taken=()):
    out: list[str] = []
    while len(out) < n:
        lab = f"{HEADS[int(rng.integers(len(HEADS)))]} {TAILS[int(rng.integers(len(TAILS)))]}"
        if lab not in out and lab not in taken:
            out.append(lab)
    return out


def make_map(rng, difficulty) -> dict:
    n = int(rng.integers(N_BRANCHES[difficulty][0], N_BRANCHES[difficulty][1] + 1))
    fits = [v for v in VARIANTS if len(CELLS[v]) >= n]
    variant = fits[int(rng.integers(len(fits)))]
    topic = list(TOPICS)[int(rng.integers(len(TOPICS)))]
    names = [TOPICS[topic][int(i)] for i in rng.choice(8, size=n, replace=False)]
    cells = sorted(int(x) for x in rng.choice(CELLS[variant], size=n, replace=False))
    lo, hi = N_ITEMS[difficulty]
    sizes = [int(rng.integers(lo, hi + 1)) for _ in range(n)]
    labels = item_labels(rng, sum(sizes))
    branches = []
    for name, cell, k in zip(names, cells, sizes):
        items = [{"label": labels.pop(), "marker": pagekit.MARKERS[int(rng.integers(len(pagekit.MARKERS)))]}
                 for _ in range(k)]
        branches.append({"name": name, "cell": cell, "shape": SHAPES[int(rng.integers(3))], "items": items,
                         "dashed": bool(rng.random() < 0.3)})
    return {"variant": variant, "topic": topic, "branches": branches,
            "title": pagekit.page_title(rng)[0]}


def geometry(state):
    """Branch node centres, child boxes per branch, and the topic centre.  A branch sits at the side
    of its cell facing the topic and its items lie beyond it (above, below or outside), so no
    connector crosses an item."""
    centre = (W / 2, TOP + 1.5 * CH)
    nodes, kids = [], []
    for b in state["branches"]:
        row, col = divmod(b["cell"], 3)
        x0, y0 = 20 + col * CW, TOP + row * CH
        n = len(b["items"])
        rows = (n + 1) // 2
        grid_w, grid_h = 2 * CHILD_W + CGAP, rows * CHILD_H + (rows - 1) * CGAP
        corner = row != 1 and col != 1
        if col == 1 or (corner and state["variant"] == "clustered_map"):          # items above or below
            bx, gx = x0 + CW / 2, x0 + (CW - grid_w) / 2
            if row == 0:
                by = y0 + CH - 26
                gy = by - 30 - grid_h
            else:
                by = y0 + 26
                gy = by + 30
        else:                                                                      # items to the outside
            by = y0 + CH / 2
            gy = min(max(by - grid_h / 2, y0 + 6), y0 + CH - grid_h - 6)
            gx = x0 + 6 if col == 0 else x0 + CW - grid_w - 6
            bx = gx + grid_w + 76 if col == 0 else gx - 76
        nodes.append((bx, by))
        kids.append([(gx + (j % 2) * (CHILD_W + CGAP), gy + (j // 2) * (CHILD_H + CGAP),
                      gx + (j % 2) * (CHILD_W + CGAP) + CHILD_W, gy + (j // 2) * (CHILD_H + CGAP) + CHILD_H)
                     for j in range(n)])
    return nodes, kids, centre


def _node(c, shape, x, y, w, h, fill, stroke, lw, id=None):
    if shape == "ellipse":
        c.ellipse(x, y, w / 2, h / 2, fill=fill, stroke=stroke, lw=lw, id=id)
    else:
        rounded_rect(c, x - w / 2, y - h / 2, w, h, radius=h / 2 if shape == "pill" else 9, fill=fill, stroke=stroke,
                     lw=lw, id=id)


class ConceptMap(Scene):
    domain, scene_id, size = "pages", "concept_map", (W, H)
    megapixels = (1.1, 1.6)
    description = ("A concept map: a central topic joined to labelled branches, each with a grid of child-item nodes "
                   "carrying small marker icons.")

    def sample(self, rng, difficulty):
        return make_map(rng, difficulty)

    def render(self, c, state, params):
        rounded_rect(c, 14, 14, W - 28, H - 28, radius=12, fill="paper", stroke="grid", lw=1.2)
        c.text(34, 48, state["title"], size=20, anchor="l", color="muted")
        nodes, kids, (cx, cy) = geometry(state)
        for i, (b, (bx, by), boxes) in enumerate(zip(state["branches"], nodes, kids)):
            c.line(cx, cy, bx, by, color="ink", lw=2.0, dash=[8.0, 6.0] if b["dashed"] else None)
            x0, y0 = min(x[0] for x in boxes) - 7, min(x[1] for x in boxes) - 7
            x1, y1 = max(x[2] for x in boxes) + 7, max(x[3] for x in boxes) + 7
            tx = x0 if bx < x0 else (x1 if bx > x1 else bx)
            ty = y0 if by < y0 else (y1 if by > y1 else by)
            c.line(bx, by, tx, ty, color="ink", lw=1.6)
            rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=10, fill=blend(c.style.series(i + 1), c.color("paper"),
                         0.05), stroke=c.style.series(i + 1), lw=1.2, dash=[5.0, 4.0])
        tw = c.text_width(state["topic"], size=22) + 48
        topic_fill = pagekit.band_fill(c, 0)
        c.ellipse(cx, cy, tw / 2, 46, fill=topic_fill, stroke="ink", lw=1.5, id="topic")
        c.text(cx, cy, state["topic"], size=22, color=c.text_on(topic_fill))
        for i, (b, (bx, by), boxes) in enumerate(zip(state["branches"], nodes, kids)):
            fill = blend(c.style.series(i + 1), c.color("paper"), 0.25)
            _node(c, b["shape"], bx, by, 140, 42, fill, "ink", 1.5, id=f"branch:{i}")
            c.text(bx, by, b["name"], size=16, color=c.text_on(fill))
            tint = blend(c.style.series(i + 1), c.color("paper"), 0.12)
            for j, (it, (x0, y0, x1, y1)) in enumerate(zip(b["items"], boxes)):
                _node(c, "pill" if b["shape"] == "ellipse" else "rounded", (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0,
                      y1 - y0, tint, "muted", 1.1, id=f"child:{i}:{j}")
                pagekit.marker(c, it["marker"], x0 + 16, (y0 + y1) / 2, 14)
                c.text(x0 + 30, (y0 + y1) / 2, it["label"], size=13, anchor="l", color=c.text_on(tint))


SCENE = ConceptMap()
task = SCENE.task
INTRO = "The concept map shows a central topic, labelled branches, child-item nodes and connector lines."


def _branch(q, s, need=1):
    fits = [i for i, b in enumerate(s["branches"]) if len(b["items"]) >= need]
    q.require(bool(fits), "no branch is large enough")
    return q.param("branch", lambda r: fits[int(r.integers(len(fits)))])


def _resize(st, r, i, t):
    items = st["branches"][i]["items"]
    taken = {it["label"] for b in st["branches"] for it in b["items"]}
    while len(items) < t:
        items.append({"label": item_labels(r, 1, taken)[0],
                      "marker": pagekit.MARKERS[int(r.integers(len(pagekit.MARKERS)))]})
        taken.add(items[-1]["label"])
    del items[t:]


# ---------------------------------------------------------------------- tasks
@task("branch_child_count", answer="integer", annotation="bbox_set", ops="counting,topology")
def branch_child_count(q):
    t = q.target(range(COUNTS[q.difficulty][0], COUNTS[q.difficulty][1] + 1), stratified=True)
    i = _branch(q, q.state)
    s = q.edit(lambda st, r: _resize(st, r, i, t) or st)
    b = s["branches"][i]
    q.step("count_children", branch=b["name"], items=[it["label"] for it in b["items"]])
    return q.answer(len(b["items"]), witnesses=[f"child:{i}:{j}" for j in range(len(b["items"]))],
                    question=f'{INTRO} How many child-item nodes belong directly to the "{b["name"]}" branch?')


@task("marked_child_count", answer="integer", annotation="bbox_set", ops="filtering,counting,topology")
def marked_child_count(q):
    t = q.target(range(MARKED[q.difficulty][0], MARKED[q.difficulty][1] + 1), stratified=True)
    i = _branch(q, q.state)
    mark = q.choice("marker", pagekit.MARKERS)

    def plant(st, r):
        items = st["branches"][i]["items"]
        if len(items) < t + 1:
            _resize(st, r, i, min(N_ITEMS[3][1], t + 1 + int(r.integers(2))))
            items = st["branches"][i]["items"]
        chosen = {int(x) for x in r.choice(len(items), size=t, replace=False)}
        others = [m for m in pagekit.MARKERS if m != mark]
        for j, it in enumerate(items):
            it["marker"] = mark if j in chosen else others[int(r.integers(len(others)))]
        return st

    s = q.edit(plant)
    b = s["branches"][i]
    hits = [j for j, it in enumerate(b["items"]) if it["marker"] == mark]
    q.step("filter", branch=b["name"], marker=mark, items=[b["items"][j]["label"] for j in hits])
    return q.answer(len(hits), witnesses=[f"child:{i}:{j}" for j in hits],
                    question=f'{INTRO} How many child items of the "{b["name"]}" branch carry the {mark} marker?')


@task("ordered_child_label", answer="string", annotation="bbox", ops="ranking,topology")
def ordered_child_label(q):
    s = q.state
    i = _branch(q, s, need=2)
    b = s["branches"][i]
    _, kids, _ = geometry(s)
    order = sorted(range(len(b["items"])), key=lambda j: (kids[i][j][1], kids[i][j][0]))
    k = q.param("rank", lambda r: int(r.integers(1, len(order) + 1)))
    j = order[k - 1]
    q.step("order", branch=b["name"], order=[b["items"][x]["label"] for x in order], rank=k)
    return q.answer(b["items"][j]["label"], witnesses=f"child:{i}:{j}", examples=[it["label"] for it in b["items"]],
                    question=f'{INTRO} Ordering the child items of "{b["name"]}" from top to bottom, breaking ties '
                             f"from left to right, which label is {ORDINAL.get(k, f'{k}th')}?")
