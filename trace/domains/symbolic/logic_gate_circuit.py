"""symbolic/logic_gate_circuit: Boolean circuits drawn with standard gate symbols (AND, OR, NOT,
NAND, NOR, XOR and, at difficulty 3, XNOR), orthogonal wires with junction dots, labelled inputs
(with their values where a task gives them) and an OUT terminal: one circuit, four lettered
circuits side by side, or a source circuit beside a table of four lettered input assignments.

Difficulty grows the circuits (3-4, 4-6, 6-8 gates over 2-4 inputs; the panels' and the source
circuit's a little smaller) and the gate kinds in play.  Gate symbols carry no names: the kind
is read off the shape.
"""

from __future__ import annotations

from itertools import product

from tracegen.core.task import Scene
from tracegen.kits import circuits as cz
from tracegen.kits.cards import rounded_rect

OPS = {1: ("AND", "OR", "NOT"), 2: ("AND", "OR", "NOT", "NAND", "NOR"),
       3: ("AND", "OR", "NOT", "NAND", "NOR", "XOR", "XNOR")}
GATES = {1: (3, 4), 2: (4, 6), 3: (6, 8)}
INPUTS = {1: (2, 3), 2: (3, 3), 3: (3, 4)}
SMALL = {1: (2, 3), 2: (3, 4), 3: (3, 5)}          # gates of a panel circuit / the source circuit
NAMES = "abcd"
W, H = 1040, 720


def build(rng, inputs, ops, tries=40) -> dict:
    """A connected circuit over ``inputs`` with these gate kinds (in a random order), or {}."""
    for _ in range(tries):
        order = [ops[int(i)] for i in rng.permutation(len(ops))]
        circ = cz.random_circuit(rng, inputs, order)
        if circ:
            return circ
    return {}


def random_ops(rng, n, pool) -> list[str]:
    return [pool[int(rng.integers(len(pool)))] for _ in range(n)]


