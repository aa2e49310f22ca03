#!/bin/sh
# The levels at one table (issue 28: "each level's mean rank and rating at a mixed table"): tables of three, four
# and five players of one edition, the levels rotating through the seats (every level as often in every seat),
# each level's wins, mean place (1 the best; a tie shares its places), OpenSkill rating with its interval, score
# and seconds a move. A benchmark, not a unit test; resumable: stopped, it goes on where it stopped when run again.
#
#     sh benchmarks/mixed_tables.sh [EDITION] [GAMES] [JOBS]     # defaults: caylus-1303, 40 games a table size, 1
#
# Each table size keeps its games in $RECORDS/<edition>-mixed-<N>p/ (default benchmarks/results/). Sizes the
# edition does not play (Magna Carta is for 2-4) are left out.
set -eu
EDITION=${1:-caylus-1303}
GAMES=${2:-40}
JOBS=${3:-1}
CAYLUS=${CAYLUS:-caylus}
PYTHON=${PYTHON:-python3}
RECORDS=${RECORDS:-benchmarks/results}
# The most players the edition takes, from the package ($PYTHON must import caylus: the venv's python); 5 if not.
MOST=$($PYTHON -c "from caylus import get_edition; print(get_edition('$EDITION').max_players)" 2>/dev/null || echo 5)
for players in 4 3 5; do
    [ "$players" -le "$MOST" ] || { echo "== $EDITION is for at most $MOST players: no table of $players"; continue; }
    case $players in
        5) bots=hard,normal,greedy,easy,random ;;
        *) bots=hard,normal,greedy,easy ;;
    esac
    echo "== $EDITION, $players players: $bots rotating, $GAMES games"
    $CAYLUS arena --edition "$EDITION" --players "$players" --bots "$bots" --games "$GAMES" --seed 1 \
        --jobs "$JOBS" --records "$RECORDS/$EDITION-mixed-${players}p" --resume
done
