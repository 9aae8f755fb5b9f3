"""Training profiles: YAML files in ``rlvr/profiles/`` holding the pins of a run and its veRL Hydra overrides.

Profiles are composed, not copied: a profile may ``extends:`` another file (:mod:`rlvr.layering`, paths
relative to the extending file), e.g. the paper runs extend ``base/trace-grpo.yaml`` and add only their
identity. :func:`load` returns the merged mapping; its identity (:func:`profile_sha256`) covers every file
of the chain.

A profile declares the run of the recipe table it reproduces (``recipe: <run>``, checked against
``rlvr/profiles/recipe.yaml`` whatever the profile is called) or ``recipe: null`` (none).

A profile is a mapping with the keys ``schema, name, scale, recipe, base_model {repo, revision}, dataset {repo,
revision, train_rows, validation_rows, prompt_column, answer_column, data_source}, system_prompt {path,
sha256}, images {min_pixels, max_pixels}, reward {mode, path, name}, launch {nnodes,
gpus_per_node}, verl {version, config_name, runtime_keys, overrides}``.  ``verl.overrides`` maps a
dotted veRL config key to its value; :func:`hydra_overrides` turns them into Hydra override strings
(``key=value``) and :func:`compose` composes veRL's own ``ppo_trainer`` config with them, which fails
on any key veRL does not have.  Only :func:`compose` and :func:`validate_with_verl` need veRL; the
rest is standard library + PyYAML.
"""

from __future__ import annotations

import re
from pathlib import Path

from tracegen.core.canonical import canonical_json, sha256_file, sha256_json

from ..layering import LayerError, layered
from . import engine
from . import reward as reward_fn

SCHEMA = "rlvr-training-profile/v1"
PROFILE_DIR = Path(__file__).resolve().parent.parent / "profiles"
RECIPE_PATH = PROFILE_DIR / "recipe.yaml"
RECIPE_SCHEMA = "rlvr-training-recipe/v1"
PROMPT_SHA256 = "f394927d9abcfb7a1e43ef48a30c29b8c70e6facdbda314d7b27c59d8c3ae900"
#: The profiles of the paper's two runs (the recipe table's ``applies_to``), as shipped.
PAPER_PROFILES = ("trace-qwen2.5-vl-3b", "trace-qwen2.5-vl-7b")

#: veRL keys a site may set at run time (``rlvr train --save-freq`` / ``--time-limit-minutes``): when to save
#: checkpoints, not what is trained. The recipe table's row for such a key gives the recipe's default; a run
#: may use any positive value, and its run receipt records the one it used.
SITE_KEYS = ("trainer.save_freq", "trainer.esi_redundant_time")

#: Fields allowed to differ between the paper profiles (model identity); everything else must be equal.
IDENTITY_FIELDS = ("name", "scale", "base_model", "recipe")
IDENTITY_OVERRIDES = ("trainer.experiment_name",)
#: Recipe rows that record a run's identity (its name, the logger's experiment name): a profile reproducing
#: the run may carry another name (validate() ties the experiment name to the profile's), so they are not
#: compared; the profile declares its run with ``recipe:``.
IDENTITY_ROWS = (("verl", "trainer.experiment_name"), ("profile", "name"))

#: Placeholders for the per-run keys when a profile is composed without a run (``rlvr check``).
CHECK_RUNTIME = {
    "data.train_files": ["/rlvr-check/train.parquet"],
    "data.val_files": ["/rlvr-check/validation.parquet"],
    "actor_rollout_ref.model.path": "/rlvr-check/model",
    "trainer.default_local_dir": "/rlvr-check/checkpoints",
}

#: veRL config nodes that are free-form mappings (``{}`` in veRL's YAML, meant to be extended): keys under
#: them are added with Hydra's ``++`` (add or override).  Every other key must already exist in veRL.
FREEFORM_NODES = ("actor_rollout_ref.model.override_config",)

_TOP_KEYS = {"schema", "name", "scale", "recipe", "base_model", "dataset", "system_prompt", "images", "reward",
             "launch", "verl"}
