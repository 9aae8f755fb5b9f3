"""pages/navigation_flow: a desktop application's navigation surface with lettered candidate
controls -- menus (menu > group > row of commands shown by symbols, with a symbol legend), a
ribbon (tab > group of commands, also by symbols) or a sidebar tree (section > folder > named
items).  The surface is the scene's variant; letters are unique on the screen.

Tasks give the candidate letter at the end of a navigation path, and the letter of the other
control in a named candidate's visible group (groups of exactly two are planted).  Difficulty grows
the surface (8, 18-24, 24 candidates; groups of two: 8, 12-16, 16-24).
"""

from __future__ import annotations

import string

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect

SURFACES = ("menu_path", "ribbon_group", "sidebar_tree")
TABS = {"menu_path": ("File", "Edit", "View"), "ribbon_group": ("Home", "Insert", "Review", "Layout"),
        "sidebar_tree": ("Settings", "Library", "Projects", "Team")}
GROUPS = {"menu_path": ("Arrange", "Inspect", "Share"), "ribbon_group": ("Arrange", "Inspect", "Format"),
          "sidebar_tree": ("Pinned", "Recent", "Archived")}
ROW_NAMES = ("Primary", "Advanced")
COMMANDS = ("Align", "Duplicate", "Export", "Compare", "Filter", "Attach", "Rotate", "Merge", "Publish", "Crop")
ITEMS = ("Timeline", "Profile", "Themes", "Backups", "Storage", "Devices", "Alerts", "Privacy", "Reports", "Drafts",
         "Exports", "Tokens")
SYMBOLS = ("@", "%", "&", "#")
SHAPE = {"menu_path": {1: (2, 2, 1, 2), 2: (2, 2, 2, 3), 3: (3, 2, 2, 2)},
         "ribbon_group": {1: (2, 2, 1, 2), 2: (3, 2, 1, 3), 3: (4, 2, 1, 3)},
         "sidebar_tree": {1: (2, 2, 1, 2), 2: (3, 2, 1, 3), 3: (4, 2, 1, 3)}}
VARIANTS = tuple(pagekit.APPS)
W, H = 1280, 800


def make_screen(rng, difficulty, surface=None, per_row=None) -> dict:
    surface = surface or SURFACES[int(rng.integers(len(SURFACES)))]
    n_tabs, n_groups, n_rows, n_cells = SHAPE[surface][difficulty]
    n_cells = per_row or n_cells
    pool = ITEMS if surface == "sidebar_tree" else COMMANDS
    k = 3 if surface != "sidebar_tree" else max(n_cells, 4)
    names = [pool[int(i)] for i in rng.choice(len(pool), size=k, replace=False)]
    letters = iter(str(x) for x in rng.choice(list(string.ascii_uppercase),
                                              size=n_tabs * n_groups * n_rows * n_cells, replace=False))
    tabs = []
    for t in range(n_tabs):
        groups = []
        for g in [int(i) for i in sorted(rng.choice(len(GROUPS[surface]), size=n_groups, replace=False))]:
            rows = []
            for r in range(n_rows):
                cmds = sorted(int(i) for i in rng.choice(len(names), size=n_cells, replace=False))
                rows.append({"name": ROW_NAMES[r] if n_rows > 1 else "", "cells":
                             [{"command": c, "letter": next(letters)} for c in cmds]})
            groups.append({"name": GROUPS[surface][g], "rows": rows})
        tabs.append({"name": TABS[surface][t], "groups": groups})
    return {"variant": surface, "app": VARIANTS[int(rng.integers(len(VARIANTS)))], "names": names, "tabs": tabs}


def cells(state):
    """((t, g, r, c), cell) for every candidate, in drawing order."""
    return [((t, g, r, c), cell) for t, tab in enumerate(state["tabs"]) for g, grp in enumerate(tab["groups"])
            for r, row in enumerate(grp["rows"]) for c, cell in enumerate(row["cells"])]


