"""icons/icon_grid: independent solvers (set sizes over the visible cells) from the catalog programs."""

from taskcheck import scene_tests

MOD = "tracegen.domains.icons.icon_grid"
P = "task_icons__icon_grid__"


def distinct_colors(state, params, qid):
    return len({cell[1] for cell in state["cells"] if cell})


def distinct_types(state, params, qid):
    return len({cell[0] for cell in state["cells"] if cell})


SOLVERS = {
    P + "distinct_color_count": distinct_colors,
    P + "distinct_type_count": distinct_types,
}


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(cell is not None for cell in s["cells"]))


def test_grid_shape_consistent():
    from tracegen.core import engine
    from taskcheck import scene_tasks

    for tid, spec in scene_tasks(MOD).items():
        for i in range(40):
            qid, _, state, params, sol = engine.solve_only(spec, seed=2, split="extra", index=i)
            assert len(state["cells"]) == state["rows"] * state["cols"]
            assert SOLVERS[tid](state, params, qid) == sol.answer