#: Optional sections: an online variant (``online``, ``variant_of``: the profile it varies) and the CPU
#: smoke backend's format warm start (``warm_start``, CPU profiles only).
_OPTIONAL_KEYS = {"online", "variant_of", "warm_start"}
#: veRL's dataset extension point, as an online profile must set it (rlvr.training.online_dataset).
ONLINE_DATASET = {"data.custom_cls.path": "pkg://rlvr.training.online_dataset",
                  "data.custom_cls.name": "TraceOnlineDataset",
                  "data.shuffle": False, "data.dataloader_num_workers": 0}
_HEX40 = re.compile(r"^[0-9a-f]{40}$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")


class ProfileError(ValueError):
    """A profile is malformed or breaks a recipe invariant."""


def profile_path(name_or_path) -> Path:
    """A profile name (``trace-qwen2.5-vl-3b``) or a path to a YAML file."""
    p = Path(name_or_path)
    if p.suffix in (".yaml", ".yml") and p.exists():
        return p
    candidate = PROFILE_DIR / f"{name_or_path}.yaml"
    if candidate.exists():
        return candidate
    known = sorted(x.stem for x in PROFILE_DIR.glob("*.yaml"))
    raise ProfileError(f"unknown profile {name_or_path!r} (known: {', '.join(known)})")


def load(name_or_path) -> dict:
    """The profile merged over every file it extends; ``_path`` is the profile's own file, ``_files`` the
    chain (base first)."""
    path = profile_path(name_or_path)
    try:
        profile, chain = layered(path, what="profile")
    except LayerError as e:
        raise ProfileError(str(e)) from None
    profile["_path"] = str(path)
    profile["_files"] = [str(f) for f in chain]
    return profile


def shipped() -> list[dict]:
    """Every profile in ``rlvr/profiles/`` (the composed run profiles; ``base/`` holds their shared parts)."""
    return [load(p) for p in sorted(PROFILE_DIR.glob("*.yaml")) if p.name != RECIPE_PATH.name]


def recipe_runs(recipe: dict | None = None) -> list[str]:
    """The runs of the recipe table a profile may declare: the paper runs, then their variants."""
    recipe = load_recipe() if recipe is None else recipe
    return list(recipe.get("applies_to") or []) + list(recipe.get("variants") or {})


def checked_profiles() -> list[str]:
    """What ``rlvr check`` checks by default: every shipped profile that declares a recipe run."""
    return [p["name"] for p in shipped() if p.get("recipe")]


def profile_sha256(profile: dict) -> str:
    """The profile's identity: its file's sha256 when it extends nothing, else the sha256 of the chain's
    (file name, sha256) pairs, base first -- a change to a shared base changes every run built on it."""
    files = profile.get("_files") or ([profile["_path"]] if profile.get("_path") else [])
    if not files:
        return sha256_json({k: v for k, v in profile.items() if not k.startswith("_")})
    if len(files) == 1:
        return sha256_file(files[0])
    root = Path(profile["_path"]).resolve().parent
    return sha256_json([[_rel(f, root), sha256_file(f)] for f in files])


def _rel(path, root: Path) -> str:
    p = Path(path).resolve()
    try:
        return p.relative_to(root).as_posix()
    except ValueError:
        return p.name


def system_prompt_path(profile: dict) -> Path:
    p = Path(profile["system_prompt"]["path"])
    return p if p.is_absolute() else Path(profile["_path"]).parent / p


def file_sha256(path) -> str:
    return sha256_file(path)


def read_system_prompt(profile: dict) -> str:
    """The system prompt text, after checking its sha256 against the profile and the recipe pin."""
    path = system_prompt_path(profile)
    if not path.exists():
        raise ProfileError(f"{profile['name']}: system prompt {path} is missing")
    digest = file_sha256(path)
    want = profile["system_prompt"]["sha256"]
    if digest != want or digest != PROMPT_SHA256:
        raise ProfileError(f"{profile['name']}: system prompt {path} has sha256 {digest}, "
                           f"expected {want} (recipe pin {PROMPT_SHA256})")
    return path.read_text(encoding="utf-8")


