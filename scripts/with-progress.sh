#!/bin/sh
# Run a long install step and show that it is alive: a line every 30 s with the time spent.
# Usage: scripts/with-progress.sh COMMAND [ARG...]   (the step's exit status is kept)
# PROGRESS_EVERY: seconds between two lines (default 30).
start=$(date +%s)
(
	while sleep "${PROGRESS_EVERY:-30}"; do
		spent=$(( $(date +%s) - start ))
		printf '    ... still working (%d min %02d s)\n' $((spent / 60)) $((spent % 60))
	done
) &
beat=$!
trap 'kill $beat 2>/dev/null' EXIT INT TERM
"$@"
status=$?
spent=$(( $(date +%s) - start ))
printf '    done in %d min %02d s\n' $((spent / 60)) $((spent % 60))
exit $status
