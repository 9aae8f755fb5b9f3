"""Parsers of a training profile's optional sections, with their defaults: ``online:`` (the online stream and
its curriculum, :mod:`rlvr.training.online`) and ``warm_start:`` (the CPU smoke backend's format warm start,
:mod:`rlvr.training.warmstart`).

They sit below :mod:`rlvr.training.profiles` (whose ``validate`` checks the sections) and below the modules
that run the sections, so checking a profile never imports the stream or the trainer.
"""

from __future__ import annotations

from . import curriculum as C


ONLINE_DEFAULTS = {"seed": 1, "split": "online", "mix": [{"all": True, "weight": 1.0}], "max_side": None,
            "max_pixels": None, "workers": 4, "lookahead": 2, "curriculum": {}}
_ENTRY_KEYS = {"id", "scene", "domain", "all", "weight", "difficulty"}


class OnlineError(ValueError):
    """The online spec or stream cannot be used (one line)."""


def online_settings(online: dict | None) -> dict:
    """The online section with defaults; the mix resolved to tasks.  Raises OnlineError."""
    from tracegen.core.seeds import validate_seed

    online = dict(online or {})
    unknown = set(online) - set(ONLINE_DEFAULTS)
    if unknown:
        raise OnlineError(f"online: unknown keys {sorted(unknown)} (known: {sorted(ONLINE_DEFAULTS)})")
    out = {**ONLINE_DEFAULTS, **online}
    try:
        validate_seed(out["seed"])
    except ValueError as e:
        raise OnlineError(f"online.seed: {e}") from None
    if not (isinstance(out["split"], str) and out["split"] and out["split"].replace("-", "").replace("_", "").isalnum()
            and out["split"] not in ("train", "validation")):
        raise OnlineError(f"online.split must be a plain name other than train/validation, got {out['split']!r}")
    for key in ("workers", "lookahead"):
        v = out[key]
        if not isinstance(v, int) or isinstance(v, bool) or v < (0 if key == "workers" else 1):
            raise OnlineError(f"online.{key} must be an integer >= {0 if key == 'workers' else 1}, got {v!r}")
    for key in ("max_side", "max_pixels"):
        v = out[key]
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 1):
            raise OnlineError(f"online.{key} must be a positive integer or null, got {v!r}")
    try:
        out["curriculum"] = C.settings(out["curriculum"])
    except C.CurriculumError as e:
        raise OnlineError(str(e)) from None
    out["tasks"] = resolve_mix(out["mix"])
    return out


def resolve_mix(mix) -> list[dict]:
    """[{task, weight, difficulty}] for a mix of tracegen task entries (an explicit ``id`` overrides the
    same task inside a domain/scene/all entry, as in tracegen's build configs)."""
    from tracegen import registry

    if not isinstance(mix, list) or not mix:
        raise OnlineError("online.mix must be a non-empty list of task entries")
    explicit = {e["id"] for e in mix if isinstance(e, dict) and "id" in e}
    out, seen = [], set()
    for e in mix:
        if not isinstance(e, dict) or set(e) - _ENTRY_KEYS or len({"id", "scene", "domain", "all"} & set(e)) != 1:
            raise OnlineError(f"online.mix entry {e!r}: one of id/scene/domain/all, with optional weight, difficulty")
        weight = e.get("weight", 1.0)
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or weight <= 0:
            raise OnlineError(f"online.mix entry {e!r}: weight must be a positive number")
        if "id" in e:
            try:
                registry.meta(e["id"])
            except registry.UnknownTask as err:
                raise OnlineError(f"online.mix: {err}") from None
            ids = [e["id"]]
        elif "scene" in e:
            dom, _, scene = str(e["scene"]).partition("/")
            ids = registry.task_ids(domain=dom, scene=scene)
        elif "domain" in e:
            ids = registry.task_ids(domain=e["domain"])
        else:
            ids = registry.task_ids()
        ids = ids if "id" in e else [t for t in ids if t not in explicit]
        if not ids:
            raise OnlineError(f"online.mix entry {e!r} matches no task")
        for tid in ids:
            if tid in seen:
                raise OnlineError(f"online.mix: task {tid} is listed more than once")
            seen.add(tid)
            levels = registry.meta(tid)["difficulties"]
            d = e.get("difficulty")
            if d is not None and any(x not in levels for x in (d if isinstance(d, list) else [d])):
                raise OnlineError(f"online.mix: difficulty {d!r} is not a level of {tid} ({levels})")
            out.append({"task": tid, "weight": float(weight), "difficulty": d, "levels": list(levels)})
    return out


WARM_START_DEFAULTS = {"instances": 64, "epochs": 3, "lr": 1.0e-2, "seed": 0, "split": "warmup"}


class WarmStartError(ValueError):
    pass


def warm_start_settings(profile: dict) -> dict | None:
    ws = profile.get("warm_start")
    if ws is None:
        return None
    if not isinstance(ws, dict) or set(ws) - set(WARM_START_DEFAULTS):
        raise WarmStartError(f"warm_start must be a mapping with keys from {sorted(WARM_START_DEFAULTS)}")
    out = {**WARM_START_DEFAULTS, **ws}
    for key in ("instances", "epochs"):
        if not isinstance(out[key], int) or isinstance(out[key], bool) or out[key] < 1:
            raise WarmStartError(f"warm_start.{key} must be a positive integer")
    if not isinstance(out["lr"], (int, float)) or out["lr"] <= 0:
        raise WarmStartError("warm_start.lr must be positive")
    if "online" not in profile:
        raise WarmStartError("warm_start draws its prompts from the online mix: the profile needs an online section")
    if out["split"] in ("train", "validation", (profile.get("online") or {}).get("split", "online")):
        raise WarmStartError("warm_start.split must differ from the train, validation and online splits")
    return out
