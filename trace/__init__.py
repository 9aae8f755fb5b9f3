"""tracegen: a procedural environment of verifiable visual-reasoning tasks.

Taxonomy: domain -> scene grammar -> task program.  Importing this package is cheap;
heavy modules (numpy, cairo, task code) load only when a task is generated.

The public API (docs/library.md) is loaded on first use: ``tasks``, ``describe``, ``generate``,
``stream``, ``Instance``, ``Stream``, ``TracegenError``; ``tracegen.hf`` (Hugging Face ``datasets``) and
``tracegen.trl`` (a TRL ``GRPOTrainer`` reward and dataset) are modules of their own.
"""

__version__ = "0.1.0"

_API = {"tasks": "library", "describe": "library", "generate": "library", "stream": "library",
        "Instance": "instance", "TracegenError": "instance", "Stream": "streaming"}
__all__ = sorted(_API)


def __getattr__(name):
    if name in _API:
        import importlib

        value = getattr(importlib.import_module(f"{__name__}.{_API[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_API))
