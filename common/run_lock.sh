# run_lock.sh - one run.sh at a time in a checkout: take_lock and
# release_lock (results/.lock), and clean_leftovers, what a run that died
# left. Sourced by run.sh once RESULTS, ROOT and PROG are set.
# shellcheck shell=bash

# The lock is a symlink whose target names its holder, "pid=P start=S": a
# symlink is created with its content in one step, so no run ever finds a
# lock without a holder. S is the holder's start time, so a pid reused by an
# unrelated process does not pass for a live run. A lock whose holder is gone
# is removed only by the run that wins mkdir LOCK.reap.<holder>, and only if
# it still names that holder, so two runs never both take it over. (POSIX
# only: flock(1) is util-linux, not on macOS.)
LOCK=$RESULTS/.lock
have_lock=0 my_lock=

# proc_start PID: when PID started (Linux: field 22 of /proc/PID/stat, clock
# ticks since boot; elsewhere ps); fails when no process PID exists
proc_start() {
  local st f
  if st=$(cat "/proc/$1/stat" 2>/dev/null); then
    read -r -a f <<<"${st##*) }" # the fields after "(command name)", from field 3
    echo "${f[19]}"
  elif st=$(ps -o lstart= -p "$1" 2>/dev/null) && [ -n "$st" ]; then
    echo "${st// /_}"
  else
    kill -0 "$1" 2>/dev/null && echo unknown
  fi
}
# legacy_holder_alive PID FILE: the run.sh that wrote PID to FILE (an older
# run.sh's lock directory) still runs: PID lives, is a run.sh, and did not
# start after FILE was written (then it is a new process under a reused
# pid). Where the command line cannot be read, a live PID counts as alive.
legacy_holder_alive() {
  local pid=$1 cmd ticks btime hz written
  kill -0 "$pid" 2>/dev/null || return 1
  if [ -r "/proc/$pid/cmdline" ]; then cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline"); else cmd=$(ps -o args= -p "$pid" 2>/dev/null) || return 0; fi
  [[ $cmd == *run.sh* ]] || return 1
  # Linux: its start (boot time + ticks) against the file's mtime
  ticks=$(proc_start "$pid") && is_uint "$ticks" || return 0
  btime=$(awk '$1 == "btime" { print $2 }' /proc/stat 2>/dev/null) && is_uint "$btime" || return 0
  hz=$(getconf CLK_TCK) && written=$(stat -c %Y "$2" 2>/dev/null) || return 0
  [ $((btime + ticks / hz)) -le "$written" ]
}
# holder_alive HOLDER: the process a lock names still runs
holder_alive() {
  local pid=${1#pid=} start=${1##* start=} now
  pid=${pid%% *}
  is_uint "$pid" && now=$(proc_start "$pid") && [ "$now" = "$start" ]
}
take_lock() {
  local held reap tries
  my_lock="pid=$$ start=$(proc_start $$)"
  if [ -d "$LOCK" ] && [ ! -L "$LOCK" ]; then # left by an older run.sh: a directory
    held=$(cat "$LOCK/pid" 2>/dev/null || true)
    # kill -0 alone took any process that got the pid later for the holder
    if is_uint "$held" && legacy_holder_alive "$held" "$LOCK/pid"; then
      die "another run.sh (pid $held) is running in this checkout; wait for it or stop it"
    fi
    rm -f "$LOCK/pid"; rmdir "$LOCK" 2>/dev/null || true
  fi
  # a reaper killed within its few milliseconds must not block every later run
  find "$RESULTS" -maxdepth 1 -name '.lock.reap.*' -mmin +1 -exec rmdir {} + 2>/dev/null || true
  for tries in 1 2 3 4 5 6 7 8; do
    if ln -s "$my_lock" "$LOCK" 2>/dev/null; then have_lock=1; return 0; fi
    held=$(readlink "$LOCK" 2>/dev/null) || continue # released meanwhile: again
    if holder_alive "$held"; then
      held=${held%% *}
      die "another run.sh (pid ${held#pid=}) is running in this checkout; wait for it or stop it"
    fi
    # its holder is gone: remove it, if this run is the one to do so
    reap=$LOCK.reap.${held//[^a-zA-Z0-9=]/_}
    if mkdir "$reap" 2>/dev/null; then
      [ "$(readlink "$LOCK" 2>/dev/null)" != "$held" ] || rm -f "$LOCK"
      rmdir "$reap"
    fi
  done
  die "cannot create the lock $LOCK (a symbolic link) after $tries tries"
}
release_lock() {
  [ "$have_lock" = 1 ] && [ "$(readlink "$LOCK" 2>/dev/null)" = "$my_lock" ] && rm -f "$LOCK"
  have_lock=0
}

# What a run that died (SIGKILL, a crash, power loss) left: its temp files.
# Called with the lock held, so no live run owns any of them.
clean_leftovers() {
  local f left=()
  for f in "$RESULTS"/.tmp.* "$ROOT"/.README.*; do [ -e "$f" ] && left+=("$f"); done
  [ "${#left[@]}" -gt 0 ] || return 0
  echo "$PROG: removing what an unfinished run left: ${left[*]#"$ROOT"/}" >&2
  rm -rf "${left[@]}"
}
