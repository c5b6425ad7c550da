"""Shared fixtures: where the GNU Go corpus and expected outputs are
(``TESUJI_SHARED``, else ``../shared`` beside the repository), and the
``tesuji`` binary the answers are compared with.

Without them a test skips loudly; with ``TESUJI_REQUIRE_CORPUS=1`` (as CI
sets it) it fails instead."""

import gzip
import json
import os
import pathlib
import shutil

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def _required():
    return os.environ.get("TESUJI_REQUIRE_CORPUS") == "1"


def _missing(what):
    message = f"*** SKIPPED: {what}. This test checked nothing. ***"
    if _required():
        pytest.fail(f"TESUJI_REQUIRE_CORPUS=1 but {what}", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def shared():
    """The shared directory (corpus and expected outputs)."""
    directory = pathlib.Path(os.environ.get("TESUJI_SHARED", REPO.parent / "shared"))
    if not (directory / "corpus").is_dir() or not (directory / "expected").is_dir():
        _missing(f"the GNU Go corpus is not at {directory} (set TESUJI_SHARED)")
    return directory


@pytest.fixture(scope="session")
def tesuji_binary():
    """The ``tesuji`` command line built by ``cargo test --release``."""
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    binary = target / "release" / "tesuji"
    if not binary.is_file():
        found = shutil.which("tesuji")
        if found is None:
            _missing(f"no tesuji binary at {binary} (run cargo build --release)")
        binary = pathlib.Path(found)
    return binary


def read_jsonl(path):
    """The records of a JSON-lines file, gzip'd or not."""
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt") as f:
        return [json.loads(line) for line in f if line.strip()]
