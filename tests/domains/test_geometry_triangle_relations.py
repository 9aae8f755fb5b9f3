"""geometry/triangle_relations: independent solvers from the catalog programs.  Each propagates the
printed lengths and angles (parsed back from the figure) through the theorem's relations until
the asked quantity is known; the figure is checked to be true to its labels and the '?'
quantity is measured from the drawing."""

import math

from figurecheck import as_answer, check_printed, length, measure_unknown, read, unknown
from taskcheck import scene_tests, shortcut_test


MOD = "tracegen.domains.geometry.triangle_relations"
P = "task_geometry__triangle_relations__"


def propagate(known: dict, rules, want: str) -> float:
    """Apply rules (target, inputs, fn) until ``want`` is known."""
    known = dict(known)
    changed = True
    while want not in known and changed:
        changed = False
        for target, needs, fn in rules:
            if target not in known and all(n in known for n in needs):
                value = fn(*(known[n] for n in needs))
                if value is not None and value > 0:
                    known[target] = value
                    changed = True
    assert want in known, (want, known)
    return known[want]


def plus(t, a, b):
    return [(t, (a, b), lambda x, y: x + y), (a, (t, b), lambda x, y: x - y), (b, (t, a), lambda x, y: x - y)]


def pyth(h, a, b):
    """h^2 = a^2 + b^2 in every direction."""
    return [(h, (a, b), lambda x, y: math.hypot(x, y)),
            (a, (h, b), lambda x, y: math.sqrt(x * x - y * y) if x > y else None),
            (b, (h, a), lambda x, y: math.sqrt(x * x - y * y) if x > y else None)]


def mean(t, a, b):
    """t^2 = a * b (geometric mean) in every direction."""
    return [(t, (a, b), lambda x, y: math.sqrt(x * y)), (a, (t, b), lambda x, y: x * x / y),
            (b, (t, a), lambda x, y: x * x / y)]


def prop(a, b, c, d):
    """a / b = c / d in every direction."""
    return [(a, (b, c, d), lambda x, y, z: x * y / z), (b, (a, c, d), lambda x, y, z: x * z / y),
            (c, (a, b, d), lambda x, y, z: x * z / y), (d, (a, b, c), lambda x, y, z: y * z / x)]


def numbers(lab):
    out = {}
    for k, t in lab["len"].items():
        try:
            out[k] = float(t)
        except ValueError:
            pass
    return out


def by_rules(rules, integer=True):
    def solve(state, params, qid):
        fig = state["fig"]
        lab = check_printed(fig)
        _, ask = unknown(lab)
        v = propagate(numbers(lab), rules, ask)
        assert abs(measure_unknown(fig, lab) - v) < 1e-6 * max(1.0, v), (ask, v, measure_unknown(fig, lab))
        return as_answer(v, integer)
    return solve


ALTITUDE = plus("BC", "BD", "DC") + mean("AD", "BD", "DC") + mean("AB", "BD", "BC") + mean("AC", "DC", "BC")
BISECTOR = plus("BC", "BD", "DC") + prop("AB", "AC", "BD", "DC") + [
    ("BD", ("BC", "AB", "AC"), lambda bc, ab, ac: bc * ab / (ab + ac)),
    ("DC", ("BC", "AB", "AC"), lambda bc, ab, ac: bc * ac / (ab + ac))]
CENTROID = [("AG", ("GD",), lambda g: 2 * g), ("GD", ("AG",), lambda a: a / 2), ("AD", ("GD",), lambda g: 3 * g),
            ("GD", ("AD",), lambda a: a / 3), ("AG", ("AD",), lambda a: 2 * a / 3), ("AD", ("AG",), lambda a: 1.5 * a)]
SECTIONS = (plus("AB", "AD", "DB") + plus("AC", "AE", "EC") + prop("AD", "AB", "DE", "BC")
            + prop("AE", "AC", "DE", "BC") + prop("AD", "AB", "AE", "AC") + prop("AD", "DB", "AE", "EC"))
CHAINED = plus("AB", "AE", "EB") + pyth("DE", "AE", "AD") + pyth("DB", "AB", "AD")
SHARED = pyth("AD", "AB", "BD") + pyth("CD", "BC", "BD")


