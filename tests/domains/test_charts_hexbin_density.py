"""charts/hexbin_density: an independent solver written from the catalog program."""

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.hexbin_density"
P = "task_charts__hexbin_density__"


def threshold(state, params, qid):
    lv = params["threshold"]
    return sum((x >= lv) if qid.startswith("above") else (x < lv) for x in state["level"])


SOLVERS = {P + "threshold_bin_count": threshold}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["bins"]))

test_no_count_is_printed = shortcut_test(sorted(SOLVERS), seeds=(0, 1))


def _hex_neighbours(a, b):
    """Flat-topped hexagons in columns, odd columns half a cell lower: adjacency from centre distance."""
    def centre(cell):
        r, c = cell
        return (1.5 * c, 3 ** 0.5 * (r + (0.5 if c % 2 else 0.0)))

    (x0, y0), (x1, y1) = centre(a), centre(b)
    return abs(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 - 3 ** 0.5) < 1e-6


def test_bins_form_one_connected_patch_and_levels_are_in_the_legend():
    spec = registry.get(P + "threshold_bin_count")
    for i in range(8):
        _, _, state, _, _ = engine.solve_only(spec, seed=5, split="patch", index=i)
        bins = [tuple(b) for b in state["bins"]]
        assert len(set(bins)) == len(bins)
        seen, stack = {bins[0]}, [bins[0]]
        while stack:
            cur = stack.pop()
            for other in bins:
                if other not in seen and _hex_neighbours(cur, other):
                    seen.add(other)
                    stack.append(other)
        assert len(seen) == len(bins)
        assert all(1 <= x <= state["levels"] for x in state["level"])