def validate(profile: dict) -> list[str]:
    """Offline checks of one profile; returns a list of problems (empty when valid)."""
    problems = []
    name = profile.get("name", "?")

    def need(cond, msg):
        if not cond:
            problems.append(f"{name}: {msg}")

    missing = _TOP_KEYS - set(profile)
    extra = {k for k in profile if not k.startswith("_")} - _TOP_KEYS - _OPTIONAL_KEYS
    need(not missing, f"missing keys {sorted(missing)}"
         + (" (recipe: the recipe run it reproduces, or null for none)" if "recipe" in missing else ""))
    need(not extra, f"unknown keys {sorted(extra)}")
    if missing:
        return problems
    run = profile["recipe"]
    if run is not None:
        try:
            runs = recipe_runs()
        except (ProfileError, OSError) as e:
            runs = []
            problems.append(f"{name}: {e}")
        need(isinstance(run, str) and run in runs,
             f"recipe {run!r} is not a run of {RECIPE_PATH.name} (runs: {', '.join(runs)}; null for none)")
    need(profile["schema"] == SCHEMA, f"schema is {profile['schema']!r}, expected {SCHEMA!r}")
    bm, ds = profile["base_model"], profile["dataset"]
    need(isinstance(bm.get("repo"), str) and "/" in bm["repo"], "base_model.repo must be owner/name")
    need(isinstance(bm.get("revision"), str) and bool(_HEX40.match(bm["revision"])),
         "base_model.revision must be a 40-hex commit")
    need(isinstance(ds.get("revision"), str) and bool(_HEX40.match(ds["revision"])),
         "dataset.revision must be a 40-hex commit")
    need(ds.get("prompt_column") == "prompt_answer", "dataset.prompt_column must be prompt_answer (answer-only)")
    need(ds.get("answer_column") == "answer_gt", "dataset.answer_column must be answer_gt")
    sp = profile["system_prompt"]
    need(bool(_HEX64.match(str(sp.get("sha256", "")))), "system_prompt.sha256 must be 64 hex digits")
    try:
        read_system_prompt(profile)
    except ProfileError as e:
        problems.append(str(e))
    im = profile["images"]
    need(isinstance(im.get("min_pixels"), int) and isinstance(im.get("max_pixels"), int)
         and 0 < im["min_pixels"] <= im["max_pixels"], "images.min_pixels/max_pixels must be 0 < min <= max")
    rw = profile["reward"]
    # the mode is the one fact a profile states about its reward: its weights are the mode's own
    # (tracegen.reward.WEIGHTS), and the reward function veRL loads scores exactly that mode
    need(rw.get("mode") == reward_fn.MODE, f"reward.mode must be {reward_fn.MODE!r} (answer only: the reward "
         f"function scores that mode, the annotation never), got {rw.get('mode')!r}")
    extra = sorted(set(rw) - {"mode", "path", "name"})
    need(not extra, f"reward has unknown keys {extra} (the weights are the mode's: tracegen.reward.WEIGHTS)")
    ov = (profile["verl"] or {}).get("overrides") or {}
    need(isinstance(ov, dict) and ov, "verl.overrides must be a non-empty mapping")
    runtime = profile["verl"].get("runtime_keys") or []
    need(not (set(runtime) & set(ov)), "runtime keys must not also be overrides")
    need(ov.get("reward.custom_reward_function.path") == rw.get("path")
         and ov.get("reward.custom_reward_function.name") == rw.get("name"),
         "reward.path/name must equal the reward.custom_reward_function overrides")
    need(ov.get("data.prompt_key") == "prompt", "data.prompt_key must be 'prompt' (the prepared chat column)")
    need(ov.get("actor_rollout_ref.actor.use_kl_loss") is False and ov.get("algorithm.use_kl_in_reward") is False,
         "KL must be off (no reference model)")
    need(ov.get("trainer.nnodes") == profile["launch"]["nnodes"]
         and ov.get("trainer.n_gpus_per_node") == profile["launch"]["gpus_per_node"],
         "launch must match trainer.nnodes / trainer.n_gpus_per_node")
    need(ov.get("trainer.experiment_name") == name, "trainer.experiment_name must be the profile name")
    steps, batch = ov.get("trainer.total_training_steps"), ov.get("data.train_batch_size")
    if "warm_start" in profile:
        from .sections import WarmStartError, warm_start_settings

        need(ov.get("trainer.device") == "cpu", "warm_start is a CPU smoke backend phase (trainer.device: cpu)")
        try:
            warm_start_settings(profile)
        except WarmStartError as e:
            problems.append(f"{name}: {e}")
    if is_online(profile):
        problems += online_problems(profile)
    elif isinstance(steps, int) and isinstance(batch, int) and isinstance(ds.get("train_rows"), int):
        need(steps * batch == ds["train_rows"],
             f"total_training_steps x train_batch_size = {steps * batch} must be one pass over {ds['train_rows']} rows")
    need(ov.get("actor_rollout_ref.actor.ppo_mini_batch_size") == batch,
         "ppo_mini_batch_size must equal train_batch_size (one optimizer step per training step)")
    return problems


