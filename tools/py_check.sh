#!/usr/bin/env bash
# The Python package (crates/py, module `ygo`) as a user gets it: a fresh virtual
# environment, `pip install ./crates/py` (maturin builds the Rust extension), the test
# dependencies from PyPI, then pytest over crates/py/tests.
#   tools/py_check.sh            a throwaway venv, removed afterwards
#   YGO_PY_VENV=DIR tools/py_check.sh   keep (or reuse) the venv in DIR
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "py_check: $PY is Python $("$PY" -c 'import platform; print(platform.python_version())'); the package needs 3.11 or newer" >&2
  exit 2
fi
if [ -n "${YGO_PY_VENV:-}" ]; then
  VENV="$YGO_PY_VENV"
else
  TMP="$(mktemp -d)"
  trap 'rm -rf "$TMP"' EXIT
  VENV="$TMP/venv"
fi
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
echo "py_check: installing the package and the test dependencies into $VENV"
"$VENV/bin/pip" install -q ./crates/py numpy gymnasium pettingzoo "ray[default]" pytest matplotlib open_spiel
# Ray: no token authentication for the local test cluster.
export RAY_AUTH_MODE=disabled
"$VENV/bin/python" -m pytest -q -p no:cacheprovider crates/py/tests
