"""YAML files layered by ``extends:`` -- the one rule study configs and training profiles are composed by.

A file may name one other file it is layered over (``extends: PATH``); that file is read first (itself
possibly extending another), and the file's own keys are merged onto it: mappings key by key, any other
value (lists included) replaces. Nothing is inherited without ``extends``. The key never survives into the
result. ``PATH`` is relative to ``root`` when one is given (study configs: the workflow root), else to the
extending file's own folder (training profiles).
"""

from __future__ import annotations

import copy
from pathlib import Path

EXTENDS = "extends"


class LayerError(ValueError):
    """A layered file is missing, unreadable, not a mapping, or extends itself (one line)."""


def merge(base: dict, over: dict) -> dict:
    """``over`` deep-merged onto a copy of ``base`` (mappings key by key; anything else replaces)."""
    out = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def read_mapping(path, what: str = "file") -> dict:
    """A YAML file that must hold a mapping (an empty file is an empty mapping)."""
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
    except FileNotFoundError:
        raise LayerError(f"{what} {path} does not exist") from None
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
        raise LayerError(f"{what} {path} cannot be read: {str(e).splitlines()[0]}") from None
    if doc is None:
        return {}
    if not isinstance(doc, dict):
        raise LayerError(f"{what} {path} is not a mapping")
    return doc


def layered(path, *, root=None, what: str = "file") -> tuple[dict, list[Path]]:
    """(the file merged over everything it extends, the chain of files read, base first)."""
    chain: list[Path] = []

    def load(p: Path) -> dict:
        key = p.resolve()
        if key in chain:
            raise LayerError(f"{what} {p} extends itself ({' -> '.join(map(str, [*chain, key]))})")
        chain.append(key)
        doc = read_mapping(p, what)
        base = doc.pop(EXTENDS, None)
        if base is None:
            return doc
        if not isinstance(base, str) or not base:
            raise LayerError(f"{what} {p}: extends must be a path, got {base!r}")
        parent = Path(base) if Path(base).is_absolute() else (Path(root) if root is not None else p.parent) / base
        return merge(load(parent), doc)

    doc = load(Path(path) if root is None or Path(path).is_absolute() else Path(root) / path)
    return doc, chain[::-1]
