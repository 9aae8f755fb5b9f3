"""charts/sankey: a three-column Sankey-style diagram -- source, middle and target nodes, bands
from sources to middle nodes and from middle nodes to targets, each band as wide as its value
and labelled with that value on a tag.

Printed values are read exactly; a question's total is never itself printed on a band, and
the two bands of an asked path differ.  Difficulty grows the nodes per column (2, 2-3, 3-4),
the bands per stage (2-3, 3-4, 5-6) and the values (5-20, 5-30, 5-40).
"""

from __future__ import annotations

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.flows import bezier, curve_points, draw_tag, node_box, place_tags, ribbon, ribbon_fill
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color

N_NODES = {1: (2, 2), 2: (2, 3), 3: (3, 4)}
N_LINKS = {1: (2, 3), 2: (3, 4), 3: (5, 6)}
VALUES = {1: (5, 20), 2: (5, 30), 3: (5, 40)}
TITLES = ("Resource Routing Diagram", "Channel Flow Map", "Shipment Flows", "Budget Flow", "Traffic Routing")
HEADS = ("Source", "Middle", "Target")
PX_PER_UNIT = 1.0
TAG_SPOTS = (0.5, 0.4, 0.6, 0.32, 0.68, 0.25, 0.75, 0.18, 0.82, 0.12, 0.88)   # along a band
INTRO = ("The figure is a three-column Sankey-style flow diagram: every node is labelled, every band carries its "
         "value printed on a tag, and bands run from a source node (left) to a middle node and from a middle node "
         "to a target node (right).")


