"""No module imports another package's private names or private modules (issue #20): a name or module
starting with one underscore is its package's own business. Relative and absolute imports alike, at any
depth of the code (functions included)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"rlvr": ROOT / "rlvr", "tracegen": ROOT / "trace"}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _modules():
    for top, root in PACKAGES.items():
        for path in sorted(root.rglob("*.py")):
            parts = [top, *path.relative_to(root).with_suffix("").parts]
            is_pkg = parts[-1] == "__init__"
            if is_pkg:
                parts = parts[:-1]
            yield path, ".".join(parts), is_pkg


def violations(source: str, module: str, is_pkg: bool) -> list[str]:
    """'line: what' for every import of a private name or module from outside the importer's package."""
    package = module if is_pkg else module.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                # `from pkg import _mod` / `from mod import _name`: the owner is pkg, or mod's package
                owner = target if _is_package(target) else target.rpartition(".")[0]
                if _private(alias.name) and owner != package:
                    out.append(f"{node.lineno}: from {target} import {alias.name}")
            parts = target.split(".")
            for i, part in enumerate(parts):
                if _private(part) and ".".join(parts[:i]) != package:
                    out.append(f"{node.lineno}: from {target} (private module {part})")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                for i, part in enumerate(parts):
                    if _private(part) and ".".join(parts[:i]) != package:
                        out.append(f"{node.lineno}: import {alias.name} (private module {part})")
    return out


def _is_package(dotted: str) -> bool:
    top, _, rest = dotted.partition(".")
    root = PACKAGES.get(top)
    return root is not None and (root.joinpath(*rest.split(".")) if rest else root).joinpath("__init__.py").is_file()


def test_no_private_imports_across_packages():
    found = [f"{path.relative_to(ROOT)}:{v}" for path, module, is_pkg in _modules()
             for v in violations(path.read_text(encoding="utf-8"), module, is_pkg)]
    assert not found, "private imports across packages:\n" + "\n".join(found)


@pytest.mark.parametrize("source, module, bad", [
    ("from rlvr.training.tiny import _CORPUS", "rlvr.evaluation.judge.tiny", True),
    ("from ..data import _image", "rlvr.evaluation.benchmarks.blink", True),
    ("from .answer_parsing import _clean", "rlvr.evaluation.trace_validation.answers", False),   # same package
    ("from . import _mme_functions", "rlvr.evaluation.benchmarks.mme_reasoning", False),        # same package
    ("from .benchmarks import _mme_functions", "rlvr.evaluation.commands", True),
    ("import rlvr.evaluation.benchmarks._mme_functions", "rlvr.evaluation.data", True),
    ("def f():\n    from rlvr.training.prepare import _row_sizes", "rlvr.evaluation.data", True),   # nested too
    ("from rlvr.training.prepare import convert_rows", "rlvr.evaluation.data", False),
])
def test_the_rule(source, module, bad):
    assert bool(violations(source, module, False)) is bad
