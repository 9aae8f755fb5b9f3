"""Static index freshness, catalog conformance, package layout."""

import csv
import json
import re
from pathlib import Path

import pytest

import refdata
from tracegen import registry

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "trace" / "data" / "catalog_tasks.tsv"   # the reference catalog, shipped (tests/test_reference_copies.py)


def _catalog():
    with open(CATALOG, newline="", encoding="utf-8") as f:
        return {row["task_id"]: row for row in csv.DictReader(f, delimiter="\t")}


def test_index_is_current():
    current = json.loads(registry.INDEX_PATH.read_text())
    assert current == {"version": 1, "tasks": registry.discover()}, "run `tracegen index --write`"


def test_ids_follow_the_naming_rule():
    for tid, meta in registry.index().items():
        assert re.fullmatch(r"task_[a-z0-9_]+__[a-z0-9_]+__[a-z0-9_]+", tid)
        assert tid == f"task_{meta['domain']}__{meta['scene_id']}__{meta['objective']}"


def test_tasks_in_the_catalog_match_its_contract():
    cat = _catalog()
    for tid, meta in registry.index().items():
        if tid not in cat:
            continue
        row = cat[tid]
        assert meta["answer_type"] == row["answer_type"], tid
        assert meta["annotation_type"] == row["annotation_type"], tid
        assert meta["reasoning_operations"] == row["reasoning_operations"].split(","), tid
        if row["query_ids"]:   # 14 catalog rows leave the query ids undeclared (pages/infographic, ...)
            assert meta["query_ids"] == row["query_ids"].split(","), tid
        else:                  # then the ids are the ones the reference's instances record: never empty
            assert all(meta["query_ids"]), tid


def test_first_tasks_span_at_least_six_domains():
    tranche1 = set(refdata.copy("catalog/tranche1.txt").read_text().split())
    ours = set(registry.index())
    assert len(ours & tranche1) >= 24
    assert len({registry.meta(t)["domain"] for t in ours & tranche1}) >= 6


def test_every_package_dir_is_declared_in_pyproject():
    text = (ROOT / "pyproject.toml").read_text()
    for init in (ROOT / "trace").rglob("__init__.py"):
        rel = init.parent.relative_to(ROOT / "trace")
        name = ".".join(("tracegen",) + rel.parts)
        assert f'"{name}"' in text, f"{name} missing from [tool.setuptools] packages"


def test_unknown_task_error_is_readable():
    with pytest.raises(registry.UnknownTask) as e:
        registry.get("task_x__y__z")
    assert "unknown task id 'task_x__y__z'" in str(e.value)
