"""The paper study runs the paper's settings: explicit config layers (nothing of the local default leaks into
the Slurm study), generation commands carrying the suite's decoding, profiles checked by the recipe run they
declare, the GPU pre-flight in front of every GPU job, and site settings outside the code."""

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from rlvr import studyconfig as S
from tracegen.core.canonical import sha256_json

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
_MISSING = object()


def _schema_default(schema: dict, path: tuple):
    """The schema's declared default at ``path`` (walking ``properties``), or _MISSING."""
    node = schema
    for part in path[:-1]:
        node = (node.get("properties") or {}).get(part)
        if node is None:
            return _MISSING
    sub = (node.get("properties") or {}).get(path[-1])
    return sub.get("default", _MISSING) if sub else _MISSING


def _leaves(d: dict, prefix=()):
    for k, v in d.items():
        if isinstance(v, dict) and v:
            yield from _leaves(v, (*prefix, k))
        else:
            yield (*prefix, k), v


def _get(d, path):
    for p in path:
        if not isinstance(d, dict) or p not in d:
            return _MISSING
        d = d[p]
    return d


# --------------------------------------------------------------------------------------------------
# the effective config
# --------------------------------------------------------------------------------------------------

def test_effective_paper_config_is_paper_yaml_plus_schema_defaults_key_by_key():
    paper = yaml.safe_load((ROOT / "config/paper.yaml").read_text())
    local = yaml.safe_load((ROOT / "config/local.yaml").read_text())
    schema = yaml.safe_load((ROOT / "config/schema.yaml").read_text())
    eff = S.effective(["config/paper.yaml"], root=ROOT)
    for path, value in _leaves(eff):
        declared = _get(paper, path)
        if declared is not _MISSING:
            assert value == declared, path
        else:
            # every key paper.yaml does not set has the schema's default (or is inside a default mapping)
            parents = [path[:i] for i in range(len(path), 0, -1)]
            defaults = [(p, _schema_default(schema, p)) for p in parents]
            found = next(((p, d) for p, d in defaults if d is not _MISSING), None)
            assert found is not None, f"{'.'.join(path)} = {value!r} is neither in paper.yaml nor a schema default"
            p, d = found
            assert _get({p[-1]: d}, path[len(p) - 1:]) == value, path
    # nothing of local.yaml that paper.yaml leaves out: the local backend's max_tokens and batch size above all
    for path, value in _leaves(local):
        if _get(paper, path) is _MISSING and _schema_default(schema, path) is _MISSING:
            assert _get(eff, path) is _MISSING, f"local value {'.'.join(path)}={value!r} leaks into the paper study"
    assert "max_tokens" not in eff["eval"]["backend"] and "batch_size" not in eff["eval"]["backend"]
    assert "extends" not in eff


def test_local_default_and_layering(tmp_path):
    (tmp_path / "config").mkdir()
    for name in ("schema.yaml", "local.yaml", "paper.yaml"):
        (tmp_path / "config" / name).write_text((ROOT / "config" / name).read_text())
    local = S.effective(root=tmp_path)
    assert local["study"] == "local-tiny" and local["eval"]["backend"]["max_tokens"] == 24
    # an overlay inherits only what it extends
    (tmp_path / "config/over.yaml").write_text("extends: config/local.yaml\nstages: [data]\n")
    over = S.effective(["config/over.yaml"], root=tmp_path)
    assert over["stages"] == ["data"] and over["eval"] == local["eval"]
    # without `extends` a partial file is an incomplete study: one line naming what is missing
    (tmp_path / "config/partial.yaml").write_text("stages: [data]\n")
    with pytest.raises(S.StudyConfigError, match=r"'study' is a required property"):
        S.effective(["config/partial.yaml"], root=tmp_path)
    # --config overrides come last; a cycle and a missing base are one-line errors
    assert S.effective(["config/over.yaml"], {"study": "x"}, root=tmp_path)["study"] == "x"
    (tmp_path / "config/a.yaml").write_text("extends: config/b.yaml\n")
    (tmp_path / "config/b.yaml").write_text("extends: config/a.yaml\n")
    with pytest.raises(S.StudyConfigError, match="extends itself"):
        S.effective(["config/a.yaml"], root=tmp_path)
    (tmp_path / "config/c.yaml").write_text("extends: config/nope.yaml\n")
    with pytest.raises(S.StudyConfigError, match="nope.yaml does not exist"):
        S.effective(["config/c.yaml"], root=tmp_path)


