# Shared helpers: config validation, receipts, model/benchmark lists, resources.

import hashlib
import json
from pathlib import Path, PurePosixPath

from snakemake.exceptions import WorkflowError
from rlvr import studyconfig as _studyconfig, workflow as _workflow
from rlvr.workflow import receipt, receipted, script
from tracegen.core.canonical import canonical_json, sha256_json

# `config` is the effective study config (Snakefile: rlvr.studyconfig.effective): explicit layers, every
# schema default filled in, validated. Rules read values with config[...] only: a default lives in the
# schema, never in a `.get(key, fallback)` here.
# the project's one canonical JSON: the same config content always has the same hash
CONFIG_HASH = sha256_json(config)
STAGES = set(config["stages"])
SPLITS = ["train", "validation"]
MODELS = {m["id"]: m for m in config["models"]}
SUITE_PATH = config["eval"]["suite"]
from rlvr.evaluation import suite as _suite

try:
    SUITE = _suite.load(SUITE_PATH)   # schema-validated manifest (rlvr suite --check)
    # the suite's seeds (42/43/44), or the subset of them that eval.seeds names
    SEEDS = _suite.select_seeds(SUITE, config["eval"].get("seeds"))
except _suite.SuiteError as e:
    raise WorkflowError(str(e))
BENCHMARKS = (
    [b["key"] for b in SUITE["benchmarks"]]
    if config["eval"]["benchmarks"] == "all"
    else list(config["eval"]["benchmarks"])
)
MODELS_FOR_AGGREGATE = [
    {"model": m, "scale": v["scale"], "base": v.get("base"), "display": v.get("display", m)} for m, v in MODELS.items()
]
# benchmarks whose answer or score contract needs the LLM judge (generation and judging are separate jobs)
JUDGED = {b["key"] for b in SUITE["benchmarks"] if b["judge"]}
FIXTURES = config["eval"]["fixtures"]

# generation backend of `rlvr evaluate` / `rlvr trace-validation generate` (hf on CPU, vllm on the cluster)
_backend = config["eval"]["backend"]
# Argument lists: rules put them in a shell command as {params.x:q}, which quotes every element.
EVAL_BACKEND_ARGS = ["--backend", _backend["name"]] + [
    x
    for k in ("base_url", "served_name", "tensor_parallel", "batch_size")
    if _backend.get(k) is not None
    for x in (f"--{k.replace('_', '-')}", str(_backend[k]))
]


def generation_args(gen):
    """The decoding of a generation job, stated on its command line (receipts and dry runs show it): the
    suite's temperature and top_p, and its max_tokens unless the study shortens it (eval.backend.max_tokens,
    tiny CPU runs only)."""
    max_tokens = _backend.get("max_tokens") or gen["max_tokens"]
    return ["--max-tokens", str(max_tokens), "--temperature", str(gen["temperature"]), "--top-p", str(gen["top_p"])]


EVAL_GENERATION_ARGS = generation_args(SUITE["generation"])
# the TRACE validation campaign has its own decoding and one seed
TRACE_VALIDATION_GENERATION_ARGS = generation_args(SUITE["trace_validation"]["generation"]) + [
    "--seed", str(SUITE["trace_validation"]["generation"]["seed"])]

# the LLM judge: Qwen3-32B at its pinned revision on the cluster, a tiny Qwen3 built offline on CPU
JUDGE = dict(config["eval"]["judge"])
JUDGE_MODEL_DIR = (
    f"results/models/judge/{'--'.join(PurePosixPath(JUDGE['repo']).parts)}@{JUDGE['revision']}"
    if JUDGE.get("source") == "hub"
    else "results/models/judge/tiny-qwen3"
)
JUDGE_MODEL_COMMAND = (
    ["env", "HF_HUB_OFFLINE=0", "TRANSFORMERS_OFFLINE=0", "rlvr", "fetch-model",
     "--repo", str(JUDGE.get("repo")), "--revision", str(JUDGE.get("revision"))]
    if JUDGE.get("source") == "hub"
    else ["rlvr", "build-tiny-judge"]
)
JUDGE_ARGS = (
    ["--judge-backend", JUDGE["backend"], "--judge-cache", "results/judge_cache"]
    + (["--judge-revision", JUDGE["revision"]] if JUDGE.get("revision") else [])
    + (["--judge-url", JUDGE["base_url"]] if JUDGE.get("base_url") else [])
    + (["--judge-batch-size", str(JUDGE["batch_size"])] if JUDGE.get("batch_size") else [])
    + (["--judge-tensor-parallel", str(JUDGE["tensor_parallel"])] if JUDGE.get("tensor_parallel") else [])
)
# the TRACE validation campaign's data: our own exported validation split, or the pinned release file
TRACE_VALIDATION_SOURCE = config["eval"]["trace_validation"]
TRACE_VALIDATION_DATA = (
    "results/trace_validation/release" if TRACE_VALIDATION_SOURCE == "release" else "results/data/validation/parquet"
)


