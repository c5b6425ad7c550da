#!/usr/bin/env python3
"""Steps per second of tesuji.Env from Python, observations included:
batches of 1, 256 and 4096 on 9x9 and 19x19, each for about SECONDS
seconds, with the actions drawn two ways: in Rust (`step_random`, the
environment's own generator) and in numpy (a uniform legal action from the
returned mask, then `step`). Beside them, the Rust figure of
`tesuji env bench --observations` when the binary is built, and Pgx's, run
here, when `pgx` and `jax` are installed (`pip install pgx "jax[cpu]"`).

    python/bench.py [--seconds S] [--sizes 9 19] [--batches 1 256 4096] [--threads T] [--json]
"""

import argparse
import json
import pathlib
import shutil
import subprocess
import time

import numpy as np

import tesuji

REPO = pathlib.Path(__file__).resolve().parents[1]


def measure(step, seconds):
    """Calls `step` (returning the steps it took) for about `seconds`;
    steps per second."""
    steps, start = 0, time.perf_counter()
    while True:
        steps += step()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def tesuji_random(size, batch, seconds, threads):
    env = tesuji.Env(size, batch, auto_reset=True, threads=threads)
    env.reset(seed=1)
    return measure(lambda: (env.step_random(), batch)[1], seconds)


def tesuji_numpy_actions(size, batch, seconds, threads):
    env = tesuji.Env(size, batch, auto_reset=True, threads=threads)
    state = env.reset(seed=1)
    rng = np.random.default_rng(1)

    def step():
        nonlocal state
        # A uniform legal action: the argmax of uniform noise on legal points.
        noise = rng.random(state.legal_action_mask.shape, dtype=np.float32)
        actions = np.argmax(np.where(state.legal_action_mask, noise, -1.0), axis=1)
        state = env.step(actions)
        return batch

    return measure(step, seconds)


def rust_figure(size, batch, seconds):
    binary = REPO / "target" / "release" / "tesuji"
    if not binary.is_file():
        found = shutil.which("tesuji")
        if found is None:
            return None
        binary = pathlib.Path(found)
    out = subprocess.run([binary, "env", "bench", "--size", str(size), "--batch", str(batch),
                          "--seconds", str(seconds), "--observations", "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["steps_per_sec"]


def pgx_figure(size, batch, seconds):
    try:
        import jax
        import pgx
    except ImportError:
        return None
    env = pgx.make(f"go_{size}x{size}")
    init, step = jax.jit(jax.vmap(env.init)), jax.jit(jax.vmap(env.step))
    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, batch))

    def one():
        nonlocal state, key
        key, sub = jax.random.split(key)
        logits = jax.numpy.where(state.legal_action_mask, 0.0, -jax.numpy.inf)
        actions = jax.random.categorical(sub, logits)
        state = step(state, actions)
        state.observation.block_until_ready()
        return batch

    one()  # compile
    return measure(one, seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 19])
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 256, 4096])
    parser.add_argument("--threads", type=int, default=None,
                        help="threads for batches of 128 or more (default: all cores)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for size in args.sizes:
        for batch in args.batches:
            row = {
                "size": size,
                "batch": batch,
                "python_step_random": tesuji_random(size, batch, args.seconds, args.threads),
                "python_numpy_actions": tesuji_numpy_actions(size, batch, args.seconds,
                                                             args.threads),
                "rust_one_thread": rust_figure(size, batch, args.seconds),
                "pgx": pgx_figure(size, batch, args.seconds),
            }
            rows.append(row)
            if args.json:
                print(json.dumps(row), flush=True)
    if not args.json:
        def fmt(v):
            return "-" if v is None else f"{v:,.0f}"
        print("steps/s with (N, N, 17) observations; '-': not available (Pgx not installed)")
        print(f"{'size':>4} {'batch':>6} {'py step_random':>15} {'py numpy actions':>17} "
              f"{'rust 1 thread':>14} {'pgx':>10}")
        for r in rows:
            print(f"{r['size']:>4} {r['batch']:>6} {fmt(r['python_step_random']):>15} "
                  f"{fmt(r['python_numpy_actions']):>17} {fmt(r['rust_one_thread']):>14} "
                  f"{fmt(r['pgx']):>10}")


if __name__ == "__main__":
    main()
