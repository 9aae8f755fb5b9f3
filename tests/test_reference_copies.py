"""The reference fixtures copied into tests/data/reference/ are what SHA256SUMS pins, nothing more or less,
and (where ../shared/reference/ lies beside the checkout) still byte-identical to their sources, as is the
shipped task catalog."""

import hashlib

import pytest

from refdata import COPIES, ROOT, SHARED

SUMS = {line[66:]: line[:64] for line in (COPIES / "SHA256SUMS").read_text().splitlines()}


def test_every_copy_is_pinned_and_matches_its_sum():
    files = {p.relative_to(COPIES).as_posix() for p in COPIES.rglob("*") if p.is_file()}
    assert files - {"SHA256SUMS", "PROVENANCE.md"} == set(SUMS)
    bad = [rel for rel, digest in SUMS.items() if hashlib.sha256((COPIES / rel).read_bytes()).hexdigest() != digest]
    assert not bad, f"copies changed since they were pinned: {bad[:5]}"


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/reference absent beside this checkout: nothing to compare")
def test_copies_equal_their_sources():
    differ = [rel for rel in SUMS if (SHARED / rel).read_bytes() != (COPIES / rel).read_bytes()]
    assert not differ, f"reference changed; re-copy and re-pin: {differ[:5]}"
    # the reference task catalog ships with the product (the gallery's coverage, tests/test_registry.py)
    assert (ROOT / "trace/data/catalog_tasks.tsv").read_bytes() == (SHARED / "catalog/tasks.tsv").read_bytes()
