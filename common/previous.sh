# previous.sh - after a full run, what changed since the run it replaced:
# sourced by run.sh (ROOT, RESULTS, TMPD and PROG set there). keep_previous
# runs just before the new raw files replace the old ones, compare_previous
# at the end; the comparison is common/compare.sh's.
# shellcheck shell=bash

# keep_previous: the raw files this run replaces, in results/previous/
# (gitignored; only this run's experiments), for compare_previous
keep_previous() {
  local f kept=() dest=$RESULTS/.tmp.previous
  for f in "$TMPD"/out/*-raw.txt; do [ -f "$RESULTS/$(basename "$f")" ] && kept+=("$RESULTS/$(basename "$f")"); done
  [ "${#kept[@]}" -gt 0 ] || return 0
  rm -rf "$dest" && mkdir "$dest" && cp -p "${kept[@]}" "$dest/" && rm -rf "$RESULTS/previous" && mv "$dest" "$RESULTS/previous" ||
    echo "$PROG: could not keep the raw files of the previous run in results/previous/" >&2
}
# compare_previous: common/compare.sh between results/previous/ and the new
# raw files, into results/compare.md, and one line about it
compare_previous() {
  local date rc=0 n
  compgen -G "$RESULTS/previous/*-raw.txt" >/dev/null || return 0
  date=$(sed -n 's/^# date_utc: //p' "$RESULTS"/previous/*-raw.txt | sort | tail -n 1)
  "$ROOT/common/compare.sh" -o "$RESULTS/compare.md" "$RESULTS/previous" "$RESULTS" >"$TMPD/compare.out" 2>"$TMPD/compare.err" || rc=$?
  if [ "$rc" -gt 1 ]; then
    echo "$PROG: could not compare with the run of ${date:-unknown date}: $(tail -n 1 "$TMPD/compare.err")" >&2
    return 0
  fi
  n=$(sed -n 's/^RESULT exp=compare kind=compare_total .*changed=\([0-9]*\).*/\1/p' "$TMPD/compare.out")
  echo "$PROG: compared with the run of ${date:-unknown date}: ${n:-0} figures changed beyond their margin, see results/compare.md" >&2
}
