#!/usr/bin/env bash
# The board-game benchmarks (Cram against the peer solver igsolve 0.1.2, Node-Kayles
# on 3×n grids), timed in the same run: installs the peer from crates.io into
# target/peers/ (once), builds grundy in release mode and runs `grundy bench games`.
# Extra arguments go to `grundy bench` (e.g. a narrower prefix such as games/cram-4x,
# or --format json).
set -euo pipefail
cd "$(dirname "$0")/.."
peers="$PWD/target/peers"
if [ ! -x "$peers/bin/igsolve" ]; then
    cargo install igsolve --version 0.1.2 --locked --root "$peers"
fi
cargo build --release
prefix="${1:-games}"
shift || true
GRUNDY_IGSOLVE="$peers/bin/igsolve" ./target/release/grundy bench "$prefix" "$@"
