"""Task registry.

Listing tasks reads a static index (``index.json``, generated from the code by
``tracegen index --write`` and checked by a test), so ``tracegen list`` never imports task
code.  Generating a task imports only its scene's module.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from functools import lru_cache
from pathlib import Path

INDEX_PATH = Path(__file__).with_name("index.json")


class UnknownTask(KeyError):
    def __str__(self):
        return f"unknown task id {self.args[0]!r} (see `tracegen list`)"


@lru_cache(maxsize=1)
def index() -> dict[str, dict]:
    with open(INDEX_PATH, encoding="utf-8") as f:
        return json.load(f)["tasks"]


def task_ids(*, domain=None, scene=None, answer_type=None, annotation_type=None) -> list[str]:
    out = []
    for tid, meta in index().items():
        if domain and meta["domain"] != domain:
            continue
        if scene and meta["scene_id"] != scene:
            continue
        if answer_type and meta["answer_type"] != answer_type:
            continue
        if annotation_type and meta["annotation_type"] != annotation_type:
            continue
        out.append(tid)
    return sorted(out)


def meta(task_id: str) -> dict:
    try:
        return index()[task_id]
    except KeyError:
        raise UnknownTask(task_id) from None


def get(task_id: str):
    """The TaskSpec of a task, importing only its scene module."""
    module = importlib.import_module(meta(task_id)["module"])
    return _scene_tasks(module)[task_id]


def _scene_tasks(module) -> dict:
    from .core.task import Scene

    tasks = {}
    for obj in vars(module).values():
        if isinstance(obj, Scene):
            tasks.update(obj.tasks)
    return tasks


def scene_modules() -> list[str]:
    """Every scene's module: each module or package directly inside a domain package (a scene with
    several task modules is a package whose ``__init__`` imports them all)."""
    from . import domains

    names = []
    for dom in pkgutil.iter_modules(domains.__path__, domains.__name__ + "."):
        package = importlib.import_module(dom.name)
        names += [m.name for m in pkgutil.iter_modules(package.__path__, dom.name + ".")]
    return sorted(names)


def discover() -> dict[str, dict]:
    """Import every scene module and build the index from the code (slow; dev/test only)."""
    entries = {}
    for name in scene_modules():
        module = importlib.import_module(name)
        for tid, spec in _scene_tasks(module).items():
            if tid in entries:
                raise ValueError(f"task id {tid} declared twice")
            entries[tid] = {"module": name, **spec.metadata()}
    return dict(sorted(entries.items()))


def write_index(path: Path = INDEX_PATH) -> int:
    from .core.canonical import pretty_json
    from .core.files import write_atomic

    entries = discover()
    write_atomic(path, pretty_json({"version": 1, "tasks": entries}))
    index.cache_clear()
    return len(entries)
