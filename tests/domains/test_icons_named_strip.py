"""icons/named_strip: independent solvers with itertools.groupby over the row of kinds."""

from itertools import groupby

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.icons.named_strip"
P = "task_icons__named_strip__"


def _runs(state):
    return [len(list(g)) for k, g in groupby(state["kinds"]) if k == state["target"]]


def run_count(state, params, qid):
    return len(_runs(state))


def run_length(state, params, qid):
    lengths = _runs(state)
    return max(lengths) if params["extremum"] == "longest" else min(lengths)


SOLVERS = {P + "shape_run_count": run_count, P + "shape_run_length": run_length}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["kinds"]))
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_image_width_follows_the_strip():
    from tracegen.core import engine
    from tracegen.domains.icons import named_strip

    spec = named_strip.SCENE.tasks[P + "shape_run_count"]
    widths = {}
    for d in (1, 3):
        inst = engine.generate(spec, seed=1, split="train", index=0, difficulty=d, encode=False)
        widths[d] = named_strip.SCENE.canvas_size(inst.trace["state"])[0]
    assert widths[1] < widths[3]
