#!/usr/bin/env bash
# The Python package's tests: a virtual environment in target/python-venv
# (kept between runs), maturin, numpy and pytest from PyPI, the package
# built from this checkout (release, abi3) and installed, then pytest.
# Run from anywhere; extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

python="${PYTHON:-python3}"
if ! command -v "$python" >/dev/null 2>&1; then
  echo "python3 not found: install Python 3.9 or later" >&2
  exit 1
fi
venv="${TESUJI_PYTHON_VENV:-target/python-venv}"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
# shellcheck disable=SC1091
source "$venv/bin/activate"
pip install --quiet --disable-pip-version-check "maturin>=1.16,<2" "numpy>=1.21" "pytest>=7"
# No build isolation: the maturin above builds in the workspace's target/.
pip install --quiet --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps ./python
python -m pytest -q python/tests "$@"
