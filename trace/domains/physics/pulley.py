"""physics/pulley: an ideal block and tackle -- a fixed upper block, a movable lower block carrying
the load, one rope reeved over the sheaves, its free end pulled down by the effort.

The rope strands that hold up the movable block (those reaching it) give the mechanical advantage:
load = strands x effort (ideal: massless, frictionless pulleys).  The effort strand leaves the upper
block and does not reach the movable block; cut rope ends hanging from the upper block are decoys.
Difficulty grows the strand count and the number of cut strands.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.mechanics import block, force_arrow, hatched_support, pulley_wheel, tag

W, H = 900, 540
STRANDS = {1: (2, 3), 2: (2, 6), 3: (5, 8)}
CUTS = {1: (0, 0), 2: (0, 2), 3: (1, 3)}
SP = 34                      # strand spacing (sheave diameter)
TOP_Y, TOP_H = 60, 44        # upper block
LOW_Y, LOW_H = 330, 40       # lower (movable) block
EFFORTS = range(3, 25)       # the effort when it is asked for (N)


def loads_for(difficulty):
    lo, hi = STRANDS[difficulty]
    return [v for v in range(6, 61 if difficulty < 3 else 121)
            if any(v % n == 0 and v // n >= 2 for n in range(lo, hi + 1))]


def geometry(state):
    """x of each supporting strand and of the effort strand, and the cut strands' x (left to right)."""
    n = state["strands"]
    x0 = W / 2 - 70 - (n - 1) * SP / 2
    xs = [x0 + k * SP for k in range(n)]
    effort_x = xs[-1] + SP
    cuts = []
    left = [k for k, side in enumerate(state["cuts"]) if side == "left"]
    right = [k for k, side in enumerate(state["cuts"]) if side == "right"]
    for j, _ in enumerate(left):
        cuts.append(xs[0] - SP * (j + 1))
    for j, _ in enumerate(right):
        cuts.append(effort_x + 150 + SP * j)
    return xs, effort_x, sorted(cuts)


