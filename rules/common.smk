# Shared helpers: config validation, receipts, model/benchmark lists, resources.

import hashlib
import json
import shlex
from pathlib import Path

from snakemake.utils import validate

validate(config, "../config/schema.yaml")

CONFIG_HASH = hashlib.sha256(
    json.dumps(config, sort_keys=True, separators=(",", ":"), default=str).encode()
).hexdigest()
STAGES = set(config["stages"])
SPLITS = ["train", "validation"]
MODELS = {m["id"]: m for m in config["models"]}
SUITE = json.loads(Path(config["eval"]["suite"]).read_text())
BENCHMARKS = (
    [b["key"] for b in SUITE["benchmarks"]]
    if config["eval"]["benchmarks"] == "all"
    else list(config["eval"]["benchmarks"])
)
SEEDS = [int(s) for s in config["eval"]["seeds"]]
# benchmarks whose answer or score contract needs the LLM judge (generation and judging are separate jobs)
JUDGED = {
    b["key"]
    for b in SUITE["benchmarks"]
    if "Qwen3-32B" in b["score_contract"] or "Qwen3-32B" in b["answer_contract"]
}


def resources_for(stage):
    return dict(config["resources"].get(stage, {}))


def container_for(stage):
    return config["containers"].get(stage)


def receipt(rule_name, *wildcard_names):
    """Receipt output path of a rule: receipts/<rule>/<k=v,...>.json (keys sorted, as rlvr writes it)."""
    stem = ",".join(f"{w}={{{w}}}" for w in sorted(wildcard_names)) or "all"
    return f"receipts/{rule_name}/{stem}.json"


def _flat(named):
    for name, value in named.items():
        if isinstance(value, (list, tuple)):
            for i, v in enumerate(value):
                yield f"{name}[{i}]", v
        else:
            yield name, value


def receipt_args(stage, **rule_params):
    """params function: the `rlvr receipt` arguments of a job (inputs, outputs, config hash, container)."""

    def args(wildcards, input, output):
        parts = [f"--wildcard={k}={v}" for k, v in sorted(wildcards.items())]
        parts += [f"--input={k}={v}" for k, v in _flat(input)]
        parts += [f"--output={k}={v}" for k, v in _flat(output) if k != "receipt"]
        parts.append(f"--config-hash={CONFIG_HASH}")
        parts.append(f"--params={json.dumps(rule_params, sort_keys=True)}")
        image = container_for(stage)
        if image:
            parts.append(f"--container={image}")
        return " ".join(shlex.quote(p) for p in parts)

    return args


def receipted(command):
    """Run a shell command through `rlvr receipt`, appending all output to the job's log."""
    return "rlvr receipt --rule={rule} {params.receipt} -- " + shlex.quote(command) + " > {log} 2>&1"