# --------------------------------------------------------------------------------------------------
# the paper dry run under the Slurm profile: what every job receives
# --------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def paper_dry_run(tmp_path_factory):
    from workspace import make_workspace

    ws = make_workspace(tmp_path_factory.mktemp("paper") / "ws")
    fake = tmp_path_factory.mktemp("fakebin")
    (fake / "apptainer").write_text("#!/bin/sh\necho 'apptainer version 1.3.4'\n")
    (fake / "apptainer").chmod(0o755)
    env = dict(os.environ, PATH=f"{fake}{os.pathsep}{BIN}{os.pathsep}{os.environ['PATH']}")
    r = subprocess.run([str(BIN / "snakemake"), "--profile", "slurm", "results.json", "-n", "-p"], cwd=ws, env=env,
                       capture_output=True, text=True, timeout=600, start_new_session=True)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    commands = [line[len("Shell command: "):] for line in (r.stdout + r.stderr).splitlines()
                if line.startswith("Shell command: rlvr receipt")]
    return ws, commands


def _job_command(receipted: str) -> list[str]:
    tokens = shlex.split(receipted)
    inner = tokens[tokens.index("--") + 1:]
    return inner[:inner.index(">")] if ">" in inner else inner


def _flag(tokens, name):
    return tokens[tokens.index(name) + 1] if name in tokens else None


def test_every_job_receives_the_paper_config(paper_dry_run):
    ws, commands = paper_dry_run
    want = sha256_json(S.effective(["config/paper.yaml"], root=ws))
    hashes = {re.search(r"--config-hash=([0-9a-f]{64})", c).group(1) for c in commands}
    assert hashes == {want}


def test_every_generation_command_carries_the_suites_decoding(paper_dry_run):
    ws, commands = paper_dry_run
    suite = json.loads((ws / "config/eval/trace_eval_v1.json").read_text())
    gen, tv = suite["generation"], suite["trace_validation"]["generation"]
    evaluate = [_job_command(c) for c in commands if " rlvr evaluate " in c]
    generate = [_job_command(c) for c in commands if " rlvr trace-validation generate " in c]
    assert len(evaluate) == 576 and len(generate) == 8
    for cmd in evaluate:
        assert cmd[:2] == ["rlvr", "preflight"] and _flag(cmd, "--gpus") == "1", cmd
        run = cmd[cmd.index("--") + 1:]
        assert run[:2] == ["rlvr", "evaluate"]
        assert int(_flag(run, "--max-tokens")) == gen["max_tokens"] == 4096
        assert float(_flag(run, "--temperature")) == gen["temperature"]
        assert float(_flag(run, "--top-p")) == gen["top_p"]
        assert int(_flag(run, "--seed")) in suite["seeds"]
        assert _flag(run, "--backend") == "vllm" and "--batch-size" not in run   # nothing of local.yaml's backend
    for cmd in generate:
        run = cmd[cmd.index("--") + 1:]
        assert int(_flag(run, "--max-tokens")) == tv["max_tokens"] == 2048
        assert float(_flag(run, "--temperature")) == tv["temperature"]
        assert float(_flag(run, "--top-p")) == tv["top_p"]
        assert int(_flag(run, "--seed")) == tv["seed"]


def test_gpu_jobs_start_with_the_preflight_and_training_knows_its_time_limit(paper_dry_run):
    ws, commands = paper_dry_run
    train = [_job_command(c) for c in commands if " rlvr train " in c]
    judge = [_job_command(c) for c in commands if " rlvr judge " in c]
    assert len(train) == 2 and judge
    for cmd in train:
        assert cmd[:4] == ["rlvr", "preflight", "--gpus", "8"] and _flag(cmd, "--cuda").startswith("13.")
        assert float(_flag(cmd, "--min-gpu-memory-gib")) == 75
        assert _flag(cmd, "--time-limit-minutes") == "4320" and "--save-freq" not in cmd
    for cmd in judge:
        assert cmd[:4] == ["rlvr", "preflight", "--gpus", "2"]


