"""pages/control_board: grouped, labelled controls in a desktop application window -- titled group
panels of control tiles (a letter badge, an icon, a label), each enabled or disabled (greyed and
struck through) and selected (thick outline and a check mark) or not.

Tasks count a group's disabled controls or its selected-and-enabled controls (the count is
planted), and name the group with the most of either (the winner is planted with a strict
lead).  Difficulty grows the board (3 groups of 4-5, 4 of 6-8, 4 of 8-10 controls).
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect

GROUPS = ("Layout", "Editing", "Review", "Output", "Format", "Insert", "Data", "Share", "Tools", "Media")
CONTROLS = {"Share": "arrow", "Print": "printer", "Export": "folder", "Check": "pencil", "Rotate": "key",
            "Save": "folder", "Sync": "cloud", "Comment": "envelope", "Copy": "receipt", "History": "book",
            "Filter": "glasses", "Lock": "padlock", "Align": "ladder", "Group": "card", "Fit": "anchor",
            "Settings": "hammer", "Preview": "camera", "Measure": "pencil", "Paste": "receipt", "Run": "rocket",
            "Open": "folder", "Crop": "scissors", "Search": "glasses", "Bookmark": "pin", "Sort": "bar chart",
            "Inspect": "glasses", "Alert": "bell", "Chart": "bar chart", "Cart": "cart", "Call": "phone",
            "Tune": "headphones", "Light": "light bulb"}
VARIANTS = tuple(pagekit.APPS)
N_GROUPS = {1: (3, 3), 2: (4, 4), 3: (4, 4)}
N_CONTROLS = {1: (4, 5), 2: (6, 8), 3: (8, 10)}
COUNTS = {1: (1, 4), 2: (2, 7), 3: (3, 8)}
CONDITIONS = {"disabled": "disabled", "selected_enabled": "selected and enabled"}
W, H = 1280, 800


def new_control(rng, label):
    return {"label": label, "disabled": bool(rng.random() < 0.3), "selected": bool(rng.random() < 0.4)}


def make_board(rng, difficulty):
    k = int(rng.integers(N_GROUPS[difficulty][0], N_GROUPS[difficulty][1] + 1))
    names = [GROUPS[int(i)] for i in rng.choice(len(GROUPS), size=k, replace=False)]
    labels = list(CONTROLS)
    groups = []
    for nm in names:
        n = int(rng.integers(N_CONTROLS[difficulty][0], N_CONTROLS[difficulty][1] + 1))
        groups.append({"name": nm, "controls": [new_control(rng, labels[int(i)])
                                                for i in rng.choice(len(labels), size=n, replace=False)]})
    return {"variant": VARIANTS[int(rng.integers(len(VARIANTS)))], "groups": groups,
            "panel": ("Model Tools", "Quick Actions", "Command Board", "Tool Palette")[int(rng.integers(4))]}


def matches(ctl, condition):
    return ctl["disabled"] if condition == "disabled" else ctl["selected"] and not ctl["disabled"]


def set_count(rng, controls, condition, t):
    """Give exactly ``t`` of ``controls`` the condition (the others random states without it)."""
    chosen = {int(i) for i in rng.choice(len(controls), size=t, replace=False)}
    for j, ctl in enumerate(controls):
        if condition == "disabled":
            ctl["disabled"] = j in chosen
        elif j in chosen:
            ctl.update(selected=True, disabled=False)
        elif ctl["selected"] and not ctl["disabled"]:     # break the condition: disable or unselect it
            if rng.random() < 0.4:
                ctl["disabled"] = True
            else:
                ctl["selected"] = False


class ControlBoard(Scene):
    domain, scene_id, size = "pages", "control_board", (W, H)
    megapixels = (0.85, 1.2)
    description = ("Grouped, labelled controls in a desktop application: group panels of control tiles, each enabled "
                   "or disabled (greyed, struck through) and selected (outlined, check mark) or not.")

    def sample(self, rng, difficulty):
        return make_board(rng, difficulty)

    def render(self, c, state, params):
        x0, y0, x1, y1 = pagekit.app_chrome(c, (30, 24, W - 30, H - 24), state["variant"])
        rounded_rect(c, x0 + 40, y0 + 20, x1 - x0 - 80, 40, radius=8, fill="panel", stroke="grid", lw=1.0)
        c.text(x0 + 58, y0 + 40, state["panel"], size=18, anchor="l", color=c.text_on("panel"))
        c.text(x1 - 58, y0 + 40, "Selected: check mark; disabled: greyed and struck through", size=13, anchor="r",
               color=c.text_on("panel"))
        groups = state["groups"]
        cols = 2
        rows = math.ceil(len(groups) / cols)
        gx0, gy0, gx1, gy1 = x0 + 40, y0 + 74, x1 - 40, y1 - 20
        gw, gh = (gx1 - gx0 - 18) / cols, (gy1 - gy0 - 18 * (rows - 1)) / rows
        n_all = sum(len(grp["controls"]) for grp in groups)
        letters = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ" if n_all <= 26 else [None] * n_all)
        for g, grp in enumerate(groups):
            bx, by = gx0 + (g % cols) * (gw + 18), gy0 + (g // cols) * (gh + 18)
            rounded_rect(c, bx, by, gw, gh, radius=10, fill="paper", stroke="grid", lw=1.3, id=f"group:{g}")
            c.text(bx + 18, by + 22, grp["name"], size=18, anchor="l", bold=c.style.accent % 2 == 0, id=f"gname:{g}")
            n = len(grp["controls"])
            per = 4 if n <= 8 else 5
            tw = (gw - 36 - (per - 1) * 10) / per
            trows = math.ceil(n / per)
            th = min(82.0, (gh - 50 - (trows - 1) * 10) / trows)
            for j, ctl in enumerate(grp["controls"]):
                tx, ty = bx + 18 + (j % per) * (tw + 10), by + 44 + (j // per) * (th + 10)
                pagekit.control_tile(c, (tx, ty, tx + tw, ty + th), ctl["label"], icon=CONTROLS[ctl["label"]],
                                     letter=next(letters), selected=ctl["selected"], disabled=ctl["disabled"], k=g,
                                     id=f"ctl:{g}:{j}")


SCENE = ControlBoard()
task = SCENE.task
INTRO = "The image shows grouped, labelled controls in a desktop application."


def _condition(qid: str) -> str:
    return "disabled" if qid.startswith("disabled") else "selected_enabled"


# ---------------------------------------------------------------------- tasks
@task("control_state_condition_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition",
      queries=("disabled_controls_in_group_count", "selected_enabled_controls_in_group_count"))
def control_state_condition_count(q):
    s = q.state
    cond = _condition(q.query_id)
    t = q.target(range(COUNTS[q.difficulty][0], COUNTS[q.difficulty][1] + 1), stratified=True)
    fits = [g for g, grp in enumerate(s["groups"]) if len(grp["controls"]) >= t]
    q.require(bool(fits), "no group holds the target count")
    g = q.param("group", lambda r: fits[int(r.integers(len(fits)))])
    s = q.edit(lambda st, r: set_count(r, st["groups"][g]["controls"], cond, t) or st)
    grp = s["groups"][g]
    hits = [j for j, ctl in enumerate(grp["controls"]) if matches(ctl, cond)]
    q.step("filter", group=grp["name"], condition=cond, controls=[grp["controls"][j]["label"] for j in hits])
    return q.answer(len(hits), witnesses=[f"ctl:{g}:{j}" for j in hits],
                    question=f'{INTRO} In the "{grp["name"]}" group, how many controls are {CONDITIONS[cond]}?')


@task("state_extremum_group_label", answer="string", annotation="bbox",
      ops="filtering,counting,ranking,logical_composition",
      queries=("disabled_extremum_group_label", "selected_enabled_extremum_group_label"))
def state_extremum_group_label(q):
    cond = _condition(q.query_id)
    win = q.target(range(len(q.state["groups"])))

    def plant(st, r):
        groups = st["groups"]
        counts = [int(r.integers(0, len(grp["controls"]) + 1)) for grp in groups]
        cap = len(groups[win]["controls"])
        top = max(counts[g] for g in range(len(groups)) if g != win)
        if top + 1 <= cap:
            counts[win] = max(counts[win], top + 1)
        else:
            counts = [min(n, cap - 1) for n in counts]
            counts[win] = cap
        for grp, n in zip(groups, counts):
            set_count(r, grp["controls"], cond, n)
        return st

    s = q.edit(plant)
    counts = [sum(matches(ctl, cond) for ctl in grp["controls"]) for grp in s["groups"]]
    q.step("count_groups", condition=cond, counts=dict(zip((grp["name"] for grp in s["groups"]), counts)))
    best = max(range(len(counts)), key=counts.__getitem__)
    q.require(counts.count(counts[best]) == 1, "tie for the most")
    return q.answer(s["groups"][best]["name"], witnesses=f"group:{best}", examples=[g["name"] for g in s["groups"]],
                    question=f"{INTRO} Which group has the most {CONDITIONS[cond]} controls?")
