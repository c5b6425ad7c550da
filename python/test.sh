#!/usr/bin/env bash
# The Python package's tests: a virtual environment in target/python-venv
# (kept between runs) with numpy and pytest from PyPI, the module built from
# this checkout (release, abi3) and installed in it, then pytest.
#
# By default the module is built by cargo with the whole workspace selected,
# exactly as the README's test command selects it: the dependencies then get
# the same features, so the build reuses every artifact `cargo test
# --workspace --release` left and compiles only the module itself
# (`.cargo/config.toml` sets PYO3_BUILD_EXTENSION_MODULE, as maturin does).
# `--wheel` builds and installs the wheel with maturin instead, as
# `pip install ./python` does for users (a second build of the dependencies).
# Run from anywhere; other arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

wheel=0
if [ "${1:-}" = "--wheel" ]; then
  wheel=1
  shift
fi

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
pip install --quiet --disable-pip-version-check "numpy>=1.21" "pytest>=7"
pip uninstall --quiet --disable-pip-version-check -y tesuji >/dev/null 2>&1 || true
site="$(python -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')"
rm -f "$site/tesuji.abi3.so" "$site/tesuji.pyi"

if [ "$wheel" = 1 ]; then
  pip install --quiet --disable-pip-version-check "maturin>=1.16,<2"
  # No build isolation: the maturin above builds in the workspace's target/.
  pip install --quiet --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps ./python
else
  # The same package selection and targets as `cargo test --workspace
  # --release`, plus the libraries: only tesuji-python's is not built yet.
  cargo build --workspace --release --lib --tests
  cp "${CARGO_TARGET_DIR:-target}/release/libtesuji_python.so" "$site/tesuji.abi3.so"
  cp python/tesuji.pyi "$site/tesuji.pyi"
fi
python -m pytest -q python/tests "$@"