def bisector_variable(state, params, qid):
    fig = state["fig"]
    lab = check_printed(fig)

    def val(name, x):
        t = lab["len"][name].replace("−", "-").replace(" ", "")
        if "x" not in t:
            return float(t)
        a, b = t.split("x")
        return (int(a) if a else 1) * x + (int(b) if b else 0)

    hits = [x for x in range(-2000, 2000)
            if min(val(n, x) for n in ("AB", "AC", "BD", "DC")) > 0
            and val("AB", x) * val("DC", x) == val("AC", x) * val("BD", x)]
    assert len(hits) == 1, hits
    x = hits[0]
    scale = next(float(t) / length(fig, k) for k, t in lab["len"].items() if "x" not in t)
    for k in lab["len"]:
        assert abs(val(k, x) - length(fig, k) * scale) < 1e-6 * val(k, x)
    return x


def right_triangle(state, params, qid):
    """Law of sines: each side over the sine of the angle opposite it is the same."""
    fig = state["fig"]
    lab = check_printed(fig)
    _, ask = unknown(lab)
    (key, theta), = lab["angle"].items()
    at_a = key[0] == "A"
    opposite = {"BC": theta if at_a else 90 - theta, "AC": 90 - theta if at_a else theta, "AB": 90}
    gname, g = next(iter(numbers(lab).items()))
    v = g / math.sin(math.radians(opposite[gname])) * math.sin(math.radians(opposite[ask]))
    assert abs(measure_unknown(fig, lab) - v) < 1e-6 * v
    return as_answer(v, False)


def split_trig(state, params, qid):
    fig = state["fig"]
    lab = check_printed(fig)
    _, ask = unknown(lab)
    B = next(v for k, v in lab["angle"].items() if k[0] == "B")
    C = next(v for k, v in lab["angle"].items() if k[0] == "C")
    tb, tc, sb, sc = (math.tan(math.radians(B)), math.tan(math.radians(C)), math.sin(math.radians(B)),
                      math.sin(math.radians(C)))
    rules = plus("BC", "BD", "DC") + [
        ("BD", ("AD",), lambda h: h / tb), ("AD", ("BD",), lambda x: x * tb), ("AB", ("AD",), lambda h: h / sb),
        ("AD", ("AB",), lambda x: x * sb), ("DC", ("AD",), lambda h: h / tc), ("AD", ("DC",), lambda x: x * tc),
        ("AC", ("AD",), lambda h: h / sc), ("AD", ("AC",), lambda x: x * sc)]
    v = propagate(numbers(lab), rules, ask)
    assert abs(measure_unknown(fig, lab) - v) < 1e-6 * v
    return as_answer(v, False)


def split_angle(state, params, qid):
    """Angle sums of triangles ABD and BCD and the straight angle at B."""
    fig = state["fig"]
    lab = check_printed(fig)
    known = {lab["angle_names"][k]: v for k, v in lab["angle"].items() if v is not None}
    names = {"".join(sorted(n)) + n[1]: n for n in ("DAB", "ABD", "ADB", "DBC", "BCD", "BDC")}
    known = {names["".join(sorted(n)) + n[1]]: v for n, v in known.items()}
    sums = [(("DAB", "ABD", "ADB"), 180), (("DBC", "BCD", "BDC"), 180), (("ABD", "DBC"), 180)]
    _, ask = unknown(lab)
    ask = names["".join(sorted(ask)) + ask[1]]
    while ask not in known:
        for group, total in sums:
            missing = [g for g in group if g not in known]
            if len(missing) == 1:
                known[missing[0]] = total - sum(known[g] for g in group if g in known)
    assert abs(measure_unknown(fig, lab) - known[ask]) < 1e-4
    return as_answer(known[ask], True)


SOLVERS = {
    P + "altitude_to_hypotenuse_value": by_rules(ALTITUDE),
    P + "leg_projection_length_value": by_rules(ALTITUDE),
    P + "angle_bisector_segment_value": by_rules(BISECTOR),
    P + "angle_bisector_variable_value": bisector_variable,
    P + "centroid_median_segment_value": by_rules(CENTROID),
    P + "parallel_section_segment_value": by_rules(SECTIONS),
    P + "similar_triangles_side_length": by_rules(SECTIONS),
    P + "pythagorean_length_value_chained_rectangle_diagonal_length": by_rules(CHAINED),
    P + "pythagorean_length_value_rectangle_triangle_shared_height_length": by_rules(SHARED),
    P + "right_triangle_missing_side_value": right_triangle,
    P + "split_triangle_trig_side_length_value": split_trig,
    P + "split_triangle_angle_value": split_angle,
}


def _size(s):
    fig = s["fig"]
    lab = read(fig)
    nums = [float(v) for t in lab["len"].values() for v in __import__("re").findall(r"\d+", t)]
    return len(lab["len"]) + len(lab["angle"]) + len(fig["dots"]) + math.log10(1 + max(nums or [0]))


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
