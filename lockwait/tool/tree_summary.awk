# tree_summary.awk - the summary of a run of a process tree for people, on
# stderr, written by the launchers (lockwait/tool/lockwait and build/lockwait,
# lockwait/tool/launcher.c) once the program has ended. Input: the run's
# records, "start|fork|end pid=P ppid=Q comm=NAME [threads=T locks=L
# waited=W wall_ns=N signal=S [report=stderr|lost]]" (lib/lw_tree.c;
# report=: -o's file refused the report, which went to stderr or nowhere),
# then an empty line and the kept reports (DIR/report.PID), one per line,
# whose RESULT kind=lock lines name the locks. -v top=PID (the launcher's child); in the environment (a
# -v value would have its backslashes taken as escapes: "-o 'r\new'" named
# "r", newline, "ew"), LW_SUMMARY_OUT=FILE (-o, "" when none) and
# LW_SUMMARY_DIR=DIR (the run's directory: the one report shown whole goes
# after the summary, its name written to DIR/print).
BEGIN { out = ENVIRON["LW_SUMMARY_OUT"]; dir = ENVIRON["LW_SUMMARY_DIR"] }
function ms(ns) { return sprintf("%.1f ms", ns / 1e6) }
function kv(line, key,   i, n, a) {
  n = split(line, a, " ")
  for (i = 2; i <= n; i++) if (index(a[i], key "=") == 1) return substr(a[i], length(key) + 2)
  return ""
}
# after the records, the kept reports (not in the environment: execve
# refuses a variable over 128 KiB, some 2000 reports)
in_reports { if ($0 != "") rl[++nr] = $0; next }
$0 == "" { in_reports = 1; next }
# the records, in the order written: the last one of a pid says how it ended
{ pid = kv($0, "pid"); if (!(pid in last)) order[++np] = pid
  last[pid] = $1; comm[pid] = kv($0, "comm"); if ($1 == "fork") parent[pid] = kv($0, "ppid") " (" comm[pid] ")"
  if ($1 == "end") { threads[pid] = kv($0, "threads"); waited[pid] = kv($0, "waited"); wrote[pid] = kv($0, "report") } }
END {
  for (r = 1; r <= nr; r++) { # each kept report: its locks
    f = rl[r]; if (f == "") continue
    p = f; sub(/.*\./, "", p)
    while ((getline line < f) > 0) {
      if (line !~ /^RESULT exp=lockwait kind=lock /) continue
      c = kv(line, "contention_wait_ns") + 0
      if (c <= 0) continue
      name = kv(line, "lock_name"); if (name == "" || name == "NA") name = kv(line, "type") "@" kv(line, "site")
      key = comm[p] ": " name; lockns[key] += c; lockn[key] += kv(line, "contended"); pwait[p] += c; plocks[p]++
    }
    close(f); report[p] = f
  }
  if (np == 1 && order[1] == top && last[top] == "end") exit # one process: its own report said it all
  n = 0; nthreads = 0; nw = 0; nu = 0
  for (i = 1; i <= np; i++) {
    p = order[i]
    n++; seen[comm[p]]++
    if (last[p] == "end") { nthreads += threads[p]; if (waited[p] == 1) w[++nw] = p }
    else u[++nu] = p
  }
  k = 0; for (c in seen) k++
  names = ""; shown = 0
  while (k > 0 && shown < 6) { # the programs, most processes first
    best = ""; for (c in seen) if (!(c in done) && (best == "" || seen[c] > seen[best] || (seen[c] == seen[best] && c < best))) best = c
    if (best == "") break
    done[best] = 1; names = names (shown ? ", " : "") best (seen[best] > 1 ? " x" seen[best] : ""); shown++
  }
  if (shown < k) names = names ", ..."
  printf "lockwait: the run: %d process%s (%s), %d thread%s in their reports; %s\n", n, n == 1 ? "" : "es",
    names, nthreads, nthreads == 1 ? "" : "s", nw ? nw " waited for a lock:" : "none waited for a lock"
  for (i = 1; i <= nw; i++) {
    p = w[i]
    o = out; gsub(/%p/, p, o)
    where = o != "" ? "in " o : p == top ? "above" : !(p in report) ? "lost" : nw == 1 ? "below" : report[p]
    if (o != "" && wrote[p] == "stderr") where = "on stderr, above (" o " could not be written)"
    if (o != "" && wrote[p] == "lost") where = "lost (" o " could not be written, nor stderr)"
    if (where == "below") print report[p] > (dir "/print") # the only one: shown whole, after the summary
    printf "  pid %s (%s): %s of contention on %d lock%s; report: %s\n", p, comm[p], ms(pwait[p]), plocks[p],
      plocks[p] == 1 ? "" : "s", where
  }
  if (nw) {
    line = ""
    for (t = 0; t < 3; t++) { # the top locks across the tree
      best = ""; for (key in lockns) if (!(key in said) && (best == "" || lockns[key] > lockns[best])) best = key
      if (best == "") break
      said[best] = 1; line = line (t ? "; " : "") best " " ms(lockns[best]) " in " lockn[best] " wait" (lockn[best] == 1 ? "" : "s")
    }
    if (line != "") print "  top locks across the tree: " line
  }
  if (nu) {
    line = ""
    for (i = 1; i <= nu && i <= 4; i++) {
      p = u[i]
      if (last[p] == "fork")
        line = line (i > 1 ? "; " : "") "pid " p ", forked by pid " parent[p] ": left by _exit (as a shell subshell does), or ran a program the library cannot load into (statically linked, or a script whose interpreter is not dynamically linked)"
      else
        line = line (i > 1 ? "; " : "") "pid " p " (" comm[p] "): ended without running its exit handlers (_exit, as dash does; or SIGKILL), or still running"
    }
    printf "  no report from %d process%s: %s%s\n", nu, nu == 1 ? "" : "es", line, (nu > 4 ? "; ..." : "")
  }
}
