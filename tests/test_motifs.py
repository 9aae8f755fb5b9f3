"""kits/motifs: exact transforms of icons, and the vocabularies of icons whose orientations differ."""

import itertools

import pytest

from tracegen.kits import motifs


def _min_difference(kind, orientations):
    masks = [motifs.mask(kind, a, m) for a, m in orientations]
    return min(motifs.mask_difference(x, y) for x, y in itertools.combinations(masks, 2))


def test_chiral_and_turnable_vocabularies_match_the_rasters():
    chiral = tuple(k for k in motifs.MOTIFS if _min_difference(k, motifs.DIHEDRAL) >= motifs.CHIRAL_MIN)
    turnable = tuple(k for k in motifs.MOTIFS if _min_difference(k, motifs.DIHEDRAL[:4]) >= motifs.TURNABLE_MIN)
    assert set(chiral) == set(motifs.CHIRAL)
    assert set(turnable) == set(motifs.TURNABLE)


@pytest.mark.parametrize("kind", ["key", "boot", "music note", "flag"])
def test_transforms_compose_like_the_square_group(kind):
    """Drawing an orientation equals composing transforms: mask(compose(a, b)) is b applied to a's mask."""
    import numpy as np

    def apply(arr, orient):
        a, m = orient
        out = arr[:, ::-1] if m else arr
        return np.rot90(out, k=-(a // 90))   # clockwise on screen (y down)

    base = motifs.mask(kind)
    for first in motifs.DIHEDRAL:
        for then in motifs.DIHEDRAL:
            drawn = motifs.mask(kind, *motifs.compose(first, then))
            assert motifs.mask_difference(drawn, apply(apply(base, first), then)) < 0.08, (kind, first, then)


def test_flip_vertical_is_a_mirror_turned_half_way():
    import numpy as np

    a, m = motifs.TRANSFORMS["flip_vertical"]
    assert motifs.mask_difference(motifs.mask("boot", a, m), motifs.mask("boot")[::-1, :]) < 0.08
    assert np.array_equal(motifs.mask("circle", 90), motifs.mask("circle"))
