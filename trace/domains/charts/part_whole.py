"""charts/part_whole: one pie or donut chart of integer category shares (summing to 100) next to
a table that prints every share exactly, listed alphabetically.

As in the reference, the values come from the table and the chart gives the order: the tasks
walk the categories clockwise or counterclockwise around the chart (neighbours, contiguous
spans, the angle of a span) or restrict the total to a subset.  Difficulty grows the
categories (4-5, 6-7, 8-10).
"""

from __future__ import annotations

import math

from tracegen.core.claims import Claim
from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color, draw_table, pie, table_widths

N_CATS = {1: (4, 5), 2: (6, 7), 3: (8, 10)}
MIN_SHARE = 3


def partition(rng, total, k, lo=MIN_SHARE) -> list[int]:
    """``k`` random integers >= ``lo`` summing to ``total`` (None-free: the caller checks room)."""
    extra = total - k * lo
    return [lo + int(v) for v in rng.multinomial(extra, rng.dirichlet([1.6] * k))]


class PartWhole(Scene):
    domain, scene_id, size = "charts", "part_whole", (1280, 920)
    fluid = True
    megapixels = (1.0, 1.6)
    description = ("One pie or donut chart of integer category shares with a table printing each share exactly; "
                   "the chart gives the categories' order around the circle.")

    def variant(self, state):
        return state["chart"]

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_CATS[difficulty][0], N_CATS[difficulty][1] + 1))
        return {"chart": "donut" if rng.random() < 0.4 else "pie",
                "categories": category_labels(rng, n, families=("words", "topics", "places")),
                "values": partition(rng, 100, n)}

    def claims(self, state, params):
        """Each slice is drawn in its table swatch's colour, and no two swatches look alike."""
        return [Claim(f"slice:{k}", "key", f"swatch:{k}", among="swatch:") for k in range(len(state["categories"]))]

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        cats, vals = state["categories"], state["values"]
        n = len(cats)
        colors = [category_color(c, k) for k in range(n)]
        order = sorted(range(n), key=lambda k: cats[k])          # the table lists categories alphabetically
        below = c.style.accent % 2 == 1 and n <= 7
        fs = 15.0
        header = ["", "Category", "Share"]
        rows = [["", cats[k], f"{vals[k]}%"] for k in order]
        widths = table_widths(c, header, rows, size=fs)
        widths[0] = 36.0                                          # the colour swatch column
        if below:
            row_h = min(40.0, (H * 0.36) / (n + 1))
            table_h = row_h * (n + 1)
            tx, ty = (W - sum(widths)) / 2, H - 20 - table_h
            chart_box = (20, 20, W - 20, ty - 20)
        else:
            row_h = min(58.0, (H - 80) / (n + 1))
            tx, ty = 30, (H - row_h * (n + 1)) / 2
            chart_box = (tx + sum(widths) + 30, 20, W - 20, H - 20)
        tab = draw_table(c, tx, ty, widths, row_h, header, rows, size=fs, prefix="cell", header_fill="panel",
                         lines="rows")
        for r, k in enumerate(order):
            x0, y0, x1, y1 = tab.cell(r, 0)
            c.rect((x0 + x1) / 2 - 8, (y0 + y1) / 2 - 8, 16, 16, fill=colors[k], stroke="muted", lw=0.8,
                   id=f"swatch:{k}")
            c.register(f"row:{k}", box=tab.span(r, 0, 2))
        x0, y0, x1, y1 = chart_box
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        r = min(x1 - x0, y1 - y0) / 2 - 60
        hole = 0.5 if state["chart"] == "donut" else 0.0
        spans = pie(c, cx, cy, r, vals, colors, hole=hole, ids=[f"slice:{k}" for k in range(n)], gap_color="paper")
        if hole:
            c.text(cx, cy, "100%", size=18, bold=True)
        if params.get("slice_labels") is False:    # the solver matches slices to the table by colour
            return
        for k, (a0, a1) in enumerate(spans):
            mid = (a0 + a1) / 2
            if a1 - a0 >= 0.45:
                rr = r * ((1 + hole) / 2 if hole else 0.64)
                c.text(cx + rr * math.cos(mid), cy + rr * math.sin(mid), cats[k], size=14,
                       color=c.text_on(colors[k]))
            else:                                # a thin slice: label outside on a leader line
                ex, ey = cx + (r + 6) * math.cos(mid), cy + (r + 6) * math.sin(mid)
                lx, ly = cx + (r + 26) * math.cos(mid), cy + (r + 26) * math.sin(mid)
                c.line(ex, ey, lx, ly, color="muted", lw=1.0)
                c.text(lx + (4 if math.cos(mid) >= 0 else -4), ly, cats[k], size=14,
                       anchor="l" if math.cos(mid) >= 0 else "r")


