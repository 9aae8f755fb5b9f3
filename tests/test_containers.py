"""Container policy: every containers/*.def is hermetic and reproducible.

Each definition is parsed with spython (the Singularity/Apptainer recipe parser) and must have
  * a docker base pinned by digest (From: image@sha256:<64 hex>);
  * only hash-checked pip installs in %post: `--require-hashes -r .../envs/locks/<x>.txt`, except the final
    `--no-deps --no-build-isolation` install of this project from /opt/src;
  * lock files that exist, every requirement of which is `name==version` with at least one sha256;
  * %labels, %environment (with HF_HUB_OFFLINE=1) and %test sections.
containers/build.sh must refuse to run without apptainer, and records a build in envs/images.lock.json.
"""

import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from spython.main.parse.parsers import SingularityParser

ROOT = Path(__file__).resolve().parents[1]
DEFS = sorted((ROOT / "containers").glob("*.def"))
LOCKS = sorted((ROOT / "envs" / "locks").glob("*.txt"))

PINNED_FROM = re.compile(r"^\S+@sha256:[0-9a-f]{64}$")
LOCK_REF = re.compile(r"(?:^|[\s=/])(envs/locks/[\w.-]+\.txt)\b")
TEST_SCRIPT_LINE = re.compile(r'^echo ".*" >> /tests\.sh$|^chmod u\+x /tests\.sh$')
PROJECT_SRC = "/opt/src"


def lock_violations(lock: Path) -> list[str]:
    """Problems of a pip hash-checking requirements file: unpinned or unhashed requirements, includes."""
    problems, entries = [], []
    for raw in lock.read_text().splitlines():
        line = raw.split(" #", 1)[0].rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if raw[0].isspace():  # continuation: --hash options of the requirement above
            if entries:
                entries[-1][1].extend(re.findall(r"--hash=sha256:([0-9a-f]{64})\b", line))
            continue
        if line.startswith("-"):
            option = line.rstrip(" \\")
            problems.append(f"{lock.name}: option line not allowed in a lock: {option}")
            continue
        entries.append((line.rstrip(" \\").strip(), []))
        entries[-1][1].extend(re.findall(r"--hash=sha256:([0-9a-f]{64})\b", line))
    if not entries:
        problems.append(f"{lock.name}: no requirements")
    for req, hashes in entries:
        spec = req.split("--hash", 1)[0].split(";", 1)[0].strip()
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9,._-]+\])?==[A-Za-z0-9.+!_-]+", spec):
            problems.append(f"{lock.name}: not pinned with ==: {spec}")
        if not hashes:
            problems.append(f"{lock.name}: no --hash=sha256 for {spec}")
    return problems


def _commands(lines: list[str]) -> list[str]:
    """Shell commands of a section: continuation lines joined, split at && || ; and |."""
    joined, buf = [], ""
    for line in lines:
        if line.endswith("\\"):
            buf += line[:-1] + " "
            continue
        joined.append(buf + line)
        buf = ""
    if buf:
        joined.append(buf)
    commands = []
    for line in joined:
        if line.lstrip().startswith("#"):
            continue
        commands += [c.strip() for c in re.split(r"&&|\|\||;|\|", line) if c.strip()]
    return commands


def _pip_install_args(command: str):
    """The arguments after `pip install` (pip, pip3, python -m pip, /opt/venv/bin/pip ...), else None."""
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    for i, word in enumerate(words[:-1]):
        prog = word.rsplit("/", 1)[-1]
        if re.fullmatch(r"pip[\d.]*", prog) and words[i + 1] == "install":
            return words[i + 2:]
    return None