def is_online(profile: dict) -> bool:
    """An online profile trains on the stream of its ``online:`` section (rlvr.training.online)."""
    return "online" in profile


def online_variant(name: str) -> str:
    """The online variant of profile ``name``: the one profile in ``rlvr/profiles/`` with ``variant_of: name``
    and an ``online`` section (the workflow's ``train.data: online``)."""
    import yaml

    found = []
    for path in sorted(PROFILE_DIR.glob("*.yaml")):
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
        if isinstance(doc, dict) and doc.get("variant_of") == name and "online" in doc:
            found.append(doc.get("name", path.stem))
    if len(found) != 1:
        what = "no profile" if not found else f"{len(found)} profiles ({', '.join(found)})"
        raise ProfileError(f"train.data is online but {what} in {PROFILE_DIR} name(s) {name!r} in variant_of "
                           "with an online section")
    return found[0]


def train_profiles(models: dict, data: str = "fixed") -> dict:
    """{model id: profile} for the workflow's trained models (``source: train``): each model's own profile
    with ``train.data: fixed``, its online variant with ``train.data: online``."""
    out = {}
    for model, entry in models.items():
        if entry.get("source") != "train":
            continue
        try:
            out[model] = online_variant(entry["profile"]) if data == "online" else entry["profile"]
        except ProfileError as e:
            raise ProfileError(f"model {model}: {e}") from None
    return out


def recipe_bound_problems(name_or_path, *, model: str | None = None) -> list[str]:
    """Why a profile may not train in a study that reproduces the recipe (``train.require_recipe``): it
    declares no recipe run, or its own values break that run's rows (checked without veRL: profile fields
    and the overrides it sets; the train job's pre-flight composes veRL's config and checks every row)."""
    who = f"model {model}: " if model else ""
    try:
        profile = load(name_or_path)
    except ProfileError as e:
        return [f"{who}{e}"]
    if profile.get("recipe") is None:
        return [f"{who}profile {profile.get('name', name_or_path)} declares no recipe run (recipe: null or "
                f"missing); a study that reproduces the paper trains only recipe profiles"]
    return [f"{who}{p}" for p in validate(profile) + recipe_problems(profile)]


def online_problems(profile: dict) -> list[str]:
    """An online profile: its section resolves (mix, curriculum), veRL's dataset extension point is set, the
    steps are given (a stream has no epoch), and it names the profile it is a variant of."""
    from .sections import OnlineError, online_settings

    name = profile.get("name", "?")
    ov = (profile.get("verl") or {}).get("overrides") or {}
    problems = []
    try:
        online_settings(profile["online"])
    except OnlineError as e:
        problems.append(f"{name}: {e}")
    for key, want in ONLINE_DATASET.items():
        if ov.get(key, "<missing>") != want or type(ov.get(key)) is not type(want):
            problems.append(f"{name}: online profiles need {key}: {want!r} (got {ov.get(key, '<missing>')!r})")
    if not isinstance(ov.get("trainer.total_training_steps"), int):
        problems.append(f"{name}: online profiles need trainer.total_training_steps (a stream has no epoch)")
    base = profile.get("variant_of")
    if not isinstance(base, str):
        problems.append(f"{name}: online profiles name the profile they vary (variant_of)")
    return problems


