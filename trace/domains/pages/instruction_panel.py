"""pages/instruction_panel: an instruction panel of numbered steps, each with a title and the
control chips (icon and label) used in that step -- as a checklist table, as manual cards in two
columns, or as a sheet beside a legend of the controls (the scene's variants).

Tasks name the one control shared by every step of a set (the chips of those steps are rebuilt so
that exactly one control is common) and give the number of the one step showing two named
controls (any other step showing both loses one).  Difficulty grows the panel (5-6, 7-8, 9-10
steps of 2, 2-3, 3 chips).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect

CONTROLS = {"Lock": "padlock", "Alert": "bell", "Share": "arrow", "Save": "folder", "Print": "printer",
            "Edit": "pencil", "Mail": "envelope", "Upload": "cloud", "Capture": "camera", "Search": "glasses",
            "Cut": "scissors", "Call": "phone", "Pin": "pin", "Unlock": "key", "Chart": "bar chart", "Cart": "cart"}
NAMES = tuple(CONTROLS)
VARIANTS = ("checklist_table", "manual_cards", "side_legend_sheet")
N_STEPS = {1: (5, 6), 2: (7, 8), 3: (9, 10)}
N_CHIPS = {1: (2, 2), 2: (2, 3), 3: (3, 3)}
SET_SIZE = {1: (2, 2), 2: (2, 3), 3: (3, 3)}
W, H = 1100, 880
TOP, BOTTOM, LEFT, RIGHT, GAP = 118, H - 30, 34, W - 34, 10
CHIP_W, CHIP_H = 124, 30


def _chips(rng, n, avoid=()):
    pool = [x for x in NAMES if x not in avoid]
    return [pool[int(i)] for i in rng.choice(len(pool), size=n, replace=False)]


def make_panel(rng, difficulty):
    n = int(rng.integers(N_STEPS[difficulty][0], N_STEPS[difficulty][1] + 1))
    lo, hi = N_CHIPS[difficulty]
    titles = [pagekit.TERMS[int(i)] for i in rng.choice(len(pagekit.TERMS), size=n, replace=False)]
    steps = [{"title": t, "controls": _chips(rng, int(rng.integers(lo, hi + 1)))} for t in titles]
    title, subtitle = pagekit.page_title(rng)
    return {"variant": VARIANTS[int(rng.integers(len(VARIANTS)))], "title": title, "subtitle": subtitle,
            "steps": steps}


def step_boxes(state):
    n, variant = len(state["steps"]), state["variant"]
    if variant == "manual_cards":
        return pagekit.cells((LEFT, TOP, RIGHT, BOTTOM), n, 2, gap=GAP, max_h=130.0)
    right = RIGHT - 230 if variant == "side_legend_sheet" else RIGHT
    return pagekit.cells((LEFT, TOP, right, BOTTOM), n, 1, gap=GAP, max_h=86.0)


class InstructionPanel(Scene):
    domain, scene_id, size = "pages", "instruction_panel", (W, H)
    megapixels = (0.8, 1.1)
    description = ("An instruction panel: numbered steps, each with a title and the control chips (icon and label) "
                   "used in that step.")

    def sample(self, rng, difficulty):
        return make_panel(rng, difficulty)

    def render(self, c, state, params):
        pagekit.sheet(c, W, H, state["title"], state["subtitle"])
        cards = state["variant"] == "manual_cards"
        for k, (st, box) in enumerate(zip(state["steps"], step_boxes(state))):
            x0, y0, x1, y1 = box
            fill = "paper" if k % 2 == 0 or cards else "panel"
            rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8, fill=fill, stroke="grid", lw=1.2, id=f"step:{k}")
            pagekit.number_disc(c, x0 + 30, (y0 + y1) / 2 if not cards else y0 + 30, k + 1, r=16, k=k % 6,
                                id=f"num:{k}")
            c.text(x0 + 60, y0 + 24, st["title"], size=18, anchor="l", color=c.text_on(fill))
            n = len(st["controls"])
            if cards:
                xs = [x0 + 60 + j * (CHIP_W + 8) for j in range(n)]
                cy = y1 - CHIP_H / 2 - 12
            else:
                xs = [x1 - 14 - (n - j) * (CHIP_W + 8) + 8 for j in range(n)]
                cy = (y0 + y1) / 2 + 4
            for j, name in enumerate(st["controls"]):
                pagekit.icon_chip(c, (xs[j], cy - CHIP_H / 2, xs[j] + CHIP_W, cy + CHIP_H / 2), name, CONTROLS[name],
                                  k=NAMES.index(name) % 6, id=f"chip:{k}:{j}")
        if state["variant"] == "side_legend_sheet":
            used = sorted({x for st in state["steps"] for x in st["controls"]})
            x0 = RIGHT - 214
            rounded_rect(c, x0, TOP, RIGHT - x0, 44 + 36 * len(used), radius=8, fill="panel", stroke="grid", lw=1.2)
            c.text(x0 + 14, TOP + 22, "Control legend", size=16, anchor="l", bold=True, color=c.text_on("panel"))
            for j, name in enumerate(used):
                pagekit.icon_chip(c, (x0 + 14, TOP + 42 + 36 * j, x0 + 14 + CHIP_W, TOP + 42 + 36 * j + CHIP_H), name,
                                  CONTROLS[name], k=NAMES.index(name) % 6)


SCENE = InstructionPanel()
task = SCENE.task
INTRO = "The image shows an instruction panel with numbered steps and the control chips used on each step."


def _listing(nums):
    nums = [str(x) for x in nums]
    return nums[0] if len(nums) == 1 else ", ".join(nums[:-1]) + " and " + nums[-1]


# ---------------------------------------------------------------------- tasks
@task("shared_control_for_step_set_label", answer="string", annotation="bbox_set", ops="matching")
def shared_control_for_step_set_label(q):
    n = len(q.state["steps"])
    lo, hi = SET_SIZE[q.difficulty]
    chosen = q.param("steps", lambda r: sorted(int(i) for i in r.choice(n, size=int(r.integers(lo, hi + 1)),
                                                                           replace=False)))
    shared = q.choice("control", NAMES)

    def rebuild(st, r):                     # the chosen steps share exactly ``shared``
        taken = {shared}
        for k in chosen:
            m = len(st["steps"][k]["controls"])
            others = _chips(r, m - 1, avoid=taken)
            taken |= set(others)
            ctl = others + [shared]
            st["steps"][k]["controls"] = [ctl[int(i)] for i in r.permutation(m)]
        return st

    s = q.edit(rebuild)
    chips = [f"chip:{k}:{s['steps'][k]['controls'].index(shared)}" for k in chosen]
    q.step("intersect", steps=[k + 1 for k in chosen], shared=shared)
    return q.answer(shared, witnesses=chips, examples=list(NAMES),
                    question=f"{INTRO} Which control label appears on every one of steps "
                             f"{_listing([k + 1 for k in chosen])}?")


@task("step_for_control_pair_label", answer="integer", annotation="bbox_set", ops="matching")
def step_for_control_pair_label(q):
    s = q.state
    k = q.target(range(N_STEPS[q.difficulty][0]))
    pair = q.param("pair", lambda r: [int(i) for i in r.choice(len(s["steps"][k]["controls"]), size=2, replace=False)])
    a, b = (s["steps"][k]["controls"][j] for j in pair)

    def unique(st, r):                      # no other step shows both
        for m, other in enumerate(st["steps"]):
            if m != k and a in other["controls"] and b in other["controls"]:
                j = other["controls"].index(b)
                free = [x for x in NAMES if x not in other["controls"]]
                other["controls"][j] = free[int(r.integers(len(free)))]
        return st

    s = q.edit(unique)
    q.step("match", controls=[a, b], step=k + 1)
    return q.answer(k + 1, witnesses=[f"chip:{k}:{pair[0]}", f"chip:{k}:{pair[1]}", f"num:{k}"],
                    question=f'{INTRO} Which step number shows both the "{a}" and the "{b}" control chips?')
