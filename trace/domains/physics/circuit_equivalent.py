"""physics/circuit_equivalent: a series-parallel network of resistors or capacitors between terminals A and B.

Every part shows its value (ohms or microfarads); networks are built top-down from an integer
equivalent value, so the answer is always a whole number.  Difficulty grows the part count.
"""

from __future__ import annotations

from tracegen.core.task import Scene

N_PARTS = {1: (2, 3), 2: (4, 5), 3: (6, 7)}
VMAX = 60
CW, CH = 96, 66          # one part's box
GAP, RAIL = 10, 24       # vertical gap between parallel branches, rail lead
MX, MY = 84, 44          # margins around the network (terminals live in MX)
UNITS = {"resistor": "Ω", "capacitor": "μF"}


def measure(node):
    if node["op"] == "part":
        return CW, CH
    sizes = [measure(ch) for ch in node["children"]]
    if node["op"] == "series":
        return sum(w for w, _ in sizes), max(h for _, h in sizes)
    return max(w for w, _ in sizes) + 2 * RAIL, sum(h for _, h in sizes) + GAP * (len(sizes) - 1)


def count_parts(node) -> int:
    return 1 if node["op"] == "part" else sum(count_parts(ch) for ch in node["children"])


def _divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


def build(r, value, n, kind, parent=None):
    """A random network of ``n`` parts whose equivalent is exactly ``value`` (None if it fails)."""
    if n == 1:
        return {"op": "part", "value": value} if 1 <= value <= VMAX else None
    add = "series" if kind == "resistor" else "parallel"      # the operation that adds values
    harm = "parallel" if kind == "resistor" else "series"     # the reciprocal-sum operation
    splits = [(value + a, value + value * value // a) for a in _divisors(value * value)
              if value + a <= VMAX and value + value * value // a <= VMAX]
    ops = ([add] if value >= 2 else []) + ([harm] if splits else [])
    if not ops:
        return None
    if len(ops) == 2 and parent in ops:
        op = ops[1 - ops.index(parent)] if r.random() < 0.8 else parent
    else:
        op = ops[int(r.integers(len(ops)))]
    n1 = int(r.integers(1, n))
    if op == add:
        v1 = int(r.integers(1, value))
        v2 = value - v1
    else:
        v1, v2 = splits[int(r.integers(len(splits)))]
    a = build(r, v1, n1, kind, op)
    b = build(r, v2, n - n1, kind, op)
    if a is None or b is None:
        return None
    return {"op": op, "children": [a, b]}


def make(r, value, n, kind, tries=40):
    for _ in range(tries):
        tree = build(r, value, n, kind)
        if tree is not None:
            return tree
    return None


class CircuitEquivalent(Scene):
    domain, scene_id, size = "physics", "circuit_equivalent", (640, 360)
    description = "A series-parallel network of labelled resistors or capacitors between terminals A and B."

    def canvas_size(self, state):
        w, h = measure(state["tree"])
        return (int(w + 2 * MX), int(max(h + 2 * MY, 200)))

    def sample(self, rng, difficulty):
        lo, hi = N_PARTS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        kind = "resistor" if rng.random() < 0.5 else "capacitor"
        tree = make(rng, int(rng.integers(2, 25)), n, kind)
        if tree is None:                 # practically unreachable: fall back to equal parts in series
            tree = {"op": "series", "children": [{"op": "part", "value": 1} for _ in range(n)]}
        return {"kind": kind, "tree": tree}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        w, h = measure(state["tree"])
        cw, chh = self.canvas_size(state)
        ymid = chh / 2
        x0 = MX
        c.line(34, ymid, x0, ymid, color="ink", lw=2.0)
        c.line(x0 + w, ymid, cw - 34, ymid, color="ink", lw=2.0)
        for x, name in ((28, "A"), (cw - 28, "B")):
            c.circle(x, ymid, 6, fill="paper", stroke="ink", lw=2.0, id=f"terminal:{name}")
            c.text(x, ymid - 22, name, size=18, bold=True)
        self._counter = 0
        self._draw(c, state["tree"], x0, ymid, state["kind"])
        c.register("network", box=(20, ymid - h / 2 - 4, cw - 20, ymid + h / 2 + 4))

    def _draw(self, c, node, x, ymid, kind):
        if node["op"] == "part":
            k = self._counter
            self._counter += 1
            self._part(c, x, ymid, node["value"], kind, k)
            return
        sizes = [measure(ch) for ch in node["children"]]
        if node["op"] == "series":
            for ch, (w, _) in zip(node["children"], sizes):
                self._draw(c, ch, x, ymid, kind)
                x += w
            return
        total_w, total_h = measure(node)
        top = ymid - total_h / 2
        mids = []
        for ch, (w, hh) in zip(node["children"], sizes):
            cy = top + hh / 2
            mids.append(cy)
            c.line(x, cy, x + RAIL, cy, color="ink", lw=2.0)
            self._draw(c, ch, x + RAIL, cy, kind)
            c.line(x + RAIL + w, cy, x + total_w, cy, color="ink", lw=2.0)
            top += hh + GAP
        for xr in (x, x + total_w):
            c.line(xr, mids[0], xr, mids[-1], color="ink", lw=2.0)
            c.circle(xr, ymid, 3.5, fill="ink")

    @staticmethod
    def _part(c, x, ymid, value, kind, k):
        el = 48
        a, b = x + (CW - el) / 2, x + (CW + el) / 2
        if kind == "resistor":
            c.line(x, ymid, a, ymid, color="ink", lw=2.0)
            c.line(b, ymid, x + CW, ymid, color="ink", lw=2.0)
            pts = [(a, ymid)] + [(a + el * (i + 0.5) / 8, ymid + (9 if i % 2 else -9)) for i in range(8)] + [(b, ymid)]
            c.polyline(pts, color="ink", lw=2.2)
            c.register(f"part:{k}", box=(a, ymid - 10, b, ymid + 10))
        else:
            m = x + CW / 2
            c.line(x, ymid, m - 5, ymid, color="ink", lw=2.0)
            c.line(m + 5, ymid, x + CW, ymid, color="ink", lw=2.0)
            c.line(m - 5, ymid - 14, m - 5, ymid + 14, color="ink", lw=3.0)
            c.line(m + 5, ymid - 14, m + 5, ymid + 14, color="ink", lw=3.0)
            c.register(f"part:{k}", box=(m - 7, ymid - 14, m + 7, ymid + 14))
        c.text(x + CW / 2, ymid - 25, f"{value} {UNITS[kind]}", size=14, bold=True)


SCENE = CircuitEquivalent()
task = SCENE.task


def _equivalent(node, kind):
    """Exact equivalent value (Fraction) of a network."""
    from fractions import Fraction

    if node["op"] == "part":
        return Fraction(node["value"])
    vals = [_equivalent(ch, kind) for ch in node["children"]]
    adds = (node["op"] == "series") == (kind == "resistor")
    return sum(vals, Fraction(0)) if adds else 1 / sum((1 / v for v in vals), Fraction(0))


def _task(q, kind):
    target = q.target(range(2, 25))

    def plant(st, r):
        tree = make(r, target, count_parts(st["tree"]), kind)
        if tree is not None:
            st["tree"] = tree
        st["kind"] = kind
        return st

    s = q.edit(plant)
    q.require(s["kind"] == kind, "wrong part kind")
    eq = _equivalent(s["tree"], kind)
    q.require(eq.denominator == 1, "equivalent not an integer")
    q.step("reduce_network", parts=count_parts(s["tree"]), result=int(eq))
    return int(eq)


@task("total_resistance_value", answer="integer", annotation="bbox", ops="aggregation,topology,formula_evaluation")
def total_resistance_value(q):
    value = _task(q, "resistor")
    return q.answer(value, witnesses="network",
                    question="What is the equivalent resistance, in ohms, of the resistor network between terminals "
                             "A and B?")


@task("total_capacitance_value", answer="integer", annotation="bbox",
      ops="aggregation,topology,formula_evaluation")
def total_capacitance_value(q):
    value = _task(q, "capacitor")
    return q.answer(value, witnesses="network",
                    question="What is the equivalent capacitance, in microfarads (μF), of the capacitor network "
                             "between terminals A and B?")
