"""pages/workspace: a professional application workspace -- two shuffled guides (context cues naming
rows, action cues naming Key columns), then a grid of lettered controls: context rows across coded
"Key" columns.  A control may be shown disabled (gray dashed outline, struck through),
highlighted (a thick blue outline) or with a warning sign (an orange warning triangle).  Prompts
name the states by these cues, not by their colours.

Tasks count a row's controls in one visible state (planted), and give the candidate letter of the
control picked by a context cue and a stated Key, or by a named row and an action cue.
Difficulty grows the grid (2 x 4, 3 x 5, 4 x 6).
"""

from __future__ import annotations

import string

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect

ROWS = {"os_file_manager": ("Location", ("Desktop", "Downloads", "Projects", "Documents", "Shared")),
        "cad_workspace": ("Object", ("Object A", "Object B", "Object C", "Object D", "Object E")),
        "office_document": ("Target", ("App", "Doc", "Sheet", "Slide", "Mail")),
        "developer_ide": ("Panel", ("Layout", "Display", "Model", "API", "Tests")),
        "creative_workspace": ("Layer", ("Sketch", "Inspect", "Paint", "Type", "Mask")),
        "scientific_plotter": ("Series", ("Raw", "Fitted", "Residual", "Baseline", "Control"))}
KEYS = ("K1", "M2", "R3", "T4", "V5", "X6")
PHRASES = ("pick file", "extra choices", "choose file", "quick view", "write file", "read span", "flip item",
           "edge box", "find text", "wide value", "write disk", "snap grid", "mark range", "copy style", "trim edge")
CUES = ("S2", "D3", "Q1", "B7", "H4", "N8")
SYMBOLS = ("@", "%", "&", "#", "*", "+")
STATES = {"disabled": ("gray", "disabled (struck through)"),
          "highlighted": ("blue", "highlighted (drawn with a thick outline)"),
          "warning": ("orange", "marked with a warning sign")}
VARIANTS = tuple(ROWS)
SHAPE = {1: (2, 4), 2: (3, 5), 3: (4, 6)}
W, H = 1280, 800


def make_workspace(rng, difficulty) -> dict:
    variant = VARIANTS[int(rng.integers(len(VARIANTS)))]
    n_rows, n_cols = SHAPE[difficulty]
    kind, pool = ROWS[variant]
    rows = [pool[int(i)] for i in sorted(rng.choice(len(pool), size=n_rows, replace=False))]
    keys = list(KEYS[:n_cols])
    letters = [str(x) for x in rng.choice(list(string.ascii_uppercase), size=n_rows * n_cols, replace=False)]
    states = list(STATES) + ["normal", "normal"]
    cells = [[{"letter": letters[r * n_cols + k], "state": states[int(rng.integers(len(states)))]}
              for k in range(n_cols)] for r in range(n_rows)]
    phrases = [PHRASES[int(i)] for i in rng.choice(len(PHRASES), size=n_cols, replace=False)]
    action_guide = [[p, keys[int(k)]] for p, k in zip(phrases, rng.permutation(n_cols))]
    cues = [CUES[int(i)] for i in rng.choice(len(CUES), size=n_rows, replace=False)]
    context_guide = [[cues[j], rows[int(r)]] for j, r in enumerate(rng.permutation(n_rows))]
    return {"variant": variant, "kind": kind, "rows": rows, "keys": keys, "cells": cells,
            "action_guide": action_guide, "context_guide": context_guide}


