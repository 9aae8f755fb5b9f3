"""Direct-current circuit diagrams: series-parallel networks of bulbs, resistors and switches fed
by an ideal battery, their exact solution, and their drawing with standard symbols.

A network is a JSON-native tree: a part ``{"op": "part", "kind": "bulb" | "resistor" | "switch",
"label": "B1", "ohms": 4, "closed": true}`` or ``{"op": "series" | "parallel", "children": [...]}``.
``solve`` reduces it exactly (``Fraction``): an open switch is an open circuit, a closed one a
plain wire (zero resistance), so a closed switch across a part shorts it; it returns each part's
current, voltage and power for a battery of ``volts``.  ``draw_network`` lays series parts left to
right and parallel branches one above another between two rails (the layout of
``physics/circuit_equivalent``), and ``draw_loop`` closes the network through a battery on the
left.  Entities: ``bulb:B1``, ``resistor:R1``, ``switch:S1`` (their symbols) and ``network``.
"""

from __future__ import annotations

import math
from fractions import Fraction

from tracegen.core.task import Scene

PW, PH = 112, 78          # one part's box (symbol on the wire, label below)
GAP, RAIL = 8, 22         # gap between parallel branches, rail lead
INF = None                # an open circuit's resistance


# ---------------------------------------------------------------------- the physics
def parts(node) -> list:
    if node["op"] == "part":
        return [node]
    return [p for ch in node["children"] for p in parts(ch)]


def resistance(node):
    """Exact resistance (Fraction), Fraction(0) for a short, or INF (None) for an open circuit."""
    if node["op"] == "part":
        if node["kind"] == "switch":
            return Fraction(0) if node["closed"] else INF
        return Fraction(node["ohms"])
    rs = [resistance(ch) for ch in node["children"]]
    if node["op"] == "series":
        return INF if any(r is INF for r in rs) else sum(rs, Fraction(0))
    if any(r == 0 for r in rs if r is not INF):
        return Fraction(0)
    finite = [r for r in rs if r is not INF]
    return INF if not finite else 1 / sum((1 / r for r in finite), Fraction(0))


def _flow(node, current, out):
    if node["op"] == "part":
        out[node["label"]] = current
        return
    if node["op"] == "series":
        for ch in node["children"]:
            _flow(ch, current, out)
        return
    rs = [resistance(ch) for ch in node["children"]]
    total = resistance(node)
    if total == 0:                        # all the current takes one zero-resistance branch
        first = next(i for i, r in enumerate(rs) if r == 0)
        for i, ch in enumerate(node["children"]):
            _flow(ch, current if i == first else Fraction(0), out)
        return
    volts = current * total if total is not INF else Fraction(0)
    for ch, r in zip(node["children"], rs):
        _flow(ch, Fraction(0) if r is INF else volts / r, out)


def solve(tree, volts=12):
    """{label: {"current", "voltage", "power"}} (Fractions) for every part, or None when the
    battery is shorted."""
    total = resistance(tree)
    if total == 0:
        return None
    current = Fraction(0) if total is INF else Fraction(volts) / total
    flow = {}
    _flow(tree, current, flow)
    out = {}
    for p in parts(tree):
        i = flow[p["label"]]
        r = Fraction(p.get("ohms", 0)) if p["kind"] != "switch" else Fraction(0)
        out[p["label"]] = {"current": i, "voltage": i * r, "power": i * i * r}
    return out


