#!/usr/bin/env bash
# Regenerate the hash-pinned lock files of the container images:
#   envs/locks/<name>.in  (direct deps, pinned; written by hand)  ->  envs/locks/<name>.txt  (generated)
# for Linux x86_64 (manylinux_2_28), CPython 3.11, with every transitive dependency and a sha256 for every
# file of each pinned release, in pip's hash-checking format (`pip install --require-hashes -r ...`).
#
#   envs/lock.sh                 # all locks: build data train eval judge
#   envs/lock.sh train eval      # only these
#   envs/lock.sh --upgrade data  # re-resolve transitive deps to the newest allowed releases
#
# Idempotent: uv keeps the versions already in an existing <name>.txt unless --upgrade is given (or an
# .in pin changed), so a re-run without changes rewrites the same files. The locks are resolved from the
# public package index only: uv runs with --no-config and without any UV_* index/find-links settings of
# the machine, so a local mirror or wheel folder can neither add files nor hashes.
#
# build.txt holds the build backends (setuptools, meson-python, meson, ninja, pip); the .def files install it
# first, then the stage lock with --no-build-isolation, so that the sdists in a lock (pycairo, and a few
# setup.py-only packages in the GPU locks) build with hash-checked tools only.
# uv itself comes from a throwaway venv outside the repository (UV_TOOL_DIR, default under $TMPDIR).
set -euo pipefail
cd "$(dirname "$0")/.."

UV_VERSION=0.13.9
PYTHON_VERSION=3.11
PYTHON_PLATFORM=x86_64-manylinux_2_28
ALL=(build data train eval judge)

upgrade=()
stages=()
for arg in "$@"; do
  case "$arg" in
    --upgrade) upgrade=(--upgrade) ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "lock.sh: unknown option $arg" >&2; exit 2 ;;
    *) [ -f "envs/locks/$arg.in" ] || { echo "lock.sh: no envs/locks/$arg.in" >&2; exit 2; }
       stages+=("$arg") ;;
  esac
done
((${#stages[@]})) || stages=("${ALL[@]}")

tool_dir="${UV_TOOL_DIR:-${TMPDIR:-/tmp}/trace-rlvr-uv-$UV_VERSION}"
uv="$tool_dir/bin/uv"
if ! [ -x "$uv" ] || [ "$("$uv" --version | cut -d' ' -f2)" != "$UV_VERSION" ]; then
  echo "lock.sh: installing uv==$UV_VERSION into $tool_dir" >&2
  python3 -m venv "$tool_dir"
  # the default index only: ignore the machine's pip configuration (mirrors, find-links, constraints)
  env -u PIP_FIND_LINKS -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL -u PIP_CONSTRAINT PIP_CONFIG_FILE=/dev/null \
    "$tool_dir/bin/pip" install -q --disable-pip-version-check "uv==$UV_VERSION"
fi

for stage in "${stages[@]}"; do
  echo "lock.sh: envs/locks/$stage.in -> envs/locks/$stage.txt" >&2
  env -u UV_INDEX_URL -u UV_EXTRA_INDEX_URL -u UV_INDEX -u UV_DEFAULT_INDEX -u UV_FIND_LINKS \
      -u UV_CONSTRAINT -u UV_OVERRIDE -u UV_BUILD_CONSTRAINT -u UV_NO_INDEX -u UV_OFFLINE \
    "$uv" pip compile --no-config --quiet "${upgrade[@]}" \
      --generate-hashes \
      --python-version "$PYTHON_VERSION" \
      --python-platform "$PYTHON_PLATFORM" \
      --custom-compile-command "envs/lock.sh $stage" \
      "envs/locks/$stage.in" -o "envs/locks/$stage.txt"
done

# every requirement of every lock must be pinned with at least one hash (what the .def files rely on)
for stage in "${stages[@]}"; do
  awk -v f="envs/locks/$stage.txt" '
    /^[A-Za-z0-9]/ { if (name != "" && !hashed) bad = bad " " name; name = $1; hashed = 0
                     if ($1 !~ /==/) bad = bad " " $1 }
    /--hash=sha256:[0-9a-f]+/ { hashed = 1 }
    END { if (name != "" && !hashed) bad = bad " " name
          if (bad != "") { print "lock.sh: " f ": unpinned or unhashed:" bad > "/dev/stderr"; exit 1 } }
  ' "envs/locks/$stage.txt"
done
echo "lock.sh: done (${stages[*]})" >&2
