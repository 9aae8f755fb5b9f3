"""geometry/angle_relations: independent solvers from the catalog programs, from the printed angle
values and expressions (parsed back from the figure) and the marked vertices; each answer is
also measured on the drawing."""

from figurecheck import as_answer, check_printed, measure_angle, measure_unknown, read, unknown
from taskcheck import scene_tests, shortcut_test


MOD = "tracegen.domains.geometry.angle_relations"
P = "task_geometry__angle_relations__"


def at(lab, vertex, *ends):
    """The printed value (number) of the angle at ``vertex`` between ``ends`` (None if not printed)."""
    key = vertex + "".join(sorted(ends))
    return lab["angle"].get(key)


def expr_at(lab, vertex, *ends):
    key = vertex + "".join(sorted(ends))
    t = lab["angle_expr"].get(key)
    if t is None:
        v = lab["angle"].get(key)
        return None if v is None else (lambda x, v=v: v)
    t = t.strip("()°").replace("−", "-").replace(" ", "")
    a, b = t.split("x")
    return lambda x: (int(a) if a else 1) * x + (int(b) if b else 0)


def solve_x(equation):
    hits = [x for x in range(-300, 301) if equation(x)]
    assert len(hits) == 1, hits
    return hits[0]


def checked(fn):
    def run(state, params, qid):
        fig = state["fig"]
        lab = check_printed(fig)
        v = fn(lab)
        assert abs(measure_unknown(fig, lab) - v) < 1e-4, (fn.__name__, v, measure_unknown(fig, lab))
        return as_answer(v, True)
    return run


@checked
def exterior(lab):
    """Exterior angle BCD = A + B (or A from its own exterior angle)."""
    a = at(lab, "A", "B", "C")
    if a is None and at(lab, "A", "B", "E") is not None:
        a = 180 - at(lab, "A", "B", "E")
    b, ext = at(lab, "B", "A", "C"), at(lab, "C", "B", "D")
    _, name = unknown(lab)
    if name[1] == "C":
        return a + b
    return ext - (a if name[1] == "B" else b)


def algebraic(state, params, qid):
    """Exterior angle = sum of the remote interior angles, solved for x; the asked angle is the one
    written in x at B, or the interior angle at C marked '?'."""
    fig = state["fig"]
    lab = check_printed(fig)
    fa, fb, fe = expr_at(lab, "A", "B", "C"), expr_at(lab, "B", "A", "C"), expr_at(lab, "C", "B", "D")
    if fa is None:                                            # from the exterior angle at A
        fa = (lambda v: lambda x: 180 - v)(at(lab, "A", "B", "E"))
    x = solve_x(lambda x: fe(x) == fa(x) + fb(x))
    asks_c = None in lab["angle"].values()
    v = 180 - fe(x) if asks_c else fb(x)
    assert abs(measure_angle(fig, "ACB" if asks_c else "ABC") - v) < 1e-4
    return as_answer(v, True)


@checked
def supplement(lab):
    """Same-side interior angles are supplementary; vertical angles are equal."""
    left = {("A", "F"): lambda v: v, ("B", "F"): lambda v: 180 - v,          # ∠AEF from any angle at E
            ("B", "G"): lambda v: v, ("A", "G"): lambda v: 180 - v}
    (aef,) = [f(at(lab, "E", *ends)) for ends, f in left.items() if at(lab, "E", *ends) is not None]
    _, name = unknown(lab)
    ends = tuple(sorted(name[0] + name[2]))
    return {("C", "E"): 180 - aef, ("D", "E"): aef, ("D", "H"): 180 - aef, ("C", "H"): aef}[ends]


@checked
def parallel_algebraic(lab):
    bpq = expr_at(lab, "P", "B", "Q") or expr_at(lab, "P", "A", "S")       # vertical angles are equal
    apq = expr_at(lab, "P", "A", "Q") or expr_at(lab, "P", "B", "S")
    pqd, pqc = expr_at(lab, "Q", "P", "D"), expr_at(lab, "Q", "P", "C")
    if pqd:
        x = solve_x(lambda x: bpq(x) + pqd(x) == 180)                        # same-side interior
        angle_pqd = pqd(x)
    else:
        x = solve_x(lambda x: apq(x) + pqc(x) == 180)
        angle_pqd = 180 - pqc(x)
    _, name = unknown(lab)
    return angle_pqd if "F" in name else 180 - angle_pqd                    # corresponding angle at R


@checked
def parallel_triangle(lab):
    s = at(lab, "S", "Q", "T") or at(lab, "R", "P", "Q")      # alternate interior angles are equal
    t = at(lab, "T", "Q", "S") or at(lab, "P", "Q", "R")
    _, name = unknown(lab)
    sqt = 180 - s - t
    return sqt if set(name) == set("PQR") else 180 - sqt      # vertical angle, or its supplement


SOLVERS = {
    P + "triangle_exterior_angle": exterior,
    P + "algebraic_angle_value": algebraic,
    P + "parallel_supplement_angle": supplement,
    P + "parallel_algebraic_angle_value": parallel_algebraic,
    P + "parallel_transversal_triangle_angle_value": parallel_triangle,
}


def _size(s):
    fig = s["fig"]
    lab = read(fig)
    coeff = sum(len(t) for t in lab["angle_expr"].values())
    return len(fig["dots"]) + len(lab["angle"]) + 2 * len(lab["angle_expr"]) + coeff / 10 + len(fig["segs"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_printed_answer = shortcut_test(sorted(SOLVERS))