# --------------------------------------------------------------------------------------------------
# profiles by recipe, the workflow's recipe requirement, site settings
# --------------------------------------------------------------------------------------------------

def test_a_study_that_requires_the_recipe_refuses_a_profile_without_one(tmp_path):
    from workspace import make_workspace

    from rlvr.training import profiles as P

    ws = make_workspace(tmp_path / "ws")
    prof = {k: v for k, v in P.load("trace-qwen2.5-vl-3b").items() if not k.startswith("_")}
    (ws / "config/test/trace_vero_json_system_prompt_answer.txt").write_bytes(
        (P.PROFILE_DIR / "trace_vero_json_system_prompt_answer.txt").read_bytes())
    for name, edit in (("norecipe", {"recipe": None}),
                       ("renamed", {"verl": {**prof["verl"], "overrides": {
                           **prof["verl"]["overrides"], "trainer.experiment_name": "renamed",
                           "actor_rollout_ref.actor.optim.lr": 1e-5}}})):
        (ws / f"config/test/{name}.yaml").write_text(yaml.safe_dump({**prof, **edit, "name": name}, sort_keys=False))
        models = [m if m.get("source") != "train" else dict(m, profile=f"config/test/{name}.yaml")
                  for m in yaml.safe_load((ws / "config/paper.yaml").read_text())["models"]]
        (ws / "config/test/study.yaml").write_text(yaml.safe_dump({"extends": "config/paper.yaml", "models": models}))
        r = subprocess.run([str(BIN / "snakemake"), "results.json", "-n", "--configfile", "config/test/study.yaml"],
                           cwd=ws, capture_output=True, text=True, timeout=300, start_new_session=True)
        out = r.stdout + r.stderr
        assert r.returncode != 0 and "train.require_recipe" in out, out[-2000:]
        assert ("declares no recipe run" if name == "norecipe" else "optim.lr: recipe value 1e-06") in out


def test_site_placeholders_are_found_in_the_shipped_profile():
    profile = yaml.safe_load((ROOT / "slurm/config.yaml").read_text())
    args = [f"{k}={v}" for k, v in profile["default-resources"].items()]
    found = S.site_placeholders(args, {"train": {"slurm_partition": "CHANGE_ME_GPU"}}, {"eval": {"gpu": 1}})
    assert found == ["default-resources slurm_account=CHANGE_ME_ACCOUNT",
                     "default-resources slurm_partition=CHANGE_ME_PARTITION",
                     "set-resources train:slurm_partition=CHANGE_ME_GPU"]
    assert S.site_placeholders(["slurm_account=lab", "runtime=60"], {}, {"train": {"gpu": 8}}) == []


def test_apptainer_gets_the_jobs_cuda_visible_devices(tmp_path):
    """The profile's apptainer-args pass the GPUs Slurm granted into a --cleanenv container (only when set)."""
    profile = yaml.safe_load((ROOT / "slurm/config.yaml").read_text())
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "apptainer").write_text(
        "#!/bin/sh\n"
        'if [ "$1" = "--version" ]; then echo "apptainer version 1.3.4"; exit 0; fi\n'
        'if [ "$1" = "pull" ]; then touch "$3"; exit 0; fi\n'    # pull --name FILE URL
        'printf "%s\\n" "$@" > "$ARGS_LOG"\n'
        'for last; do :; done\nexec sh -c "$last"\n')
    (fake / "apptainer").chmod(0o755)
    (tmp_path / "Snakefile").write_text('rule a:\n    output: "a.txt"\n    container: "docker://x/y"\n'
                                        '    shell: "touch {output}"\n')
    for cvd in ("2,3", None):
        env = dict(os.environ, PATH=f"{fake}{os.pathsep}{BIN}{os.pathsep}{os.environ['PATH']}",
                   ARGS_LOG=str(tmp_path / "args.txt"))
        env.pop("CUDA_VISIBLE_DEVICES", None)
        if cvd:
            env["CUDA_VISIBLE_DEVICES"] = cvd
        (tmp_path / "a.txt").unlink(missing_ok=True)
        r = subprocess.run([str(BIN / "snakemake"), "--cores", "1", "--sdm", "apptainer", "--apptainer-args",
                            profile["apptainer-args"], "--apptainer-prefix", str(tmp_path / "img")],
                           cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, start_new_session=True)
        args = (tmp_path / "args.txt").read_text().splitlines() if (tmp_path / "args.txt").exists() else []
        if r.returncode != 0 and not args:
            pytest.skip(f"snakemake did not reach the container step with a fake apptainer: {r.stderr[-300:]}")
        assert "--cleanenv" in args and "--nv" in args
        if cvd:
            assert args[args.index("--env") + 1] == "CUDA_VISIBLE_DEVICES=2,3"
        else:
            assert "--env" not in args


