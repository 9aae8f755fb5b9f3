"""physics/lens_optics: independent solvers written from the catalog programs."""

from fractions import Fraction

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.lens_optics"
P = "task_physics__lens_optics__"

TEXT = {"beyond_2f": ("real", "inverted", "smaller"), "at_2f": ("real", "inverted", "same size"),
        "between": ("real", "inverted", "larger"), "inside_f": ("virtual", "upright", "larger")}


def _image(u: Fraction, f: Fraction = Fraction(1)):
    """Gaussian thin-lens equation 1/u + 1/v = 1/f (real-is-positive); magnification m = -v/u."""
    if u == f:
        return None
    v = 1 / (1 / f - 1 / u)
    m = -v / u
    kind = "real" if v > 0 else "virtual"
    orient = "inverted" if m < 0 else "upright"
    size = "same size" if abs(m) == 1 else ("larger" if abs(m) > 1 else "smaller")
    return kind, orient, size


def image_property(state, params, qid):
    props = _image(Fraction(state["u"]))
    hits = [k for k, key in enumerate(state["options"]) if (key == "at_f" if props is None else TEXT.get(key) == props)]
    assert len(hits) == 1
    return "ABCD"[hits[0]]


SOLVERS = {P + "image_property_choice": image_property}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["ticks"])


def test_known_lens():
    assert _image(Fraction(2)) == ("real", "inverted", "same size")     # object at 2F
    assert _image(Fraction(3)) == ("real", "inverted", "smaller")
    assert _image(Fraction(1, 2)) == ("virtual", "upright", "larger")
    assert _image(Fraction(1)) is None                                  # at F: rays leave parallel
