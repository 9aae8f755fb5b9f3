"""Logic-gate circuits: evaluation, a layered layout with orthogonal wires, and the standard
(distinctive-shape) gate symbols -- AND, OR, XOR, NAND, NOR, XNOR, NOT and a buffer -- drawn with
public canvas calls.

A circuit is JSON-native: ``{"inputs": ["a", "b"], "gates": [{"op": "AND", "in": ["a", "g0"]},
...]}``; gate ``k`` is the signal ``"g{k}"`` and the last gate drives the output.  ``layout``
places inputs in column 0 and each gate one column right of its latest input, gives every node
a row no passing wire runs along, and routes each wire out of its source, along the source's
row, down or up a track of its own in the channel before the target's column, and into the pin;
a source that feeds several pins gets a junction dot where its wires part.
"""

from __future__ import annotations

import math
from itertools import permutations

ARITY = {"AND": 2, "OR": 2, "XOR": 2, "NAND": 2, "NOR": 2, "XNOR": 2, "NOT": 1, "BUF": 1}
BUBBLE = {"NAND", "NOR", "XNOR", "NOT"}


def apply(op: str, vals) -> int:
    if op in ("NOT", "BUF"):
        v = vals[0]
        return 1 - v if op == "NOT" else v
    a, b = vals
    out = {"AND": a & b, "OR": a | b, "XOR": a ^ b, "NAND": a & b, "NOR": a | b, "XNOR": a ^ b}[op]
    return 1 - out if op in BUBBLE else out


def evaluate(circuit: dict, values: dict) -> dict:
    """Every signal's value (inputs and gates ``g0..``) under the input ``values``."""
    sig = dict(values)
    for k, g in enumerate(circuit["gates"]):
        sig[f"g{k}"] = apply(g["op"], [sig[s] for s in g["in"]])
    return sig


def output(circuit: dict, values: dict) -> int:
    return evaluate(circuit, values)[f"g{len(circuit['gates']) - 1}"]


def random_circuit(rng, inputs, ops) -> dict:
    """A circuit with one gate per entry of ``ops`` (in order, the last drives the output) in
    which every input and every gate feeds the output.  Gates take the signals no gate uses yet
    first, so the circuit is connected; a signal is reused (fan-out) only when none is left."""
    open_ = list(inputs)
    gates = []
    for k, op in enumerate(ops):
        n = ARITY[op]
        left = len(ops) - k - 1                       # gates still to come after this one
        # take enough open signals that the rest can still be merged by the gates to come
        need = max(1, len(open_) - left) if left else len(open_)
        take = min(n, max(need, 1), len(open_))
        order = [open_[int(i)] for i in rng.permutation(len(open_))]
        src = order[:take]
        pool = [s for s in list(inputs) + [f"g{j}" for j in range(k)] if s not in src]
        while len(src) < n:
            if not pool:
                return {}
            src.append(pool.pop(int(rng.integers(len(pool)))))
        for s in src:
            if s in open_:
                open_.remove(s)
        gates.append({"op": op, "in": src})
        open_.append(f"g{k}")
    if open_ != [f"g{len(ops) - 1}"]:
        return {}
    return {"inputs": list(inputs), "gates": gates}


def columns(circuit: dict) -> dict:
    col = {s: 0 for s in circuit["inputs"]}
    for k, g in enumerate(circuit["gates"]):
        col[f"g{k}"] = 1 + max(col[s] for s in g["in"])
    return col


