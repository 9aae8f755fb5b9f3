#!/usr/bin/env bash
# Build the Apptainer image of one or more pipeline stages and record it in envs/images.lock.json.
#
#   containers/build.sh data train eval judge
#
# For each STAGE: builds containers/<STAGE>.def (from the repository root, which %files paths are relative
# to) into a temporary .sif, computes its sha256, moves it to containers/images/<STAGE>-<sha256[:16]>.sif
# and writes envs/images.lock.json:images.<STAGE> = {path, sha256, definition_sha256, lock_sha256, built}.
# The workflow (rules/common.smk) uses images.<STAGE>.path as the rule's container, so a rebuilt image,
# having a new path, makes Snakemake rerun the jobs that used the old one.
#
# Environment: APPTAINER (default: apptainer) the binary; APPTAINER_BUILD_ARGS extra `apptainer build`
# arguments (e.g. "--fakeroot"); APPTAINER_TMPDIR / APPTAINER_CACHEDIR as usual for apptainer.
set -euo pipefail
cd "${0%/*}/.."

APPTAINER="${APPTAINER:-apptainer}"
if ! command -v "$APPTAINER" >/dev/null 2>&1; then
  echo "build.sh: '$APPTAINER' not found: install Apptainer (>= 1.1) or set APPTAINER to its binary" >&2
  exit 127
fi
if (($# == 0)); then
  echo "usage: containers/build.sh STAGE [STAGE...]   (stages: $(cd containers && ls *.def | sed 's/\.def$//' | tr '\n' ' '))" >&2
  exit 2
fi
for stage in "$@"; do
  [ -f "containers/$stage.def" ] || { echo "build.sh: no containers/$stage.def" >&2; exit 2; }
  [ -f "envs/locks/$stage.txt" ] || { echo "build.sh: no envs/locks/$stage.txt (run envs/lock.sh $stage)" >&2; exit 2; }
done
if command -v git >/dev/null 2>&1 && git rev-parse --git-dir >/dev/null 2>&1 \
   && [ -n "$(git status --porcelain --untracked-files=normal -- pyproject.toml trace rlvr envs/locks containers/*.def 2>/dev/null)" ]; then
  echo "build.sh: warning: uncommitted changes in the files copied into the image" >&2
fi

mkdir -p containers/images
[ -f containers/images/.gitignore ] || printf '*\n' > containers/images/.gitignore  # images stay out of git
sha256() { sha256sum "$1" | cut -d' ' -f1; }

for stage in "$@"; do
  tmp="$(mktemp -d containers/images/.build-"$stage"-XXXXXX)"
  trap 'rm -rf "$tmp"' EXIT
  echo "build.sh: building containers/$stage.def" >&2
  # shellcheck disable=SC2086  # APPTAINER_BUILD_ARGS is a list of words
  "$APPTAINER" build ${APPTAINER_BUILD_ARGS:-} "$tmp/$stage.sif" "containers/$stage.def"

  digest="$(sha256 "$tmp/$stage.sif")"
  image="containers/images/$stage-${digest:0:16}.sif"
  mv -f "$tmp/$stage.sif" "$image"
  rm -rf "$tmp"
  trap - EXIT

  STAGE="$stage" IMAGE="$image" DIGEST="$digest" \
  DEF_SHA="$(sha256 "containers/$stage.def")" LOCK_SHA="$(sha256 "envs/locks/$stage.txt")" \
  python3 - <<'EOF'
import datetime, json, os
from pathlib import Path

lock = Path("envs/images.lock.json")
data = json.loads(lock.read_text()) if lock.exists() else {}
data.setdefault("comment", "Written by containers/build.sh: the sha256 of each built image; image paths carry the digest.")
data.setdefault("images", {})
data["images"][os.environ["STAGE"]] = {
    "path": os.environ["IMAGE"],
    "sha256": os.environ["DIGEST"],
    "definition_sha256": os.environ["DEF_SHA"],
    "lock_sha256": os.environ["LOCK_SHA"],
    "built": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
}
data["images"] = dict(sorted(data["images"].items()))
tmp = lock.with_suffix(".json.tmp")
tmp.write_text(json.dumps(data, indent=1) + "\n")
tmp.replace(lock)
EOF
  echo "build.sh: $stage -> $image (sha256 $digest)" >&2
done