class Sankey(Scene):
    domain, scene_id, size = "charts", "sankey", (1328, 960)
    fluid = True
    megapixels = (1.05, 1.5)
    description = ("A three-column Sankey diagram (sources, middle nodes, targets) whose bands are as wide as their "
                   "printed values.")

    def sample(self, rng, difficulty):
        lo_n, hi_n = N_NODES[difficulty]
        lo, hi = VALUES[difficulty]
        sizes = [int(rng.integers(lo_n, hi_n + 1)) for _ in range(3)]
        names = category_labels(rng, sum(sizes), families=("coined", "coined", "surnames", "places"), max_len=8)
        cols = [names[:sizes[0]], names[sizes[0]:sizes[0] + sizes[1]], names[sizes[0] + sizes[1]:]]
        links = []
        for stage in (0, 1):
            pairs = [(i, j) for i in range(sizes[stage]) for j in range(sizes[stage + 1])]
            m = min(len(pairs), int(rng.integers(N_LINKS[difficulty][0], N_LINKS[difficulty][1] + 1)))
            for k in sorted(int(v) for v in rng.choice(len(pairs), size=m, replace=False)):
                links.append([stage, pairs[k][0], pairs[k][1], int(rng.integers(lo, hi + 1))])
        return {"cols": cols, "links": links, "title": TITLES[int(rng.integers(len(TITLES)))]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        cols, links = state["cols"], state["links"]
        c.text(W / 2, 32, state["title"], size=20, bold=True)
        node_w = max(c.text_width(n, size=15, bold=True) for col in cols for n in col) + 22
        xs = [40 + node_w / 2, W / 2, W - 40 - node_w / 2]
        y0, y1 = 120, H - 60
        for k, head in enumerate(HEADS):
            c.text(xs[k], 82, head, size=14, color="muted")
        ys = [[y0 + (y1 - y0) * (i + 0.5) / len(col) for i in range(len(col))] for col in cols]
        # band ports: stacked on each node's side in the order of the far ends
        ports = {}
        for side in ("out", "in"):
            for k in range(3):
                for i in range(len(cols[k])):
                    mine = [n for n, (st, a, b, _) in enumerate(links)
                            if (side == "out" and st == k and a == i) or (side == "in" and st + 1 == k and b == i)]
                    far = {n: ys[k + 1][links[n][2]] if side == "out" else ys[k - 1][links[n][1]] for n in mine}
                    mine.sort(key=lambda n: (far[n], n))
                    top = ys[k][i] - sum(links[n][3] for n in mine) * PX_PER_UNIT / 2
                    for n in mine:
                        h = links[n][3] * PX_PER_UNIT
                        ports[(side, n)] = top + h / 2
                        top += h
        curves = []
        for n, (st, a, b, v) in enumerate(links):
            x_a, x_b = xs[st] + node_w / 2, xs[st + 1] - node_w / 2
            p0, p1 = (x_a, ports[("out", n)]), (x_b, ports[("in", n)])
            dx = (x_b - x_a) / 2
            curve = (p0, (x_a + dx, p0[1]), (x_b - dx, p1[1]), p1)
            curves.append(curve)
            color = category_color(c, a if st == 0 else len(cols[0]) + a)
            ribbon(c, curve, v * PX_PER_UNIT, fill=ribbon_fill(c, color), stroke=color)
        boxes = []
        for k, col in enumerate(cols):
            for i, name in enumerate(col):
                boxes.append(node_box(c, xs[k], ys[k][i], name, min_width=node_w, id=f"node:{k}:{i}",
                                      height=max(36.0, self._through(links, k, i) * PX_PER_UNIT + 12)))
        tags = [(str(v), [bezier(*curves[n], t) for t in TAG_SPOTS]) for n, (_, _, _, v) in enumerate(links)]
        paths = [(curve_points(curves[n]), v * PX_PER_UNIT / 2) for n, (_, _, _, v) in enumerate(links)]
        for n, (x, y, _) in enumerate(place_tags(c, tags, avoid=boxes, paths=paths)):
            draw_tag(c, x, y, str(links[n][3]), id=f"flow:{n}")

    @staticmethod
    def _through(links, k, i):
        ins = sum(v for st, a, b, v in links if st + 1 == k and b == i)
        outs = sum(v for st, a, b, v in links if st == k and a == i)
        return max(ins, outs)


SCENE = Sankey()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _values(s):
    return [v for _, _, _, v in s["links"]]


def routes(s, src, dst):
    """[(link into the middle node, link out of it)] for every route src -> middle -> dst."""
    links = s["links"]
    out = []
    for n, (st, a, b, _) in enumerate(links):
        if st == 0 and a == src:
            for m, (st2, a2, b2, _) in enumerate(links):
                if st2 == 1 and a2 == b and b2 == dst:
                    out.append((n, m))
    return out


def _not_printed(q, value):
    q.require(value not in _values(q.state), "the total is printed on a band")


# ---------------------------------------------------------------------- tasks
@task("node_side_total_value", answer="integer", annotation="point_set", ops="aggregation,topology",
      queries=("source_outgoing_total_flow", "target_incoming_total_flow"))
def node_side_total_value(q):
    s = q.state
    out = q.query_id == "source_outgoing_total_flow"
    col = 0 if out else 2
    side = [[n for n, (st, a, b, _) in enumerate(s["links"]) if ((st, a) == (0, i) if out else (st, b) == (1, i))]
            for i in range(len(s["cols"][col]))]
    ok = [i for i, ns in enumerate(side) if len(ns) >= 2]
    q.require(bool(ok), "no node with two bands on that side")
    i = q.param("node", lambda r: ok[int(r.integers(len(ok)))])
    total = sum(s["links"][n][3] for n in side[i])
    _not_printed(q, total)
    q.step("sum", bands=side[i], total=total)
    where = "leaving source node" if out else "entering target node"
    return q.answer(total, witnesses=[f"flow:{n}" for n in side[i]],
                    question=f"{INTRO} What is the sum of the printed values on all bands {where} "
                             f"{quoted(s['cols'][col][i])}?")


BOTTLENECKS = {1: range(5, 17), 2: range(6, 26), 3: range(5, 36)}


@task("path_bottleneck_value", answer="integer", annotation="point", ops="ranking,topology")
def path_bottleneck_value(q):
    target = q.target(BOTTLENECKS[q.difficulty], stratified=True)
    cols, links = q.state["cols"], q.state["links"]
    paths = [(a, b, r) for a in range(len(cols[0])) for b in range(len(cols[2])) for r in routes(q.state, a, b)]
    q.require(bool(paths), "no source-middle-target path")
    a, b, (n, m) = q.param("path", lambda r: paths[int(r.integers(len(paths)))])
    hi = VALUES[q.difficulty][1]

    def plant(s, r):                  # the path's smaller band takes the target value
        low, other = (n, m) if r.random() < 0.5 else (m, n)
        s["links"][low][3] = target
        s["links"][other][3] = int(r.integers(target + 1, max(target + 2, hi + 1)))
        return s

    s = q.edit(plant)
    links = s["links"]
    q.require(links[n][3] != links[m][3], "the path's two bands are equal")
    low = n if links[n][3] < links[m][3] else m
    q.balance(links[low][3], BOTTLENECKS[q.difficulty])
    q.step("bottleneck", bands=[n, m], values=[links[n][3], links[m][3]], chosen=low)
    mid = cols[1][links[n][2]]
    return q.answer(links[low][3], witnesses=f"flow:{low}",
                    question=(f"{INTRO} Follow the path {quoted(cols[0][a])} -> {quoted(mid)} -> "
                              f"{quoted(cols[2][b])}. What is the smaller of the printed values on its two bands?"))


@task("source_to_target_total_flow", answer="integer", annotation="point_set", ops="ranking,aggregation,topology")
def source_to_target_total_flow(q):
    lo, hi = VALUES[q.difficulty]

    def plant(s, r):                    # two routes from one source to one target
        cols, links = s["cols"], s["links"]
        if len(cols[1]) < 2:
            return s
        a, b = int(r.integers(len(cols[0]))), int(r.integers(len(cols[2])))
        for m in sorted(int(v) for v in r.choice(len(cols[1]), size=2, replace=False)):
            for stage, i, j in ((0, a, m), (1, m, b)):
                if not any(L[:3] == [stage, i, j] for L in links):
                    links.append([stage, i, j, int(r.integers(lo, hi + 1))])
        links.sort(key=lambda L: L[:3])
        return s

    s = q.edit(plant)
    cols, links = s["cols"], s["links"]
    pairs = [(a, b) for a in range(len(cols[0])) for b in range(len(cols[2])) if len(routes(s, a, b)) >= 2]
    q.require(bool(pairs), "no source and target joined by two routes")
    a, b = q.param("pair", lambda r: pairs[int(r.integers(len(pairs)))])
    rs = routes(s, a, b)
    q.require(all(links[n][3] != links[m][3] for n, m in rs), "a route's two bands are equal")
    lows = [n if links[n][3] < links[m][3] else m for n, m in rs]
    total = sum(links[n][3] for n in lows)
    _not_printed(q, total)
    q.step("route_minimums", routes=[list(r) for r in rs], chosen=lows, total=total)
    return q.answer(total, witnesses=[f"flow:{n}" for n in lows],
                    question=(f"{INTRO} Consider every route from {quoted(cols[0][a])} through a middle node to "
                              f"{quoted(cols[2][b])}. Take the smaller of the two printed band values on each "
                              f"route. What is the sum of these values?"))
