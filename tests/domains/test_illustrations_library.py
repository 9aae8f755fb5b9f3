"""illustrations/library: independent solvers written from the catalog programs."""

from illustration_solvers import missing, rotated_on, swapped
from taskcheck import scene_tests

MOD = "tracegen.domains.illustrations.library"
P = "task_illustrations__library__"


def _section(state, params):
    return state["sections"][params["section"]]["books"]


def books_in_section(state, params, qid):
    return len(_section(state, params))


def filtered_in_section(state, params, qid):
    books = _section(state, params)
    if qid == "book_color_in_section_count":
        return sum(b["color"] == params["color"] for b in books)
    want = "horizontal" if qid == "horizontal_book_in_section_count" else "upright"
    return sum(b["pose"] == want for b in books)


SOLVERS = {
    P + "books_in_section_count": books_in_section,
    P + "filtered_book_in_section_count": filtered_in_section,
    P + "missing_patch_label": missing,
    P + "rotated_tile_label": rotated_on("tiles", range(1, 10)),
    P + "swapped_tile_pair_label": swapped,
}


test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: sum(len(sec["books"]) for sec in s["sections"]))


def test_books_fit_their_sections():
    import numpy as np

    from tracegen.domains.illustrations import library as m

    for d in (1, 2, 3):
        for s in range(20):
            st = m.SCENE.sample(np.random.default_rng(s), d)
            for view in ("shelf", "missing"):
                st["view"] = view
                st["tiles"] = [3, 3]
                lay = m.layout(st)
                for sec_i, _, (x0, y0, x1, y1) in lay["books"]:
                    col = sec_i % st["cols"]
                    right = m.F + (col + 1) * lay["sec_w"] - m.DV / 2
                    assert x1 <= right + 1e-6
