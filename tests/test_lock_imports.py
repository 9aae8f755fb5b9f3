"""The train image has what the training path imports (issue: qwen-vl-utils and an attention backend).

The required set is derived from the code (rlvr.training.imports: the project's training modules, veRL's
training, multimodal and rollout paths, and each profile's attention), never from a hand list; it must be
pinned in envs/locks/train.txt, and the check must fail when a needed distribution is removed from a copy
of the lock.
"""

import sys
from pathlib import Path

import pytest

from rlvr.training import imports as I
from rlvr.training import profiles as P

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "envs" / "locks" / "train.txt"


@pytest.fixture(scope="module")
def required():
    return I.required_modules()


def _without(lock: Path, dist: str, out: Path) -> Path:
    """A copy of the lock without one requirement (its line and its --hash continuation lines)."""
    kept, skipping = [], False
    for line in lock.read_text().splitlines():
        if line[:1].strip():  # a requirement line (or a comment at column 0)
            skipping = I.normalize(line.split("==", 1)[0]) == dist and "==" in line
        if not skipping:
            kept.append(line)
    out.write_text("\n".join(kept) + "\n")
    assert dist not in I.lock_pins(out)
    return out


def test_the_derived_set_holds_the_gpu_path(required):
    # veRL's multimodal dataset / our data prep, veRL's vLLM rollout package, the trainer's core
    for module in ("qwen_vl_utils", "vllm", "torch", "transformers", "ray", "uvicorn", "PIL", "pyarrow"):
        assert module in required, module
    assert required["vllm"].startswith("verl.workers.rollout.vllm_rollout")
    # attention: the paper profiles run PyTorch SDPA (no FlashAttention in the image), so flash_attn is not needed
    assert "flash_attn" not in required
    for name in P.PAPER_PROFILES:
        ov = P.load(name)["verl"]["overrides"]
        assert ov["actor_rollout_ref.model.override_config.attn_implementation"] == "sdpa"
        assert ov["actor_rollout_ref.model.use_remove_padding"] is False


def test_the_train_lock_pins_every_required_distribution(required):
    assert I.missing_from_lock(LOCK, required) == []


def test_removing_any_required_distribution_from_the_lock_fails(required, tmp_path):
    dists = sorted({I.distribution_of(m) for m in required})
    assert {"qwen-vl-utils", "vllm", "matplotlib"} <= set(dists)
    for dist in dists:
        copy = _without(LOCK, dist, tmp_path / f"{dist}.txt")
        missing = I.missing_from_lock(copy, required)
        assert missing and all(f"(distribution {dist})" in line for line in missing), (dist, missing)


def test_the_cli_fails_naming_the_module(tmp_path, capsys):
    copy = _without(LOCK, "qwen-vl-utils", tmp_path / "train.txt")
    assert I.main(["--lock", str(copy)]) == 1
    out = capsys.readouterr().out
    assert f"missing from {copy}: qwen_vl_utils (distribution qwen-vl-utils), needed by" in out


def test_a_profile_on_flash_attention_needs_flash_attn():
    prof = P.load("trace-qwen2.5-vl-3b")
    for key, value in (("actor_rollout_ref.model.override_config.attn_implementation", "flash_attention_2"),
                       ("actor_rollout_ref.model.use_remove_padding", True)):
        variant = dict(prof, verl=dict(prof["verl"], overrides={**prof["verl"]["overrides"], key: value}))
        needs = I.attention_modules([variant])
        assert "flash_attn" in needs
        assert I.missing_from_lock(LOCK, needs) and "flash_attn" in I.missing_from_lock(LOCK, needs)[0]
    default = dict(prof, verl=dict(prof["verl"], overrides={
        k: v for k, v in prof["verl"]["overrides"].items() if not k.startswith("actor_rollout_ref.model.")}))
    assert "flash_attn" in I.attention_modules([default])   # veRL's default is flash_attention_2


def test_the_set_follows_the_code_not_a_list(tmp_path, monkeypatch):
    """A lazy import added to a scanned package shows up (and is then missing from the lock)."""
    pkg = tmp_path / "rlvrfake"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "step.py").write_text("def run():\n    import some_new_dependency\n    return some_new_dependency\n"
                                 "try:\n    import optional_thing\nexcept ImportError:\n    optional_thing = None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(I, "PROJECT_ROOTS", I.PROJECT_ROOTS + ("rlvrfake",))
    monkeypatch.setattr(I, "FULL_SCAN", I.FULL_SCAN + ("rlvrfake",))
    I.module_file.cache_clear()
    I._root_spec.cache_clear()
    try:
        required = I.required_modules()
    finally:
        I.module_file.cache_clear()
        I._root_spec.cache_clear()
    assert required["some_new_dependency"] == "rlvrfake.step" and "optional_thing" not in required
    assert any(line.startswith("some_new_dependency") for line in I.missing_from_lock(LOCK, required))


def test_the_image_test_section_runs_the_derived_import_check():
    text = (ROOT / "containers" / "train.def").read_text()
    test_section = text[text.index("%test"):]
    assert "python -m rlvr.training.imports --lock /opt/src/envs/locks/train.txt --import" in test_section
    assert "envs/locks/train.txt /opt/src/envs/locks/train.txt" in text


if __name__ == "__main__":
    sys.exit(pytest.main([__file__]))