class NavigationFlow(Scene):
    domain, scene_id, size = "pages", "navigation_flow", (W, H)
    allow_noise = False
    megapixels = (0.85, 1.2)
    description = ("A desktop application's navigation surface -- menus, a ribbon or a sidebar tree -- with lettered "
                   "candidate controls; menu and ribbon commands are shown by symbols explained in a legend.")

    def sample(self, rng, difficulty):
        return make_screen(rng, difficulty)

    def render(self, c, state, params):
        x0, y0, x1, y1 = pagekit.app_chrome(c, (24, 20, W - 24, H - 20), state["app"])
        bx0, bx1 = x0 + 30, x1 - 30
        title = {"menu_path": "Menu Navigator", "ribbon_group": "Ribbon Workspace", "sidebar_tree": "Sidebar Tree"}
        c.text(bx0, y0 + 30, title[state["variant"]], size=19, anchor="l")
        top = y0 + 56
        if state["variant"] != "sidebar_tree":
            lw = (bx1 - bx0 - 220) / len(state["names"])
            for j, name in enumerate(state["names"]):
                lx = bx0 + 220 + j * lw
                rounded_rect(c, lx, y0 + 12, lw - 10, 36, radius=8, fill="panel", stroke="grid", lw=1.0)
                c.text(lx + (lw - 10) / 2, y0 + 30, f"{SYMBOLS[j]} {name}", size=15, color=c.text_on("panel"))
        tabs = state["tabs"]
        tw = (bx1 - bx0 - (len(tabs) - 1) * 12) / len(tabs)
        for t, tab in enumerate(tabs):
            tx = bx0 + t * (tw + 12)
            fill = blend(c.style.series(t), c.color("paper"), 0.16)
            rounded_rect(c, tx, top, tw, 34, radius=8, fill=fill, stroke="grid", lw=1.0, id=f"tab:{t}")
            c.text(tx + tw / 2, top + 17, tab["name"], size=16, bold=True, color=c.text_on(fill))
            self._tab(c, state, t, (tx, top + 44, tx + tw, y1 - 16))

    def _tab(self, c, state, t, box):
        x0, y0, x1, y1 = box
        groups = state["tabs"][t]["groups"]
        sidebar = state["variant"] == "sidebar_tree"
        gh = (y1 - y0 - (len(groups) - 1) * 10) / len(groups)
        for g, grp in enumerate(groups):
            gy = y0 + g * (gh + 10)
            rounded_rect(c, x0, gy, x1 - x0, gh, radius=8, fill="paper", stroke="grid", lw=1.2, id=f"group:{t}:{g}")
            c.text(x0 + 12, gy + 18, grp["name"], size=15, anchor="l", bold=True)
            rows = grp["rows"]
            rh = min(76.0 if not sidebar else gh - 40, (gh - 40) / len(rows))
            for r, row in enumerate(rows):
                ry = gy + 32 + r * rh
                lx = x0 + 12 + (24 if sidebar else 0)          # a tree indents its items
                if row["name"]:
                    c.text(lx, ry + rh / 2, row["name"], size=14, anchor="l", color="muted")
                    lx += 96
                rounded_rect(c, lx - 4, ry + 2, x1 - 8 - (lx - 4), rh - 4, radius=7, fill="panel", lw=1.0,
                             stroke="grid", id=f"row:{t}:{g}:{r}")
                n = len(row["cells"])
                if sidebar:                                    # items one under another
                    ch = min(40.0, (rh - 12 - (n - 1) * 6) / n)
                    boxes = [(lx + 4, ry + 8 + k * (ch + 6), x1 - 16, ry + 8 + k * (ch + 6) + ch) for k in range(n)]
                else:
                    cw = (x1 - 12 - lx - (n - 1) * 8) / n
                    boxes = [(lx + k * (cw + 8), ry + 6, lx + k * (cw + 8) + cw, ry + rh - 6) for k in range(n)]
                for k, (cell, box) in enumerate(zip(row["cells"], boxes)):
                    rounded_rect(c, box[0], box[1], box[2] - box[0], box[3] - box[1], radius=6, fill="paper",
                                 stroke="muted", lw=1.4, id=f"cell:{t}:{g}:{r}:{k}")
                    rr = min(12.0, (box[3] - box[1]) / 2 - 3)
                    pagekit.letter_badge(c, box[0] + 6 + rr, (box[1] + box[3]) / 2, cell["letter"], r=rr)
                    text = state["names"][cell["command"]] if sidebar else SYMBOLS[cell["command"]]
                    c.text(box[0] + 14 + 2 * rr, (box[1] + box[3]) / 2, text, size=15 if not sidebar else 14,
                           anchor="l")


