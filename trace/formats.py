"""What a dataset directory is: its format id, its file names and the shipped JSON Schemas.

Read by the builder (``dataset``), the validator (``validate``) and the exporter (``export``); it
imports nothing of tracegen, so none of them needs another for these facts.
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
