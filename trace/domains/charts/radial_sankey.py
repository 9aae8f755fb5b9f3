"""charts/radial_sankey: a radial Sankey-style diagram -- source nodes on the left of a ring,
target nodes on the right, and curved bands through the ring's interior from sources to
targets, each as wide as its value and labelled with that value on a tag.

Values are printed and read exactly; an asked largest band is unique and an asked total is
never itself printed.  Difficulty grows the nodes per side (3, 4, 5), the bands (4-5, 5-7,
8-10) and the values (6-25, 6-34, 6-45).
"""

from __future__ import annotations

import math

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.flows import bezier, curve_points, draw_tag, node_box, place_tags, ribbon, ribbon_fill
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color

N_SIDE = {1: 3, 2: 4, 3: 5}
N_LINKS = {1: (4, 5), 2: (5, 7), 3: (8, 10)}
VALUES = {1: (6, 25), 2: (6, 34), 3: (6, 45)}
TITLES = ("Radial Flow Routing", "Endpoint Flow Ring", "Transfer Ring", "Circular Flow Map", "Exchange Wheel")
PX_PER_UNIT = 1.1
SPREAD = 0.3 * math.pi           # each side's nodes span this angle either side of its middle
TAG_SPOTS = (0.3, 0.7, 0.22, 0.78, 0.38, 0.62, 0.15, 0.85, 0.46, 0.54)
INTRO = ("The figure is a radial Sankey-style flow diagram: source nodes are labelled around the left of a ring and "
         "target nodes around the right, and each curved band runs from a source to a target with its integer flow "
         "value printed on a tag.")


