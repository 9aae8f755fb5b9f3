"""pages/record_table: independent solvers written from the catalog programs (a flat filter over the
table's rows), every row's printed cells inside its row box, and no printed number equal to a
count."""

from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.pages import record_table as rt

MOD = "tracegen.domains.pages.record_table"
P = "task_pages__record_table__"


def _all(state):
    return [r for sec in state["sections"] for r in sec["rows"]]


def enabled(state, params, qid):
    return sum(r["type"] == params["type"] and r["action"] == params["action"] and r["on"] for r in _all(state))


def selected(state, params, qid):
    return sum(r["selected"] and r["status"] == params["status"] for r in _all(state))


def threshold(state, params, qid):
    return sum(r["size"] >= params["threshold"] for r in state["sections"][params["section"]]["rows"])


SOLVERS = {P + "enabled_action_for_type_count": enabled, P + "selected_rows_with_status_count": selected,
           P + "value_threshold_in_group_count": threshold}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(_all(s)))
test_no_count_is_printed = shortcut_test(sorted(SOLVERS))


def test_every_row_prints_its_cells_inside_its_box():
    spec = rt.SCENE.tasks[P + "selected_rows_with_status_count"]
    for i in range(4):
        inst = engine.generate(spec, seed=6, split="train", index=i, difficulty=3, encode=False)
        s, ents, texts = inst.trace["state"], inst.canvas.entities, inst.canvas.texts
        for si, sec in enumerate(s["sections"]):
            for ri, r in enumerate(sec["rows"]):
                x0, y0, x1, y1 = ents[f"row:{si}:{ri}"]["box"]
                inside = [t["text"] for t in texts if y0 <= t["box"][1] and t["box"][3] <= y1 + 0.5]
                want = [r["type"], r["status"], f"{r['size']} MB", f"{r['action']} {'ON' if r['on'] else 'OFF'}"]
                assert all(w in inside for w in want) and any(t.endswith(r["name"]) for t in inside), (want, inside)
