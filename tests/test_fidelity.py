"""Fidelity bands per scene: `tracegen stats --compare` against the original generator's own
statistics (the shipped copy of the reference's ref_task_stats.tsv, ``stats.REFERENCE``) over
every registered task of the reference's tranches, 30 instances each, as a default build draws
them.

One test per scene (select with ``-k charts-heatmap``); a scene's statistics are computed once
(plans only, no rendering) and shared by its assertions.  Scenes still being brought within the
bands are listed in OUTSIDE with the ``band:direction`` flags their tasks raise: the test is an
expected failure for them (pytest.xfail once the flags are checked), so a scene that comes within
its bands fails until it is taken off the list, and a scene that misses a band it is not listed
for fails outright.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from tracegen import registry, stats

# scene -> the band:direction flags its tasks still raise at the default (the original's level 2; fidelity v2,
# issue 19; per task in `tracegen stats --scene S --compare`)
OUTSIDE: dict[str, str] = {}


@lru_cache(maxsize=1)
def reference() -> dict[str, dict]:
    return stats.read_tsv(stats.REFERENCE)


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


def test_outside_list_names_real_scenes_and_flags():
    assert set(OUTSIDE) <= set(SCENES)
    known = {f"{b}:{d}" for b in stats.BAND_NAMES for d in ("over", "under", "placement", "missing", "failed")}
    for scene, flags in OUTSIDE.items():
        assert set(flags.split(", ")) <= known, scene


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_scene_within_the_bands(scene, scene_table):
    """A scene within its bands passes; a listed scene that misses only its listed flags is an
    expected failure; anything else fails (an unlisted miss, or a listed scene now within)."""
    table = scene_table(scene)
    flagged = [t for t in table if t["flags"]]
    report = "\n" + "\n".join(f"{t['task_id']}: {t['detail']}" for t in flagged)
    if scene not in OUTSIDE:
        assert not flagged, report
        return
    raised = {f for t in flagged for f in t["flags"].split(",")}
    assert raised, f"{scene} is within its bands now: take it off OUTSIDE"
    unlisted = raised - set(OUTSIDE[scene].split(", "))
    assert not unlisted, f"{scene} also misses {sorted(unlisted)}:{report}"
    pytest.xfail(f"outside the bands: {OUTSIDE[scene]}")