SCENE = PartWhole()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s, *, by_colour: bool = False) -> str:
    kind = "donut" if s["chart"] == "donut" else "pie"
    if by_colour:
        return (f"The image shows one {kind} chart of category shares (integers summing to 100) with a table giving "
                "each category's colour and exact share. The slices carry no names: match each slice to its "
                "category by colour; the order of the categories around the chart comes from the chart itself.")
    return (f"The image shows one {kind} chart of category shares (integers summing to 100) with a table giving each "
            "category's exact share; the order of the categories around the chart comes from the chart itself.")


def around(n, start, end, step) -> list[int]:
    """Category indices from ``start`` through ``end`` walking ``step`` (+1 clockwise, -1
    counterclockwise) around the circle."""
    out, k = [start], start
    while k != end:
        k = (k + step) % n
        out.append(k)
    return out


def _fill(q, s, r, fixed: dict):
    """Set ``fixed`` {index: value} and share the rest of 100 among the other categories."""
    free = [k for k in range(len(s["values"])) if k not in fixed]
    rest = 100 - sum(fixed.values())
    q.require(all(v >= MIN_SHARE for v in fixed.values()) and rest >= MIN_SHARE * len(free) and (free or rest == 0),
              "shares do not fit")
    for k, v in fixed.items():
        s["values"][k] = v
    for k, v in zip(free, partition(r, rest, len(free)) if free else []):
        s["values"][k] = v
    return s


def _span(q, lengths):
    """A contiguous span of one of ``lengths`` categories (fewer than all): (start, end, step,
    members)."""
    n = len(q.state["categories"])
    step = 1 if q.query_id.startswith("clockwise") else -1
    length = q.param("span", lambda r: min(n - 1, int(r.choice(lengths))))
    start = q.param("start", lambda r: int(r.integers(n)))
    members = [(start + step * i) % n for i in range(length)]
    return start, members[-1], step, members


def _direction(step) -> str:
    return "clockwise" if step > 0 else "counterclockwise"


# ---------------------------------------------------------------------- tasks
@task("adjacent_transfer_gap_value", answer="integer", annotation="point_map",
      ops="spatial_relations,state_update,formula_evaluation",
      queries=("clockwise_adjacent_transfer", "counterclockwise_adjacent_transfer"))
def adjacent_transfer_gap_value(q):
    t = q.target(range(1, 34), stratified=True)
    n = len(q.state["categories"])
    step = 1 if q.query_id.startswith("clockwise") else -1
    src = q.param("source", lambda r: int(r.integers(n)))
    nb = (src + step) % n
    delta = q.param("transfer", lambda r: int(r.integers(1, 9)))

    def plant(s, r):
        b = int(r.integers(MIN_SHARE, 30))
        a = b + 2 * delta + t * (1 if r.random() < 0.5 else -1)
        return _fill(q, s, r, {src: a, nb: b})

    s = q.edit(plant)
    a, b = s["values"][src], s["values"][nb]
    q.require(a - delta >= 0, "transfer larger than the source")
    gap = abs((a - delta) - (b + delta))
    name, other = s["categories"][src], s["categories"][nb]
    q.step("transfer", source=name, neighbour=other, moved=delta, after=[a - delta, b + delta], gap=gap)
    return q.answer(gap, witnesses={"source": f"slice:{src}", "neighbor": f"slice:{nb}"},
                    question=f"{_intro(s)} Take category {quoted(name)} and its immediate {_direction(step)} "
                             f"neighbour in the chart. If {delta} points of share move from {quoted(name)} to that "
                             "neighbour, what is the absolute difference between their two shares afterwards?")


