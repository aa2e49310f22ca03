#!/bin/sh
# Bot strength, edition by edition, through `caylus arena` (a benchmark, not a unit test: hours at full size).
#
#     sh benchmarks/bench_strength.sh [GAMES] [JOBS] [LADDER_GAMES]   # defaults: 200 games, 2 processes, 720
#
# The targets (issue 8): greedy vs 3 random >= 95% wins; hard vs 3 greedy >= 60% over >= 200 games;
# heads-up hard vs greedy >= 90%; hard > normal > greedy with non-overlapping rating intervals (the ladder: OpenSkill's
# intervals need several hundred games to narrow, hence its own count: at 480 Caylus 1303's hard and normal still
# overlapped by 0.3; benchmarks/ladder_bootstrap.py judged 720 enough).
# Every match keeps its games in $RECORDS/<edition>-<match>/ (default strength/) as they finish: stopped, the
# script goes on where it stopped when run again (caylus arena --resume).
set -eu
GAMES=${1:-200}
JOBS=${2:-2}
LADDER=${3:-720}
CAYLUS=${CAYLUS:-caylus}
RECORDS=${RECORDS:-strength}
match() {  # match EDITION NAME PLAYERS BOTS GAMES
    echo "== $1: $2 ($4, $3 players, $5 games)"
    $CAYLUS arena --edition "$1" --players "$3" --bots "$4" --games "$5" --seed 1 --jobs "$JOBS" \
        --records "$RECORDS/$1-$2" --resume
}
for edition in caylus caylus-1303 magna-carta; do
    match "$edition" greedy-vs-random 4 greedy,random,random,random "$GAMES"
    match "$edition" hard-vs-greedy 4 hard,greedy,greedy,greedy "$GAMES"
    match "$edition" heads-up 2 hard,greedy "$GAMES"
    match "$edition" ladder 3 hard,normal,greedy "$LADDER"
done
