# Training stage: models come from the hub (pinned revision), are built locally (tiny CPU model),
# or are trained: prepare veRL data -> GRPO train (veRL + vLLM, Slurm GPUs) -> merge checkpoint.
# train.data: fixed trains each model with its profile on the prepared train split; train.data: online
# with the profile's online variant (fresh tracegen instances every step, pass-rate curriculum), whose
# per-task learning cards (rlvr cards) join the Snakemake report and the results report.

from rlvr.training.profiles import (ProfileError as _ProfileError, recipe_bound_problems as _recipe_bound_problems,
                                    train_profiles as _train_profiles)

TRAIN_DATA = config["train"]["data"]
try:
    # {model id: the profile it trains with}: its own (fixed) or its online variant (online)
    TRAIN_PROFILES = _train_profiles(MODELS, TRAIN_DATA)
except _ProfileError as e:
    raise WorkflowError(str(e))
if config["train"]["require_recipe"] and "train" in STAGES:
    # a study that reproduces the paper trains only profiles that declare a recipe run and meet it
    _problems = [p for m, prof in TRAIN_PROFILES.items() for p in _recipe_bound_problems(prof, model=m)]
    if _problems:
        raise WorkflowError("train.require_recipe: " + "; ".join(_problems))
# site settings of the training jobs (study config `train`): the checkpoint cadence, when set, replaces the
# profile's trainer.save_freq (a site choice: it does not change what is trained)
TRAIN_SITE_ARGS = ["--save-freq", str(config["train"]["save_freq"])] if config["train"]["save_freq"] else []
# the learning cards of every trained model (online runs only: fixed runs log no per-task rewards)
CARDS_DIRS = (
    [f"results/train/{m}/cards" for m in TRAIN_PROFILES] if TRAIN_DATA == "online" and "train" in STAGES else []
)


rule fetch_model:
    output:
        model=directory("results/models/{model}"),
        receipt=receipt("fetch_model", "model"),
    log:
        "logs/fetch_model/{model}.log",
    wildcard_constraints:
        model=models_from("hub"),
    resources:
        **resources_for("data"),
    container: container_for("eval")
    params:
        receipt=receipt_args("eval"),
        repo=lambda w: MODELS[w.model]["repo"],
        revision=lambda w: MODELS[w.model]["revision"],
    shell:
        receipted(
            "env HF_HUB_OFFLINE=0 HF_DATASETS_OFFLINE=0 TRANSFORMERS_OFFLINE=0 rlvr fetch-model --repo {params.repo:q} "
            "--revision {params.revision:q} --output {output.model:q}"
        )


rule build_local_model:
    """A tiny Qwen2.5-VL-architecture model built offline from a config (CPU smoke path)."""
    output:
        model=directory("results/models/{model}"),
        receipt=receipt("build_local_model", "model"),
    log:
        "logs/build_local_model/{model}.log",
    wildcard_constraints:
        model=models_from("local"),
    resources:
        **resources_for("data"),
    container: container_for("train")
    params:
        receipt=receipt_args("train"),
    shell:
        receipted("rlvr build-tiny-model --output {output.model:q}")


rule prepare_rl_data:
    input:
        train="results/data/train/parquet",
        validation="results/data/validation/parquet",
        equivalence="results/data/train/equivalence.json",
        init=lambda w: model_dir(MODELS[w.model]["init"]),
    output:
        data=directory("results/train/{model}/rl_data"),
        receipt=receipt("prepare_rl_data", "model"),
    log:
        "logs/prepare_rl_data/{model}.log",
    resources:
        **resources_for("data"),
    container: container_for("train")
    params:
        receipt=receipt_args("train"),
        profile=lambda w: TRAIN_PROFILES[w.model],
    shell:
        receipted(
            "rlvr prepare-rl-data --profile {params.profile:q} --train {input.train:q} "
            "--validation {input.validation:q} --model {input.init:q} --output {output.data:q}"
        )


rule train:
    """GRPO with veRL + vLLM (1 node x 8 GPUs on the paper profiles), or the CPU smoke backend.

    Snakemake deletes a job's declared outputs before every attempt (retries, --rerun-incomplete), so the
    run trains in results/train/{model}/work/<run key> (not an output: a retried or preempted job with the
    same inputs resumes there from its last saved step) and publishes the finished run -- last checkpoint,
    metrics, run receipt with resumed_from_step and earlier attempts -- to the declared output."""
    input:
        data="results/train/{model}/rl_data",
        init=lambda w: model_dir(MODELS[w.model]["init"]),
    output:
        checkpoints=directory("results/train/{model}/checkpoints"),
        receipt=receipt("train", "model"),
    log:
        "logs/train/{model}.log",
    benchmark:
        "benchmarks/train/{model}.tsv"
    resources:
        **resources_for("train"),
    container: container_for("train")
    params:
        receipt=receipt_args("train"),
        profile=lambda w: TRAIN_PROFILES[w.model],
        work=lambda w: f"results/train/{w.model}/work",
        preflight=gpu_preflight("train"),
        # the allocation's time limit (the site's `runtime`): the trainer saves a checkpoint before it ends, and
        # the retried job resumes from it in the next allocation
        deadline=lambda w, resources: ["--time-limit-minutes", str(resources.runtime)] if resources.get("runtime") else [],
        site=TRAIN_SITE_ARGS,
    shell:
        receipted(
            "{params.preflight:q} rlvr train --profile {params.profile:q} --data {input.data:q} --init {input.init:q} "
            "--work {params.work:q} --output {output.checkpoints:q} {params.deadline:q} {params.site:q}"
        )


rule cards:
    """Per-task learning cards of an online run: pass rate over steps, difficulty trajectory, format rate,
    mean response length, the reward curve and validation before/after training (HTML + TSV)."""
    input:
        checkpoints="results/train/{model}/checkpoints",
    output:
        cards=report(
            directory("results/train/{model}/cards"),
            htmlindex="index.html",
            category="Training",
            labels={"model": "{model}", "figure": "learning cards"},
        ),
        receipt=receipt("cards", "model"),
    log:
        "logs/cards/{model}.log",
    wildcard_constraints:
        model=models_from("train"),
    resources:
        **resources_for("data"),
    container: container_for("train")
    params:
        receipt=receipt_args("train"),
    shell:
        receipted("rlvr cards {input.checkpoints:q} --out {output.cards:q}")


rule merge_checkpoint:
    input:
        checkpoints="results/train/{model}/checkpoints",
    output:
        model=directory("results/models/{model}"),
        receipt=receipt("merge_checkpoint", "model"),
    log:
        "logs/merge_checkpoint/{model}.log",
    wildcard_constraints:
        model=models_from("train"),
    resources:
        **resources_for("merge"),
    container: container_for("train")
    params:
        receipt=receipt_args("train"),
    shell:
        receipted("rlvr merge-checkpoint --checkpoints {input.checkpoints:q} --output {output.model:q}")