@task("contiguous_chart_order_sum", answer="integer", annotation="point_map", ops="aggregation,topology",
      queries=("clockwise_span", "counterclockwise_span"))
def contiguous_chart_order_sum(q):
    """As in the reference, the slices are unlabelled: the solver finds each category's slice by its
    table swatch's colour (the scene's claims keep every pair of swatches distinct on every theme)."""
    t = q.target(range(20, 86), stratified=True)
    q.param("slice_labels", lambda r: False)
    start, end, step, members = _span(q, (2, 3, 3, 4))

    def plant(s, r):
        return _fill(q, s, r, dict(zip(members, partition(r, t, len(members)))) if t >= 3 * len(members) else {})

    s = q.edit(plant)
    total = sum(s["values"][k] for k in members)
    q.require(total == t, "span total differs from the target")
    names = [s["categories"][k] for k in members]
    q.step("span", direction=_direction(step), members=names, total=total)
    return q.answer(total, witnesses={name: f"slice:{k}" for name, k in zip(names, members)},
                    question=f"{_intro(s, by_colour=True)} Start at category {quoted(names[0])} and move "
                             f"{_direction(step)} around "
                             f"the chart through category {quoted(names[-1])}, including both. What is the total "
                             "share covered?")


ANGLE_SUMS = range(20, 76, 5)        # shares whose central angle (3.6 degrees per point) is whole


@task("sector_share_to_angle", answer="integer", annotation="point_map", ops="aggregation,topology,formula_evaluation",
      queries=("clockwise_sector_angle", "counterclockwise_sector_angle"))
def sector_share_to_angle(q):
    t = q.target(ANGLE_SUMS, stratified=True)
    start, end, step, members = _span(q, (2, 3))

    def plant(s, r):
        return _fill(q, s, r, dict(zip(members, partition(r, t, len(members)))))

    s = q.edit(plant)
    total = sum(s["values"][k] for k in members)
    angle = total * 36 // 10
    q.require(total * 36 % 10 == 0, "angle not whole")
    names = [s["categories"][k] for k in members]
    q.step("span_angle", direction=_direction(step), members=names, share=total, degrees=angle)
    return q.answer(angle, witnesses={name: f"slice:{k}" for name, k in zip(names, members)},
                    question=f"{_intro(s)} Going {_direction(step)} around the chart from category "
                             f"{quoted(names[0])} through category {quoted(names[-1])} (both included), convert the "
                             "combined share into a central angle in degrees.")


SUBSET_SIZES = (2, 2, 3, 4)


@task("subset_denominator_share_value", answer="integer", annotation="point_map", ops="aggregation,formula_evaluation")
def subset_denominator_share_value(q):
    p = q.target(range(10, 91), stratified=True)
    n = len(q.state["categories"])
    size = q.param("subset_size", lambda r: min(n, int(r.choice(SUBSET_SIZES))))
    subset = q.param("subset", lambda r: sorted(int(k) for k in r.choice(n, size=size, replace=False)))
    target = q.param("target", lambda r: int(r.choice(subset)))

    def plant(s, r):
        total = int(r.integers(max(3 * size, 20), 81))
        v = round(p * total / 100)
        others = [k for k in subset if k != target]
        fixed = {target: v}
        if total - v >= 3 * len(others):
            fixed.update(zip(others, partition(r, total - v, len(others))))
        return _fill(q, s, r, fixed)

    s = q.edit(plant)
    total = sum(s["values"][k] for k in subset)
    exact = 100 * s["values"][target] / total
    q.require(abs(exact - math.floor(exact) - 0.5) > 0.1, "percentage too close to a half")
    share = int(math.floor(exact + 0.5))
    q.require(share == p, "rounded share differs from the target")
    names = [s["categories"][k] for k in subset]
    q.step("subset_share", subset=names, target=s["categories"][target], total=total, percent=round(exact, 3))
    return q.answer(share, witnesses={name: f"slice:{k}" for name, k in zip(names, subset)},
                    question=f"{_intro(s)} Treat only the categories {', '.join(quoted(x) for x in names)} as 100 %. "
                             f"What percentage of that restricted total is category "
                             f"{quoted(s['categories'][target])}? Round to the nearest whole percent.")
