"""The study config a workflow run receives: explicit layers, the schema's defaults, nothing implicit.

Snakemake's own rule is that ``--configfile`` files are deep-merged *over* the Snakefile's ``configfile:``,
so every key a study file leaves out would silently keep the embedded local default's value (the local
backend's ``max_tokens: 24`` reaching every paper evaluation job). The workflow therefore builds its config
here instead, by one explicit rule:

* without ``--configfile``: the embedded local default (``config/local.yaml``);
* with ``--configfile A [B ...]``: those files only, merged in order. A file that wants another file's
  values says so with ``extends: PATH`` (relative to the workflow root), which is merged first; nothing
  else is inherited. ``config/paper.yaml`` extends nothing: it is complete on its own;
* then ``--config key=value`` overrides; then every default the schema (``config/schema.yaml``) declares,
  recursively, for what is still unset; then schema validation.

Merging (:mod:`rlvr.layering`, the rule training profiles are composed by too): mappings merge key by key,
any other value (lists included) replaces. The effective config never contains ``extends``. :func:`effective` is what the Snakefile, ``rlvr validate-receipts --workflow`` and the
tests call, so the config a test inspects is the config a job receives.
"""

from __future__ import annotations

import copy
from pathlib import Path

from .layering import LayerError, layered, merge, read_mapping

DEFAULT_CONFIG = "config/local.yaml"
SCHEMA = "config/schema.yaml"


class StudyConfigError(ValueError):
    """A study config file is missing, malformed, cyclic or invalid (one line)."""


def with_defaults(instance, schema: dict):
    """``instance`` with every ``default`` of ``schema`` filled in where the key is unset, recursively
    through ``properties`` (a default that is a mapping is itself completed)."""
    if not isinstance(instance, dict) or schema.get("type") not in (None, "object"):
        return instance
    out = dict(instance)
    for key, sub in (schema.get("properties") or {}).items():
        if key not in out and "default" in sub:
            out[key] = copy.deepcopy(sub["default"])
        if key in out:
            out[key] = with_defaults(out[key], sub)
    return out


def load_schema(root=".") -> dict:
    try:
        return read_mapping(Path(root) / SCHEMA, "config schema")
    except LayerError as e:
        raise StudyConfigError(str(e)) from None


def effective(configfiles=(), overrides=None, *, root=".", schema: dict | None = None) -> dict:
    """The config a run with these ``--configfile`` files and ``--config`` overrides receives (see the
    module doc); raises :class:`StudyConfigError` naming the file or key at fault."""
    import jsonschema

    files = list(configfiles) or [DEFAULT_CONFIG]
    config: dict = {}
    for f in files:
        try:
            config = merge(config, layered(f, root=root, what="config file")[0])
        except LayerError as e:
            raise StudyConfigError(str(e)) from None
    if overrides:
        config = merge(config, dict(overrides))
    schema = load_schema(root) if schema is None else schema
    config = with_defaults(config, schema)
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(config), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        where = ".".join(str(p) for p in e.path) or "(top level)"
        raise StudyConfigError(f"study config ({', '.join(map(str, files))}): {where}: {e.message}")
    return config


#: The marker of a site setting the Slurm profile ships unset (slurm/config.yaml).
PLACEHOLDER = "CHANGE_ME"


def site_placeholders(default_resources=(), set_resources=None, stage_resources=None) -> list[str]:
    """Site settings still at their shipped placeholder: ``default-resources`` entries (``key=value``),
    ``set-resources`` (rule -> {resource: value}) and the study's ``resources`` (stage -> {key: value})."""
    out = []
    for arg in default_resources or ():
        key, _, value = str(arg).partition("=")
        if PLACEHOLDER in value:
            out.append(f"default-resources {key}={value.strip(chr(39) + chr(34))}")
    for rule, res in (set_resources or {}).items():
        for key, value in dict(res).items():
            value = getattr(value, "value", value)
            if PLACEHOLDER in str(value):
                out.append(f"set-resources {rule}:{key}={value}")
    for stage, res in (stage_resources or {}).items():
        for key, value in dict(res).items():
            if PLACEHOLDER in str(value):
                out.append(f"resources.{stage}.{key}={value}")
    return out
