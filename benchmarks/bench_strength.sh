#!/bin/sh
# Bot strength, edition by edition, through `caylus arena` (a benchmark, not a unit test: hours at full size).
#
#     sh benchmarks/bench_strength.sh [GAMES] [JOBS]      # defaults: 200 games, 2 processes
#
# The targets (issue 8): greedy vs 3 random >= 95% wins; hard vs 3 greedy >= 60% over >= 200 games;
# heads-up hard vs greedy >= 90%; hard > normal > greedy with non-overlapping rating intervals.
set -eu
GAMES=${1:-200}
JOBS=${2:-2}
CAYLUS=${CAYLUS:-caylus}
for edition in caylus caylus-1303 magna-carta; do
    echo "== $edition: greedy against 3 random"
    $CAYLUS arena --edition "$edition" --players 4 --games "$GAMES" --jobs "$JOBS" --bots greedy,random,random,random
    echo "== $edition: hard against 3 greedy"
    $CAYLUS arena --edition "$edition" --players 4 --games "$GAMES" --jobs "$JOBS" --bots hard,greedy,greedy,greedy
    echo "== $edition: hard against greedy, heads-up"
    $CAYLUS arena --edition "$edition" --players 2 --games "$GAMES" --jobs "$JOBS" --bots hard,greedy
    echo "== $edition: hard, normal and greedy at one table"
    $CAYLUS arena --edition "$edition" --players 3 --games "$GAMES" --jobs "$JOBS" --bots hard,normal,greedy
done