def random_tree(rng, leaves, shape=None):
    """A random series-parallel arrangement of the part dicts ``leaves`` (in the order given,
    left to right and top to bottom): ``shape`` "series" (one chain), "parallel" (branches of
    one to three parts between two rails) or "mixed" (a chain of single parts and parallel
    groups); None picks one."""
    leaves = list(leaves)
    n = len(leaves)
    if shape is None:
        shape = ("series", "parallel", "mixed")[int(rng.integers(3))]
    if n == 1:
        return leaves[0]
    if shape == "series":
        return {"op": "series", "children": leaves}

    def chain(items):
        return items[0] if len(items) == 1 else {"op": "series", "children": items}

    def split(items, most):
        out, i = [], 0
        while i < len(items):
            k = int(rng.integers(1, min(most, len(items) - i) + 1))
            out.append(items[i:i + k])
            i += k
        return out

    if shape == "parallel":
        groups = split(leaves, 3)
        if len(groups) == 1:
            groups = [leaves[:n // 2], leaves[n // 2:]]
        return {"op": "parallel", "children": [chain(g) for g in groups]}
    groups = split(leaves, 3)
    if all(len(g) == 1 for g in groups) and n >= 2:
        groups = [leaves[:1], leaves[1:3]] + ([leaves[3:]] if n > 3 else [])
    kids = []
    for g in groups:
        if len(g) == 1:
            kids.append(g[0])
        else:
            sub = split(g, 2) if len(g) > 2 and rng.random() < 0.5 else [[p] for p in g]
            if len(sub) == 1:
                sub = [[p] for p in g]
            kids.append({"op": "parallel", "children": [chain(b) for b in sub]})
    return kids[0] if len(kids) == 1 else {"op": "series", "children": kids}


# ---------------------------------------------------------------------- layout and drawing
def measure(node):
    if node["op"] == "part":
        return PW, PH
    sizes = [measure(ch) for ch in node["children"]]
    if node["op"] == "series":
        return sum(w for w, _ in sizes), max(h for _, h in sizes)
    return max(w for w, _ in sizes) + 2 * RAIL, sum(h for _, h in sizes) + GAP * (len(sizes) - 1)


def part_label(p, show_ohms: bool) -> str:
    if show_ohms and p["kind"] != "switch":
        return f"{p['label']} = {p['ohms']} Ω"
    return p["label"]


def draw_network(c, node, x, ymid, *, show_ohms=True, lw=2.2):
    """Draw ``node`` with its left terminal at (x, ymid); returns its right terminal's x."""
    w, h = measure(node)
    if node["op"] == "part":
        draw_part(c, node, x, ymid, show_ohms=show_ohms, lw=lw)
        return x + w
    sizes = [measure(ch) for ch in node["children"]]
    if node["op"] == "series":
        for ch, (cw, _) in zip(node["children"], sizes):
            draw_network(c, ch, x, ymid, show_ohms=show_ohms, lw=lw)
            x += cw
        return x
    top = ymid - h / 2
    mids = []
    for ch, (cw, chh) in zip(node["children"], sizes):
        cy = top + chh / 2
        mids.append(cy)
        c.line(x, cy, x + RAIL, cy, color="ink", lw=lw)
        draw_network(c, ch, x + RAIL, cy, show_ohms=show_ohms, lw=lw)
        c.line(x + RAIL + cw, cy, x + w, cy, color="ink", lw=lw)
        top += chh + GAP
    for xr in (x, x + w):
        c.line(xr, mids[0], xr, mids[-1], color="ink", lw=lw)
        c.circle(xr, ymid, 4.0, fill="ink")
    return x + w


def draw_part(c, p, x, ymid, *, show_ohms=True, lw=2.2):
    m = x + PW / 2
    kind = p["kind"]
    label = part_label(p, show_ohms)
    if kind == "bulb":
        r = 16.0
        c.line(x, ymid, m - r, ymid, color="ink", lw=lw)
        c.line(m + r, ymid, x + PW, ymid, color="ink", lw=lw)
        c.circle(m, ymid, r, fill="paper", stroke="ink", lw=lw, id=f"bulb:{p['label']}")
        d = r / math.sqrt(2)
        c.line(m - d, ymid - d, m + d, ymid + d, color="ink", lw=1.6)
        c.line(m - d, ymid + d, m + d, ymid - d, color="ink", lw=1.6)
    elif kind == "resistor":
        el = 46
        a, b = m - el / 2, m + el / 2
        c.line(x, ymid, a, ymid, color="ink", lw=lw)
        c.line(b, ymid, x + PW, ymid, color="ink", lw=lw)
        pts = [(a, ymid)] + [(a + el * (i + 0.5) / 8, ymid + (8 if i % 2 else -8)) for i in range(8)] + [(b, ymid)]
        c.polyline(pts, color="ink", lw=lw)
        c.register(f"resistor:{p['label']}", box=(a, ymid - 10, b, ymid + 10))
    else:
        draw_switch(c, x, ymid, PW, p["closed"], id=f"switch:{p['label']}", lw=lw)
        if p.get("cue"):                  # an action cue: a box round the switch, the action written in it
            label = p["cue"]
            tw = c.text_width(label, size=14, bold=True)
            bw = max(PW - 14, tw + 14)
            c.rect(m - bw / 2, ymid - 30, bw, 72, stroke="accent", lw=2.2, id=f"cue:{p['label']}")
    c.text(m, ymid + 32, label, size=14, bold=True)


def draw_switch(c, x, ymid, w, closed, *, id=None, lw=2.2):
    m = x + w / 2
    a, b = m - 18, m + 18
    c.line(x, ymid, a, ymid, color="ink", lw=lw)
    c.line(b, ymid, x + w, ymid, color="ink", lw=lw)
    if closed:
        c.line(a, ymid, b, ymid, color="ink", lw=lw + 0.6)
    else:
        t = math.radians(32)
        c.line(a, ymid, a + 38 * math.cos(t), ymid - 38 * math.sin(t), color="ink", lw=lw + 0.6)
    c.circle(a, ymid, 4.0, fill="paper", stroke="ink", lw=1.6)
    c.circle(b, ymid, 4.0, fill="paper", stroke="ink", lw=1.6)
    c.register(id, box=(a - 6, ymid - 24, b + 6, ymid + 8))


def draw_battery(c, x, y, *, lw=2.2, id="battery"):
    """A vertical cell centred at (x, y): long plate (+) above, short plate (-) below."""
    c.line(x - 22, y - 7, x + 22, y - 7, color="ink", lw=3.0)
    c.line(x - 12, y + 7, x + 12, y + 7, color="ink", lw=4.0)
    c.text(x + 32, y - 16, "+", size=16, bold=True)
    c.text(x + 32, y + 18, "−", size=16, bold=True)
    c.register(id, box=(x - 24, y - 12, x + 24, y + 12))


MX, MY = 120, 70          # the loop's margins: battery column on the left, return wire below


def loop_size(tree, *, min_w=720, min_h=420):
    w, h = measure(tree)
    return int(max(w + MX + 60, min_w)), int(max(h + 2 * MY + 40, min_h))


def draw_loop(c, tree, size, *, show_ohms=True, title=None, lw=2.2):
    """The network centred right of a battery, closed by a return wire below it."""
    W, H = size
    w, h = measure(tree)
    x0 = MX + (W - MX - 60 - w) / 2
    ynet = (H - 30) / 2 + (20 if title else 0) - 14
    yret = ynet + h / 2 + 34
    bx = MX - 54
    if title:
        c.text(W / 2, 30, title, size=18, bold=True)
    ybat = (ynet + yret) / 2
    c.polyline([(bx, ybat - 7), (bx, ynet), (x0, ynet)], color="ink", lw=lw)
    draw_network(c, tree, x0, ynet, show_ohms=show_ohms, lw=lw)
    c.polyline([(x0 + w, ynet), (x0 + w + 30, ynet), (x0 + w + 30, yret), (bx, yret), (bx, ybat + 7)],
               color="ink", lw=lw)
    draw_battery(c, bx, ybat, lw=lw)
    c.register("network", box=(x0, ynet - h / 2, x0 + w, ynet + h / 2))


class LoopScene(Scene):
    """A physics scene of one battery loop around a series-parallel network ``state["tree"]``: the canvas
    grows with the network, drawn with ``title`` (ohms printed unless ``show_ohms`` is False).  Subclasses
    set ``scene_id``, ``description`` and ``sample``."""
    domain, size = "physics", (800, 450)
    megapixels = (0.82, 1.05)
    aspect_pad = 0.15
    title: str = ""
    show_ohms: bool = True

    def canvas_size(self, state):
        return loop_size(state["tree"], min_w=800, min_h=450)

    def render(self, c, state, params):
        draw_loop(c, state["tree"], self.canvas_size(state), show_ohms=self.show_ohms, title=self.title)

