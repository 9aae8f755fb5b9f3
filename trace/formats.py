"""What a dataset directory is: its format id, its file names and the shipped JSON Schemas.

Read by the builder (``dataset``), the validator (``validate``) and the exporter (``export``); it
imports nothing of tracegen, so none of them needs another for these facts.

The schemas are checked with JSON Schema draft 2020-12, except that ``integer`` means a JSON integer:
draft 2020-12 also counts ``2.0``, which would pass a ``count`` that ``range`` then refuses.
"""

from __future__ import annotations

import json
from pathlib import Path

FORMAT = "tracegen-dataset-v1"
RECORDS = "records.jsonl"
MANIFEST = "dataset.json"
SCHEMA_DIR = Path(__file__).with_name("schemas")


def schema(name: str) -> dict:
    """A shipped JSON Schema (``config.schema.json``, ``record.schema.json``)."""
    with open(SCHEMA_DIR / name, encoding="utf-8") as f:
        return json.load(f)


def validator(name: str):
    """A draft 2020-12 validator of a shipped schema in which ``integer`` excludes floats (``2.0``)."""
    import jsonschema

    base = jsonschema.Draft202012Validator
    strict = base.TYPE_CHECKER.redefine(
        "integer", lambda _, v: isinstance(v, int) and not isinstance(v, bool))
    return jsonschema.validators.extend(base, type_checker=strict)(schema(name))


def schema_problem(value, name: str) -> tuple[str, str] | None:
    """The first problem of ``value`` against a shipped schema as ``(JSON path, message)``, or None."""
    from jsonschema.exceptions import best_match

    p = best_match(validator(name).iter_errors(value))
    if p is None:
        return None
    return "/".join(str(x) for x in p.absolute_path), p.message[:300]
