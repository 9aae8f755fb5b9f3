"""Snakefile helpers for receipted rules (rules/common.smk imports them; so can any workflow).

* ``receipt(rule, *wildcards)``: the receipt output path, ``receipts/<rule>/<k={k},...>.json``;
* ``receipt_args(config_hash, container)``: a params function giving the job's ``rlvr receipt`` arguments
  (rule, wildcards, every named input and output, the config hash, the rule's params, its container);
* ``receipted(command)``: ``rlvr receipt {params.receipt} -- COMMAND > {log:q} 2>&1``. ``command`` is an
  argv in shell syntax whose every value is a quoted placeholder (``{input.x:q}``, ``{params.x:q}``): the
  shell hands ``rlvr receipt`` one argument per token, and it runs their quoted join under
  ``bash -euo pipefail -c``, so a config value is always one argument, never shell code;
* ``script(text, values)``: a compound command (``&&``, redirections, globs) as
  ``bash -euo pipefail -c TEXT _ VALUES...``, the script reading its values as ``"$1"``, ``"$2"``, ...
"""

from __future__ import annotations

import shlex
from pathlib import Path

from tracegen.core.canonical import canonical_json


def receipt(rule_name, *wildcard_names):
    stem = ",".join(f"{w}={{{w}}}" for w in sorted(wildcard_names)) or "all"
    return f"receipts/{rule_name}/{stem}.json"


def _flat(named):
    for name, value in named.items():
        if isinstance(value, (list, tuple)):
            for i, v in enumerate(value):
                yield f"{name}[{i}]", v
        else:
            yield name, value


def receipt_args(config_hash, container=None, **rule_params):
    """params function: the ``rlvr receipt`` arguments of a job, shell-quoted. The rule name is read back
    from the job's receipt output path; ``container`` is the image the rule declares (or None)."""

    def args(wildcards, input, output):
        parts = [f"--rule={Path(output.receipt).parent.name}"]
        parts += [f"--wildcard={k}={v}" for k, v in sorted(wildcards.items())]
        parts += [f"--input={k}={v}" for k, v in _flat(input)]
        parts += [f"--output={k}={v}" for k, v in _flat(output) if k != "receipt"]
        parts.append(f"--config-hash={config_hash}")
        parts.append(f"--params={canonical_json(rule_params)}")
        if container:
            parts.append(f"--container={container}")
        return " ".join(shlex.quote(p) for p in parts)

    return args


def receipted(command):
    return f"rlvr receipt {{params.receipt}} -- {command} > {{log:q}} 2>&1"


def script(text, *values):
    """``text`` must not contain braces: it passes through Snakemake's formatter."""
    if "{" in text or "}" in text:
        raise ValueError(f"script() text must not contain braces: {text!r}")
    return "bash -euo pipefail -c " + shlex.quote(text) + " _ " + " ".join(values)
