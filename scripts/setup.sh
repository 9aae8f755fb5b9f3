#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian machine: apt packages, a venv in .venv, pinned pip installs.
# Called by scripts/run.sh and scripts/test.sh; safe to run again (re-installs only when pins change).
set -euo pipefail
cd "$(dirname "$0")/.."

# fonts: the style space's families (trace/core/style.py FONTS)
APT_PACKAGES=(libcairo2-dev pkg-config fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf fonts-open-sans
              fonts-ebgaramond fonts-cantarell fonts-comic-neue
              openssh-client)   # ssh-keygen -Y: signing and verifying results.json's provenance root
# --test: what only the test suite needs (headless Chromium for the gallery test)
[ "${1:-}" = "--test" ] && APT_PACKAGES+=(chromium)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  echo "setup: installing apt packages: ${missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
stamp=".venv/.installed-$(cat envs/requirements.txt envs/constraints.txt pyproject.toml | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  echo "setup: installing pinned Python packages into .venv" >&2
  .venv/bin/python -m pip install -q --disable-pip-version-check -r envs/requirements.txt -c envs/constraints.txt
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e . 2>/dev/null \
    || .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps -e .
  rm -f .venv/.installed-*
  touch "$stamp"
fi