def online_config_problems(profile: dict, config) -> list[str]:
    """An online profile in veRL's composed config: the dataset class loads through veRL's own loader, and
    the trainer is synchronous (every reward of a step is in the journal before the next batch is fetched
    and before a checkpoint is saved -- what the curriculum's exact resume relies on)."""
    from omegaconf import OmegaConf

    name = profile.get("name", "?")
    problems = []
    if OmegaConf.select(config, "trainer.use_v1") and OmegaConf.select(config, "trainer.v1.trainer_mode") != "sync":
        problems.append(f"{name}: the online stream needs veRL's sync trainer (trainer.v1.trainer_mode: sync), "
                        f"got {OmegaConf.select(config, 'trainer.v1.trainer_mode')!r}")
    try:
        from verl.utils.dataset.rl_dataset import get_dataset_class

        import contextlib
        import io

        with contextlib.redirect_stdout(io.StringIO()):
            cls = get_dataset_class(config.data)
        if f"{cls.__module__}.{cls.__name__}" != "rlvr.training.online_dataset.TraceOnlineDataset":
            problems.append(f"{name}: data.custom_cls loads {cls.__module__}.{cls.__name__}")
    except Exception as e:  # the class does not load: veRL would fail at start
        problems.append(f"{name}: data.custom_cls does not load through veRL: {type(e).__name__}: {e}")
    return problems


def identity_free(profile: dict) -> dict:
    """The profile without its identity fields (what must be equal across scales)."""
    out = {k: v for k, v in profile.items() if k not in IDENTITY_FIELDS and not k.startswith("_")}
    verl = dict(out["verl"])
    verl["overrides"] = {k: v for k, v in verl["overrides"].items() if k not in IDENTITY_OVERRIDES}
    out["verl"] = verl
    return out


def compare_scales(a: dict, b: dict) -> list[str]:
    """Differences between two profiles outside the identity fields."""
    x, y = identity_free(a), identity_free(b)
    diffs = []

    def walk(u, v, where):
        if isinstance(u, dict) and isinstance(v, dict):
            for k in sorted(set(u) | set(v), key=str):
                walk(u.get(k, "<missing>"), v.get(k, "<missing>"), f"{where}.{k}" if where else str(k))
        elif u != v:
            diffs.append(f"{where}: {a['name']}={u!r} vs {b['name']}={v!r}")

    walk(x, y, "")
    return diffs


def hydra_value(value) -> str:
    """One value in Hydra's override grammar."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(hydra_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{hydra_value(v)}" for k, v in value.items()) + "}"
    text = str(value)
    if _PLAIN.match(text) and text not in ("null", "true", "false", "True", "False"):
        return text
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def hydra_overrides(profile: dict, runtime: dict | None = None) -> list[str]:
    """The profile's overrides plus the per-run keys, as Hydra override strings."""
    runtime = dict(runtime or {})
    keys = profile["verl"].get("runtime_keys") or []
    missing = [k for k in keys if k not in runtime]
    if missing:
        raise ProfileError(f"{profile['name']}: runtime values missing for {missing}")
    unexpected = [k for k in runtime if k not in keys]
    if unexpected:
        raise ProfileError(f"{profile['name']}: {unexpected} are not runtime keys of the profile")
    items = list(profile["verl"]["overrides"].items()) + [(k, runtime[k]) for k in keys]
    return [f"{_hydra_key(k)}={hydra_value(v)}" for k, v in items]


def _hydra_key(key: str) -> str:
    return "++" + key if any(key.startswith(node + ".") for node in FREEFORM_NODES) else key


def verl_config_dir() -> Path:
    import verl

    return Path(verl.__file__).resolve().parent / "trainer" / "config"


def compose(profile: dict, runtime: dict | None = None):
    """veRL's full ``ppo_trainer`` config (an OmegaConf DictConfig) with the profile's overrides.

    Uses Hydra's ``compose`` on the installed veRL's own config directory: an unknown key raises
    (Hydra needs ``+key`` to add one, which profiles never use), as does a value of the wrong type.
    """
    from hydra import compose as hydra_compose
    from hydra import initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra

    import verl

    want = profile["verl"].get("version")
    if want and verl.__version__ != want:
        raise ProfileError(f"{profile['name']}: profile pins veRL {want}, installed is {verl.__version__}")
    overrides = hydra_overrides(profile, CHECK_RUNTIME if runtime is None else runtime)
    GlobalHydra.instance().clear()
    try:
        with initialize_config_dir(config_dir=str(verl_config_dir()), version_base=None):
            return hydra_compose(config_name=profile["verl"].get("config_name", "ppo_trainer"), overrides=overrides)
    finally:
        GlobalHydra.instance().clear()


