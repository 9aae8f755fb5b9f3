"""What the training image must provide: the modules the training path imports, derived from the code.

Nothing here is a hand list of third-party modules.  The set is the union of

1. **the project's training code**: every ``import`` (at any level, lazy ones included) of the modules of
   ``rlvr.training`` and of ``rlvr.receipts`` (``rlvr receipt`` wraps every job of the stage), following
   the ``rlvr`` / ``tracegen`` modules they import, plus the module-level imports of the ``rlvr`` command
   (``rlvr.cli`` and the modules its parser loads);
2. **veRL's training path**: the module-level import closure of every veRL module the training code
   imports or runs (``import verl...`` statements and ``python -m verl...`` targets found in it);
3. **veRL's multimodal path**: every import, at any level, of the modules of veRL's dataset package
   (``RLHFDataset`` and its image helpers, which the agent-loop rollout calls for every prompt:
   ``qwen_vl_utils`` is imported inside their functions), and the module-level closure of veRL's rollout
   package for each profile's ``rollout.name`` / ``rollout.mode`` (looked up in veRL's own rollout
   registry, ``verl/workers/rollout/base.py``);
4. **the attention each profile selects**: ``actor_rollout_ref.model.override_config.attn_implementation``
   (veRL's default is ``flash_attention_2``, ``verl/workers/config/model.py``) and, with
   ``use_remove_padding``, veRL's padding-free Qwen2-VL attention (``verl/models/transformers/qwen2_vl.py``,
   which calls ``flash_attn_varlen_func``).

Imports inside ``try`` blocks that handle ``ImportError`` (optional features), under ``if TYPE_CHECKING``,
and -- in veRL's module-level closure -- under any ``if`` (veRL's ``is_*_available()`` switches) are not
required.  Standard-library modules, ``rlvr``, ``tracegen`` and ``verl`` itself are left out.

``python -m rlvr.training.imports [--lock FILE] [--import]`` prints the set; with ``--lock`` it fails
(exit 1, naming module, distribution and the file that imports it) when a required distribution is not
pinned in the lock; with ``--import`` it imports every module (the train image's ``%test``).
"""

from __future__ import annotations

import argparse
import ast
import functools
import importlib.util
import re
import sys
from pathlib import Path

PROJECT_ROOTS = ("rlvr", "tracegen")
#: modules scanned at every level (lazy imports included)
FULL_SCAN = ("rlvr.training", "rlvr.receipts")
#: the ``rlvr`` command: module-level closure of what its parser loads
COMMAND = "rlvr.cli"
#: veRL's dataset package (the multimodal path), scanned at every level
VERL_DATASET_PACKAGE = "verl.utils.dataset"
VERL_ROLLOUT_REGISTRY = "verl.workers.rollout.base"
VERL_ATTENTION_DEFAULT = "flash_attention_2"          # verl/workers/config/model.py
VERL_PADDING_FREE_ATTENTION = "verl.models.transformers.qwen2_vl"
#: transformers' attention implementations -> the module that provides them
ATTENTION_MODULES = {"flash_attention_2": "flash_attn", "flash_attention_3": "flash_attn_interface",
                     "sdpa": "torch", "eager": "torch", "flex_attention": "torch"}
_VERL_MODULE = re.compile(r"^verl(\.[A-Za-z_][A-Za-z0-9_]*)+$")
_IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}


class ImportScanError(RuntimeError):
    pass


# --------------------------------------------------------------------------------------------------
# reading modules without importing them
# --------------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _root_spec(root: str):
    return importlib.util.find_spec(root)


@functools.lru_cache(maxsize=None)
def module_file(name: str) -> Path | None:
    """The source file of a module, found from its top-level package's location (nothing is imported)."""
    root, *parts = name.split(".")
    spec = _root_spec(root)
    if spec is None:
        return None
    if not spec.submodule_search_locations:
        return Path(spec.origin) if not parts and spec.origin and spec.origin.endswith(".py") else None
    base = Path(next(iter(spec.submodule_search_locations))).joinpath(*parts)
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    return None


