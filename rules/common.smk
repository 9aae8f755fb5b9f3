# Shared helpers: config validation, receipts, model/benchmark lists, resources.

import hashlib
import json
import shlex
from pathlib import Path, PurePosixPath

from snakemake.exceptions import WorkflowError
from snakemake.utils import validate
from tracegen.core.canonical import sha256_json

validate(config, "../config/schema.yaml")

# the project's one canonical JSON: the same config content always has the same hash
CONFIG_HASH = sha256_json(config)
STAGES = set(config["stages"])
SPLITS = ["train", "validation"]
MODELS = {m["id"]: m for m in config["models"]}
SUITE_PATH = config["eval"]["suite"]
from rlvr.evaluation import suite as _suite

try:
    SUITE = _suite.load(SUITE_PATH)   # schema-validated manifest (rlvr suite --check)
except _suite.SuiteError as e:
    raise WorkflowError(str(e))
BENCHMARKS = (
    [b["key"] for b in SUITE["benchmarks"]]
    if config["eval"]["benchmarks"] == "all"
    else list(config["eval"]["benchmarks"])
)
SEEDS = [int(s) for s in config["eval"]["seeds"]]
MODELS_FOR_AGGREGATE = [
    {"model": m, "scale": v["scale"], "base": v.get("base"), "display": v.get("display", m)} for m, v in MODELS.items()
]
# benchmarks whose answer or score contract needs the LLM judge (generation and judging are separate jobs)
JUDGED = {b["key"] for b in SUITE["benchmarks"] if b["judge"]}
FIXTURES = config["eval"].get("fixtures")

# generation backend of `rlvr evaluate` / `rlvr trace-validation generate` (hf on CPU, vllm on the cluster)
_backend = config["eval"].get("backend", {"name": "hf"})
EVAL_BACKEND_ARGS = " ".join(
    [f"--backend {_backend['name']}"]
    + [f"--{k.replace('_', '-')} {shlex.quote(str(_backend[k]))}"
       for k in ("base_url", "served_name", "tensor_parallel", "batch_size", "max_tokens") if _backend.get(k) is not None]
)

# the LLM judge: Qwen3-32B at its pinned revision on the cluster, a tiny Qwen3 built offline on CPU
JUDGE = dict(config["eval"].get("judge", {"source": "tiny", "backend": "hf"}))
JUDGE_MODEL_DIR = (
    f"results/models/judge/{'--'.join(PurePosixPath(JUDGE['repo']).parts)}@{JUDGE['revision']}"
    if JUDGE.get("source") == "hub"
    else "results/models/judge/tiny-qwen3"
)
JUDGE_MODEL_COMMAND = (
    "env HF_HUB_OFFLINE=0 TRANSFORMERS_OFFLINE=0 rlvr fetch-model "
    f"--repo {JUDGE.get('repo')} --revision {JUDGE.get('revision')}"
    if JUDGE.get("source") == "hub"
    else "rlvr build-tiny-judge"
)
JUDGE_ARGS = " ".join(
    [f"--judge-backend {JUDGE.get('backend', 'hf')}", "--judge-cache results/judge_cache"]
    + ([f"--judge-revision {JUDGE['revision']}"] if JUDGE.get("revision") else [])
    + ([f"--judge-url {shlex.quote(JUDGE['base_url'])}"] if JUDGE.get("base_url") else [])
    + ([f"--judge-batch-size {JUDGE['batch_size']}"] if JUDGE.get("batch_size") else [])
    + ([f"--judge-tensor-parallel {JUDGE['tensor_parallel']}"] if JUDGE.get("tensor_parallel") else [])
)
# the TRACE validation campaign's data: our own exported validation split, or the pinned release file
TRACE_VALIDATION_SOURCE = config["eval"].get("trace_validation", "ours")
TRACE_VALIDATION_DATA = (
    "results/trace_validation/release" if TRACE_VALIDATION_SOURCE == "release" else "results/data/validation/parquet"
)


IMAGES_LOCK = json.loads(Path("envs/images.lock.json").read_text())


def resources_for(stage):
    return dict(config["resources"].get(stage, {}))