#: veRL dataclass configs checked by :func:`validate_with_verl` (HFModelConfig is left out: it loads the
#: model's files from ``path``, which an offline check does not have).
DATACLASS_NODES = (
    "algorithm",
    "actor_rollout_ref.actor",
    "actor_rollout_ref.actor.optim",
    "actor_rollout_ref.actor.fsdp_config",
    "actor_rollout_ref.actor.policy_loss",
    "actor_rollout_ref.rollout",
    "actor_rollout_ref.rollout.val_kwargs",
    "actor_rollout_ref.rollout.checkpoint_engine",
)
# ``reward`` is not converted: veRL 0.9.1's own RewardManagerConfig.__post_init__ raises (it calls a
# BaseConfig.__post_init__ that does not exist) and veRL itself reads the reward node as a DictConfig;
# :func:`validate_with_verl` loads the reward function and manager through veRL's loader instead.


def validate_with_verl(config) -> list[str]:
    """What ``verl.trainer.main_ppo`` checks before it starts Ray, plus veRL's dataclass conversion."""
    from omegaconf import OmegaConf

    from verl.trainer.ppo.utils import need_critic, need_reference_policy
    from verl.utils.config import omega_conf_to_dataclass, validate_config

    checked = []
    validate_config(config=config, use_reference_policy=need_reference_policy(config), use_critic=need_critic(config))
    checked.append("verl.utils.config.validate_config")
    for node in DATACLASS_NODES:
        sub = OmegaConf.select(config, node)
        if sub is None:
            raise ProfileError(f"config node {node} is missing")
        omega_conf_to_dataclass(sub)
        checked.append(f"omega_conf_to_dataclass({node})")
    from verl.trainer.ppo.reward import get_custom_reward_fn, resolve_reward_manager_cls

    fn = get_custom_reward_fn(config)
    if fn is None:
        raise ProfileError("no custom reward function configured")
    checked.append("verl.trainer.ppo.reward.get_custom_reward_fn")
    resolve_reward_manager_cls(config)
    checked.append("verl.trainer.ppo.reward.resolve_reward_manager_cls")
    if need_reference_policy(config):
        raise ProfileError("the composed config needs a reference model (KL is on)")
    if need_critic(config):
        raise ProfileError("the composed config needs a critic")
    return checked


def _default_config(profile: dict):
    """veRL's ``ppo_trainer`` defaults (no profile overrides)."""
    bare = dict(profile, verl=dict(profile["verl"], overrides={}))
    return compose(bare)


def type_problems(profile: dict, defaults=None) -> list[str]:
    """Overrides whose value type differs from veRL's default for that key.

    Hydra rejects unknown keys everywhere, but values are only type-checked on veRL's structured nodes;
    ``data.*`` and ``trainer.*`` are plain YAML, so a ``data.train_batch_size: many`` would compose.
    """
    from omegaconf import OmegaConf

    defaults = _default_config(profile) if defaults is None else defaults
    problems = []
    for key, value in profile["verl"]["overrides"].items():
        default = OmegaConf.select(defaults, key, throw_on_missing=False)
        if OmegaConf.is_config(default):
            default = OmegaConf.to_container(default, resolve=False)
        if default is None or (isinstance(default, str) and default.startswith("${")):
            continue  # no default value (or an interpolation): nothing to compare with
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, (int, float)):  # veRL's YAML writes some float defaults as ints (top_p: 1)
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        elif isinstance(default, str):
            ok = isinstance(value, str)
        elif isinstance(default, list):
            ok = isinstance(value, list)
        elif isinstance(default, dict):
            ok = isinstance(value, dict)
        else:
            ok = True
        if not ok:
            problems.append(f"{profile['name']}: {key}={value!r} ({type(value).__name__}) but veRL's default "
                            f"is {default!r} ({type(default).__name__})")
    return problems


