"""geometry/composite_shape: independent solvers from the catalog programs.  Each reads the printed
measurements back from the figure, fills in what a tick mark, a right angle or a whole side
implies, and applies the task's formula; the figure is checked to be drawn to scale against
every printed length, and the shaded area is measured from the outline (a dense polygon) to
agree with the formula."""

import cmath
import math
import re

from figurecheck import half_up, labelled
from taskcheck import scene_tests, shortcut_test


MOD = "tracegen.domains.geometry.composite_shape"
P = "task_geometry__composite_shape__"
LABEL = re.compile(r"^(arc [A-Z]{2}|[A-Z]{2}|r|Area) = (\?|\d+(?:\.\d+)?)$")


def pt(fig, n):
    return complex(*fig["pts"][n])


def check_scale(fig):
    """Every printed segment length equals the drawn distance (to the printed decimal)."""
    for ln in fig["lens"]:
        m = LABEL.match(ln["text"])
        if m[2] != "?":
            d = abs(pt(fig, ln["a"]) - pt(fig, ln["b"]))
            assert abs(d - float(m[2])) < 0.051, (ln, d)


def read(state):
    """The figure (checked to scale) and its printed measurements."""
    fig = state["fig"]
    check_scale(fig)
    return fig, labelled(fig, LABEL)


def dense(fig, path, n=4000):
    """The region outline as a dense polygon: arcs followed about their centre through 'via'."""
    out = []
    for item in path:
        if isinstance(item, str):
            out.append(pt(fig, item))
            continue
        o, p, q, via = pt(fig, item["arc"]), out[-1], pt(fig, item["to"]), pt(fig, item["via"])
        r = abs(p - o)
        t0 = cmath.phase(p - o)
        sweep_q = (cmath.phase(q - o) - t0) % (2 * math.pi)
        sweep_v = (cmath.phase(via - o) - t0) % (2 * math.pi)
        sweep = sweep_q if sweep_v <= sweep_q else sweep_q - 2 * math.pi
        out += [o + cmath.rect(r, t0 + sweep * i / n) for i in range(1, n + 1)]
    return out


def shoelace(poly):
    return abs(sum((a.conjugate() * b).imag for a, b in zip(poly, poly[1:] + poly[:1]))) / 2


def shaded_area(fig):
    regs = [r for r in fig["regions"] if r.get("tint") is not None]
    return sum(shoelace(dense(fig, r["path"])) for r in regs)


def perimeter(fig):
    poly = dense(fig, fig["regions"][0]["path"])
    return sum(abs(b - a) for a, b in zip(poly, poly[1:] + poly[:1]))


def close(a, b, tol):
    assert abs(a - b) <= tol, (a, b)


# ---------------------------------------------------------------------- solvers
def house(state, params, qid):
    fig, v = read(state)
    ticks = {}
    for a, b, n in fig["ticks"]:
        ticks.setdefault(n, []).append(a + b)
    for group in ticks.values():                       # sides with the same ticks are equal
        known = [v[s] for s in group if s in v]
        for s in group if known else ():
            v.setdefault(s, known[0])
    if "CD" not in v:                                  # the roof from the apex height: Pythagoras
        v["CD"] = v["DE"] = math.hypot(v["AB"] / 2, v["DF"] - v["BC"])
    total = sum(v[s] for s in ("AB", "BC", "CD", "DE", "EA"))
    close(total, perimeter(fig), 1e-3)
    return int(round(total))


def l_profile(state, params, qid):
    fig, v = read(state)
    notch_w = v["DE"] if "DE" in v else v["AF"] - v["BC"]
    notch_h = v["DC"] if "DC" in v else v["AB"] - v["EF"]
    area = v["AB"] * v["AF"] - notch_w * notch_h
    close(area, shaded_area(fig), 1e-3)
    return int(round(area))


def tabbed(state, params, qid):
    fig, v = read(state)
    names = [n for n in fig["pts"]]
    steps = [(names[i - 1], names[i]) for i in range(len(names))]
    missing = [a + b for a, b in steps if a + b not in v]
    assert len(missing) <= 1
    if missing:
        # a closed rectilinear outline: the signed runs along each axis cancel
        a, b = next((a, b) for a, b in steps if a + b == missing[0])
        d = pt(fig, b) - pt(fig, a)
        horizontal = abs(d.real) > abs(d.imag)
        run = 0.0
        for p, q in steps:
            if p + q == missing[0]:
                continue
            e = pt(fig, q) - pt(fig, p)
            comp = e.real if horizontal else e.imag
            if abs(comp) > 1e-9:
                run += math.copysign(v[p + q], comp)
        v[missing[0]] = abs(run)
    total = sum(v[a + b] for a, b in steps)
    close(total, perimeter(fig), 1e-3)
    return int(round(total))


