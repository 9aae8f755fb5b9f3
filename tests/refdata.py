"""Where the tests find the reference artifacts (facts from the original system) they compare against.

The small ones the tests need are copied into ``tests/data/reference/`` under their paths in the
reference tree (``PROVENANCE.md`` says where they come from; ``SHA256SUMS`` pins every file), so a
fresh clone runs those tests.  The large ones -- the release-format sample (12.5 MB of parquet) and
the catalog's full set of reference samples (61 MB) -- stay outside the repository, in
``../shared/reference/`` beside a checkout; the tests that compare against them skip, with the
reason, when it is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COPIES = ROOT / "tests" / "data" / "reference"
SHARED = ROOT.parent / "shared" / "reference"


def copy(rel: str) -> Path:
    """A reference file or folder copied into the repository (``tests/data/reference/<rel>``)."""
    path = COPIES / rel
    assert path.exists(), f"{path} is not in the repository (tests/data/reference/PROVENANCE.md lists the copies)"
    return path


def external(rel: str) -> Path:
    """A large reference artifact kept outside the repository (``../shared/reference/<rel>``)."""
    return SHARED / rel


def needs_external(rel: str):
    """Skip marker for a test that compares against ``external(rel)`` itself."""
    return pytest.mark.skipif(not external(rel).exists(),
                              reason=f"compares against ../shared/reference/{rel}, absent beside this checkout")