def verify(profile: dict, runtime: dict | None = None, site_keys=()) -> list[str]:
    """Everything ``rlvr check`` asks of veRL for one profile, and the recipe table for the paper
    profiles; raises on the first failure."""
    problems = type_problems(profile)
    if problems:
        raise ProfileError("; ".join(problems))
    config = compose(profile, runtime)
    checks = ["hydra.compose(ppo_trainer)", "override types vs veRL defaults"] + validate_with_verl(config)
    if is_online(profile):
        problems = online_config_problems(profile, config)
        if problems:
            raise ProfileError("; ".join(problems))
        checks.append("online: sync trainer, veRL's dataset loader finds data.custom_cls")
    if recipe_rows(profile) is not None:
        problems = recipe_problems(profile, config, site_keys=site_keys)
        if problems:
            raise ProfileError("; ".join(problems))
        checks.append(f"recipe table ({len(recipe_rows(profile))} values)")
    return checks


# --------------------------------------------------------------------------------------------------
# the recipe table (rlvr/profiles/recipe.yaml): the paper's values, each with its source
# --------------------------------------------------------------------------------------------------

_MISSING = object()
#: What a recipe row pins: a key of veRL's composed config, a field of the profile, or a value the rollout
#: engine will actually use (rlvr.training.engine computes it from the composed config as veRL's server does).
ROW_KINDS = ("verl", "profile", "engine")
ENGINE_KEYS = engine.KEYS


def load_recipe(path=None) -> dict:
    import yaml

    path = Path(path or RECIPE_PATH)
    with open(path, encoding="utf-8") as f:
        recipe = yaml.safe_load(f)
    if not isinstance(recipe, dict) or recipe.get("schema") != RECIPE_SCHEMA:
        raise ProfileError(f"{path}: not a {RECIPE_SCHEMA} recipe table")
    def check_row(row, where, value_keys=("value", "values")):
        kinds = [k for k in ROW_KINDS if k in row]
        values = [k for k in value_keys if k in row]
        if len(kinds) != 1 or len(values) != 1 or not row.get("source"):
            raise ProfileError(f"{path}: {where} needs one of {'/'.join(ROW_KINDS)}, one of {'/'.join(value_keys)}, "
                               "and a source")
        if "engine" in row and row["engine"] not in ENGINE_KEYS:
            raise ProfileError(f"{path}: {where}: unknown engine value {row['engine']!r} (known: {', '.join(ENGINE_KEYS)})")

    for i, row in enumerate(recipe.get("rows") or []):
        check_row(row, f"row {i}")
    for name, variant in (recipe.get("variants") or {}).items():
        if variant.get("of") not in (recipe.get("applies_to") or []):
            raise ProfileError(f"{path}: variant {name} must name a paper profile it varies (of)")
        for i, row in enumerate(variant.get("differences") or []):
            check_row(row, f"variant {name} difference {i}", ("value",))
    return recipe


def _row_key(row) -> tuple:
    kind = next(k for k in ROW_KINDS if k in row)
    return (kind, row[kind])


def recipe_rows(profile: dict, recipe: dict | None = None):
    """The recipe rows that apply to ``profile``: those of the run it declares (``recipe:``), whatever the
    profile is called; ``None`` for a profile that declares none (``recipe: null``).

    A *variant* (``variants:`` of the table, e.g. the online 3B run) is held to every row of the
    paper run it varies, with that run's values, except the rows its ``differences`` list, which
    replace them (or add keys the paper run does not set)."""
    recipe = load_recipe() if recipe is None else recipe
    name = profile.get("recipe")
    if name is None:
        return None
    if name in (recipe.get("applies_to") or []):
        return recipe["rows"]
    variant = (recipe.get("variants") or {}).get(name)
    if variant is None:
        raise ProfileError(f"{profile.get('name', '?')}: recipe run {name!r} is not in {RECIPE_PATH.name} "
                           f"(runs: {', '.join(recipe_runs(recipe))}; null for none)")
    differences = variant.get("differences") or []
    changed = {_row_key(r) for r in differences}
    rows = []
    for row in recipe["rows"]:
        if _row_key(row) in changed:
            continue
        if "values" in row:
            row = {k: v for k, v in row.items() if k != "values"} | {"value": row["values"][variant["of"]]}
        rows.append(row)
    return rows + [dict(r, source=f"{r['source']} [variant of {variant['of']}]") for r in differences]


