"""geometry/volume_equivalence_conversion: independent solvers -- volumes with sympy (pi-free: a
cylinder B h, a cone B h / 3, a cuboid L W H), the target's missing dimension solved from equal
volumes, and the one candidate of six whose volume equals the source's."""

import sympy as sp

from taskcheck import scene_tests

MOD = "tracegen.domains.geometry.volume_equivalence_conversion"
P = "task_geometry__volume_equivalence_conversion__"


def _vol(solid, h=None):
    h = solid["H"] if h is None else h
    if solid["kind"] == "cuboid":
        return solid["L"] * solid["W"] * h
    return solid["B"] * h * (sp.Rational(1, 3) if solid["kind"] == "cone" else 1)


def missing(state, params, qid):
    x = sp.Symbol("x", positive=True)
    src, tgt = state["source"], state["target"]
    want = {"cuboid_to_cylinder_length": ("cuboid", "cylinder"), "cylinder_to_cone_height": ("cylinder", "cone"),
            "cone_to_cuboid_height": ("cone", "cuboid")}[qid]
    assert (src["kind"], tgt["kind"]) == want
    (root,) = sp.solve(sp.Eq(_vol(tgt, x), _vol(src)), x)
    assert root.is_integer
    return int(root)


def option(state, params, qid):
    v = _vol(state["source"])
    hits = [k for k, o in enumerate(state["options"]) if _vol(o) == v]
    assert len(hits) == 1
    return "ABCDEF"[hits[0]]


SOLVERS = {P + "missing_dimension_value": missing, P + "equal_volume_option_label": option}


def _size(s):
    return float(_vol(s["source"]))


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def test_known_conversion():
    state = {"source": {"kind": "cylinder", "B": 12, "H": 30}, "target": {"kind": "cone", "B": 9, "H": 120}}
    assert missing(state, {}, "cylinder_to_cone_height") == 120