class RadialSankey(Scene):
    domain, scene_id, size = "charts", "radial_sankey", (1328, 960)
    fluid = True
    megapixels = (1.05, 1.5)
    description = ("A radial Sankey diagram: sources on the left of a ring, targets on the right, curved bands with "
                   "printed flow values.")

    def sample(self, rng, difficulty):
        k = N_SIDE[difficulty]
        names = category_labels(rng, 2 * k, families=("coined", "coined", "surnames", "places"), max_len=8)
        pairs = [(i, j) for i in range(k) for j in range(k)]
        m = int(rng.integers(N_LINKS[difficulty][0], N_LINKS[difficulty][1] + 1))
        lo, hi = VALUES[difficulty]
        links = [[pairs[int(p)][0], pairs[int(p)][1], int(rng.integers(lo, hi + 1))]
                 for p in sorted(rng.choice(len(pairs), size=m, replace=False))]
        return {"sources": names[:k], "targets": names[k:], "links": links,
                "title": TITLES[int(rng.integers(len(TITLES)))]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        src, dst, links = state["sources"], state["targets"], state["links"]
        c.text(W / 2, 34, state["title"], size=20, bold=True)
        cx, cy = W / 2, (H + 60) / 2
        R = min(W / 2 - 170, (H - 60) / 2 - 70)
        c.circle(cx, cy, R, stroke="muted", lw=1.2)
        k = len(src)
        ang = {("s", i): math.pi + SPREAD * (2 * i / (k - 1) - 1) for i in range(k)}
        ang.update({("t", j): SPREAD * (2 * j / (k - 1) - 1) for j in range(len(dst))})
        # attachment points: each node's bands side by side along the ring, ordered by their far ends
        attach = {}
        for node in ang:
            mine = [n for n, (i, j, _) in enumerate(links) if node == (("s", i) if node[0] == "s" else ("t", j))]
            far = {n: ang[("t", links[n][1])] if node[0] == "s" else ang[("s", links[n][0])] for n in mine}
            mine.sort(key=lambda n: (math.sin(far[n]), n))
            total = sum(links[n][2] for n in mine) * PX_PER_UNIT
            off = -total / 2
            for n in mine:
                w = links[n][2] * PX_PER_UNIT
                a = ang[node] + (off + w / 2) / R * (1 if node[0] == "t" else -1)
                attach[(node, n)] = (cx + R * math.cos(a), cy + R * math.sin(a))
                off += w
        curves = []
        for n, (i, j, v) in enumerate(links):
            p0, p1 = attach[(("s", i), n)], attach[(("t", j), n)]
            curve = (p0, (p0[0] + (cx - p0[0]) * 0.45, p0[1] + (cy - p0[1]) * 0.45),
                     (p1[0] + (cx - p1[0]) * 0.45, p1[1] + (cy - p1[1]) * 0.45), p1)
            curves.append(curve)
            color = category_color(c, i)
            ribbon(c, curve, v * PX_PER_UNIT, fill=ribbon_fill(c, color), stroke=color)
        boxes = []
        for (side, i), a in ang.items():
            name = src[i] if side == "s" else dst[i]
            bx, by = cx + (R + 58) * math.cos(a), cy + (R + 30) * math.sin(a)
            boxes.append(node_box(c, bx, by, name, id=f"{'source' if side == 's' else 'target'}:{i}"))
        tags = [(str(v), [bezier(*curves[n], t) for t in TAG_SPOTS]) for n, (_, _, v) in enumerate(links)]
        paths = [(curve_points(curves[n]), v * PX_PER_UNIT / 2) for n, (_, _, v) in enumerate(links)]
        for n, (x, y, _) in enumerate(place_tags(c, tags, avoid=boxes, paths=paths)):
            draw_tag(c, x, y, str(links[n][2]), id=f"flow:{n}")


SCENE = RadialSankey()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _side_links(s, by_source: bool) -> dict[int, list[int]]:
    """Per source (or target) node, the indices of its bands (nodes with two or more only)."""
    out: dict[int, list[int]] = {}
    for n, (i, j, _) in enumerate(s["links"]):
        out.setdefault(i if by_source else j, []).append(n)
    return {k: v for k, v in sorted(out.items()) if len(v) >= 2}


def _fixed(q, by_source):
    groups = _side_links(q.state, by_source)
    q.require(bool(groups), "no node with two bands")
    keys = list(groups)
    node = q.param("node", lambda r: keys[int(r.integers(len(keys)))])
    return node, groups[node]


# ---------------------------------------------------------------------- tasks
@task("dominant_endpoint_label", answer="string", annotation="bbox", ops="ranking,topology",
      queries=("largest_target_for_source", "largest_source_for_target"))
def dominant_endpoint_label(q):
    s = q.state
    from_source = q.query_id == "largest_target_for_source"
    node, bands = _fixed(q, from_source)
    vals = sorted((s["links"][n][2] for n in bands), reverse=True)
    q.require(vals[0] > vals[1], "two largest bands tie")
    best = max(bands, key=lambda n: s["links"][n][2])
    i, j, _ = s["links"][best]
    q.step("largest_band", bands=bands, chosen=best)
    if from_source:
        return q.answer(s["targets"][j], witnesses=f"target:{j}", examples=s["targets"],
                        question=(f"{INTRO} Of the targets that source {quoted(s['sources'][node])} sends flow to, "
                                  "which one receives the largest flow from it?"))
    return q.answer(s["sources"][i], witnesses=f"source:{i}", examples=s["sources"],
                    question=(f"{INTRO} Of the sources that send flow to target {quoted(s['targets'][node])}, which "
                              "one sends it the largest flow?"))


@task("transfer_total_value", answer="integer", annotation="bbox_set", ops="aggregation,topology",
      queries=("source_to_targets_total", "sources_to_target_total"))
def transfer_total_value(q):
    s = q.state
    from_source = q.query_id == "source_to_targets_total"
    node, bands = _fixed(q, from_source)
    pick = q.param("bands", lambda r: sorted(int(v) for v in r.choice(bands, size=2, replace=False)))
    total = sum(s["links"][n][2] for n in pick)
    q.require(total not in [v for _, _, v in s["links"]], "the total is printed on a band")
    q.step("sum", bands=pick, total=total)
    if from_source:
        others = " and ".join(quoted(s["targets"][s["links"][n][1]]) for n in pick)
        question = f"What is the total flow from source {quoted(s['sources'][node])} to the targets {others}?"
    else:
        others = " and ".join(quoted(s["sources"][s["links"][n][0]]) for n in pick)
        question = f"What is the total flow from the sources {others} to target {quoted(s['targets'][node])}?"
    return q.answer(total, witnesses=[f"flow:{n}" for n in pick], question=f"{INTRO} {question}")
