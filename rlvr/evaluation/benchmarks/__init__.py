"""Registry of the evaluation suite's benchmarks: one module per benchmark (or family) in this package,
each class registered with ``@register``::

    @register
    class CountBenchQA(Benchmark):
        key = "countbenchqa"
        ...

Modules whose name starts with ``_`` and ``base`` are not benchmark modules. ``get(key)`` imports the
package's modules on first use; ``keys()`` lists what is registered. Adding a benchmark takes more than a
module (reference pins, protocol constants, a task YAML, ...): the checklist is docs/extending.md.
"""

from __future__ import annotations

import importlib
import pkgutil

from .base import Benchmark, BenchmarkError, JudgeRequest, Row

__all__ = ["Benchmark", "BenchmarkError", "JudgeRequest", "Row", "register", "get", "keys", "is_migrated"]

_REGISTRY: dict[str, Benchmark] = {}
_LOADED = False


def register(cls):
    if not cls.key:
        raise ValueError(f"{cls.__name__}: a registered benchmark needs a key")
    if cls.key in _REGISTRY and type(_REGISTRY[cls.key]) is not cls:
        raise ValueError(f"benchmark {cls.key!r} is registered twice ({type(_REGISTRY[cls.key]).__name__}, "
                         f"{cls.__name__})")
    _REGISTRY[cls.key] = cls()
    return cls


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_") or info.name == "base":
            continue
        importlib.import_module(f"{__name__}.{info.name}")
    _LOADED = True


def keys() -> list[str]:
    _load()
    return sorted(_REGISTRY)


def is_migrated(key: str) -> bool:
    _load()
    return key in _REGISTRY


def get(key: str) -> Benchmark:
    _load()
    try:
        return _REGISTRY[key]
    except KeyError:
        raise KeyError(f"benchmark {key!r} has no module in rlvr/evaluation/benchmarks") from None
