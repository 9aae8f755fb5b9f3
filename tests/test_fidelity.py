"""Fidelity bands per scene: `tracegen stats --compare` against the reference's own statistics
(tests/data/reference/catalog/ref_task_stats.tsv, a copy) over every registered task of the reference's
tranches, 30 instances each, as a default build draws them.

One test per scene (select with ``-k charts-heatmap``); a scene's statistics are computed once
(plans only, no rendering) and shared by its assertions.  Scenes still being brought within the
bands are listed in OUTSIDE with the bands they fail: the test is a strict xfail for them, so
a scene that comes within its bands fails until it is taken off the list.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

import refdata
from tracegen import registry, stats

REF = refdata.copy("catalog/ref_task_stats.tsv")

# scene -> bands some of its tasks still fail (empty: every scene is within its bands)
OUTSIDE: dict[str, str] = {
}


@lru_cache(maxsize=1)
def reference() -> dict[str, dict]:
    return stats.read_tsv(REF)


def _scenes():
    ref = reference()
    out = {}
    for tid in registry.task_ids():
        if tid in ref:
            m = registry.meta(tid)
            out.setdefault(f"{m['domain']}-{m['scene_id']}", []).append(tid)
    return out


SCENES = _scenes()


@pytest.fixture(scope="module")
def pool():
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=2) as ex:
        yield ex


@pytest.fixture
def scene_table(pool):
    def table(scene):
        if scene not in _TABLES:
            _TABLES[scene] = stats.compare(stats.compute(SCENES[scene], stats.REF_SEEDS, pool=pool), reference())
        return _TABLES[scene]

    return table


_TABLES: dict[str, list] = {}


def test_outside_list_names_real_scenes():
    assert set(OUTSIDE) <= set(SCENES)


@pytest.mark.parametrize("scene", [
    pytest.param(s, marks=pytest.mark.xfail(strict=True, reason=f"outside the bands: {OUTSIDE[s]}"))
    if s in OUTSIDE else s for s in sorted(SCENES)])
def test_scene_within_the_bands(scene, scene_table):
    table = scene_table(scene)
    flagged = [t for t in table if t["flags"]]
    assert not flagged, "\n" + "\n".join(f"{t['task_id']}: {t['detail']}" for t in flagged)
