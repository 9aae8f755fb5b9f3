"""physics/bridge_circuit: a Wheatstone bridge: a battery across two resistor arms (R1 over R2 on
the left, R3 over R4 on the right) with a galvanometer G between their midpoints reading zero.
One resistor is marked "?"; balance (no current through G) means R1/R2 = R3/R4.

Difficulty: values up to 12 with the unknown up to 10; the original's unknown up to 20; values
up to 60 with the unknown up to 40.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.electric import draw_battery

W, H = 800, 450
XL, XR, YT, YB, YM = 300.0, 560.0, 100.0, 380.0, 240.0
BX = 130.0
SLOTS = ("R1", "R2", "R3", "R4")              # top-left, bottom-left, top-right, bottom-right
LIMITS = {1: (10, 12), 2: (20, 30), 3: (40, 60)}   # unknown up to, every value up to


def _divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


def build(rng, unknown, value, limit):
    """Values with R1*R4 = R2*R3 and ``unknown`` = ``value``: R1 = p a, R2 = q a, R3 = p b,
    R4 = q b (None if no draw fits)."""
    for _ in range(60):
        f = int(rng.choice(_divisors(value)))
        m = value // f
        other = int(rng.integers(1, 9))
        if other == f:
            continue
        mult = int(rng.integers(1, 9))
        if unknown in ("R1", "R3"):
            p, q = f, other
        else:
            p, q = other, f
        if unknown in ("R1", "R2"):
            a, b = m, mult
        else:
            a, b = mult, m
        vals = {"R1": p * a, "R2": q * a, "R3": p * b, "R4": q * b}
        shown = [v for k, v in vals.items() if k != unknown]
        if max(vals.values()) <= limit and value not in shown:
            return vals
    return None


class BridgeCircuit(Scene):
    domain, scene_id, size = "physics", "bridge_circuit", (W, H)
    description = "A balanced Wheatstone bridge: four resistors, one unknown, a galvanometer reading zero."
    megapixels = (0.82, 1.05)
    aspect_pad = 0.15

    def sample(self, rng, difficulty):
        hi, limit = LIMITS[difficulty]
        unknown = SLOTS[int(rng.integers(4))]
        vals = None
        while vals is None:
            vals = build(rng, unknown, int(rng.integers(1, hi + 1)), limit)
        return {"values": vals, "unknown": unknown, "limit": limit}

    def render(self, c, state, params):
        c.text(W / 2, 36, "Balanced bridge circuit", size=18, bold=True)
        lw = 2.2
        ybat = (YT + YB) / 2
        c.polyline([(BX, ybat - 7), (BX, YT), (XR, YT)], color="ink", lw=lw)
        c.polyline([(BX, ybat + 7), (BX, YB), (XR, YB)], color="ink", lw=lw)
        draw_battery(c, BX, ybat, lw=lw)
        for x, top, bottom in ((XL, "R1", "R2"), (XR, "R3", "R4")):
            self._resistor(c, x, YT, YM, top, state, left=(x == XL))
            self._resistor(c, x, YM, YB, bottom, state, left=(x == XL))
            for y in (YT, YM, YB):
                c.circle(x, y, 4.0, fill="ink")
        # the galvanometer spans the arms' midpoints
        gx = (XL + XR) / 2
        c.line(XL, YM, gx - 24, YM, color="ink", lw=lw)
        c.line(gx + 24, YM, XR, YM, color="ink", lw=lw)
        c.circle(gx, YM, 24, fill="paper", stroke="ink", lw=lw, id="galvanometer")
        c.text(gx, YM + 9, "G", size=16, bold=True)
        c.line(gx, YM - 5, gx, YM - 19, color="ink", lw=1.8)
        c.text(gx, YM + 44, "G reads 0", size=14)

    @staticmethod
    def _resistor(c, x, y0, y1, name, state, *, left):
        el = 64
        m = (y0 + y1) / 2
        a, b = m - el / 2, m + el / 2
        c.line(x, y0, x, a, color="ink", lw=2.2)
        c.line(x, b, x, y1, color="ink", lw=2.2)
        pts = [(x, a)] + [(x + (10 if i % 2 else -10), a + el * (i + 0.5) / 8) for i in range(8)] + [(x, b)]
        c.polyline(pts, color="ink", lw=2.2)
        c.register(f"resistor:{name}", box=(x - 12, a, x + 12, b))
        text = f"{name} = ?" if name == state["unknown"] else f"{name} = {state['values'][name]} Ω"
        c.text(x - 22 if left else x + 22, m, text, size=15, bold=True, anchor="r" if left else "l")


SCENE = BridgeCircuit()
task = SCENE.task


@task("bridge_missing_resistance_value", answer="integer", annotation="bbox", ops="topology,formula_evaluation")
def bridge_missing_resistance_value(q):
    hi = LIMITS[q.difficulty][0]
    target = q.target(range(1, hi + 1))

    def fn(st, rng):
        for _ in range(20):
            unknown = SLOTS[int(rng.integers(4))]
            vals = build(rng, unknown, target, st["limit"])
            if vals is not None:
                return {**st, "values": vals, "unknown": unknown}
        return st

    s = q.edit(fn)
    v, u = s["values"], s["unknown"]
    # balance: R1 R4 = R2 R3, solved for the unknown
    known = {"R1": (v["R2"] * v["R3"], v["R4"]), "R2": (v["R1"] * v["R4"], v["R3"]),
             "R3": (v["R1"] * v["R4"], v["R2"]), "R4": (v["R2"] * v["R3"], v["R1"])}[u]
    q.require(known[0] % known[1] == 0, "unknown not a whole number")
    value = known[0] // known[1]
    q.require(value not in [v[k] for k in SLOTS if k != u], "answer printed on another resistor")
    q.step("balance", unknown=u, value=value)
    return q.answer(value, witnesses=f"resistor:{u}", examples=[6, 12],
                    question="The picture shows a Wheatstone bridge with four labelled resistors, one of them marked "
                             "?, and a galvanometer G between the arms that reads zero. What resistance, in ohms, "
                             "must the marked resistor have for the bridge to be balanced?")