SCENE = NavigationFlow()
task = SCENE.task
INTRO = "The screen shows a desktop application's navigation surface with lettered candidate controls."


def _surface(q, surface, per_row=None):
    if q.state["variant"] != surface or (per_row and any(len(row["cells"]) != per_row for _, row in
                                                         _rows(q.state))):
        q.edit(lambda st, r: make_screen(r, q.difficulty, surface=surface, per_row=per_row))
    return q.state


def _rows(state):
    return [((t, g, r), row) for t, tab in enumerate(state["tabs"]) for g, grp in enumerate(tab["groups"])
            for r, row in enumerate(grp["rows"])]


# ---------------------------------------------------------------------- tasks
@task("navigation_path_target_label", answer="option_letter", annotation="bbox", ops="topology",
      queries=("menu_path_target_label", "sidebar_tree_target_label", "ribbon_group_command_label"))
def navigation_path_target_label(q):
    surface = {"menu_path_target_label": "menu_path", "sidebar_tree_target_label": "sidebar_tree",
               "ribbon_group_command_label": "ribbon_group"}[q.query_id]
    s = _surface(q, surface)
    every = cells(s)
    (t, g, r, k), cell = every[q.param("target", lambda rng: int(rng.integers(len(every))))]
    q.offer(len(every), "image")
    tab, grp, row = s["tabs"][t], s["tabs"][t]["groups"][g], s["tabs"][t]["groups"][g]["rows"][r]
    name = s["names"][cell["command"]]
    q.step("navigate", path=[tab["name"], grp["name"], row["name"], name], letter=cell["letter"])
    if surface == "menu_path":
        path = " > ".join(x for x in (tab["name"], grp["name"], row["name"], name) if x)
        ask = (f'Follow the menu path "{path}" (menu, group, row, then the command by its symbol in the legend). '
               "Which candidate letter marks the final command?")
    elif surface == "ribbon_group":
        ask = (f'In ribbon tab "{tab["name"]}" and group "{grp["name"]}", which candidate letter marks the "{name}" '
               "command (its symbol is given in the legend)?")
    else:
        ask = f'Which candidate letter marks the item at the end of "{tab["name"]} > {grp["name"]} > {name}"?'
    return q.answer(cell["letter"], witnesses=f"cell:{t}:{g}:{r}:{k}", question=f"{INTRO} {ask}")


@task("same_group_target_label", answer="option_letter", annotation="bbox", ops="topology")
def same_group_target_label(q):
    surface = q.choice("surface", SURFACES)
    s = _surface(q, surface, per_row=2)
    every = cells(s)
    (t, g, r, k), cell = every[q.param("reference", lambda rng: int(rng.integers(len(every))))]
    other = 1 - k
    q.offer(len(every), "image")
    mate = s["tabs"][t]["groups"][g]["rows"][r]["cells"][other]
    q.step("group", reference=cell["letter"], other=mate["letter"])
    return q.answer(mate["letter"], witnesses=f"cell:{t}:{g}:{r}:{other}",
                    question=f'{INTRO} Each framed row holds one visible group of two candidates. Which candidate '
                             f'letter is the other control in the same group as candidate "{cell["letter"]}"?')
