"""charts/treemap: a two-level treemap -- one column per parent category, as wide as the
parent's total, split into child rectangles as tall as their values -- every child labelled
with its name and printed integer value.  All parents share the same child names, so a child
name repeats once per parent.

Values are printed and read exactly; asked extremes are unique, an asked average is a whole
number and no asked total or average is itself printed; the child a sum question asks about
is a minor one (15-24 in every parent), which keeps sums and averages on one scale.
Difficulty grows the parents (3-4, 4-6, 6-7) and the children per parent (3-4, 4-6, 6-7).
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.panels import category_color

N_PARENTS = {1: (3, 4), 2: (4, 6), 3: (6, 7)}
N_CHILDREN = {1: (3, 4), 2: (4, 6), 3: (6, 7)}
VALUES = (15, 90)
MINOR = 24            # the largest value of the child a sum question asks about
#: (title, parent kind, child kind, parent names, child names)
SCHEMES = (
    ("Method Adoption by Industry", "industry", "method",
     ("Retail", "Finance", "Logistics", "Manufacturing", "Healthcare", "Energy", "Education", "Media", "Insurance"),
     ("Extreme", "Lean", "Hybrid", "Scrum", "Waterfall", "Kanban", "Spiral")),
    ("Habitat Species by Category", "habitat", "species group",
     ("Forest", "Polar", "Wetland", "Desert", "Grassland", "Reef", "Tundra", "Savanna", "Mangrove"),
     ("Plants", "Reptiles", "Birds", "Mammals", "Insects", "Fish", "Fungi")),
    ("Spending by Department", "department", "expense",
     ("Sales", "Research", "Support", "Legal", "Operations", "Marketing", "Design", "Payroll", "Facilities"),
     ("Travel", "Software", "Hardware", "Training", "Events", "Supplies", "Contractors")),
    ("Revenue by Region", "region", "channel",
     ("North", "South", "East", "West", "Central", "Coastal", "Metro", "Highlands", "Islands"),
     ("Online", "Stores", "Wholesale", "Partners", "Direct", "Catalog", "Kiosks")),
    ("Energy Mix by Site", "site", "source",
     ("Harbor", "Airport", "Campus", "Quarry", "Depot", "Refinery", "Stadium", "Hospital", "Mill"),
     ("Solar", "Wind", "Gas", "Hydro", "Grid", "Battery", "Biomass")),
    ("Harvest by Farm", "farm", "crop",
     ("Oakridge", "Millbrook", "Sunfield", "Riverbend", "Hilltop", "Greenvale", "Stonegate", "Westbury", "Fairview"),
     ("Wheat", "Barley", "Maize", "Oats", "Soy", "Rye", "Canola")),
)


class Treemap(Scene):
    domain, scene_id, size = "charts", "treemap", (1280, 940)
    fluid = True
    megapixels = (1.0, 1.45)
    description = ("A two-level treemap: parent columns as wide as their totals, split into labelled child rectangles "
                   "with printed values.")

    def sample(self, rng, difficulty):
        title, pk, ck, parents, children = SCHEMES[int(rng.integers(len(SCHEMES)))]
        p = int(rng.integers(N_PARENTS[difficulty][0], N_PARENTS[difficulty][1] + 1))
        m = int(rng.integers(N_CHILDREN[difficulty][0], N_CHILDREN[difficulty][1] + 1))
        return {"title": title, "parent_kind": pk, "child_kind": ck,
                "parents": [parents[int(i)] for i in rng.choice(len(parents), size=p, replace=False)],
                "children": [children[int(i)] for i in sorted(rng.choice(len(children), size=m, replace=False))],
                "values": [[int(v) for v in rng.integers(VALUES[0], VALUES[1] + 1, size=m)] for _ in range(p)]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        parents, children, vals = state["parents"], state["children"], state["values"]
        c.text(W / 2, 30, state["title"], size=21, bold=True)
        c.text(28, 64, f"Parent: {state['parent_kind']}    Child: {state['child_kind']}", size=13, anchor="l",
               color="muted")
        x0, x1, y0, y1 = 24, W - 24, 84, H - 24
        gap, head = 6.0, 30.0
        totals = [sum(row) for row in vals]
        free = (x1 - x0) - gap * (len(parents) - 1)
        x = x0
        for p, name in enumerate(parents):
            w = free * totals[p] / sum(totals)
            base = category_color(c, p)
            head_fill = blend(c.color(base), c.color("paper"), 0.55)
            c.rect(x, y0, w, head, fill=head_fill, stroke="grid", lw=1.0, id=f"parent:{p}")
            c.text(x + 8, y0 + head / 2, name, size=15, bold=True, anchor="l", color=c.text_on(head_fill))
            y, inner = y0 + head + 3, (y1 - y0 - head - 3) - 3 * (len(children) - 1)
            for k, child in enumerate(children):
                h = inner * vals[p][k] / totals[p]
                fill = blend(c.color(base), c.color("paper"), 0.42 - 0.05 * (k % 4))
                c.rect(x, y, w, h, fill=fill, stroke=c.color(base), lw=1.4, id=f"leaf:{p}:{k}")
                ink = c.text_on(fill)
                if h >= 46:
                    c.text(x + 8, y + 16, child, size=14, anchor="l", color=ink)
                    c.text(x + 8, y + 36, str(vals[p][k]), size=17, anchor="l", color=ink)
                else:
                    c.text(x + 8, y + h / 2, child, size=13, anchor="l", color=ink)
                    c.text(x + w - 8, y + h / 2, str(vals[p][k]), size=14, anchor="r", color=ink)
                y += h + 3
            x += w + gap


SCENE = Treemap()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s):
    return (f"The image shows a treemap: each parent {s['parent_kind']} is a column split into child "
            f"{s['child_kind']} rectangles, each labelled with its name and printed integer value.")


def _leaves(s, p):
    return [f"leaf:{p}:{k}" for k in range(len(s["children"]))]


def _printed(s):
    return {v for row in s["values"] for v in row}


# ---------------------------------------------------------------------- tasks
@task("group_total_value", answer="integer", annotation="bbox_set", ops="aggregation,topology")
def group_total_value(q):
    s = q.state
    p = q.param("parent", lambda r: int(r.integers(len(s["parents"]))))
    total = sum(s["values"][p])
    q.require(total not in _printed(s), "the total is printed")
    q.step("sum", parent=p, total=total)
    return q.answer(total, witnesses=_leaves(s, p),
                    question=(f"{_intro(s)} What is the combined value of the child rectangles inside parent "
                              f"{quoted(s['parents'][p])}?"))


@task("parent_total_extremum_label", answer="string", annotation="bbox_set", ops="ranking,aggregation,topology",
      queries=("largest_parent_total", "smallest_parent_total"))
def parent_total_extremum_label(q):
    s = q.state
    totals = [sum(row) for row in s["values"]]
    pick = max(totals) if q.query_id == "largest_parent_total" else min(totals)
    q.require(totals.count(pick) == 1, "the extreme total is shared")
    p = totals.index(pick)
    q.step("totals", totals=totals, chosen=p)
    word = "largest" if q.query_id == "largest_parent_total" else "smallest"
    return q.answer(s["parents"][p], witnesses=_leaves(s, p), examples=s["parents"],
                    question=(f"{_intro(s)} Which parent {s['parent_kind']} has the {word} total of its child "
                              "values?"))


@task("repeated_leaf_aggregate_value", answer="integer", annotation="bbox_set", ops="aggregation,topology",
      queries=("treemap_repeated_leaf_sum_value", "treemap_repeated_leaf_average_value"))
def repeated_leaf_aggregate_value(q):
    average = q.query_id == "treemap_repeated_leaf_average_value"
    k = q.param("child", lambda r: int(r.integers(len(q.state["children"]))))

    def whole(s, r):                  # an average question gets a whole-number average
        col = [row[k] for row in s["values"]]
        n = len(col)
        p = int(r.integers(n))
        need = (-sum(col)) % n
        up = col[p] + need
        s["values"][p][k] = up if up <= VALUES[1] else col[p] + need - n
        return s

    def minor(s, r):                  # a sum question asks about a minor child (15-24 in every parent)
        for row in s["values"]:
            row[k] = int(r.integers(VALUES[0], MINOR + 1))
        return s

    s = q.edit(whole if average else minor)
    col = [row[k] for row in s["values"]]
    q.require(all(VALUES[0] <= v <= VALUES[1] for v in col), "value out of range")
    total = sum(col)
    q.require(total % len(col) == 0 or not average, "average not whole")
    value = total // len(col) if average else total
    q.require(value not in _printed(s), "the aggregate is printed")
    q.step("aggregate", child=k, values=col, mode="average" if average else "sum", result=value)
    what = "average" if average else "total (sum)"
    return q.answer(value, witnesses=[f"leaf:{p}:{k}" for p in range(len(s["parents"]))],
                    question=(f"{_intro(s)} Across all parent {s['parent_kind']} columns, what is the {what} of the "
                              f"values of the child rectangles labelled {quoted(s['children'][k])}?"))