def triangle_cut(state, params, qid):
    fig, v = read(state)
    ec = v.get("EC", v["DC"] - v.get("DE", 0))
    cf = v.get("CF", v["AD"] - v.get("BF", 0))
    area = v["DC"] * v["AD"] - ec * cf / 2
    close(area, shaded_area(fig), 1e-3)
    return int(round(area))


def radius(v):
    return v["r"] if "r" in v else v["EF"] / 2


def semicircle_area(state, params, qid):
    fig, v = read(state)
    sign = 1 if qid == "cap_area" else -1
    area = v["AB"] * v["AD"] + sign * math.pi * radius(v) ** 2 / 2
    close(area, shaded_area(fig), 1e-4)
    return half_up(area)


def missing_width(state, params, qid):
    fig, v = read(state)
    assert v["DC"] is None
    sign = 1 if qid == "cap_from_total_area" else -1
    width = (v["Area"] - sign * math.pi * radius(v) ** 2 / 2) / v["AD"]
    close(width, abs(pt(fig, "D") - pt(fig, "C")), 0.05)
    return half_up(width)


def semicircle_perimeter(state, params, qid):
    fig, v = read(state)
    arc = v.get("arc EF", math.pi * v.get("r", 0))
    straight = v["FC"] if "FC" in v else v["BC"] - 2 * v["r"] - v["BE"]
    total = v["AB"] + v["CD"] + v["DA"] + v["BE"] + straight + arc
    close(total, perimeter(fig), 0.06)
    return half_up(total)


def quarter_area(state, params, qid):
    fig, v = read(state)
    r = v.get("BE", v["AB"] - v.get("AE", 0))
    area = v["AB"] * v["AD"] - math.pi * (r * r + v.get("DG", 0) ** 2) / 4
    close(area, shaded_area(fig), 1e-4)
    return half_up(area)


def quarter_perimeter(state, params, qid):
    fig, v = read(state)
    if "arc EF" in v:
        total = v["AE"] + v["arc EF"] + v["FC"] + v["CD"] + v["AD"]
    elif "AE" in v:
        total = v["AE"] + math.pi * v["BE"] / 2 + v["FC"] + v["CD"] + v["AD"]
    else:                                              # BF = BE (ticks): both straight parts from the sides
        r = v["BE"]
        total = (v["AB"] - r) + math.pi * r / 2 + (v["AD"] - r) + v["CD"] + v["AD"]
    close(total, perimeter(fig), 0.06)
    return half_up(total)


def sector_angle(state, params, qid):
    fig, v = read(state)
    r = v["OA"]
    theta = v["Area"] * 360 / (math.pi * r * r) if qid == "from_sector_area" else v["arc AB"] / r * 180 / math.pi
    o, a, b = pt(fig, "O"), pt(fig, "A"), pt(fig, "B")
    drawn = math.degrees(cmath.phase((b - o) / (a - o))) % 360
    drawn = min(drawn, 360 - drawn)
    close(min(theta, 360 - theta), drawn, 3 / r + 6 / r ** 2)   # the printed measure has one decimal
    return half_up(theta)


SOLVERS = {
    P + "house_outline_perimeter": house,
    P + "l_profile_area": l_profile,
    P + "tabbed_rectilinear_perimeter": tabbed,
    P + "rectangle_triangle_cutout_area": triangle_cut,
    P + "rectangle_semicircle_area": semicircle_area,
    P + "missing_width_from_semicircle_area": missing_width,
    P + "rectangle_semicircle_perimeter": semicircle_perimeter,
    P + "rectangle_quarter_sector_cutout_area": quarter_area,
    P + "rectangle_quarter_sector_cutout_perimeter": quarter_perimeter,
    P + "sector_angle_value": sector_angle,
}


def _size(s):
    fig = s["fig"]
    return float(s["facts"]["value"]) + 100 * len(fig["names"]) + sum(float(x) for x in re.findall(r"\d+(?:\.\d+)?", " ".join(
        [ln["text"] for ln in fig["lens"]] + fig["notes"])))


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


test_no_printed_answer = shortcut_test(sorted(SOLVERS))