IMAGES_LOCK = json.loads(Path("envs/images.lock.json").read_text())


# Keys of a stage's `resources` that are the job's pre-flight, not a Slurm request (rlvr preflight).
PREFLIGHT_RESOURCES = ("gpu_memory_gib",)


def resources_for(stage):
    """The Slurm resources of a stage's jobs (config `resources.<stage>`, without the pre-flight keys)."""
    return {k: v for k, v in config["resources"].get(stage, {}).items() if k not in PREFLIGHT_RESOURCES}


def image_cuda(stage):
    """The CUDA version the stage's image ships: its lock's cuda-toolkit pin (None: a CPU-only image)."""
    lock = Path(f"envs/locks/{stage}.txt")
    if not lock.is_file():
        return None
    for line in lock.read_text().splitlines():
        if line.startswith("cuda-toolkit=="):
            return line.split("==", 1)[1].split()[0]
    return None


def gpu_preflight(stage):
    """`rlvr preflight ... --` before a GPU job's command (exactly the requested GPUs, the driver for the
    image's CUDA, the memory per GPU), or nothing for a job that requests no GPU (the local default)."""
    res = config["resources"].get(stage, {})
    if not res.get("gpu"):
        return []
    out = ["rlvr", "preflight", "--gpus", str(res["gpu"])]
    if image_cuda(stage):
        out += ["--cuda", image_cuda(stage)]
    if res.get("gpu_memory_gib"):
        out += ["--min-gpu-memory-gib", str(res["gpu_memory_gib"])]
    return out + ["--"]


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


# receipt(), receipted() and script() come from rlvr.workflow (see there); receipt_args binds the study's
# config hash and the stage's declared container.
def receipt_args(stage, **rule_params):
    """params function: the `rlvr receipt` arguments of a job of ``stage``."""
    return _workflow.receipt_args(CONFIG_HASH, container_for(stage), **rule_params)


# Site settings (slurm/config.yaml: account, partition, per-rule GPU type / runtime / memory) ship as CHANGE_ME
# placeholders: a run that would submit to Slurm with one still in place stops before the first job.
onstart:
    if workflow.executor_plugin is not None and workflow.executor_plugin.name == "slurm":
        _unset = _studyconfig.site_placeholders(
            workflow.resource_settings.default_resources.args if workflow.resource_settings.default_resources else (),
            workflow.resource_settings.overwrite_resources, config["resources"])
        if _unset:
            raise WorkflowError(f"site settings not set: {', '.join(_unset)} -- set your cluster's values in "
                                "slurm/config.yaml (see its site-settings block)")


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



MAX_PIXELS_ARGS = ["--max-pixels", str(config["data"]["max_pixels"])] if config["data"]["max_pixels"] else []


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
        if config["data"]["reproduce"]:
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


def judged_slices(pattern_benchmark):
    """Every (model, seed) slice of one benchmark, in one fixed order (the judge job's inputs and outputs)."""
    return [f"results/eval/{m}/{pattern_benchmark}/seed{s}" for m in MODELS for s in SEEDS]


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


# The pinned inputs of the study (the effective config carries every model, judge and hub revision; its
# canonical sha256 is each receipt's config hash): a leaf of the Merkle root that results.json carries.
PINS = {"config_sha256": CONFIG_HASH, "config": config}
