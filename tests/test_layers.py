"""Layering: the import contracts of .importlinter hold, and no package has an import cycle.

Both checks read the import graph grimp builds from the source, which holds every import statement,
imports inside functions included (a function-level import still ties two modules together).
"""

import os
import re
import shutil
import sys
from pathlib import Path

import grimp
import networkx as nx
import pytest
from proc import run

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / ".importlinter"
# every package checked for cycles (imports inside functions count): both are acyclic
ACYCLIC = ["tracegen", "rlvr"]


def _lint_imports() -> str:
    exe = Path(sys.executable).with_name("lint-imports")
    return str(exe) if exe.exists() else shutil.which("lint-imports")


def test_import_contracts_are_kept():
    cmd = [_lint_imports(), "--config", str(CONFIG), "--no-cache", "--no-logo"]
    r = run(cmd, cwd=ROOT, env={**os.environ, "COLUMNS": "200"}, timeout=300)
    out = r.stdout + r.stderr
    broken = re.findall(r"^(.+?) BROKEN$", out, flags=re.M)
    assert r.returncode == 0, f"import contracts broken: {broken or '(none named)'}\n{out[-6000:]}"
    assert re.search(r"Contracts: \d+ kept, 0 broken\.", out), out[-2000:]


def import_cycles(package: str) -> list[list[tuple[str, str, list[int]]]]:
    """One cycle per strongly connected component of more than one module in ``package``'s import
    graph: its edges as (importer, imported, line numbers), smallest component member first."""
    graph = grimp.build_graph(package, cache_dir=None)
    g = nx.DiGraph()
    for m in graph.modules:
        g.add_edges_from((m, i) for i in graph.find_modules_directly_imported_by(m))
    cycles = []
    for comp in sorted((sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1)):
        edges = nx.find_cycle(g.subgraph(comp), source=comp[0])
        cycles.append([(a, b, sorted(d["line_number"] for d in graph.get_import_details(importer=a, imported=b)))
                       for a, b in edges])
    return cycles


def _describe(cycle) -> str:
    return " -> ".join(f"{a} (line {', '.join(map(str, lines))})" for a, _, lines in cycle) + f" -> {cycle[0][0]}"


@pytest.mark.parametrize("package", ACYCLIC)
def test_no_import_cycles(package):
    cycles = import_cycles(package)
    assert not cycles, f"{package} has {len(cycles)} import cycle(s):\n" + "\n".join(map(_describe, cycles))


def test_a_cycle_through_a_function_level_import_is_found(tmp_path, monkeypatch):
    pkg = tmp_path / "cyclepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from cyclepkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from cyclepkg import a\n    return a\n")
    (pkg / "c.py").write_text("from cyclepkg import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    cycles = import_cycles("cyclepkg")
    assert cycles == [[("cyclepkg.a", "cyclepkg.b", [1]), ("cyclepkg.b", "cyclepkg.a", [2])]]
    assert _describe(cycles[0]) == "cyclepkg.a (line 1) -> cyclepkg.b (line 2) -> cyclepkg.a"