def package_modules(package: str) -> list[str]:
    init = module_file(package)
    if init is None or init.name != "__init__.py":
        return [package] if init else []
    out = []
    for f in sorted(init.parent.rglob("*.py")):
        rel = f.relative_to(init.parent).with_suffix("")
        parts = [p for p in rel.parts if p != "__init__"]
        out.append(".".join([package, *parts]))
    return out


def _guarded(parents, *, any_if: bool) -> bool:
    for node in parents:
        if isinstance(node, ast.Try):
            for handler in node.handlers:
                names = {n.id for n in ast.walk(handler.type) if isinstance(n, ast.Name)} if handler.type else {"*"}
                if names & _IMPORT_ERRORS or "*" in names:
                    return True
        if isinstance(node, ast.If):
            if any_if or "TYPE_CHECKING" in ast.unparse(node.test):
                return True
    return False


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str, *, module_level_only: bool, any_if_guards: bool) -> list[str]:
    """Absolute names a module imports (``from X import Y`` also yields ``X.Y`` when that is a module)."""
    path = module_file(module)
    if path is None:
        return []
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found = []

    def walk(node, parents, in_function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                if not (module_level_only and in_function) and not _guarded(parents, any_if=any_if_guards):
                    if isinstance(child, ast.Import):
                        found.extend(a.name for a in child.names)
                    else:
                        target = _resolve(module, is_package, child)
                        if target:
                            found.append(target)
                            found.extend(f"{target}.{a.name}" for a in child.names
                                         if a.name != "*" and module_file(f"{target}.{a.name}"))
            walk(child, parents + [child],
                 in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    walk(tree, [], False)
    return found


def module_strings(module: str) -> list[str]:
    """String constants of a module that name an existing veRL module (``python -m verl.x`` targets)."""
    path = module_file(module)
    if path is None:
        return []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sorted({n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                   and _VERL_MODULE.match(n.value) and module_file(n.value)})


def _stdlib(root: str) -> bool:
    return root in sys.stdlib_module_names or root == "__future__"


# --------------------------------------------------------------------------------------------------
# the derivation
# --------------------------------------------------------------------------------------------------

def _any_if_guards(module: str) -> bool:
    """veRL switches optional backends with ``if is_*_available():`` at module level."""
    return module.split(".")[0] == "verl"


def _closure(entries, *, full, record):
    """Walk imports from ``entries``; project / veRL modules are followed, third-party roots recorded."""
    seen, todo = set(), list(entries)
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        deep = any(module == f or module.startswith(f + ".") for f in full)
        for name in imports_of(module, module_level_only=not deep, any_if_guards=_any_if_guards(module)):
            root = name.split(".")[0]
            if _stdlib(root):
                continue
            if root in PROJECT_ROOTS or root == "verl":
                if module_file(name):
                    todo.append(name)
                elif module_file(name.rsplit(".", 1)[0]):
                    todo.append(name.rsplit(".", 1)[0])
                continue
            record.setdefault(root, module)
    return seen


def rollout_packages(profiles) -> list[str]:
    """veRL's rollout package for each profile's (rollout.name, rollout.mode), from veRL's registry."""
    path = module_file(VERL_ROLLOUT_REGISTRY)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    registry = None
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "_ROLLOUT_REGISTRY" for t in targets):
                registry = ast.literal_eval(node.value)
    if not isinstance(registry, dict):
        raise ImportScanError(f"no _ROLLOUT_REGISTRY in {path}")
    out = []
    for prof in profiles:
        ov = prof["verl"]["overrides"]
        key = (ov.get("actor_rollout_ref.rollout.name", "vllm"), ov.get("actor_rollout_ref.rollout.mode", "async"))
        if key not in registry:
            raise ImportScanError(f"{prof['name']}: rollout {key} is not in veRL's registry")
        out.append(registry[key].rsplit(".", 1)[0])
    return sorted(set(out))


def attention_modules(profiles) -> dict[str, str]:
    """module -> reason, for the attention each GPU profile selects."""
    out = {}
    for prof in profiles:
        ov = prof["verl"]["overrides"]
        if ov.get("trainer.device", "cuda") != "cuda":
            continue  # the CPU smoke backend runs Hugging Face's default attention
        impl = ov.get("actor_rollout_ref.model.override_config.attn_implementation", VERL_ATTENTION_DEFAULT)
        if impl not in ATTENTION_MODULES:
            raise ImportScanError(f"{prof['name']}: unknown attn_implementation {impl!r}")
        out.setdefault(ATTENTION_MODULES[impl], f"{prof['name']}: attn_implementation={impl}")
        if ov.get("actor_rollout_ref.model.use_remove_padding", True):
            source = module_file(VERL_PADDING_FREE_ATTENTION).read_text(encoding="utf-8")
            if "flash_attn_varlen_func" in source:
                out.setdefault("flash_attn", f"{prof['name']}: use_remove_padding=true "
                                             f"({VERL_PADDING_FREE_ATTENTION} calls flash_attn_varlen_func)")
    return out


def required_modules(profiles=None) -> dict[str, str]:
    """Third-party top-level module -> the module (or profile setting) that needs it."""
    if profiles is None:
        from . import profiles as P

        profiles = [P.load(p.stem) for p in sorted(P.PROFILE_DIR.glob("*.yaml")) if p.stem != "recipe"]
    record: dict[str, str] = {}
    own = [m for pkg in FULL_SCAN for m in package_modules(pkg)]
    seen = _closure(own + [COMMAND], full=FULL_SCAN, record=record)
    # the rlvr command's parser loads its subcommand modules inside build_parser: their module level counts
    parser_modules = [n for n in imports_of(COMMAND, module_level_only=False, any_if_guards=False)
                      if n.split(".")[0] in PROJECT_ROOTS and module_file(n)]
    seen |= _closure(parser_modules, full=FULL_SCAN, record=record)
    verl_entries = sorted({m for m in seen if m.split(".")[0] == "verl"} |
                          {s for m in seen if m.split(".")[0] in PROJECT_ROOTS for s in module_strings(m)})
    verl_entries += package_modules(VERL_DATASET_PACKAGE) + [
        m for pkg in rollout_packages(profiles) for m in package_modules(pkg)]
    _closure(verl_entries, full=(VERL_DATASET_PACKAGE,), record=record)
    for module, why in attention_modules(profiles).items():
        record.setdefault(module, why)
    return dict(sorted(record.items()))


# --------------------------------------------------------------------------------------------------
# modules -> distributions -> the lock
# --------------------------------------------------------------------------------------------------

def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@functools.lru_cache(maxsize=1)
def _installed_distributions() -> dict:
    from importlib.metadata import packages_distributions

    return packages_distributions()


def distribution_of(module: str) -> str:
    """The distribution that provides a top-level module (installed metadata; else the module's name)."""
    dists = _installed_distributions().get(module)
    return normalize(sorted(dists)[0]) if dists else normalize(module)


def lock_pins(lock_path) -> dict[str, str]:
    pins = {}
    for line in Path(lock_path).read_text(encoding="utf-8").splitlines():
        m = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;\\]+)", line)
        if m:
            pins[normalize(m.group(1))] = m.group(2)
    return pins