# ---------------------------------------------------------------------- layout
def layout(circuit: dict, box, *, pitch_max: float = 96.0) -> dict:
    """Node positions and wire routes inside ``box`` (x0, y0, x1, y1); the output terminal sits
    right of the last gate.  Returns {"pos": {signal: (x, y)}, "gate": (w, h), "wires": [...],
    "dots": [...], "out": (x, y)}."""
    x0, y0, x1, y1 = box
    col = columns(circuit)
    ncol = max(col.values()) + 1
    gates = [f"g{k}" for k in range(len(circuit["gates"]))]
    targets = {s: [] for s in col}
    for k, g in enumerate(circuit["gates"]):
        for s in g["in"]:
            targets[s].append(f"g{k}")
    reach = {s: max((col[t] for t in targets[s]), default=col[s]) for s in col}
    # rows: inputs two slots apart, each gate in the free slot nearest its inputs' mean
    slot = {s: 2 * i for i, s in enumerate(circuit["inputs"])}
    for g in sorted(gates, key=lambda g: (col[g], int(g[1:]))):
        srcs = circuit["gates"][int(g[1:])]["in"]
        want = sum(slot[s] for s in srcs) / len(srcs)

        def free(r, g=g):
            for s, rs in slot.items():
                if rs == r and (col[s] == col[g] or (col[s] < col[g] < reach[s]) or
                                (col[g] < col[s] < reach[g] if g in reach else False)):
                    return False
            return True

        cands = sorted(range(-2, 2 * len(col) + 2), key=lambda r: (abs(r - want), r))
        slot[g] = next(r for r in cands if free(r))
    lo, hi = min(slot.values()), max(slot.values())
    span = max(1, hi - lo)
    pitch = min(pitch_max, (y1 - y0) / (span + 1))
    top = (y0 + y1) / 2 - pitch * span / 2
    colw = (x1 - x0) / (ncol + 0.35)
    gh = min(pitch * 0.9, 58.0)
    gw = min(colw * 0.5, gh * 1.55)
    pos = {}
    for s in col:
        cx = x0 + colw * (col[s] + (0.15 if col[s] == 0 else 0.55))
        pos[s] = (cx, top + (slot[s] - lo) * pitch)
    # pins and tracks
    pins = {}
    for k, g in enumerate(circuit["gates"]):
        gx, gy = pos[f"g{k}"]
        ys = [gy] if len(g["in"]) == 1 else [gy - gh / 4, gy + gh / 4]
        pins[f"g{k}"] = [(back_x(g["op"], gx - gw / 2, gw, gh, y - gy), y) for y in ys]
    src_x = {s: (pos[s][0] + (gw / 2 if s.startswith("g") else 0)) for s in col}
    per_col = {c: [] for c in range(1, ncol)}
    for k, g in enumerate(circuit["gates"]):
        # the upper source takes the upper pin (every two-input kind is symmetric)
        ordered = sorted(g["in"], key=lambda s: (pos[s][1], s))
        for j, s in enumerate(ordered):
            per_col[col[f"g{k}"]].append((pos[s][1], pins[f"g{k}"][j][1], s, f"g{k}", j))
    wires, dots, branch = [], [], {s: [] for s in col}
    for c, edges in per_col.items():
        edges = order_tracks(edges)
        left = x0 + colw * (c - 1 + (0.15 if c == 1 else 0.55)) + gw / 2 + 10
        right = x0 + colw * (c + 0.55) - gw * 0.64 - 12
        for i, (ys, yp, s, t, j) in enumerate(edges):
            tx = left + (right - left) * (i + 1) / (len(edges) + 1)
            px = pins[t][j][0]
            pts = [(src_x[s], ys), (tx, ys), (tx, yp), (px, yp)]
            wires.append({"from": s, "to": t, "pts": pts})
            branch[s].append(tx)
    for s, xs in branch.items():
        xs = sorted(set(round(x, 3) for x in xs))
        dots += [(x, pos[s][1]) for x in xs[:-1]]
    last = gates[-1]
    out = (x1 - 16, pos[last][1])
    wires.append({"from": last, "to": "OUT", "pts": [(src_x[last], pos[last][1]), out]})
    return {"pos": pos, "gate": (gw, gh), "wires": wires, "dots": dots, "out": out, "columns": col}


def _crossings(left, right) -> int:
    """Crossings between two wires of one channel, ``left`` on the track left of ``right``'s:
    the left vertical meets the right wire's run out of its source, the right vertical meets the
    left wire's run into its pin."""
    (ys_l, yp_l), (ys_r, yp_r) = left[:2], right[:2]
    lo_l, hi_l, lo_r, hi_r = min(ys_l, yp_l), max(ys_l, yp_l), min(ys_r, yp_r), max(ys_r, yp_r)
    return int(lo_l < ys_r < hi_l) + int(lo_r < yp_l < hi_r)


