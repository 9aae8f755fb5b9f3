"""charts/waterfall: a waterfall chart -- a start bar, one floating bar per signed contribution
(green up, red down, its signed value printed on it), connector lines between the bars, and a
final-total bar.

As in the reference, the start value, every contribution and the final total are printed;
the tasks are arithmetic over them (running totals, the lowest or highest running total, the
final total with a step removed or reversed), and the answer itself is never printed.
Difficulty grows the contributions (8-9, 9-11, 11-13) and their size (up to 16, 20, 24).
"""

from __future__ import annotations

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.charts import ValueScale, draw_fine_axis, major_step
from tracegen.kits.names import category_labels

N_STEPS = {1: (8, 9), 2: (9, 11), 3: (11, 13)}
MAX_DELTA = {1: 16, 2: 20, 3: 24}
LO, HI = 3, 97                     # running totals stay inside the 0-100 axis
TITLES = ("Waterfall chart", "Bridge from start to final", "Contribution waterfall", "Change breakdown")


def path(rng, n, max_delta):
    """A start value and ``n`` signed contributions whose running totals stay in [LO, HI]."""
    start = int(rng.integers(25, 76))
    r, deltas = start, []
    for _ in range(n):
        d = int(rng.integers(3, max_delta + 1)) * (1 if rng.random() < 0.5 else -1)
        if not LO <= r + d <= HI:
            d = -d
        if not LO <= r + d <= HI:
            d = (HI - r) if d > 0 else (LO - r)
        d = d or 3
        r += d
        deltas.append(d)
    return start, deltas


def running(start, deltas) -> list[int]:
    """Running totals: the start, then after each contribution (the last is the final total)."""
    out = [start]
    for d in deltas:
        out.append(out[-1] + d)
    return out


class Waterfall(Scene):
    domain, scene_id, size = "charts", "waterfall", (1180, 760)
    fluid = True
    megapixels = (0.78, 1.25)
    description = ("A waterfall chart: a start bar, floating signed contribution bars with their values printed, "
                   "connector lines and a final-total bar.")

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_STEPS[difficulty][0], N_STEPS[difficulty][1] + 1))
        start, deltas = path(rng, n, MAX_DELTA[difficulty])
        return {"title": TITLES[int(rng.integers(len(TITLES)))], "start": start, "deltas": deltas,
                "labels": category_labels(rng, n, families=("words", "places", "codes", "surnames"), max_len=6)}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        deltas, labels = state["deltas"], state["labels"]
        tot = running(state["start"], deltas)
        left = c.style.accent % 2 == 0
        c.text(40 if left else W / 2, 30, state["title"], size=20, anchor="l" if left else "c")
        x0, x1, y0, y1 = 70, W - 30, 66, H - 58
        sc = ValueScale(0, 100, y1, y0, 10, major_step(10, 10, c.style.ticks(6)))
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper", stroke="grid", lw=1.0)
        draw_fine_axis(c, sc, vertical=True, cross0=x0, cross1=x1, minor=False)
        n = len(deltas) + 2
        slot = (x1 - x0) / n
        bw = slot * 0.64
        fs = 14.0 if slot > 62 else 13.0
        names = ["Start"] + labels + ["Final"]
        bars = [(0, tot[0])] + [(tot[j], tot[j + 1]) for j in range(len(deltas))] + [(0, tot[-1])]
        texts = [f"{tot[0]}"] + [f"{d:+d}" for d in deltas] + [f"{tot[-1]}"]
        for j, ((a, b), name, text) in enumerate(zip(bars, names, texts)):
            cx = x0 + slot * (j + 0.5)
            top, bottom = sc.pos(max(a, b)), sc.pos(min(a, b))
            if j == 0:
                fill, bid = "blue", "bar:start"
            elif j == n - 1:
                fill, bid = "ink", "bar:final"
            else:
                fill, bid = ("green" if b > a else "red"), f"bar:{j - 1}"
            c.rect(cx - bw / 2, top, bw, bottom - top, fill=fill, stroke="muted", lw=1.0, id=bid)
            inside = bottom - top >= 24
            ty = (top + bottom) / 2 if inside else top - 13
            c.text(cx, ty, text, size=fs, color=c.text_on(fill) if inside else "ink")
            c.text(cx, y1 + 18, name, size=fs, id=f"label:{j}")
            if j < n - 1:             # connector to the next bar at this bar's end level
                level = sc.pos(b)
                c.line(cx + bw / 2, level, cx + slot - bw / 2, level, color="muted", lw=1.2)
        c.line(x0, y1, x1, y1, color="ink", lw=1.5)


SCENE = Waterfall()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
INTRO = ("The image shows a waterfall chart: a start bar, signed contribution bars (their signed values printed on "
         "them) joined by connector lines, and a final-total bar that includes every contribution.")
