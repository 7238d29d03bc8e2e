#!/usr/bin/env bash
# The long run of the hearts differential test: 20,000 matches per option set against OpenSpiel, move for move
# (CI plays ~1,600 in all). Needs the peers extra: pip install ".[peers]".
set -euo pipefail
cd "$(dirname "$0")/../.."  # the repository root: this script lives in benches/peers/
RAVENRY_HEARTS_DIFF_MATCHES="${1:-20000}" python3 -m pytest tests/plugins/hearts/test_differential.py -q
