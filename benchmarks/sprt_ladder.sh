#!/bin/sh
# The ladder heads-up as SPRT results: each rung (A above B) tested with `caylus arena --sprt 0,50` in each
# edition, in passes of growing --games so that every rung and edition moves on together; a rung decided in an
# earlier pass plays nothing more (its journal is read back). Journals: benchmarks/results/sprt-EDITION-A-B/.
#   sh benchmarks/sprt_ladder.sh "easy,random greedy,easy normal,greedy" "40 100 200 400 1000"
#   sh benchmarks/sprt_ladder.sh "hard,normal" "20 60 200 600"
# Run it again with the same arguments to go on (it resumes); the last pass's tables are in the log.
set -e
RUNGS=${1:-"hard,normal normal,greedy greedy,easy easy,random"}
PASSES=${2:-"40 100 200 400 1000"}
CAYLUS=${CAYLUS:-"python -m caylus"}
for games in $PASSES; do
  for rung in $RUNGS; do
    for edition in caylus caylus-1303 magna-carta; do
      dir="benchmarks/results/sprt-$edition-$(echo "$rung" | tr , -)"
      echo "== $edition $rung up to $games games"
      $CAYLUS arena --edition "$edition" --players 2 --bots "$rung" --sprt 0,50 --games "$games" --seed 1 \
        --jobs 1 --records "$dir" --resume
    done
  done
done
