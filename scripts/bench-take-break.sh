#!/usr/bin/env bash
# The take-and-break benchmarks against the peer solver ogsolve 0.0.7 (method rc2),
# timed in the same run: installs the peer from crates.io into target/peers/ (once),
# builds grundy in release mode and runs `grundy bench take-break`. Extra arguments go
# to `grundy bench` (e.g. a narrower prefix such as take-break/0.16, or --format json).
set -euo pipefail
cd "$(dirname "$0")/.."
peers="$PWD/target/peers"
if [ ! -x "$peers/bin/ogsolve" ]; then
    cargo install ogsolve --version 0.0.7 --locked --root "$peers"
fi
cargo build --release
prefix="${1:-take-break}"
shift || true
GRUNDY_OGSOLVE="$peers/bin/ogsolve" ./target/release/grundy bench "$prefix" "$@"
