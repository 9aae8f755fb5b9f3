"""icons/reference_canvas: independent solvers written from the catalog programs (attribute
comparisons with the Reference icon, positions against the Anchor), the sizes never printed."""

from taskcheck import check_no_shortcuts, scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.icons.reference_canvas"
P = "task_icons__reference_canvas__"


def _count(state, pred):
    return sum(1 for ic in state["icons"] if pred(ic, state["ref"]))


def type_match(state, params, qid):
    return _count(state, lambda ic, ref: ic["kind"] == ref["kind"])


def color_match(state, params, qid):
    return _count(state, lambda ic, ref: ic["color"] == ref["color"])


def rotation_match(state, params, qid):
    return _count(state, lambda ic, ref: (ic["angle"] - ref["angle"]) % 360 == 0)


def all_match(state, params, qid):
    return _count(state, lambda ic, ref: (ic["kind"], ic["color"], ic["angle"] % 360)
                  == (ref["kind"], ref["color"], ref["angle"] % 360))


def size_relation(state, params, qid):
    sign = 1 if params["relation"] == "larger" else -1
    return _count(state, lambda ic, ref: sign * (ic["size"] - ref["size"]) > 0)


def anchor_side(state, params, qid):
    a = state["icons"][state["anchor"]]
    dx = {"left": (-1, 0), "right": (1, 0), "above": (0, -1), "below": (0, 1)}[params["side"]]
    return sum(1 for i, ic in enumerate(state["icons"]) if i != state["anchor"] and ic["kind"] == state["ref"]["kind"]
               and (ic["x"] - a["x"]) * dx[0] + (ic["y"] - a["y"]) * dx[1] > 0)


SOLVERS = {
    P + "reference_type_match_count": type_match,
    P + "reference_color_match_count": color_match,
    P + "reference_rotation_match_count": rotation_match,
    P + "reference_type_color_rotation_match_count": all_match,
    P + "reference_metric_relation_count": size_relation,
    P + "anchor_position_count": anchor_side,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: len(s["icons"]) + len(s["angles"]))


def test_sizes_are_never_printed():
    # sizes are read off the drawing: no size (or count) is printed
    check_no_shortcuts(registry.get(P + "reference_metric_relation_count"), seeds=(0, 1))


def test_anchor_is_clear_of_level_icons():
    spec = registry.get(P + "anchor_position_count")
    for i in range(12):
        inst = engine.generate(spec, seed=3, split="train", index=i, encode=False)
        s, side = inst.trace["state"], inst.trace["params"]["side"]
        a = s["icons"][s["anchor"]]
        axis = "x" if side in ("left", "right") else "y"
        assert all(abs(ic[axis] - a[axis]) >= 29.9 for j, ic in enumerate(s["icons"]) if j != s["anchor"])
        assert "anchor" in inst.canvas.entities and "Anchor" in inst.canvas.drawn_texts()
