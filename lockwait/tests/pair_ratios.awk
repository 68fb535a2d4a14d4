# pair_ratios.awk - the wall-time ratios wrapped/bare of the pairs a lockwait
# raw file used: those with used=1 (the scenario's main speed level), or in
# older files the clean ones (slow=0; every pair where the overhead line says
# pairs_basis=all), one line per scenario ("SCENARIO r1 r2 ..."), the
# input build/stats ratio takes: the tests recompute the kind=overhead lines
# with it.
# input: kind=pair lines (which reps are used) and kind=workload lines
function get(key) { return kv_get($0, key) }
  / kind=overhead .*pairs_basis=all/ { all[get("scenario")] = 1 }
  / kind=pair / { s = get("scenario"); if (get("used") != "" ? get("used") == 1 : get("slow") == 0) clean[s, get("rep")] = 1; if (!(s in seen)) { seen[s] = 1; ord[++n] = s } }
  / kind=workload .*variant=(bare|wrapped) / { s = get("scenario"); r = get("rep")
    wall[s, get("variant"), r] = get("wall_ns"); if (r + 0 > top[s]) top[s] = r + 0 }
  END { for (i = 1; i <= n; i++) { s = ord[i]; line = s
          for (r = 1; r <= top[s]; r++) if ((s SUBSEP r) in clean || (s in all)) line = line " " sprintf("%.9f", wall[s, "wrapped", r] / wall[s, "bare", r])
          print line } }