def container_for(stage):
    """The stage's Apptainer image. The path carries the image digest (from envs/images.lock.json, written
    by containers/build.sh), so a rebuilt image triggers reruns; an image not built yet is named by the
    digest of its definition file. Without --sdm apptainer (the local default) the directive is ignored."""
    configured = config["containers"].get(stage)
    if configured:
        return configured
    built = IMAGES_LOCK["images"].get(stage)
    if built:
        return built["path"]
    definition = hashlib.sha256(Path(f"containers/{stage}.def").read_bytes()).hexdigest()[:16]
    return f"containers/images/{stage}-def-{definition}.sif"


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
    """params function: the `rlvr receipt` arguments of a job (rule, wildcards, inputs, outputs, config
    hash, container). The rule name is read back from the job's receipt output path."""

    def args(wildcards, input, output):
        parts = [f"--rule={Path(output.receipt).parent.name}"]
        parts += [f"--wildcard={k}={v}" for k, v in sorted(wildcards.items())]
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
    """Run a shell command through `rlvr receipt`, sending all output to the job's log."""
    return f"rlvr receipt {{params.receipt}} -- {shlex.quote(command)} > {{log}} 2>&1"


# ---------------------------------------------------------------------------- data stage
def _source_tree_sha256(package):
    """sha256 over the sorted (path, sha256) of a package's source files: a generator code change is a
    params change, so Snakemake regenerates the data (it tracks rule code, not imported packages)."""
    import importlib

    root = Path(importlib.import_module(package).__file__).parent
    entries = [
        [p.relative_to(root).as_posix(), hashlib.sha256(p.read_bytes()).hexdigest()]
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.suffix in (".py", ".json", ".tsv") and "__pycache__" not in p.parts
    ]
    return sha256_json(entries)


TRACEGEN_CODE = _source_tree_sha256("tracegen")



def split_config(split):
    return config["data"]["splits"][split]


def groups_of(split):
    """Generation shards: the domains of the split's tasks, in tracegen's plan order."""
    import yaml
    from tracegen import dataset, registry

    with open(split_config(split)) as f:
        cfg = yaml.safe_load(f)
    domains = []
    for entry in dataset.plan(cfg):
        d = registry.meta(entry["task"])["domain"]
        if d not in domains:
            domains.append(d)
    return domains


def hub_snapshot_dir():
    hub = config["data"]["hub"]
    owner_and_name = "--".join(PurePosixPath(hub["repo"]).parts)
    return f"results/hub/{owner_and_name}@{hub['revision']}"


def data_outputs():
    out = expand("results/data/{split}/equivalence.json", split=SPLITS)
    if config["data"]["source"] == "generate":
        out += expand("results/data/{split}/validation.json", split=SPLITS)
        if config["data"].get("reproduce", True):
            out += expand("results/data/{split}/reproduced.json", split=SPLITS)
    else:
        out += ["results/data/hub/verified.json"]
    return out


# ---------------------------------------------------------------------------- models and evaluation
def model_dir(model_id):
    return f"results/models/{model_id}"


def models_from(source):
    """Wildcard constraint matching the model ids of one source (never matches when there are none)."""
    ids = [m for m, v in MODELS.items() if v["source"] == source]
    return "|".join(ids) if ids else "(?!)"


def benchmark_data(wildcards):
    if FIXTURES:
        return f"{FIXTURES}/{wildcards.benchmark}"
    return f"results/benchmarks/{wildcards.benchmark}"


def responses_for_scoring(wildcards):
    slice_dir = f"results/eval/{wildcards.model}/{wildcards.benchmark}/seed{wildcards.seed}"
    return f"{slice_dir}/judged.jsonl" if wildcards.benchmark in JUDGED else f"{slice_dir}/generations.jsonl"


# ---------------------------------------------------------------------------- receipts validation
def final_targets():
    targets = list(data_outputs())
    if "train" in STAGES:
        targets += [model_dir(m) for m, v in MODELS.items() if v["source"] == "train"]
    if "eval" in STAGES:
        targets.append("results.json")
    return targets


def expected_receipts():
    """(rule, wildcards) that must have receipts: the data splits and, with eval, the whole grid."""
    exp = [["equivalence_split", {"split": s}] for s in SPLITS]
    if "eval" in STAGES:
        grid = [{"benchmark": b, "model": m, "seed": str(s)} for m in MODELS for b in BENCHMARKS for s in SEEDS]
        exp += [["evaluate", wc] for wc in grid] + [["score", wc] for wc in grid] + [["aggregate", {}]]
        exp += [["judge", wc] for wc in grid if wc["benchmark"] in JUDGED]
        exp += [["fetch_trace_validation", {}]] if TRACE_VALIDATION_SOURCE == "release" else []
        exp += [[r, {"model": m}] for m in MODELS
                for r in ("trace_validation_generate", "trace_validation_judge", "trace_validation")]
        exp += [["benchmark_fixture" if FIXTURES else "fetch_benchmark", {"benchmark": b}] for b in BENCHMARKS]
    return exp
