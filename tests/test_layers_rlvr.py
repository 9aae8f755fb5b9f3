"""rlvr's layering: the receipts core < the stages < the command line, and no import cycle through its
receipt modules. Imports inside functions count (they hide a cycle from import time, not from the design).

The contracts themselves are in ``.importlinter`` (section ``# --- rlvr contracts ---``); this test runs
them, and checks with grimp that no module of rlvr's top level can reach itself again through imports.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

grimp = pytest.importorskip("grimp")

REPO = Path(__file__).resolve().parents[1]
RECEIPT_MODULES = ("receipts", "chain", "deep", "dag", "receipts_cli", "cli", "provenance", "equivalence", "hub",
                   "aggregate", "report", "workflow")
CONTRACTS = ("rlvr-layers", "rlvr-acyclic")


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("rlvr", "tracegen", cache_dir=None)


def test_no_import_cycle_through_rlvrs_receipt_modules(graph):
    cycles = []
    for name in RECEIPT_MODULES:
        module = f"rlvr.{name}"
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported.startswith("rlvr") and graph.chain_exists(importer=imported, imported=module):
                back = graph.find_shortest_chain(importer=imported, imported=module)
                cycles.append(" -> ".join((module, *back)))
    assert cycles == []


def test_imports_inside_functions_are_seen(graph):
    """The graph holds function-level imports: ``rlvr.cli`` imports the stages only inside build_parser."""
    assert "rlvr.aggregate" in graph.find_modules_directly_imported_by("rlvr.cli")
    assert "rlvr.chain" in graph.find_modules_directly_imported_by("rlvr.receipts_cli")


def test_the_receipts_core_reaches_neither_stages_nor_the_command_line(graph):
    core = ("receipts", "chain", "deep", "dag", "provenance", "equivalence", "hub", "workflow")
    above = ("rlvr.cli", "rlvr.receipts_cli", "rlvr.training", "rlvr.evaluation", "rlvr.aggregate", "rlvr.report")
    reached = sorted(f"rlvr.{c} -> {m}" for c in core for m in graph.find_upstream_modules(f"rlvr.{c}")
                     if m.startswith(above))
    assert reached == []


@pytest.mark.skipif(shutil.which("lint-imports", path=str(Path(sys.executable).parent)) is None,
                    reason="import-linter is not installed (envs/requirements.txt pins it)")
def test_rlvr_import_contracts_are_kept():
    exe = str(Path(sys.executable).parent / "lint-imports")
    args = [exe, "--config", str(REPO / ".importlinter"), "--no-cache"]
    for c in CONTRACTS:
        args += ["--contract", c]
    r = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in r.stdout