class Workspace(Scene):
    domain, scene_id, size = "pages", "workspace", (W, H)
    megapixels = (0.85, 1.2)
    description = ("A professional application workspace: shuffled guides of context and action cues, then a grid of "
                   "lettered controls in context rows under coded Key columns, some disabled (struck through), "
                   "highlighted (thick outline) or marked with a warning sign.")

    def sample(self, rng, difficulty):
        return make_workspace(rng, difficulty)

    def render(self, c, state, params):
        x0, y0, x1, y1 = pagekit.app_chrome(c, (24, 20, W - 24, H - 20), state["variant"])
        gx0, gx1 = x0 + 36, x1 - 36
        y = y0 + 14
        for title, guide, fmt in (("Context cue guide", state["context_guide"], lambda a, b: (a, b)),
                                  ("Action cue guide", state["action_guide"], lambda a, b: (a, f"Key {b}"))):
            rounded_rect(c, gx0, y, gx1 - gx0, 62, radius=8, fill="panel", stroke="grid", lw=1.0)
            c.text(gx0 + 14, y + 31, title, size=15, anchor="l", color=c.text_on("panel"))
            cw = (gx1 - gx0 - 200) / len(guide)
            for j, (a, b) in enumerate(guide):
                top, bottom = fmt(a, b)
                bx = gx0 + 186 + j * cw
                fill = blend(c.style.series(j % 6), c.color("paper"), 0.12)
                rounded_rect(c, bx, y + 8, cw - 10, 46, radius=7, fill=fill, stroke=c.style.series(j % 6), lw=1.2)
                c.text(bx + (cw - 10) / 2, y + 22, top, size=13, color=c.text_on(fill))
                c.text(bx + (cw - 10) / 2, y + 40, bottom, size=13, color=c.text_on(fill))
            y += 72
        n_rows, n_cols = len(state["rows"]), len(state["keys"])
        head_w = 230
        tx0, ty0 = gx0, y + 6
        cw = (gx1 - tx0 - head_w - 10) / n_cols
        rh = min(100.0, (y1 - 16 - ty0 - 44) / n_rows)
        for k, key in enumerate(state["keys"]):
            bx = tx0 + head_w + 10 + k * cw
            fill = blend(c.style.series(k % 6), c.color("paper"), 0.14)
            rounded_rect(c, bx + 3, ty0, cw - 6, 34, radius=6, fill=fill, stroke=c.style.series(k % 6), lw=1.2,
                         id=f"head:{k}")
            c.text(bx + cw / 2, ty0 + 17, f"Key {key}", size=14, color=c.text_on(fill))
        for r, name in enumerate(state["rows"]):
            ry = ty0 + 44 + r * rh
            rounded_rect(c, tx0, ry + 3, head_w, rh - 6, radius=7, fill="paper", stroke="grid", lw=1.0, id=f"row:{r}")
            c.text(tx0 + 16, ry + rh / 2, f"{state['kind']}: {name}", size=15, anchor="l")
            for k, cell in enumerate(state["cells"][r]):
                bx = tx0 + head_w + 10 + k * cw
                self._cell(c, (bx + 3, ry + 3, bx + cw - 3, ry + rh - 3), cell, SYMBOLS[k], f"cell:{r}:{k}")

    def _cell(self, c, box, cell, symbol, id):
        x0, y0, x1, y1 = box
        st = cell["state"]
        colour = STATES[st][0] if st in ("disabled", "highlighted") else "muted"
        rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8, fill="paper", stroke=colour,
                     lw=3.2 if st == "highlighted" else 1.6, id=id, dash=[6.0, 4.0] if st == "disabled"
                     else None)
        pagekit.letter_badge(c, x0 + 18, y0 + 18, cell["letter"], r=13)
        c.text((x0 + x1) / 2, (y0 + y1) / 2 + 8, symbol, size=16, color="muted" if st == "disabled" else "ink")
        if st == "disabled":
            c.line(x0 + 8, y1 - 8, x1 - 8, y0 + 8, color="gray", lw=1.6)
        elif st == "warning":
            pagekit.marker(c, "warning", x1 - 18, y0 + 18, 20)


SCENE = Workspace()
task = SCENE.task
INTRO = ("The screen shows an application workspace with shuffled cue guides, context rows, coded Key columns and "
         "lettered controls.")


def _offer(q):
    q.offer(sum(len(r) for r in q.state["cells"]), "image")


# ---------------------------------------------------------------------- tasks
@task("context_control_count", answer="integer", annotation="bbox_set", ops="counting")
def context_control_count(q):
    s = q.state
    n_cols = len(s["keys"])
    t = q.target(range(0, min(5, n_cols) + 1), stratified=True)
    r = q.param("row", lambda rng: int(rng.integers(len(s["rows"]))))
    state = q.choice("visible_state", list(STATES))

    def plant(st, rng):
        chosen = {int(i) for i in rng.choice(n_cols, size=t, replace=False)}
        others = [x for x in list(STATES) + ["normal"] if x != state]
        for k, cell in enumerate(st["cells"][r]):
            cell["state"] = state if k in chosen else others[int(rng.integers(len(others)))]
        return st

    s = q.edit(plant)
    hits = [k for k, cell in enumerate(s["cells"][r]) if cell["state"] == state]
    q.step("count", row=s["rows"][r], state=state, letters=[s["cells"][r][k]["letter"] for k in hits])
    return q.answer(len(hits), witnesses=[f"cell:{r}:{k}" for k in hits],
                    question=f'{INTRO} How many controls in the "{s["rows"][r]}" context row are '
                             f"{STATES[state][1]}?")


@task("context_guide_control_label", answer="option_letter", annotation="bbox", ops="matching")
def context_guide_control_label(q):
    s = q.state
    cue, row_name = q.choice("cue", [tuple(x) for x in s["context_guide"]])
    key = q.choice("key", s["keys"])
    r, k = s["rows"].index(row_name), s["keys"].index(key)
    _offer(q)
    letter = s["cells"][r][k]["letter"]
    q.step("resolve", cue=cue, row=row_name, key=key, letter=letter)
    return q.answer(letter, witnesses=f"cell:{r}:{k}",
                    question=f'{INTRO} Use the context cue guide to find the row for cue "{cue}", then take the '
                             f"control in column Key {key}. Which candidate letter is on that control?")


@task("control_label", answer="option_letter", annotation="bbox", ops="matching")
def control_label(q):
    s = q.state
    phrase, key = q.choice("action", [tuple(x) for x in s["action_guide"]])
    r = q.param("row", lambda rng: int(rng.integers(len(s["rows"]))))
    k = s["keys"].index(key)
    _offer(q)
    letter = s["cells"][r][k]["letter"]
    q.step("resolve", row=s["rows"][r], action=phrase, key=key, letter=letter)
    return q.answer(letter, witnesses=f"cell:{r}:{k}",
                    question=f'{INTRO} Instruction: in the "{s["rows"][r]}" row, choose the control for "{phrase}" '
                             "(look the cue up in the action cue guide to find its Key column). Which candidate "
                             "letter marks that control?")