def order_tracks(edges) -> list:
    """The left-to-right order of a channel's tracks with the fewest crossings (all orders for up
    to six wires, else by the vertical extent)."""
    edges = sorted(edges, key=lambda e: (min(e[0], e[1]), e[0], e[1]))
    if len(edges) > 6:
        return edges
    best, best_n = edges, None
    for perm in permutations(edges):
        n = sum(_crossings(perm[i], perm[j]) for i in range(len(perm)) for j in range(i + 1, len(perm)))
        if best_n is None or n < best_n:
            best, best_n = list(perm), n
    return best


def back_x(op: str, x: float, w: float, h: float, dy: float) -> float:
    """Where a pin at ``dy`` from the centre meets the gate's back edge (curved for OR types)."""
    if op in ("OR", "NOR", "XOR", "XNOR"):
        t = (dy + h / 2) / h
        x_back = x + 2 * t * (1 - t) * 0.26 * w
        return x_back - (0.14 * w if op in ("XOR", "XNOR") else 0.0)
    return x


# ---------------------------------------------------------------------- drawing
def _quad(p0, p1, p2, n=14):
    return [((1 - t) ** 2 * p0[0] + 2 * t * (1 - t) * p1[0] + t * t * p2[0],
             (1 - t) ** 2 * p0[1] + 2 * t * (1 - t) * p1[1] + t * t * p2[1]) for t in (k / n for k in range(n + 1))]


def draw_gate(c, op: str, cx: float, cy: float, w: float, h: float, *, fill="paper", stroke="ink", lw=2.0,
              id=None) -> tuple:
    """A gate symbol centred at (cx, cy) in a ``w`` x ``h`` box (output at the right edge);
    returns the output point."""
    x, r = cx - w / 2, max(3.5, h * 0.09)
    body = w - (2 * r if op in BUBBLE else 0)
    top, bot = cy - h / 2, cy + h / 2
    if op in ("AND", "NAND"):
        flat = body - h / 2
        arc = [(x + flat + h / 2 * math.cos(a), cy + h / 2 * math.sin(a))
               for a in (-math.pi / 2 + math.pi * k / 20 for k in range(21))]
        pts = [(x, top)] + arc + [(x, bot)]
    elif op in ("OR", "NOR", "XOR", "XNOR"):
        back = _quad((x, bot), (x + 0.52 * w * 0.5, cy), (x, top))
        upper = _quad((x, top), (x + 0.62 * body, top), (x + body, cy))
        lower = _quad((x + body, cy), (x + 0.62 * body, bot), (x, bot))
        pts = upper + lower[1:] + back[1:]
        if op in ("XOR", "XNOR"):
            extra = [(px - 0.14 * w, py) for px, py in back]
            c.polyline(extra, color=stroke, lw=lw)
    else:  # NOT, BUF: a triangle
        pts = [(x, cy - h * 0.42), (x + body, cy), (x, cy + h * 0.42)]
    c.polygon(pts, fill=fill, stroke=stroke, lw=lw)
    if op in BUBBLE:
        c.circle(x + body + r, cy, r, fill=fill, stroke=stroke, lw=lw * 0.9)
    c.register(id, box=(x - (0.14 * w if op in ("XOR", "XNOR") else 0), top, x + w, bot))
    return (x + w, cy)


def draw_circuit(c, circuit: dict, lay: dict, *, labels: dict, color="ink", prefix="", out_label="OUT") -> None:
    """Wires, junction dots, input terminals (with ``labels``), gates (``{prefix}gate:k``) and
    the output terminal."""
    gw, gh = lay["gate"]
    lw = 2.2
    for wire in lay["wires"]:
        c.polyline(wire["pts"], color=color, lw=lw)
    for x, y in lay["dots"]:
        c.circle(x, y, 4.2, fill=color)
    for s in circuit["inputs"]:
        x, y = lay["pos"][s]
        c.circle(x, y, 4.5, fill=color, id=f"{prefix}input:{s}")
        c.text(x - 12, y, labels[s], size=17, anchor="r", bold=True)
    for k, g in enumerate(circuit["gates"]):
        x, y = lay["pos"][f"g{k}"]
        draw_gate(c, g["op"], x, y, gw, gh, stroke=color, id=f"{prefix}gate:{k}")
    ox, oy = lay["out"]
    c.circle(ox, oy, 5.5, fill="paper", stroke=color, lw=2.0, id=f"{prefix}output")
    c.text(ox, oy + 20, out_label, size=15, bold=True, color="muted")
