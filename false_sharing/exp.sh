# false_sharing/exp.sh - how run.sh runs the false-sharing experiment
# (sourced by run.sh with common/lib.sh loaded; ROOT, BUILD, QUICK, REPS, PIN
# set; the contract is docs/adding-an-experiment.md). Knobs (environment):
# ITERS_LOG2 THREADS PAIRS MAX_CELL_S PAIR_CPUS and the map's C2C C2C_*;
# see `build/false_sharing -h`, `build/false_sharing_c2c -h` and docs/knobs.md.
# shellcheck shell=bash

false_sharing_check() {
  knob_int ITERS_LOG2 10 34
  # each count once (knob_int_list): named twice it would be measured twice
  # and one of its results dropped
  knob_int_list THREADS 1 64
  [ -z "${PAIRS:-}" ] || [[ $PAIRS =~ ^[01]$ ]] || bad_usage "PAIRS=$PAIRS: expected 0 or 1"
  knob_int MAX_CELL_S 0 3600
  [ -z "${C2C:-}" ] || [[ $C2C =~ ^(0|1|only)$ ]] || bad_usage "C2C=$C2C: expected 0, 1 or only"
  local pair_re='^[0-9]+,[0-9]+:[a-z0-9_]+(;[0-9]+,[0-9]+:[a-z0-9_]+)*$'
  [ -z "${PAIR_CPUS:-}" ] || [[ $PAIR_CPUS =~ $pair_re ]] ||
    bad_usage "PAIR_CPUS=$PAIR_CPUS: expected a,b:name entries separated by ';' (names of a-z, 0-9, _)"
  knob_int C2C_ROUNDTRIPS 100 10000000
  knob_int C2C_BATCHES 6 1001
  knob_int C2C_PASSES 1 100
  knob_int C2C_BUDGET_S 1 86400
  knob_int C2C_MAX_PAIRS 1 1000000
  knob_int C2C_SEED 0 2147483648
  knob_int C2C_GAP_PCT 1 1000
  knob_int_list C2C_CPUS 0 1023
  # CPUs the process may not use: refused now, not after the build and the other experiments
  knob_cpus C2C_CPUS
  # one CPU made no map and the run went on without it
  [ -z "${C2C_CPUS:-}" ] || [[ $C2C_CPUS == *,* ]] || bad_usage "C2C_CPUS=$C2C_CPUS: one CPU, and the map needs two or more"
  # the CPUs without the names (which may hold digits); a regex, so sed
  # shellcheck disable=SC2001
  [ -z "${PAIR_CPUS:-}" ] || knob_cpus PAIR_CPUS "$(sed 's/:[a-z0-9_]*//g' <<<"$PAIR_CPUS")"
  # what false_sharing.c's pairs_from_env refuses too, but only after the
  # build and the clock estimate, leaving a results/failed-* directory
  local entry a b names=, n=0
  for entry in ${PAIR_CPUS:+${PAIR_CPUS//;/ }}; do
    a=${entry%%,*} b=${entry#*,} b=${b%%:*}
    [ "$((10#$a))" != "$((10#$b))" ] || bad_usage "PAIR_CPUS=$PAIR_CPUS: $a,$b is the same CPU twice, not a pair"
    [[ $names != *",${entry#*:},"* ]] || bad_usage "PAIR_CPUS=$PAIR_CPUS: the name ${entry#*:} is used twice"
    names=$names${entry#*:}, n=$((n + 1))
  done
  [ "$n" -le 8 ] || bad_usage "PAIR_CPUS=$PAIR_CPUS: more than 8 pairs, the most false_sharing.c takes (MAX_PAIRS)"
}

# the settings of this run for the raw file's "# knobs:" line: the
# increments and the map's mode always, the other knobs when set
false_sharing_knobs() {
  local words
  words=$(knob_words THREADS PAIRS MAX_CELL_S PAIR_CPUS C2C_ROUNDTRIPS C2C_BATCHES C2C_PASSES C2C_BUDGET_S \
    C2C_MAX_PAIRS C2C_SEED C2C_GAP_PCT C2C_CPUS)
  echo "ITERS_LOG2=$(false_sharing_iters) C2C=$(false_sharing_c2c_mode)${words:+ $words}"
}

# Rounds are short (2^18 increments, 0.1-10 ms) so that the probes and the
# canaries around each one see the bursts of a shared machine, which last
# milliseconds to seconds; precision comes from many rounds, not long ones.
# QUICK: 4x fewer increments, 6 clean rounds, and no rounds beyond those.
false_sharing_iters() { knob_value ITERS_LOG2 18 16; }
false_sharing_reps() { knob_value REPS 11 6; }
# 1 s per increment in each invocation (the binary's default is 10): the
# precision of a published figure comes from the invocations
false_sharing_cap() { knob_value MAX_CELL_S 1 0; }

# The core-to-core map (false_sharing_c2c) runs first, so that its classes
# choose the CPU pairs of the two-thread table. C2C=0 leaves it out,
# C2C=only runs it alone. QUICK: a handful of pairs, one pass, 6 clean
# batches, a 1 s budget. A knob the user set wins.
false_sharing_c2c_mode() { knob_value C2C 1; }
false_sharing_c2c_knob() { knob_value "$1" "" "$2"; } # NAME QUICK_VALUE (empty: the binary's default)

# rough: a round of every cell costs ~140 ns x 2^ITERS_LOG2 for the loops
# (the contended atomic dominates) plus ~0.3 ms per cell-round for threads,
# canaries and probes; a quiet machine needs about REPS + 1 rounds, a busy
# one up to 4 x REPS + 11
# one; the map ~0.2 s a pair on a quiet machine, never beyond its budget
false_sharing_eta() {
  local il reps ncpu mode pairs budget
  il=$(false_sharing_iters); reps=$(false_sharing_reps); ncpu=$(getconf _NPROCESSORS_ONLN)
  mode=$(false_sharing_c2c_mode); pairs=$(false_sharing_c2c_knob C2C_MAX_PAIRS 6); budget=$(false_sharing_c2c_knob C2C_BUDGET_S 1)
  awk -v il="$il" -v r="$reps" -v c="$ncpu" -v mode="$mode" -v mp="${pairs:-496}" -v b="${budget:-20}" 'BEGIN {
    t = (c >= 8 ? 4 : c >= 4 ? 3 : c >= 2 ? 2 : 1); cells = 12 * t + (c >= 2 ? 6 : 0)
    fs = mode == "only" ? 0 : 1 + 2 * (r + 1) * (140e-9 * t / 2 * 2 ^ il + cells * 0.3e-3)
    np = c * (c - 1) / 2; if (np > mp) np = mp; m = 0.2 * np; if (m > b) m = b
    printf "%d\n", fs + (mode == "0" || c < 2 ? 0 : 1 + m) }'
}

# PAIR_CPUS from the map's lines in RAW: the typical pair of each measured
# class, then of each OS class that measurement splits (its pairs fall into
# several classes) or merges (its class holds other OS classes too)
false_sharing_pair_cpus() {
  # input: RESULT ... kind=c2c_class class=K ... typical_pair=A,B ... os_X=N ...  and
  #        RESULT ... kind=c2c_os os=X ... typical_pair=A,B classes=K,...
  kv_awk 'function val(k) { return kv_get($0, k) }
    function add(rep, name) { if (!(rep in taken) && n < 8) { taken[rep] = 1; s = s (n++ ? ";" : "") rep ":" name } }
    $1 == "RESULT" && $3 == "kind=c2c_class" {
      k = val("class"); add(val("typical_pair"), "measured_" k); nos[k] = 0
      for (i = 4; i <= NF; i++) if ($i ~ /^os_[a-z0-9_]+=[1-9]/) nos[k]++ }
    $1 == "RESULT" && $3 == "kind=c2c_os" && val("os") != "unknown" { no++; oname[no] = val("os"); orep[no] = val("typical_pair"); ocls[no] = val("classes") }
    END { for (i = 1; i <= no; i++) if (index(ocls[i], ",") || nos[ocls[i]] > 1) add(orep[i], "os_" oname[i]); print s }' "$1"
}

false_sharing_run() {
  local mode pairs=${PAIR_CPUS:-}
  mode=$(false_sharing_c2c_mode)
  if [ "$mode" != 0 ]; then
    C2C_MAX_PAIRS=$(false_sharing_c2c_knob C2C_MAX_PAIRS 6) C2C_PASSES=$(false_sharing_c2c_knob C2C_PASSES 1) \
      C2C_BATCHES=$(false_sharing_c2c_knob C2C_BATCHES 6) C2C_BUDGET_S=$(false_sharing_c2c_knob C2C_BUDGET_S 1) \
      run_child "$BUILD/false_sharing_c2c" >>"$1"
    [ -n "$pairs" ] || pairs=$(false_sharing_pair_cpus "$1")
  fi
  [ "$mode" != only ] || return 0
  ITERS_LOG2=$(false_sharing_iters) REPS=$(false_sharing_reps) MAX_CELL_S=$(false_sharing_cap) PIN=${PIN:-1} \
    PAIR_CPUS=$pairs run_child "$BUILD/false_sharing" >>"$1"
}

# Two levels (run.sh): 10 invocations of ~4 s spread over the run, since
# what varies between runs (where the counters land, where the host put the
# CPUs, the host's load that minute) is larger here than the rounds' noise;
# QUICK: 2. The figures over the invocations (build/combine): KIND ID_KEYS
# VALUE_KEYS lin|log CLAIM PLACEMENT. Every figure of two threads depends on
# where the host placed the CPUs; the one-thread ones are marked so too,
# since they come from the same invocations.
false_sharing_invocations() { if [ "$QUICK" = 1 ]; then echo 2; else echo 10; fi; }
false_sharing_figures() {
  cat <<'TXT'
cell increment,layout,threads ns_per_inc,cycles_per_inc lin - pair
ratio increment,compare,threads ratio log 1:0.02 pair
pair class,pair,increment,layout,threads ns_per_inc,cycles_per_inc lin - pair
pair_ratio class,pair,increment,compare,threads ratio log 1:0.02 pair
c2c cpu_a,cpu_b one_way_ns lin - pair
TXT
}

# the figure and speed_level lines of every invocation again from RAW's
# samples lines (run.sh --summarize): build/false_sharing --rederive
false_sharing_rederive() { "$BUILD/false_sharing" --rederive "$1"; }

# the knobs only this file reads, for run.sh -h (the binaries' are in their -h)
false_sharing_usage() {
  cat <<'TXT'
false_sharing (also build/false_sharing -h and build/false_sharing_c2c -h):
  C2C=1|0|only    the core-to-core map: run it first (default), leave it out, or run it alone
TXT
}
