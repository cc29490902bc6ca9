#!/usr/bin/env bash
# Installs what the build and tests need on a Debian 12 machine, idempotently: it asks dpkg
# first and calls apt-get only for what is missing. Run as root (or with sudo on PATH).
set -euo pipefail
cd "$(dirname "$0")/.."

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

missing=()
while read -r pkg; do
  case "$pkg" in ''|'#'*) continue ;; esac
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$pkg")
  fi
done < tools/apt-packages.txt
# Node.js may come from outside Debian (with its own npm); install Debian's only when absent.
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ -f ts/package-lock.json ] && [ ! -d ts/node_modules ]; then
  (cd ts && npm ci --no-audit --no-fund)
fi