def def_violations(definition: Path, root: Path = ROOT) -> list[str]:
    """Problems of one Apptainer definition file (empty when it follows the container policy).
    Lock files named in the definition are looked up under root/envs/locks and checked as well."""
    name = definition.name
    try:
        recipe = SingularityParser(str(definition)).recipe
    except NotImplementedError as e:  # spython: "Only docker is supported."
        return [f"{name}: not a docker-based definition ({e})"]
    layer = next(iter(recipe.values()))
    problems = []

    base = (layer.fromHeader or "").strip()
    if not PINNED_FROM.match(base):
        problems.append(f"{name}: base image not pinned by digest (From: <image>@sha256:<64 hex>): {base!r}")

    install = [line for line in layer.install if not TEST_SCRIPT_LINE.match(line)]
    project_installs = 0
    for command in _commands(install):
        args = _pip_install_args(command)
        if args is None:
            continue
        requirement_files = [args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-r", "--requirement")]
        requirement_files += [a.split("=", 1)[1] for a in args if a.startswith("--requirement=")]
        targets = [a for i, a in enumerate(args) if not a.startswith("-") and (i == 0 or args[i - 1] not in
                   ("-r", "--requirement", "-c", "--constraint"))]
        if "--require-hashes" in args and requirement_files and not targets \
                and all("envs/locks/" in f for f in requirement_files):
            continue
        if {"--no-deps", "--no-build-isolation"} <= set(args) and not requirement_files \
                and [t.rstrip("/") for t in targets] == [PROJECT_SRC]:
            project_installs += 1
            continue
        problems.append(f"{name}: pip install without --require-hashes -r envs/locks/...: {command}")
    if project_installs > 1:
        problems.append(f"{name}: more than one unhashed install of the project from {PROJECT_SRC}")

    environ = {}
    for entry in layer.environ:
        key, _, value = entry.partition("=")
        environ[key.strip()] = value.strip().strip("'\"")
    if not layer.environ:
        problems.append(f"{name}: no %environment section")
    elif environ.get("HF_HUB_OFFLINE") != "1":
        problems.append(f"{name}: %environment does not set HF_HUB_OFFLINE=1")
    if not layer.labels:
        problems.append(f"{name}: no %labels section")
    if not layer.test:
        problems.append(f"{name}: no %test section")

    referenced = []
    for line in layer.files + install:
        referenced += LOCK_REF.findall(line)
    if not referenced:
        problems.append(f"{name}: installs from no lock file (envs/locks/*.txt)")
    for ref in sorted(set(referenced)):
        lock = root / ref
        if not lock.is_file():
            problems.append(f"{name}: lock file {ref} does not exist")
        else:
            problems += [f"{name}: {p}" for p in lock_violations(lock)]
    return problems


# ------------------------------------------------------------------------------ the repository's files
def test_there_are_definitions_for_every_stage():
    assert {d.stem for d in DEFS} >= {"data", "train", "eval", "judge"}


@pytest.mark.parametrize("definition", DEFS, ids=lambda p: p.name)
def test_definition_follows_policy(definition):
    assert def_violations(definition) == []


@pytest.mark.parametrize("definition", DEFS, ids=lambda p: p.name)
def test_definition_installs_its_stage_lock_and_labels_it(definition):
    stage = definition.stem
    layer = next(iter(SingularityParser(str(definition)).recipe.values()))
    assert any(f"envs/locks/{stage}.txt" in line for line in layer.files)
    assert any(f"-r /opt/src/envs/locks/{stage}.txt" in line for line in layer.install)
    labels = dict(line.split(None, 1) for line in layer.labels)
    assert labels.get("org.opencontainers.image.title")
    assert labels.get("org.trace-rlvr.stage") == stage
    assert labels.get("org.trace-rlvr.lock") == f"envs/locks/{stage}.txt"
    environ = dict(e.split("=", 1) for e in layer.environ)
    for flag in ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE", "TRANSFORMERS_OFFLINE", "PYTHONNOUSERSITE"):
        assert environ.get(flag) == "1", flag
    assert environ.get("PATH", "").startswith("/opt/venv/bin")


@pytest.mark.parametrize("lock", LOCKS, ids=lambda p: p.name)
def test_lock_file_is_pinned_and_hashed(lock):
    assert lock_violations(lock) == []


def test_every_lock_has_its_input_and_build_backends():
    for lock in LOCKS:
        assert lock.with_suffix(".in").is_file(), f"{lock.name} has no {lock.stem}.in"
        pins = dict(re.findall(r"^([a-z0-9][a-z0-9._-]*)==(\S+)", lock.read_text(), re.M))
        for backend in ("setuptools", "meson-python", "meson", "ninja"):
            assert backend in pins, f"{lock.name} lacks the build backend {backend}"
    build = dict(re.findall(r"^([a-z0-9][a-z0-9._-]*)==(\S+)", (ROOT / "envs/locks/build.txt").read_text(), re.M))
    for lock in LOCKS:
        pins = dict(re.findall(r"^([a-z0-9][a-z0-9._-]*)==(\S+)", lock.read_text(), re.M))
        for backend in ("setuptools", "meson-python", "meson", "ninja"):
            assert pins[backend] == build[backend], f"{lock.name}: {backend} differs from build.txt"


def _setup_apt_packages() -> list[str]:
    text = (ROOT / "scripts/setup.sh").read_text()
    body = re.search(r"^APT_PACKAGES=\((.*?)\)", text, re.S | re.M).group(1)
    return [w for line in body.splitlines() for w in line.split("#", 1)[0].split()]


def _requirement_names(text: str) -> set[str]:
    names = re.findall(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:[<>=!~;\[]|$)", text, re.M)
    return {re.sub(r"[-_.]+", "-", n).lower() for n in names}


@pytest.mark.parametrize("definition", DEFS, ids=lambda p: p.name)
def test_every_image_can_render_what_the_dev_machine_renders(definition):
    """Every image installs the project (tracegen renders in each: data builds, online training): it has the
    fonts of the style space that scripts/setup.sh installs, and its lock has every runtime dependency."""
    layer = next(iter(SingularityParser(str(definition)).recipe.values()))
    apt = {w for line in layer.install if "apt-get install" in line for w in line.split()}
    fonts = [p for p in _setup_apt_packages() if p.startswith("fonts-")]
    assert len(fonts) >= 4 and not set(fonts) - apt, f"{definition.name} lacks {sorted(set(fonts) - apt)}"
    import tomllib

    runtime = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    lock = _requirement_names((ROOT / f"envs/locks/{definition.stem}.txt").read_text())
    missing = _requirement_names("\n".join(runtime)) - lock
    assert not missing, f"envs/locks/{definition.stem}.txt lacks the runtime dependencies {sorted(missing)}"


# ------------------------------------------------------------------------------ the checker catches violations
GOOD_DEF = """Bootstrap: docker
From: python:3.11-slim-bookworm@sha256:{digest}

%files
    envs/locks/ok.txt /opt/src/envs/locks/ok.txt

%post
    python3 -m venv /opt/venv
    /opt/venv/bin/pip install --no-cache-dir --require-hashes --no-deps -r /opt/src/envs/locks/ok.txt
    /opt/venv/bin/pip install --no-deps --no-build-isolation /opt/src

%environment
    export HF_HUB_OFFLINE=1

%labels
    org.opencontainers.image.title ok

%test
    python -c "import yaml"
"""
GOOD_LOCK = "pyyaml==6.0.3 \\\n    --hash=sha256:{h}\n    # via -r ok.in\n".format(h="a" * 64)


@pytest.fixture
def workspace(tmp_path):
    (tmp_path / "envs" / "locks").mkdir(parents=True)
    (tmp_path / "envs" / "locks" / "ok.txt").write_text(GOOD_LOCK)
    return tmp_path


def check(workspace, text, name="bad.def"):
    path = workspace / name
    path.write_text(text)
    return def_violations(path, root=workspace)


def test_checker_accepts_a_good_definition(workspace):
    assert check(workspace, GOOD_DEF.format(digest="0" * 64), "good.def") == []


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d.replace("@sha256:" + "0" * 64, ""), "not pinned by digest"),
        (lambda d: d.replace("@sha256:" + "0" * 64, ":latest"), "not pinned by digest"),
        (lambda d: d.replace("0" * 64, "0" * 63), "not pinned by digest"),
        (lambda d: d.replace("--require-hashes ", ""), "without --require-hashes"),
        (lambda d: d.replace("python3 -m venv /opt/venv", "pip install numpy"), "without --require-hashes"),
        (lambda d: d.replace("python3 -m venv /opt/venv", "pip3 install --require-hashes -r /tmp/req.txt"),
         "without --require-hashes"),
        (lambda d: d.replace("python3 -m venv /opt/venv",
                             "apt-get update && python -m pip install -U pip"), "without --require-hashes"),
        (lambda d: d.replace("--no-build-isolation /opt/src", "--no-build-isolation /opt/src torch"),
         "without --require-hashes"),
        (lambda d: d.replace("--no-deps --no-build-isolation /opt/src", "/opt/src"), "without --require-hashes"),
        (lambda d: d.replace("locks/ok.txt", "locks/missing.txt"), "does not exist"),
        (lambda d: d.replace("export HF_HUB_OFFLINE=1", "export HF_HUB_OFFLINE=0"), "HF_HUB_OFFLINE=1"),
        (lambda d: d.replace("%environment\n    export HF_HUB_OFFLINE=1\n", ""), "no %environment"),
        (lambda d: d.replace("%labels\n    org.opencontainers.image.title ok\n", ""), "no %labels"),
        (lambda d: d.replace('%test\n    python -c "import yaml"\n', ""), "no %test"),
        (lambda d: d.replace("Bootstrap: docker", "Bootstrap: library"), "not a docker-based"),
    ],
)
def test_checker_rejects_a_bad_definition(workspace, mutate, message):
    text = mutate(GOOD_DEF.format(digest="0" * 64))
    problems = check(workspace, text)
    assert any(message in p for p in problems), problems


