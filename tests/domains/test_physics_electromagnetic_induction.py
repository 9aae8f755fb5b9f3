"""physics/electromagnetic_induction: independent solver (flux sign change + Lenz via the right-hand rule)."""

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.electromagnetic_induction"
P = "task_physics__electromagnetic_induction__"

WANT = {"clockwise_induced_current_count": "cw", "counterclockwise_induced_current_count": "ccw",
        "no_induced_current_count": "none"}


def _flux_rate(panel):
    # z axis out of the page; Phi = B_z * A_inside; its time derivative's sign
    bz = 1 if panel["field"] == "out" else -1
    d_strength = {"increasing": 1, "decreasing": -1}.get(panel["case"], 0)
    d_area = {"enter": 1, "leave": -1}.get(panel["case"], 0)     # area of the loop inside the field
    return bz * (d_strength + d_area)


def _direction(panel):
    emf = -_flux_rate(panel)              # Faraday: EMF = -dPhi/dt (positive = counterclockwise about +z)
    if emf == 0:
        return "none"
    return "ccw" if emf > 0 else "cw"


def count(state, params, qid):
    return sum(1 for pn in state["panels"] if _direction(pn) == WANT[qid])


SOLVERS = {P + "induced_current_direction_count": count}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["panels"]))


def test_known_case():
    # B into the page growing: induced field out of the page -> counterclockwise
    assert _direction({"field": "in", "case": "increasing"}) == "ccw"
    # loop leaving an out-of-page field: flux falls, induced field out of the page -> counterclockwise
    assert _direction({"field": "out", "case": "leave"}) == "ccw"
    assert _direction({"field": "out", "case": "slide"}) == "none"
