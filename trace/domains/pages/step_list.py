"""pages/step_list: a numbered workflow step list -- one card per step with a number disc, labelled
Title and Detail fields and small Owner, Status, Due and Tag fields -- in one column, two columns
or a grid of four (the scene's variants; cards read in number order, row by row).

Tasks count the steps strictly between two named steps (the gap is planted by choosing the pair)
and name the step a given number of steps before or after a named one.  Difficulty grows the list
(6-8, 10-15, 14-18 steps) and the gaps and offsets asked.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect
from tracegen.kits.names import MONTHS, coined_names

VARIANTS = ("vertical_cards", "two_column_cards", "horizontal_cards")
COLS = {"vertical_cards": 1, "two_column_cards": 2, "horizontal_cards": 4}
MAX_STEPS = {"vertical_cards": 11, "two_column_cards": 18, "horizontal_cards": 20}
N_STEPS = {1: (6, 8), 2: (10, 15), 3: (14, 18)}
GAPS = {1: (1, 4), 2: (2, 8), 3: (3, 10)}
OFFSETS = {1: (1, 2), 2: (2, 3), 3: (3, 4)}
STATUS = ("Paused", "Review", "Open", "Assigned", "Complete", "Cancelled", "Closed", "Pending", "Hold", "Blocked",
          "Escalated", "Delayed", "Active", "Archived", "Draft", "Waiting", "Scheduled", "Approved", "Ready")
TAGS = ("Alert", "Major", "Urgent", "Required", "Medium", "Routine", "Critical", "Minor", "Severe", "Deferred",
        "High", "Low", "Watch", "Stable", "Backlog", "Optional", "Elevated")
DETAILS = ("Note", "Review", "Check", "Memo", "Ref")
W, H = 1120, 980
TOP, BOTTOM, LEFT, RIGHT, GAP = 118, H - 30, 32, W - 32, 12


def make_steps(rng, difficulty) -> dict:
    n = int(rng.integers(N_STEPS[difficulty][0], N_STEPS[difficulty][1] + 1))
    fits = [v for v in VARIANTS if MAX_STEPS[v] >= n]
    variant = fits[int(rng.integers(len(fits)))]
    titles = [pagekit.TERMS[int(i)] for i in rng.choice(len(pagekit.TERMS), size=n, replace=False)]
    owners = coined_names(rng, n)
    steps = []
    for k in range(n):
        code = "ABCDEFGHJKLMNPRSTUVWYZ"[int(rng.integers(22))] + str(int(rng.integers(10, 99)))
        steps.append({"title": titles[k], "detail": f"{DETAILS[int(rng.integers(len(DETAILS)))]} {code}",
                      "owner": owners[k], "status": STATUS[int(rng.integers(len(STATUS)))],
                      "due": f"{MONTHS[int(rng.integers(12))]} {int(rng.integers(1, 29)):02d}",
                      "tag": TAGS[int(rng.integers(len(TAGS)))]})
    title, subtitle = pagekit.page_title(rng)
    return {"variant": variant, "title": title, "subtitle": subtitle, "steps": steps}


def card_boxes(state) -> list[tuple]:
    cols = COLS[state["variant"]]
    return pagekit.cells((LEFT, TOP, RIGHT, BOTTOM), len(state["steps"]), cols, gap=GAP,
                         max_h=190.0 if cols == 4 else 120.0)


class StepList(Scene):
    domain, scene_id, size = "pages", "step_list", (W, H)
    megapixels = (0.9, 1.3)
    description = ("A numbered workflow step list: one card per step with a number disc, labelled Title and Detail "
                   "fields and small Owner, Status, Due and Tag fields.")

    def sample(self, rng, difficulty):
        return make_steps(rng, difficulty)

    def render(self, c, state, params):
        pagekit.sheet(c, W, H, state["title"], state["subtitle"])
        for k, (st, box) in enumerate(zip(state["steps"], card_boxes(state))):
            self._card(c, k, st, box)

    def _card(self, c, k, st, box):
        x0, y0, x1, y1 = box
        rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8, fill="paper", stroke="grid", lw=1.3, id=f"step:{k}")
        c.rect(x0, y0, x1 - x0, 5, fill=c.style.series(k % 6))
        h = y1 - y0
        pagekit.number_disc(c, x0 + 28, (y0 + y1) / 2 + 2, k + 1, r=15, k=k % 6)
        tx = x0 + 56

        def field(x, y, label, value, size=13.0, vsize=None, vid=None, bold=False):
            c.text(x, y, f"{label}:", size=12, anchor="l", color="muted")
            c.text(x + c.text_width(f"{label}:", size=12) + 6, y, value, size=vsize or size, anchor="l", id=vid,
                   bold=bold)

        small = (("Owner", st["owner"]), ("Status", st["status"]), ("Due", st["due"]), ("Tag", st["tag"]))
        if x1 - x0 > 420:                                  # wide card: two lines
            y_a, y_b = y0 + h * 0.38, y0 + h * 0.72
            field(tx, y_a, "Title", st["title"], vsize=17, vid=f"title:{k}", bold=True)
            field(tx + (x1 - tx) * 0.5, y_a, "Detail", st["detail"], vsize=14)
            step = (x1 - tx - 8) / 4
            for j, (lab, val) in enumerate(small):
                field(tx + j * step, y_b, lab, val, vsize=12.5)
        else:                                              # narrow card: a column of fields
            ys = [y0 + 26 + j * (h - 36) / 6 for j in range(6)]
            field(tx, ys[0], "Title", st["title"], vsize=16, vid=f"title:{k}", bold=True)
            field(tx, ys[1], "Detail", st["detail"], vsize=13)
            for j, (lab, val) in enumerate(small):
                field(tx, ys[2 + j], lab, val, vsize=12.5)


SCENE = StepList()
task = SCENE.task
INTRO = ("The page shows a numbered workflow step list; each step card has labelled Title and Detail fields and "
         "other small fields.")


# ---------------------------------------------------------------------- tasks
@task("between_named_steps_count", answer="integer", annotation="bbox_map", ops="filtering,counting,topology")
def between_named_steps_count(q):
    s = q.state
    n = len(s["steps"])
    lo, hi = GAPS[q.difficulty]
    t = q.target(range(lo, hi + 1))
    q.require(t + 2 <= n, "list too short for the gap")

    def pair(r):
        i = int(r.integers(0, n - t - 1))
        return [i, i + t + 1] if r.random() < 0.5 else [i + t + 1, i]

    a, b = q.param("named", pair)
    ta, tb = s["steps"][a]["title"], s["steps"][b]["title"]
    q.step("positions", first=a + 1, second=b + 1, between=t)
    return q.answer(abs(b - a) - 1, witnesses={"first_named_title": f"title:{a}", "second_named_title": f"title:{b}"},
                    question=f'{INTRO} How many numbered steps lie strictly between the step titled "{ta}" and the '
                             f'step titled "{tb}"?')


@task("relative_offset_step_label", answer="string", annotation="bbox", ops="ranking,topology",
      queries=("offset_after_named_step", "offset_before_named_step"))
def relative_offset_step_label(q):
    s = q.state
    n = len(s["steps"])
    after = q.query_id == "offset_after_named_step"
    k = q.param("offset", lambda r: int(r.integers(OFFSETS[q.difficulty][0], OFFSETS[q.difficulty][1] + 1)))
    src = q.param("source", lambda r: int(r.integers(0, n - k)) + (0 if after else k))
    dst = src + k if after else src - k
    q.require(0 <= dst < n, "offset leaves the list")
    q.step("move", source=src + 1, offset=k, direction="after" if after else "before", target=dst + 1)
    return q.answer(s["steps"][dst]["title"], witnesses=f"title:{dst}", examples=[x["title"] for x in s["steps"]],
                    question=f'{INTRO} Which step title is {k} step{"s" if k > 1 else ""} '
                             f'{"after" if after else "before"} the step titled "{s["steps"][src]["title"]}"?')
