"""``rlvr check``: validate training profiles offline, on CPU.

For each profile: the pins (base model and dataset revisions), the system prompt's sha256, the
answer-only reward (no annotation term), the recipe invariants (one pass, one optimizer step per step,
KL off); an online profile's section, dataset class and sync trainer; for a profile that declares a run
of the recipe table (``recipe: <run>`` -- the paper runs and their variants, whatever the file is called),
every value of ``rlvr/profiles/recipe.yaml`` for that run (profile fields, veRL keys of the composed
config, and the values the rollout engine will run with; a mismatch names the key, the recipe value with
its source and the composed or effective value); then veRL's own ``ppo_trainer`` config is composed with the profile's overrides through Hydra
(an unknown or mistyped key fails) and checked with ``verl.utils.config.validate_config``, veRL's
dataclass conversion of the actor / optimizer / FSDP / rollout / algorithm nodes, and veRL's reward
loader.  Profiles declaring the recipe's paper runs must be equal except for the identity fields
(name, scale, base model, recipe run, experiment name).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json

from . import profiles as P


def _missing_identity(prof: dict) -> str | None:
    """The fields every report line names (name, base model and dataset pins), checked before they are read."""
    if not isinstance(prof.get("name"), str) or not prof["name"]:
        return "the profile has no 'name' (a string)"
    for key in ("base_model", "dataset"):
        pin = prof.get(key)
        if not isinstance(pin, dict) or not all(isinstance(pin.get(k), str) for k in ("repo", "revision")):
            return f"profile {prof['name']}: '{key}' needs 'repo' and 'revision' (strings)"
    return None


def check_profiles(names, *, compose: bool = True) -> dict:
    report = {"ok": True, "profiles": {}, "problems": []}
    loaded = {}
    for name in names:
        entry = {"problems": []}
        try:
            prof = P.load(name)
        except (P.ProfileError, OSError) as e:
            report["problems"].append(str(e))
            continue
        missing = _missing_identity(prof)
        if missing:
            report["problems"].append(f"{prof['_path']}: {missing}")
            continue
        loaded[prof["name"]] = prof
        entry["path"] = prof["_path"]
        entry["base_model"] = f"{prof['base_model']['repo']}@{prof['base_model']['revision']}"
        entry["dataset"] = f"{prof['dataset']['repo']}@{prof['dataset']['revision']}"
        entry["problems"] += P.validate(prof)
        config = None
        if compose and not entry["problems"]:
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    types = P.type_problems(prof)
                    if types:
                        raise P.ProfileError("; ".join(types))
                    config = P.compose(prof)
            except Exception as e:  # Hydra / OmegaConf errors: the profile does not compose
                entry["problems"].append(f"{prof['name']}: veRL config: {type(e).__name__}: {e}")
        # the recipe table: profile fields always, veRL keys on the composed config (reported even when
        # veRL's own validation below fails, so every corrupted value is named)
        entry["problems"] += P.recipe_problems(prof, config)
        entry["recipe"] = prof.get("recipe")
        try:
            rows = P.recipe_rows(prof)
        except P.ProfileError:
            rows = None   # an unknown run: recipe_problems named it
        if rows is not None:
            entry["recipe_rows"] = len(rows)
        if config is not None:
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    entry["verl_checks"] = ["hydra.compose(ppo_trainer)", "override types vs veRL defaults",
                                            *P.validate_with_verl(config)]
                if P.is_online(prof):
                    entry["problems"] += P.online_config_problems(prof, config)
                    entry["verl_checks"].append("online: sync trainer, data.custom_cls loads through veRL")
                entry["overrides"] = len(prof["verl"]["overrides"])
            except Exception as e:  # veRL's validation: the run would fail in main_ppo
                entry["problems"].append(f"{prof['name']}: veRL config: {type(e).__name__}: {e}")
        report["profiles"][prof["name"]] = entry
        report["problems"] += entry["problems"]
    runs = P.load_recipe().get("applies_to") or []
    paper = [p for p in loaded.values() if p.get("recipe") in runs]
    for other in paper[1:]:
        diffs = P.compare_scales(paper[0], other)
        report["problems"] += [f"paper runs differ outside identity fields: {d}" for d in diffs]
    report["ok"] = not report["problems"]
    return report


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", action="append", default=None,
                        help="profile name or YAML path (repeatable; default: every shipped profile that "
                             "declares a recipe run -- the paper runs and the 3B online variant)")
    parser.add_argument("--no-compose", action="store_true",
                        help="skip composing the veRL config (checks that need no veRL install)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def run(args) -> int:
    names = args.profile or P.checked_profiles()
    report = check_profiles(names, compose=not args.no_compose)
    if args.json:
        print(json.dumps(report, indent=1, sort_keys=True))
    else:
        for name, entry in report["profiles"].items():
            status = "OK" if not entry["problems"] else "INVALID"
            checks = ", ".join(entry.get("verl_checks", [])) or "no veRL compose"
            recipe = (f"; recipe run {entry['recipe']}: {entry['recipe_rows']} values" if "recipe_rows" in entry
                      else "; declares no recipe run (recipe: null)" if entry.get("recipe", "?") is None
                      else "")
            print(f"{status}: {name} ({entry['base_model']}; {entry.get('overrides', '?')} veRL overrides; "
                  f"{checks}{recipe})")
        for p in report["problems"]:
            print(f"  problem: {p}")
    return 0 if report["ok"] else 1