@pytest.mark.parametrize(
    "lock, message",
    [
        ("pyyaml==6.0.3\n", "no --hash"),
        ("pyyaml==6.0.3 \\\n    --hash=sha256:abc\n", "no --hash"),
        ("pyyaml==6.0.3 \\\n    --hash=md5:{h}\n".format(h="a" * 32), "no --hash"),
        ("pyyaml>=6 \\\n    --hash=sha256:{h}\n".format(h="a" * 64), "not pinned"),
        ("pyyaml \\\n    --hash=sha256:{h}\n".format(h="a" * 64), "not pinned"),
        ("-r other.txt\n" + GOOD_LOCK, "option line"),
        ("# nothing\n", "no requirements"),
        (GOOD_LOCK + "numpy==2.4.6\n", "no --hash=sha256 for numpy==2.4.6"),
    ],
)
def test_checker_rejects_a_bad_lock(workspace, lock, message):
    (workspace / "envs" / "locks" / "ok.txt").write_text(lock)
    problems = check(workspace, GOOD_DEF.format(digest="0" * 64))
    assert any(message in p for p in problems), problems


# ------------------------------------------------------------------------------ containers/build.sh
def _build_workspace(tmp_path):
    for rel in ["containers/build.sh", "containers/data.def", "envs/locks/data.txt", "envs/images.lock.json"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    return tmp_path


def test_build_sh_without_apptainer_fails_with_one_line(tmp_path):
    ws = _build_workspace(tmp_path)
    before = (ws / "envs/images.lock.json").read_text()
    env = dict(os.environ, APPTAINER=str(tmp_path / "no-such-apptainer"))
    run = subprocess.run(["bash", str(ws / "containers/build.sh"), "data"], env=env, capture_output=True, text=True)
    assert run.returncode != 0
    assert run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert "apptainer" in run.stderr.lower()
    assert (ws / "envs/images.lock.json").read_text() == before
    assert not (ws / "containers/images").exists()


def test_build_sh_records_the_image_digest(tmp_path):
    """With a stand-in apptainer that writes a fake image: the image lands under its digest and the lock
    file records it in the shape rules/common.smk reads."""
    ws = _build_workspace(tmp_path)
    fake = tmp_path / "bin" / "apptainer"
    fake.parent.mkdir()
    fake.write_text('#!/bin/sh\n[ "$1" = build ] || exit 3\nshift; while [ "${1#-}" != "$1" ]; do shift; done\n'
                    'printf "image of %s\\n" "$2" > "$1"\n')
    fake.chmod(0o755)
    env = dict(os.environ, APPTAINER=str(fake))
    run = subprocess.run(["bash", str(ws / "containers/build.sh"), "data"], env=env, capture_output=True,
                         text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    image_bytes = b"image of containers/data.def\n"
    digest = hashlib.sha256(image_bytes).hexdigest()
    lock = json.loads((ws / "envs/images.lock.json").read_text())
    entry = lock["images"]["data"]
    assert entry["path"] == f"containers/images/data-{digest[:16]}.sif"
    assert (ws / entry["path"]).read_bytes() == image_bytes
    assert entry["sha256"] == digest
    assert entry["definition_sha256"] == hashlib.sha256((ws / "containers/data.def").read_bytes()).hexdigest()
    assert entry["lock_sha256"] == hashlib.sha256((ws / "envs/locks/data.txt").read_bytes()).hexdigest()
    assert re.match(r"\d{4}-\d\d-\d\dT", entry["built"])
    assert "comment" in lock
    assert [p.name for p in (ws / "containers/images").iterdir() if p.suffix == ".sif"] == [Path(entry["path"]).name]
