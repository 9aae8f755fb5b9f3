"""symbolic/agent_automaton: a turning agent (a turmite) on a small grid that wraps round at its edges.
Each step the cell under the agent turns it and changes, then the agent moves one cell forward:

* binary rule (Langton's ant): a white cell turns the agent right and becomes blue, a blue cell
  turns it left and becomes white;
* three-state rule: a cell in state 0 turns the agent right and becomes 1, state 1 keeps its
  direction and becomes 2, state 2 turns it left and becomes 0 (states are printed in the cells).

The START grid shows the agent as a red arrow in its cell, pointing the way it faces; rows and
columns are numbered.  Four lettered options show the agent's final cell and direction, or the
whole grid after the steps; the wrong ones are the usual slips (one step too few or too many, the
turns swapped, a cell off).  Difficulty grows the grid (3 x 3, 3-5 a side, 5-6 a side) and the
steps (2-3, 3-6, 6-9).
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.options import insert_at
from tracegen.core.task import Scene
from tracegen.kits.cards import label_badge, rounded_rect
from tracegen.kits.grid import Grid, draw_cell_grid

LETTERS = "ABCD"
SIDES = {1: (3, 3), 2: (3, 5), 3: (5, 6)}
STEPS = {1: (2, 3), 2: (3, 6), 3: (6, 9)}
MOVES = ((-1, 0), (0, 1), (1, 0), (0, -1))          # up, right, down, left
BINARY_FILLS = {0: "white", 1: "blue"}
THREE_FILLS = {0: "white", 1: "cyan", 2: "yellow"}
SRC, OPT, MINI, GAP, MARGIN = 46.0, 28.0, 22.0, 20.0, 22.0
RULES = {
    "binary": ("Binary rule: before moving, a white cell turns the agent right and becomes blue, and a blue cell "
               "turns it left and becomes white."),
    "three": ("Three-state rule (each cell shows its state): before moving, a cell in state 0 turns the agent right "
              "and becomes 1, state 1 keeps the agent's direction and becomes 2, and state 2 turns the agent left "
              "and becomes 0."),
}
MOVE = ("Then the agent moves one cell forward; leaving the grid at an edge brings it back in at the opposite edge.")


def simulate(cells, agent, steps, rule, *, swap=False):
    """(cells, (row, col, direction)) after ``steps`` steps; ``swap`` exchanges left and right turns."""
    cells = [list(row) for row in cells]
    r, c, d = agent
    rows, cols = len(cells), len(cells[0])
    for _ in range(steps):
        v = cells[r][c]
        if rule == "binary":
            turn = 1 if v == 0 else -1
            cells[r][c] = 1 - v
        else:
            turn = (1, 0, -1)[v]
            cells[r][c] = (v + 1) % 3
        d = (d - turn if swap else d + turn) % 4
        r, c = (r + MOVES[d][0]) % rows, (c + MOVES[d][1]) % cols
    return cells, [r, c, d]


def draw_agent(c, box, d, *, id=None, scale=0.36):
    """The agent: a red arrow in ``box`` pointing in direction ``d``."""
    x0, y0, x1, y1 = box
    cx, cy, s = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) * scale
    fx, fy = MOVES[d][1], MOVES[d][0]                 # forward (x, y)
    px, py = -fy, fx                                  # sideways

    def at(forward, side):
        return cx + (fx * forward + px * side) * s, cy + (fy * forward + py * side) * s

    pts = [at(1, 0), at(-0.7, 0.75), at(-0.25, 0), at(-0.7, -0.75)]
    c.polygon(pts, fill="red", stroke="black", lw=1.5, id=id)


class AgentAutomaton(Scene):
    domain, scene_id, size = "symbolic", "agent_automaton", (640, 480)
    megapixels = (0.1, 0.12)          # the layout's own size: the image grows with the grid
    description = ("A turning agent (turmite) on a wrapping grid with numbered rows and columns, shown as a red "
                   "arrow on a START grid above four lettered options: final poses or future grids.")

    def variant(self, state):
        return state["rule"]

    def _card(self, state):
        rows, cols = state["rows"], state["cols"]
        cell = MINI if state["layout"] == "pose" else OPT
        return cols * cell + 40, rows * cell + 64

    def canvas_size(self, state):
        rows, cols = state["rows"], state["cols"]
        cw, ch = self._card(state)
        w = max(4 * cw + 3 * GAP + 2 * MARGIN, cols * SRC + 140)
        return int(w), int(rows * SRC + ch + 150)

    def sample(self, rng, difficulty):
        lo, hi = SIDES[difficulty]
        rows, cols = (int(v) for v in rng.integers(lo, hi + 1, size=2))
        rule = "binary" if rng.random() < 0.5 else "three"
        k = 2 if rule == "binary" else 3
        return {"level": difficulty, "rows": rows, "cols": cols, "rule": rule,
                "cells": [[int(v) for v in rng.integers(0, k, size=cols)] for _ in range(rows)],
                "agent": [int(rng.integers(rows)), int(rng.integers(cols)), int(rng.integers(4))],
                "steps": int(rng.integers(STEPS[difficulty][0], STEPS[difficulty][1] + 1)), "layout": "pose",
                "options": []}

    def claims(self, state, params):
        """The agent is the red arrow; under the binary rule the prompt names cells white and blue."""
        out = [Claim("agent", "colour", "red")]
        if state["layout"] == "pose":
            out += [Claim(f"{L}:agent", "colour", "red") for L in LETTERS[:len(state["options"])]]
        if state["rule"] == "binary":
            out += [Claim(f"cell:{r}:{k}", "colour", BINARY_FILLS[v]) for r, row in enumerate(state["cells"])
                    for k, v in enumerate(row)]
            if state["layout"] == "grid":
                out += [Claim(f"{L}:cell:{r}:{k}", "colour", BINARY_FILLS[v])
                        for L, opt in zip(LETTERS, state["options"]) for r, row in enumerate(opt)
                        for k, v in enumerate(row)]
        return out

    def render(self, c, state, params):
        w, _ = self.canvas_size(state)
        rows, cols = state["rows"], state["cols"]
        fills = BINARY_FILLS if state["rule"] == "binary" else THREE_FILLS
        g = Grid((w - cols * SRC) / 2 + 10, 74, rows, cols, SRC)
        rounded_rect(c, g.x0 - 48, 14, g.x1 - g.x0 + 66, g.y1 - 14 + 16, radius=12, fill="panel", stroke="ink",
                     lw=1.5)
        c.text(g.x0 - 30, 40, "START", size=15, bold=True, anchor="l")
        for k in range(cols):
            c.text((g.x0 + k * SRC + SRC / 2), g.y0 - 14, f"c{k + 1}", size=14, color="muted")
        for r in range(rows):
            c.text(g.x0 - 24, g.y0 + r * SRC + SRC / 2, f"r{r + 1}", size=14, color="muted")
        self._cells(c, g, state["cells"], fills, "cell", state["rule"], corner=True)
        c.register("source_grid", box=(g.x0, g.y0, g.x1, g.y1))
        ar, ak, ad = state["agent"]
        draw_agent(c, g.box(ar, ak), ad, id="agent", scale=0.36 if state["rule"] == "binary" else 0.3)
        c.register("start_marker", box=g.box(ar, ak))
        cw, ch = self._card(state)
        y = g.y1 + 40
        for i, (L, opt) in enumerate(zip(LETTERS, state["options"])):
            x = MARGIN + i * (cw + GAP) + (w - 2 * MARGIN - 4 * cw - 3 * GAP) / 2
            rounded_rect(c, x, y, cw, ch, radius=12, fill="panel", stroke="ink", lw=1.5, id=f"option:{L}")
            label_badge(c, x + 8, y + 6, L, size=15)
            if state["layout"] == "grid":
                self._cells(c, Grid(x + 20, y + 38, rows, cols, OPT), opt, fills, f"{L}:cell", state["rule"])
            else:
                mg = Grid(x + 20, y + 36, rows, cols, MINI)
                for r in range(rows):
                    for k in range(cols):
                        c.rect(*mg.box(r, k)[:2], MINI, MINI, fill="paper", stroke="gray", lw=1.0)
                draw_agent(c, mg.box(opt[0], opt[1]), opt[2], id=f"{L}:agent")
                c.text(x + cw / 2, y + ch - 13, f"r{opt[0] + 1}, c{opt[1] + 1}", size=14, color="ink")

    @staticmethod
    def _cells(c, g, values, fills, prefix, rule, corner=False):
        """The cells in their fills; under the three-state rule each with its state, in the corner
        where the agent may stand."""
        draw_cell_grid(c, g, values, fills, prefix=prefix, stroke="gray", lw=1.2)
        if rule == "three":
            for r, row in enumerate(values):
                for k, v in enumerate(row):
                    x0, y0, x1, y1 = g.box(r, k)
                    if corner:
                        c.text(x0 + 4, y0 + 2, str(v), size=13, bold=True, color="black", anchor="l", valign="t")
                    else:
                        c.text((x0 + x1) / 2, (y0 + y1) / 2, str(v), size=13, bold=True, color="black")


SCENE = AgentAutomaton()
task = SCENE.task


def _question(s, ask):
    return (f"The image shows a turning agent (the red arrow, pointing the way it faces) on a grid marked START with "
            f"numbered rows (r) and columns (c). {RULES[s['rule']]} {MOVE} After {s['steps']} steps, {ask} Answer "
            "with its letter.")


@task("agent_final_pose_label", answer="option_letter", annotation="bbox_map", ops="state_update")
def agent_final_pose_label(q):
    q.offer(4, "image")
    letter = q.target(LETTERS, stratified=True)

    def edit(s, r):
        args = (s["cells"], s["agent"])
        right = simulate(*args, s["steps"], s["rule"])[1]
        rows, cols = s["rows"], s["cols"]
        slips = [simulate(*args, s["steps"] - 1, s["rule"])[1], simulate(*args, s["steps"] + 1, s["rule"])[1],
                 simulate(*args, s["steps"], s["rule"], swap=True)[1], right[:2] + [(right[2] + 2) % 4],
                 right[:2] + [(right[2] + 1) % 4], [(right[0] + 1) % rows, right[1], right[2]],
                 [right[0], (right[1] + 1) % cols, right[2]]]
        wrong = []
        for cand in [slips[int(i)] for i in r.permutation(len(slips))]:
            if cand != right and cand not in wrong:
                wrong.append(cand)
        q.require(len(wrong) >= 3, "too few distinct poses")
        s.update(layout="pose", options=insert_at(letter, right, wrong[:3]))
        return s

    s = q.edit(edit)
    right = simulate(s["cells"], s["agent"], s["steps"], s["rule"])[1]
    k = s["options"].index(right)
    q.step("simulate", pose=right)
    return q.answer(LETTERS[k], witnesses={"start_marker": "start_marker", "selected_option": f"option:{LETTERS[k]}"},
                    question=_question(s, "which lettered option shows the agent's cell and the way it faces?"))


@task("future_grid_label", answer="option_letter", annotation="bbox_map", ops="state_update")
def future_grid_label(q):
    q.offer(4, "image")
    letter = q.target(LETTERS, stratified=True)

    def edit(s, r):
        args = (s["cells"], s["agent"])
        right = simulate(*args, s["steps"], s["rule"])[0]
        k = 2 if s["rule"] == "binary" else 3
        flips = []
        for i in r.permutation(s["rows"] * s["cols"]):
            rr, cc = divmod(int(i), s["cols"])
            g = [list(row) for row in right]
            g[rr][cc] = (g[rr][cc] + 1) % k
            flips.append(g)
        slips = [simulate(*args, s["steps"] - 1, s["rule"])[0], simulate(*args, s["steps"] + 1, s["rule"])[0],
                 simulate(*args, s["steps"], s["rule"], swap=True)[0]]
        wrong = []
        for cand in [slips[int(i)] for i in r.permutation(3)] + flips:
            if cand != right and cand not in wrong:
                wrong.append(cand)
        s.update(layout="grid", options=insert_at(letter, right, wrong[:3]))
        return s

    s = q.edit(edit)
    right = simulate(s["cells"], s["agent"], s["steps"], s["rule"])[0]
    k = s["options"].index(right)
    q.step("simulate", grid=right)
    return q.answer(LETTERS[k], witnesses={"source_grid": "source_grid", "selected_option": f"option:{LETTERS[k]}"},
                    question=_question(s, "which lettered option shows the whole grid?"))