class LogicGateCircuit(Scene):
    domain, scene_id, size = "symbolic", "logic_gate_circuit", (W, H)
    megapixels = (0.85, 1.3)
    description = ("Boolean logic-gate circuits with standard gate symbols, wires, labelled inputs and an OUT "
                   "terminal: one circuit, four lettered circuits, or a source circuit with a table of lettered "
                   "input assignments.")

    def sample(self, rng, difficulty):
        n_in = int(rng.integers(INPUTS[difficulty][0], INPUTS[difficulty][1] + 1))
        n_g = int(rng.integers(GATES[difficulty][0], GATES[difficulty][1] + 1))
        return {"layout": "single", "level": difficulty, "inputs": list(NAMES[:n_in]), "n_gates": n_g,
                "circuits": [], "values": [], "assignments": []}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        kind = state["layout"]
        if kind == "single":
            rounded_rect(c, 16, 16, W - 32, H - 32, radius=16, fill="panel", stroke="grid", lw=2, id="circuit")
            c.text(W / 2, 44, "Circuit", size=22, bold=True)
            self._one(c, state, 0, (70, 76, W - 40, H - 40))
        elif kind == "panels":
            for i in range(4):
                x, y = 16 + (i % 2) * (W / 2 - 8), 16 + (i // 2) * (H / 2 - 8)
                w, h = W / 2 - 24, H / 2 - 24
                rounded_rect(c, x, y, w, h, radius=14, fill="panel", stroke="grid", lw=2, id=f"panel:{'ABCD'[i]}")
                c.text(x + 22, y + 24, "ABCD"[i], size=24, bold=True, kind="option")
                self._one(c, state, i, (x + 70, y + 40, x + w - 14, y + h - 10), prefix=f"{'ABCD'[i]}:")
        else:
            rounded_rect(c, 16, 16, 640, H - 32, radius=16, fill="panel", stroke="grid", lw=2, id="circuit")
            c.text(336, 44, "Source circuit", size=22, bold=True)
            self._one(c, state, 0, (70, 70, 640, H - 36))
            self._table(c, state, (676, 16, W - 16 - 676, H - 32))

    @staticmethod
    def _one(c, state, i, box, prefix=""):
        circ = state["circuits"][i]
        vals = state["values"][i] if state["values"] else None
        labels = {s: (f"{s}={vals[s]}" if vals else s) for s in circ["inputs"]}
        cz.draw_circuit(c, circ, cz.layout(circ, box), labels=labels, prefix=prefix)

    @staticmethod
    def _table(c, state, box):
        x, y, w, h = box
        rounded_rect(c, x, y, w, h, radius=16, fill="panel", stroke="grid", lw=2, id="table")
        c.text(x + w / 2, y + 28, "Assignments", size=22, bold=True)
        names = state["circuits"][0]["inputs"]
        colw = (w - 70) / len(names)
        c.line(x + 12, y + 92, x + w - 12, y + 92, color="muted", lw=1.5)
        for j, s in enumerate(names):
            c.text(x + 70 + (j + 0.5) * colw, y + 72, s, size=19, bold=True)
        rh = (h - 110) / 4
        for i, row in enumerate(state["assignments"]):
            ry = y + 102 + i * rh
            if i % 2 == 0:
                rounded_rect(c, x + 10, ry + 4, w - 20, rh - 8, radius=8, fill="background")
            c.register(f"row:{'ABCD'[i]}", box=(x + 10, ry + 4, x + w - 10, ry + rh - 4))
            c.text(x + 36, ry + rh / 2, "ABCD"[i], size=22, bold=True, kind="option")
            for j, s in enumerate(names):
                c.text(x + 70 + (j + 0.5) * colw, ry + rh / 2, str(row[s]), size=21, kind="option")


SCENE = LogicGateCircuit()
task = SCENE.task


def single(q, ops_for):
    """The one-circuit layout with the gate kinds ``ops_for(rng, n_gates)``."""
    def edit(s, r):
        circ = build(r, s["inputs"], ops_for(r, s["n_gates"]))
        q.require(bool(circ), "no connected circuit with these gates")
        s["circuits"] = [circ]
        return s

    return q.edit(edit)


LEAD = ("The image shows a Boolean logic-gate circuit drawn with standard gate symbols (no gate is named), "
        "wires and labelled inputs; the last gate drives the OUT terminal.")


# ---------------------------------------------------------------------- counting
GATE_WORDS = {"AND": "AND", "OR": "OR", "NOT": "NOT (inverter)", "NAND": "NAND", "NOR": "NOR", "XOR": "XOR",
              "XNOR": "XNOR"}
TYPE_SUPPORT = (0, 1, 2, 2, 3, 3, 4, 4, 5, 5)      # the reference's counts centre on 2-3


@task("gate_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting,logical_composition")
def gate_type_count(q):
    kind = q.choice("gate", OPS[q.difficulty])
    t = q.target(TYPE_SUPPORT, stratified=True)

    def ops_for(r, n):
        others = [o for o in OPS[q.difficulty] if o != kind]
        return [kind] * t + random_ops(r, max(n - t, 1), others)

    s = single(q, ops_for)
    hits = [k for k, g in enumerate(s["circuits"][0]["gates"]) if g["op"] == kind]
    q.step("count_gates", gate=kind, gates=[g["op"] for g in s["circuits"][0]["gates"]], count=len(hits))
    return q.answer(len(hits), witnesses=[f"gate:{k}" for k in hits],
                    question=f"{LEAD} How many {GATE_WORDS[kind]} gates does the circuit contain?")


OUTPUT_SUPPORT = {1: range(0, 5), 2: range(1, 6), 3: range(1, 6)}


@task("internal_output_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition,topology,formula_evaluation",
      queries=("internal_output_one_count", "internal_output_zero_count"))
def internal_output_count(q):
    want = 1 if q.query_id == "internal_output_one_count" else 0
    t = q.target(OUTPUT_SUPPORT[q.difficulty], stratified=True)
    s = single(q, lambda r, n: random_ops(r, n, OPS[q.difficulty]))

    def assign(s, r):
        circ = s["circuits"][0]
        fits = []
        for bits in product((0, 1), repeat=len(circ["inputs"])):
            vals = dict(zip(circ["inputs"], bits))
            sig = cz.evaluate(circ, vals)
            if sum(sig[f"g{k}"] == want for k in range(len(circ["gates"]))) == t:
                fits.append(vals)
        q.require(bool(fits), "no input values give the target count")
        s["values"] = [fits[int(r.integers(len(fits)))]]
        return s

    s = q.edit(assign)
    circ = s["circuits"][0]
    sig = cz.evaluate(circ, s["values"][0])
    hits = [k for k in range(len(circ["gates"])) if sig[f"g{k}"] == want]
    q.step("evaluate", values=s["values"][0], outputs=[sig[f"g{k}"] for k in range(len(circ["gates"]))])
    return q.answer(len(hits), witnesses=[f"gate:{k}" for k in hits],
                    question=(f"{LEAD} Each input is set to the value written beside it. How many of the gates "
                              f"(the last one included) output {want}?"))


# ---------------------------------------------------------------------- choosing
def four_options(q):
    """The wanted output (from the query id) and the balanced letter of the one option giving
    it; the four options are drawn in the image (circuits A-D or assignment rows A-D)."""
    q.offer(4, "image")
    return (1 if q.query_id.startswith(("output_one", "assignment_outputs_one")) else 0,
            q.target("ABCD", stratified=True))


@task("output_value_label", answer="option_letter", annotation="bbox", ops="logical_composition,topology,"
      "formula_evaluation", queries=("output_one_label", "output_zero_label"))
def output_value_label(q):
    want, letter = four_options(q)

    def edit(s, r):
        d = s["level"]
        inputs = list("xyz"[:2 if d < 3 else 3])
        s["layout"], s["circuits"], s["values"] = "panels", [], []
        for i in range(4):
            goal = want if "ABCD"[i] == letter else 1 - want
            for _ in range(60):
                circ = build(r, inputs, random_ops(r, int(r.integers(SMALL[d][0], SMALL[d][1] + 1)), OPS[d]))
                vals = {v: int(r.integers(2)) for v in inputs}
                if circ and cz.output(circ, vals) == goal:
                    break
            else:
                q.reject("no panel circuit with the wanted output")
            s["circuits"].append(circ)
            s["values"].append(vals)
        return s

    s = q.edit(edit)
    outs = [cz.output(circ, vals) for circ, vals in zip(s["circuits"], s["values"])]
    hits = [i for i, o in enumerate(outs) if o == want]
    q.require(len(hits) == 1, "not exactly one panel gives the output")
    q.step("evaluate_panels", outputs=dict(zip("ABCD", outs)))
    return q.answer("ABCD"[hits[0]], witnesses=f"panel:{'ABCD'[hits[0]]}",
                    question=("The image shows four lettered logic-gate circuits drawn with standard gate symbols; "
                              "each input is set to the value written beside it. Which circuit drives its OUT "
                              f"terminal to {want}? Answer with the circuit's letter."))


@task("satisfying_assignment_label", answer="option_letter", annotation="bbox_map",
      ops="logical_composition,topology,formula_evaluation,matching",
      queries=("assignment_outputs_one_label", "assignment_outputs_zero_label"))
def satisfying_assignment_label(q):
    want, letter = four_options(q)

    def edit(s, r):
        d = s["level"]
        inputs = list("xyz" if d < 3 else "wxyz")
        circ = build(r, inputs, random_ops(r, int(r.integers(SMALL[d][0] + 1, SMALL[d][1] + 2)), OPS[d]))
        q.require(bool(circ), "no connected circuit")
        rows = [dict(zip(inputs, bits)) for bits in product((0, 1), repeat=len(inputs))]
        good = [v for v in rows if cz.output(circ, v) == want]
        bad = [v for v in rows if cz.output(circ, v) != want]
        q.require(bool(good) and len(bad) >= 3, "too few assignments of either kind")
        picks = [bad[int(i)] for i in r.choice(len(bad), size=3, replace=False)]
        picks.insert("ABCD".index(letter), good[int(r.integers(len(good)))])
        s.update(layout="source", circuits=[circ], values=[], assignments=picks)
        return s

    s = q.edit(edit)
    circ = s["circuits"][0]
    outs = [cz.output(circ, v) for v in s["assignments"]]
    k = outs.index(want)
    q.step("evaluate_rows", outputs=dict(zip("ABCD", outs)))
    return q.answer("ABCD"[k], witnesses={"circuit": "circuit", "assignment": f"row:{'ABCD'[k]}"},
                    question=("The image shows a source logic-gate circuit drawn with standard gate symbols and a "
                              "table of four lettered input assignments. Which assignment makes the circuit's OUT "
                              f"terminal {want}? Answer with the assignment's letter."))
