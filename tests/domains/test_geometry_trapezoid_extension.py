"""geometry/trapezoid_extension: independent solvers from the catalog programs.  The printed
measurements are read back and checked against the drawing (every length, the height and the
parallelogram's area or perimeter are true of the coordinates, AECD is a parallelogram), then the
asked length or area follows from the parallelogram's base DC = AE."""

import re

from figurecheck import half_up, labelled
from taskcheck import scene_tests, shortcut_test

from tracegen import registry

MOD = "tracegen.domains.geometry.trapezoid_extension"
P = "task_geometry__trapezoid_extension__"
LABEL = re.compile(r"^(parallelogram area|parallelogram perimeter|[A-Z]{2}|h) = (\?|\d+(?:\.\d+)?)$")


def read(state):
    fig = state["fig"]
    pts = {k: complex(*p) for k, p in fig["pts"].items()}
    v = labelled(fig, LABEL)
    # AECD is a parallelogram with AB on AE and DC parallel to it
    assert abs((pts["E"] - pts["A"]) - (pts["C"] - pts["D"])) < 1e-6
    assert abs(((pts["B"] - pts["A"]) / (pts["E"] - pts["A"])).imag) < 1e-9
    height = abs((pts["A"] - pts["D"]).imag)
    base = abs(pts["C"] - pts["D"])
    for name, value in v.items():
        if value is None:
            continue
        if name == "h":
            drawn = height
        elif name == "parallelogram area":
            drawn = base * height
        elif name == "parallelogram perimeter":
            drawn = 2 * (base + abs(pts["A"] - pts["D"]))
        else:
            drawn = abs(pts[name[0]] - pts[name[1]])
        assert abs(drawn - value) < 0.051 * (1 + (name in ("BC", "AC"))), (name, value, drawn)
    return v


def base_dc(v):
    if "parallelogram area" in v:
        return v["parallelogram area"] / v["h"]
    if "parallelogram perimeter" in v:
        return v["parallelogram perimeter"] / 2 - v["AD"]
    return v["AB"] + v["BE"]


def extension(state, params, qid):
    v = read(state)
    assert v["BE"] is None
    return half_up(base_dc(v) - v["AB"])


def area(state, params, qid):
    v = read(state)
    return half_up((v["AB"] + base_dc(v)) / 2 * v["h"])


SOLVERS = {
    P + "extension_from_parallelogram_area": extension,
    P + "extension_from_parallelogram_perimeter": extension,
    P + "trapezoid_area_from_extension_and_height": area,
    P + "trapezoid_area_from_parallelogram_area": area,
    P + "trapezoid_area_from_parallelogram_perimeter": area,
}


def _size(s):
    fig = s["fig"]
    return 100 * len(fig["lens"]) + sum(float(x) for x in re.findall(r"\d+(?:\.\d+)?", " ".join(
        [ln["text"] for ln in fig["lens"]] + fig["notes"])))


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


test_no_printed_answer = shortcut_test(sorted(SOLVERS))


def test_annotation_is_the_extension_or_the_trapezoid():
    from tracegen.core import engine

    for tid in SOLVERS:
        inst = engine.generate(registry.get(tid), seed=3, split="train", index=0, encode=False)
        ents = inst.canvas.entities
        value = inst.record["annotation_gt"]["value"]
        if "extension_from" in tid:
            assert value == ents["seg:B-E"]["segment"]
        else:
            assert value == ents["region:0"]["box"]