ANSWERS = range(10, 91)


def printed(s) -> set[int]:
    """The non-negative numbers the chart prints (start, final total and the rises)."""
    tot = running(s["start"], s["deltas"])
    return {tot[0], tot[-1]} | {d for d in s["deltas"] if d > 0}


def planted(q, value_of, *, support=ANSWERS):
    """Shift the whole waterfall (its start) so ``value_of(state)`` -- an answer that moves one for
    one with the start -- equals the instance's stratified target; the answer is never printed."""
    t = q.target(support, stratified=True)

    def fn(s, r):
        for _ in range(60):            # redraw the contributions until the shifted chart fits the axis
            shift = t - value_of(s)
            if all(LO <= v + shift <= HI for v in running(s["start"], s["deltas"])):
                s["start"] += shift
                break
            s["start"], s["deltas"] = path(r, len(s["deltas"]), MAX_DELTA[q.difficulty])
        return s

    s = q.edit(fn)
    tot = running(s["start"], s["deltas"])
    q.require(all(LO <= v <= HI for v in tot), "shifted waterfall leaves the axis")
    value = value_of(s)
    q.require(value == t, "target not reached")
    q.require(value not in printed(s), "the answer is printed")
    return s, value


# ---------------------------------------------------------------------- tasks
@task("running_total_value", answer="integer", annotation="bbox_set", ops="aggregation")
def running_total_value(q):
    n = len(q.state["deltas"])
    k = q.param("step", lambda r: int(r.integers(min(6, n - 2), n - 1)))
    s, value = planted(q, lambda st: running(st["start"], st["deltas"])[k + 1])
    name = s["labels"][k]
    q.step("running_total", start=s["start"], deltas=s["deltas"][:k + 1], through=name, total=value)
    return q.answer(value, witnesses=["bar:start"] + [f"bar:{j}" for j in range(k + 1)],
                    question=f"{INTRO} Starting from the start value, add the signed contributions up to and "
                             f"including {quoted(name)}. What is the running total after that step?")


@task("running_total_extremum_value", answer="integer", annotation="bbox", ops="ranking,aggregation",
      queries=("maximum_running_total", "minimum_running_total"))
def running_total_extremum_value(q):
    highest = q.query_id == "maximum_running_total"

    def extreme(st):
        levels = running(st["start"], st["deltas"])[:-1]
        return max(levels) if highest else min(levels)

    s, value = planted(q, extreme, support=range(45, 93) if highest else range(8, 56))
    levels = running(s["start"], s["deltas"])[:-1]
    q.require(levels.count(value) == 1, "the extreme is reached twice")
    j = levels.index(value)
    word = "highest" if highest else "lowest"
    q.step("running_totals", levels=levels, direction=word, value=value)
    return q.answer(value, witnesses="bar:start" if j == 0 else f"bar:{j - 1}",
                    question=f"{INTRO} What is the {word} running total reached by the sequence (the start bar and "
                             "the level after each contribution), before the final summary bar?")


def _changed_step(q, factor, op, key, *, support=ANSWERS):
    """The final total after taking ``factor`` times one contribution off it (1: removed, 2:
    reversed): (state, step index, answer, witnesses)."""
    j = q.param("step", lambda r: int(r.integers(0, len(q.state["deltas"]))))
    s, value = planted(q, lambda st: running(st["start"], st["deltas"])[-1] - factor * st["deltas"][j],
                       support=support)
    q.step(op, final=running(s["start"], s["deltas"])[-1], step=s["labels"][j], delta=s["deltas"][j], result=value)
    return s, j, value, {key: f"bar:{j}", "final_total": "bar:final"}


@task("remove_step_final_total", answer="integer", annotation="bbox_map",
      ops="aggregation,state_update,formula_evaluation")
def remove_step_final_total(q):
    s, j, value, wit = _changed_step(q, 1, "remove", "removed_step")
    return q.answer(value, witnesses=wit,
                    question=f"{INTRO} If contribution {quoted(s['labels'][j])} were removed and every other "
                             "contribution stayed the same, what would the final total be?")


@task("reverse_step_final_total", answer="integer", annotation="bbox_map",
      ops="aggregation,state_update,formula_evaluation")
def reverse_step_final_total(q):
    s, j, value, wit = _changed_step(q, 2, "reverse", "reversed_step", support=range(2, 96))
    d = s["deltas"][j]
    return q.answer(value, witnesses=wit,
                    question=f"{INTRO} Contribution {quoted(s['labels'][j])} is {d:+d}. If it changed sign to "
                             f"{-d:+d} while every other contribution stayed the same, what would the final total be?")
