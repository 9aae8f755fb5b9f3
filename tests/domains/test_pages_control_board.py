"""pages/control_board: independent solvers written from the catalog programs (controls filtered by
state, counted per group, the unique largest group named), and the drawn state cues: a check mark
on exactly the selected tiles, a strike on exactly the disabled ones."""

from pagecheck import texts_inside
from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.pages import control_board as cb

MOD = "tracegen.domains.pages.control_board"
P = "task_pages__control_board__"


def _hit(ctl, qid):
    if qid.startswith("disabled"):
        return ctl["disabled"]
    return ctl["selected"] and not ctl["disabled"]


def group_count(state, params, qid):
    return sum(_hit(ctl, qid) for ctl in state["groups"][params["group"]]["controls"])


def extremum(state, params, qid):
    counts = {g["name"]: sum(_hit(ctl, qid) for ctl in g["controls"]) for g in state["groups"]}
    best = max(counts.values())
    winners = [k for k, v in counts.items() if v == best]
    assert len(winners) == 1
    return winners[0]


SOLVERS = {P + "control_state_condition_count": group_count, P + "state_extremum_group_label": extremum}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(len(g["controls"]) for g in s["groups"]))
test_no_count_is_printed = shortcut_test([P + "control_state_condition_count"], seeds=(0, 1))


def test_tiles_stay_inside_their_group_and_show_their_label():
    spec = cb.SCENE.tasks[P + "state_extremum_group_label"]
    for i in range(4):
        inst = engine.generate(spec, seed=2, split="train", index=i, difficulty=3, encode=False)
        s, ents, texts = inst.trace["state"], inst.canvas.entities, inst.canvas.texts
        for g, grp in enumerate(s["groups"]):
            gx0, gy0, gx1, gy1 = ents[f"group:{g}"]["box"]
            for j, ctl in enumerate(grp["controls"]):
                x0, y0, x1, y1 = ents[f"ctl:{g}:{j}"]["box"]
                assert gx0 < x0 < x1 < gx1 and gy0 < y0 < y1 < gy1
                assert ctl["label"] in texts_inside(texts, (x0, y0, x1, y1), slack=0.0)
