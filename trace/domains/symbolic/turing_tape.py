"""symbolic/turing_tape: a one-tape machine over the symbols 0 and 1.  A panel shows the tape (cells
numbered from 1 at the left), the head above its starting cell with the start state S0; a
transition table below gives, for every state and read symbol, the symbol to write, the move (L or
R, one cell) and the next state.  The machine runs a fixed number of steps (stated in the
question) and never moves off the tape.

Difficulty grows the tape (6-7, 9-10, 11-12 cells), the states (2, 3-4, 4-5) and the steps (2-3,
3-6, 6-9).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.cards import rounded_rect

W, H = 740, 680
CELLS = {1: (6, 7), 2: (9, 10), 3: (11, 12)}
STATES = {1: (2, 2), 2: (3, 4), 3: (4, 5)}
STEPS = {1: (2, 3), 2: (3, 6), 3: (6, 9)}
RULE = ("At each step, find the table row for the current state and the symbol under the head, write that row's "
        "symbol into the cell, move the head one cell left (L) or right (R), and switch to the row's next state.")


def run(state):
    """(tape, head, machine state) after the machine's steps, or None when the head leaves the tape."""
    tape, head, cur = list(state["tape"]), state["head"], 0
    rules = {(row[0], row[1]): row[2:] for row in state["table"]}
    for _ in range(state["steps"]):
        write, move, nxt = rules[(cur, tape[head])]
        tape[head] = write
        head += 1 if move == "R" else -1
        cur = nxt
        if not 0 <= head < len(tape):
            return None
    return tape, head, cur


def random_machine(rng, level):
    k = int(rng.integers(STATES[level][0], STATES[level][1] + 1))
    n = int(rng.integers(CELLS[level][0], CELLS[level][1] + 1))
    table = [[q, sym, int(rng.integers(2)), "LR"[int(rng.integers(2))], int(rng.integers(k))]
             for q in range(k) for sym in (0, 1)]
    return {"level": level, "states": k, "tape": [int(v) for v in rng.integers(0, 2, size=n)],
            "head": int(rng.integers(n)), "table": table,
            "steps": int(rng.integers(STEPS[level][0], STEPS[level][1] + 1))}


class TuringTape(Scene):
    domain, scene_id, size = "symbolic", "turing_tape", (W, H)
    megapixels = (0.5, 0.66)
    description = ("A one-tape machine: a tape of numbered 0/1 cells with the head and its start state above one "
                   "cell, and a transition table (state, read, write, move, next).")

    def sample(self, rng, difficulty):
        return random_machine(rng, difficulty)

    def render(self, c, state, params):
        tape = state["tape"]
        n = len(tape)
        cw = min(54.0, (W - 80) / n)
        x0 = (W - n * cw) / 2
        rounded_rect(c, x0 - 24, 20, n * cw + 48, 210, radius=14, fill="panel", stroke="ink", lw=1.5,
                     id="machine_panel")
        ty = 120
        fill1 = f"series:{c.style.accent % 6}"
        for i, sym in enumerate(tape):
            x = x0 + i * cw
            fill = fill1 if sym else "paper"
            c.rect(x + 2, ty, cw - 4, cw - 4, fill=fill, stroke="ink", lw=1.4, id=f"cell:{i}")
            c.text(x + cw / 2, ty + (cw - 4) / 2, str(sym), size=22, bold=True, color=c.text_on(fill))
            c.text(x + cw / 2, ty + cw + 12, str(i + 1), size=14, color="muted", kind="tick")
        hx = x0 + (state["head"] + 0.5) * cw
        label = "HEAD S0"
        lw = c.text_width(label, size=15, bold=True) + 18
        rounded_rect(c, hx - lw / 2, 44, lw, 28, radius=12, fill="paper", stroke="ink", lw=1.2, id="head")
        c.text(hx, 58, label, size=15, bold=True, color=c.text_on("paper"))
        c.arrow(hx, 74, hx, ty - 4, color="ink", lw=2.4, head=11)
        c.text(x0, 212, "symbols: 0, 1", size=15, anchor="l", color="muted")
        heads = ("State", "Read", "Write", "Move", "Next")
        rows = state["table"]
        rh = min(40.0, (H - 290) / (len(rows) + 1))
        tx, tw = 120, W - 240
        top = 260
        rounded_rect(c, tx - 14, top - 12, tw + 28, rh * (len(rows) + 1) + 24, radius=12, fill="panel",
                     stroke="ink", lw=1.5, id="transition_table")
        colw = tw / 5
        c.rect(tx, top, tw, rh, fill="paper")
        for k, head in enumerate(heads):
            c.text(tx + (k + 0.5) * colw, top + rh / 2, head, size=16, bold=True, color=c.text_on("paper"))
        for i, (q, sym, write, move, nxt) in enumerate(rows):
            y = top + (i + 1) * rh
            c.line(tx, y, tx + tw, y, color="muted", lw=1.0)
            for k, text in enumerate((f"S{q}", str(sym), str(write), move, f"S{nxt}")):
                c.text(tx + (k + 0.5) * colw, y + rh / 2, text, size=16)
            c.register(f"rule:{i}", box=(tx, y, tx + tw, y + rh))


SCENE = TuringTape()
task = SCENE.task


def _lead(s):
    return ("The image shows a tape machine: a tape of cells numbered from 1 at the left, the head above its "
            "starting cell in state S0, and a transition table. " + RULE + f" Run the machine for {s['steps']} steps.")


def _machine(q, accept, tries=600):
    """A machine of the level whose run stays on the tape and passes ``accept``."""
    def edit(s, r):
        for _ in range(tries):
            m = random_machine(r, s["level"])
            out = run(m)
            if out is not None and accept(m, out):
                return m
        q.reject("no machine reaching the target")

    return q.edit(edit)


WITNESSES = {"machine_panel": "machine_panel", "transition_table": "transition_table"}


@task("final_head_position_value", answer="integer", annotation="bbox_map", ops="state_update")
def final_head_position_value(q):
    t = q.target(range(1, CELLS[q.difficulty][1] + 1), stratified=True)
    s = _machine(q, lambda m, out: out[1] + 1 == t)
    tape, head, cur = run(s)
    q.step("simulate", tape=tape, head=head, state=cur)
    return q.answer(head + 1, witnesses=WITNESSES,
                    question=f"{_lead(s)} On which numbered cell is the head then?")


COUNTS = {1: range(1, 6), 2: range(1, 8), 3: range(2, 10)}


@task("turing_written_symbol_count", answer="integer", annotation="bbox_map", ops="counting,state_update")
def turing_written_symbol_count(q):
    sym = q.param("symbol", lambda r: int(r.integers(2)))
    t = q.target(COUNTS[q.difficulty], stratified=True)

    def fits(m, out):
        return out[0].count(sym) == t and out[0] != m["tape"]

    s = _machine(q, fits)
    tape, head, cur = run(s)
    q.step("simulate", tape=tape, head=head, state=cur)
    return q.answer(tape.count(sym), witnesses=WITNESSES,
                    question=f"{_lead(s)} How many cells of the tape show {sym} afterwards?")