def missing_from_lock(lock_path, required: dict[str, str] | None = None) -> list[str]:
    """One line per required module whose distribution the lock does not pin."""
    required = required_modules() if required is None else required
    pins = lock_pins(lock_path)
    return [f"{module} (distribution {distribution_of(module)}), needed by {why}"
            for module, why in required.items() if distribution_of(module) not in pins]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rlvr.training.imports", description=__doc__.splitlines()[0])
    ap.add_argument("--lock", help="a pip lock file that must pin every required distribution")
    ap.add_argument("--import", dest="do_import", action="store_true", help="import every required module")
    args = ap.parse_args(argv)
    try:
        required = required_modules()
    except (ImportScanError, OSError, SyntaxError) as e:
        print(f"rlvr.training.imports: error: {e}")
        return 1
    for module, why in required.items():
        print(f"{module}\t{distribution_of(module)}\t{why}")
    rc = 0
    if args.lock:
        for line in missing_from_lock(args.lock, required):
            print(f"missing from {args.lock}: {line}")
            rc = 1
    if args.do_import:
        import importlib

        for module in required:
            try:
                importlib.import_module(module)
            except Exception as e:  # noqa: BLE001 -- report every module that does not import
                print(f"cannot import {module} (needed by {required[module]}): {type(e).__name__}: {e}")
                rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