def test_the_paper_build_regenerated_by_tracegen_is_sharded_over_slurm_jobs_per_domain(tmp_path):
    """config/paper-generate.yaml: the paper study with data.source generate. Its data stage under the Slurm
    profile plans one generation job per domain and split over the paper's build configs (64 + 2 per task of
    all 1,000 tasks), each with the study's data resources, then merge, validate, export, receipt and the
    one-job regeneration check of each split."""
    from workspace import make_workspace

    from tracegen import dataset, registry

    eff = S.effective(["config/paper-generate.yaml"], root=ROOT)
    paper = S.effective(["config/paper.yaml"], root=ROOT)
    assert eff["data"]["source"] == "generate"
    assert {k: v for k, v in eff.items() if k != "data"} == {k: v for k, v in paper.items() if k != "data"}
    assert {k: v for k, v in eff["data"].items() if k != "source"} == \
        {k: v for k, v in paper["data"].items() if k != "source"}
    planned = {}
    for split, per_task in (("train", 64), ("validation", 2)):
        cfg = yaml.safe_load((ROOT / eff["data"]["splits"][split]).read_text())
        entries = list(dataset.plan(cfg))
        assert sorted(e["task"] for e in entries) == registry.task_ids() and len(registry.task_ids()) == 1000
        assert {e["count"] for e in entries} == {per_task}
        planned[split] = {registry.meta(e["task"])["domain"] for e in entries}

    ws = make_workspace(tmp_path / "ws")
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "apptainer").write_text("#!/bin/sh\necho 'apptainer version 1.3.4'\n")
    (fake / "apptainer").chmod(0o755)
    env = dict(os.environ, PATH=f"{fake}{os.pathsep}{BIN}{os.pathsep}{os.environ['PATH']}")
    r = subprocess.run([str(BIN / "snakemake"), "--profile", "slurm", "data", "--configfile",
                        "config/paper-generate.yaml", "-n", "-p"], cwd=ws, env=env, capture_output=True, text=True,
                       timeout=600, start_new_session=True)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out[-3000:]
    jobs = [_job_command(line[len("Shell command: "):]) for line in out.splitlines()
            if line.startswith("Shell command: rlvr receipt")]
    gen = [j for j in jobs if j[:2] == ["tracegen", "generate"] and "--only-domain" in j]
    for split in ("train", "validation"):
        mine = [j for j in gen if j[2] == eff["data"]["splits"][split]]
        assert sorted(_flag(j, "--only-domain") for j in mine) == sorted(planned[split])
        assert {_flag(j, "--workers") for j in mine} == {str(eff["data"]["workers"])}
    for cmd in ("merge", "validate", "export"):
        assert sum(j[:2] == ["tracegen", cmd] for j in jobs) == 2, cmd
    assert out.count("rule reproduce_split:") == 2 and out.count("rule equivalence_split:") == 2
    want = eff["resources"]["data"]
    data_rules = ("generate_group", "merge_split", "validate_split", "export_split", "equivalence_split",
                  "reproduce_split")
    blocks = re.split(r"\n(?=(?:localrule|rule) \w+:)", out)
    seen = 0
    for block in blocks:
        m = re.match(r"(?:localrule|rule) (\w+):", block)
        if m and m.group(1) in data_rules:
            res = re.search(r"resources: (.*)", block).group(1)
            assert f"mem_mb={want['mem_mb']}," in res and f"cpus_per_task={want['cpus_per_task']}" in res, res
            assert f"runtime={want['runtime']}" in res, res
            seen += 1
    assert seen == 2 * len(planned["train"]) + 2 * 5