class Pulley(Scene):
    domain, scene_id, size = "physics", "pulley", (W, H)
    description = "An ideal block and tackle: upper and lower pulley blocks, rope strands, a labelled load and effort."
    megapixels = (0.85, 1.1)

    def sample(self, rng, difficulty):
        lo, hi = STRANDS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        c_lo, c_hi = CUTS[difficulty]
        k = int(rng.integers(c_lo, c_hi + 1))
        cuts = [str(rng.choice(["left", "right"])) for _ in range(k)]
        lengths = [int(rng.integers(70, 170)) for _ in range(k)]
        effort = int(rng.integers(3, 20))
        return {"strands": n, "cuts": cuts, "cut_lengths": lengths, "effort": effort, "load": effort * n,
                "unknown": "effort"}

    def render(self, c, state, params):
        n = state["strands"]
        xs, ex, cuts = geometry(state)
        r = SP / 2
        left = min([xs[0]] + cuts) - 22
        right = max([ex] + cuts) + 22
        hatched_support(c, left - 30, TOP_Y - 26, right + 30)
        c.line((left + right) / 2, TOP_Y - 26, (left + right) / 2, TOP_Y, color="ink", lw=3.0)
        c.rect(left, TOP_Y, right - left, TOP_H, fill="panel", stroke="ink", lw=2.0, id="upper_block")
        lo_left, lo_right = xs[0] - 22, xs[-1] + 22
        c.rect(lo_left, LOW_Y, lo_right - lo_left, LOW_H, fill="panel", stroke="ink", lw=2.0, id="movable_block")
        up_y, lo_y = TOP_Y + TOP_H / 2, LOW_Y + LOW_H / 2
        rope = "brown"
        # sheaves: strand k and k+1 meet below (lower block) or above (upper block); the last strand goes over
        # an upper sheave into the effort strand
        pairs = []
        for k in range(n):          # pair (k, k+1) with k+1 == n meaning the effort strand
            top = (n - k) % 2 == 1
            pairs.append((k, top))
        for k, top in pairs:
            cx = xs[k] + r
            cy = up_y if top else lo_y
            pulley_wheel(c, cx, cy, r - 2, fill="paper")
            a0, a1 = (math.pi, 2 * math.pi) if top else (0.0, math.pi)
            arc = [(cx + r * math.cos(a0 + (a1 - a0) * i / 16), cy + r * math.sin(a0 + (a1 - a0) * i / 16))
                   for i in range(17)]
            c.polyline(arc, color=rope, lw=2.5)
        # dead end of strand 0: anchored to the upper block when strands 0 and 1 meet below, else to the lower
        anchored_top = n > 1 and not pairs[0][1]
        for k, x in enumerate(xs):
            c.line(x, up_y, x, lo_y, color=rope, lw=2.5)
            c.register(f"strand:{k}", segment=((x, up_y), (x, lo_y)))
        c.circle(xs[0], up_y if anchored_top else lo_y, 5.0, fill="ink")
        # effort strand
        e_end = LOW_Y - 120
        c.line(ex, up_y, ex, e_end, color=rope, lw=2.5)
        force_arrow(c, ex, e_end - 2, ex, e_end + 46, color="red", lw=3.0)
        e_text = "effort = ? N" if state["unknown"] == "effort" else f"effort = {state['effort']} N"
        tag(c, ex + 16, e_end + 14, e_text, size=16, bold=True, anchor="l", stroke="red", id="effort")
        # cut strands
        for k, x in enumerate(cuts):
            length = state["cut_lengths"][k]
            y1 = TOP_Y + TOP_H + length
            c.line(x, TOP_Y + TOP_H, x, y1, color=rope, lw=2.5)
            c.line(x, y1, x - 5, y1 + 8, color=rope, lw=1.5)
            c.line(x, y1, x + 5, y1 + 8, color=rope, lw=1.5)
            c.line(x, y1, x, y1 + 9, color=rope, lw=1.5)
        # load
        cx = (lo_left + lo_right) / 2
        c.line(cx, LOW_Y + LOW_H, cx, LOW_Y + LOW_H + 22, color="ink", lw=2.5)
        l_text = "load = ? N" if state["unknown"] == "load" else f"load = {state['load']} N"
        bw = max(120.0, c.text_width(l_text, size=17, bold=True) + 24)
        block(c, cx - bw / 2, LOW_Y + LOW_H + 22, bw, 64, l_text, fill="paper", size=17, id="load")
        c.text(W - 24, H - 24, "ideal pulleys: massless, frictionless", size=14, color="muted", anchor="r")


SCENE = Pulley()
task = SCENE.task


@task("pulley_mechanical_advantage", answer="integer", annotation="bbox_map", ops="counting,formula_evaluation",
      queries=("missing_effort_force_value", "missing_load_force_value"))
def pulley_mechanical_advantage(q):
    lo, hi = STRANDS[q.difficulty]
    if q.query_id == "missing_effort_force_value":
        effort = q.target(EFFORTS)

        def plant(st, r):
            st["effort"], st["load"], st["unknown"] = effort, effort * st["strands"], "effort"
            return st
    else:
        load = q.target(loads_for(q.difficulty))

        def plant(st, r):
            ns = [n for n in range(lo, hi + 1) if load % n == 0 and load // n >= 2]
            n = ns[int(r.integers(len(ns)))]
            st["strands"], st["load"], st["effort"], st["unknown"] = n, load, load // n, "load"
            return st

    s = q.edit(plant)
    n = s["strands"]
    q.require(s["load"] == n * s["effort"], "load and effort do not match the strands")
    ans = s["effort"] if s["unknown"] == "effort" else s["load"]
    q.step("count_supporting_strands", strands=n, cut_strands=len(s["cuts"]))
    q.step("ideal_pulley", load=s["load"], effort=s["effort"], mechanical_advantage=n, unknown=s["unknown"],
           result=ans)
    wit = {"load": "load", "effort": "effort", "movable_block": "movable_block"}
    if s["unknown"] == "effort":
        question = ("The block and tackle is ideal (massless, frictionless pulleys) and holds the load at rest. "
                    "Count the rope strands that support the movable lower block. What effort force, in newtons, "
                    "is needed on the free end of the rope?")
    else:
        question = ("The block and tackle is ideal (massless, frictionless pulleys) and the effort on the free end "
                    "of the rope holds the load at rest. Count the rope strands that support the movable lower "
                    "block. What is the load, in newtons?")
    return q.answer(ans, witnesses=wit, question=question, examples=[8, 24])