def _row_label(row) -> str:
    kind = next(k for k in ROW_KINDS if k in row)
    return f"{kind} {row[kind]}"


def _row_value(row, run):
    if "value" in row:
        return row["value"]
    return row["values"].get(run, _MISSING)


def _profile_value(profile: dict, dotted: str):
    node = profile
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return _MISSING
        node = node[part]
    return node


def same_value(a, b) -> bool:
    """Recipe equality: bools only equal bools, numbers compare as floats, containers element-wise."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return set(a) == set(b) and all(same_value(a[k], b[k]) for k in a)
    return a == b


def recipe_problems(profile: dict, config=None, recipe: dict | None = None, site_keys=()) -> list[str]:
    """Every recipe row the profile (and, with ``config``, veRL's composed config) does not meet.

    A mismatch names the key, the recipe value (with its source) and the profile's / composed value
    (without ``config``, veRL rows are compared with the profile's own override where it has one).
    Also: every override of the profile must have a recipe row (nothing escapes the table). ``site_keys``
    (of :data:`SITE_KEYS`) are the ones a run set from its site settings: any positive value passes there.
    """
    from omegaconf import OmegaConf

    try:
        rows = recipe_rows(profile, recipe)
    except ProfileError as e:
        return [str(e)]
    if rows is None:
        return []
    name = profile.get("name", "?")
    run = profile.get("recipe")
    problems = []
    effective = None
    for row in rows:
        if _row_key(row) in IDENTITY_ROWS:
            continue
        want = _row_value(row, run)
        if want is _MISSING:
            problems.append(f"{name}: recipe {_row_label(row)} has no value for run {run}")
            continue
        overrides = (profile.get("verl") or {}).get("overrides") or {}
        if "profile" in row:
            got, where = _profile_value(profile, row["profile"]), "profile"
        elif "engine" in row:   # what the rollout engine will use (rlvr.training.engine), from the composed config
            if config is None:
                continue
            if effective is None:
                try:
                    effective = engine.effective_rollout(config, profile)
                except engine.EngineError as e:
                    effective = {k: f"<{e}>" for k in ENGINE_KEYS}
            got, where = effective[row["engine"]], "effective"
        elif config is None:  # not composed (the profile failed earlier checks): its own override, if any
            if row["verl"] not in overrides:
                continue
            got, where = overrides[row["verl"]], "override"
        else:
            try:
                got = OmegaConf.select(config, row["verl"], default=_MISSING, throw_on_missing=True)
                if OmegaConf.is_config(got):
                    got = OmegaConf.to_container(got, resolve=True)
            except Exception as e:  # an interpolation that does not resolve
                got = f"<{type(e).__name__}>"
            where = "composed"
        site = row.get("verl") in site_keys
        if got is _MISSING:
            problems.append(f"{name}: {_row_label(row)} is missing; recipe value {want!r} ({row['source']})")
        elif site and isinstance(got, int) and not isinstance(got, bool) and got >= 1:
            pass   # a site's checkpoint cadence (SITE_KEYS): any positive value
        elif not same_value(got, want):
            problems.append(f"{name}: {_row_label(row)}: recipe value {want!r} ({row['source']}), "
                            f"{where} value {got!r}")
    covered = {row["verl"] for row in rows if "verl" in row} | set(site_keys)
    loose = sorted(set((profile.get("verl") or {}).get("overrides") or {}) - covered)
    if loose:
        problems.append(f"{name}: overrides without a recipe row (add them to {RECIPE_PATH.name}): {loose}")
    return problems


def resolved_values(config, keys) -> dict:
    """The composed config's value at each dotted key (for reports and tests)."""
    from omegaconf import OmegaConf

    out = {}
    for k in keys:
        v = OmegaConf.select(config, k, throw_on_missing=True)
        out[k] = OmegaConf.to_container(v, resolve=True) if OmegaConf.is_config(v) else v
    return out


def canonical(obj) -> str:
    """The project's one canonical JSON (``tracegen.core.canonical``)."""
    return canonical_json(obj)
