# whatif-gen.awk - a program whose answer is known, as lockwait_tracegen text
# records (T_NS EVENT TID LOCK AUX HOLDER TYPE, one thread after another,
# each in time order): T threads (tids 100..) take one mutex (0x1000) R
# times each, working W ns before each take and holding it H ns; the lock
# goes to the earliest request, a waiter running D ns after the release.
# SPIN=S (optional): a waiter that waited up to S ns before the release
# spun and runs DS ns after it instead (D: the wake-up of one that slept).
# J (optional): a thread's odd takes work J ns more (waits of two lengths).
# P, PW (optional): a thread's takes P to P + 4 (counting from 0) work PW ns
# more: a phase of the program with little use of the lock.
# LONE, LT (optional): every LONE-th release a waiter waited for starts a
# lone stretch: the woken waiter gets no CPU for LT ns, and meanwhile the
# releaser takes the lock back without a wait whenever it asks for it
# (the releases traced, as someone waits).
# Like the library, only contended events are written: a REQUEST and an
# ACQUIRE for a take that waited, a RELEASE (AUX: the hold's start, or 0
# when TIMED=0) for a hold someone waited for. HOLDSUM=1 adds, after each
# thread's events, the library's HOLD_SUM record (17: T_NS = its R takes,
# AUX = their exact hold time R x H, HOLDER = R holds timed); HOLDSUM=2 one
# that says no hold was timed (HOLDER 0, AUX 0). CPUS=N (optional): each
# thread's THREAD_INFO says N CPUs and its CPU time, its work and holds
# (CPUW ns of it spent per take besides, default 0), with its waits when
# TYPE=2. TYPE (optional): the lock's trace type, 1 a mutex (default), 2 a
# spin lock (its waiters spin: their waits are CPU time). The program's wall time
# (first thread start to last exit, ns) goes to the file WALL.
#   awk -v T=5 -v R=40 -v W=4200000 -v H=2000000 -v D=1000 -v TIMED=1 \
#       [-v HOLDSUM=1] [-v SPIN=40000 -v DS=2000 -v J=30000] -v WALL=FILE -f whatif-gen.awk
# Deterministic (integers below 2^53): the same under mawk, gawk, original-awk.
function rec(i, t, ev, aux, type) {
  if (type == 1 && TYPE) type = TYPE
  out[i, n[i]++] = sprintf("%.0f %d %d %s %.0f 0 %d", t, ev, 100 + i, (ev == 5 || ev == 6) ? "0" : "1000", aux, type)
}
BEGIN {
  T0 = 1000000000
  if (SPIN == "") SPIN = -1
  for (i = 0; i < T; i++) { q[i] = T0 + W + i * 1000; left[i] = R; n[i] = 0; rec(i, T0, 5, 99, 0) }
  F = T0; wall = 0; lu = 0; nh = 0
  while (1) {
    b = -1 # the earliest request of a thread with takes left, or the lone runner
    if (lu && left[lr] > 0 && q[lr] < lu) b = lr
    else for (i = 0; i < T; i++) if (left[i] > 0 && (b < 0 || q[i] < q[b])) b = i
    if (b < 0) break
    g = q[b]
    if (q[b] < F) {
      g = F + (F - q[b] <= SPIN ? DS : D); if (g < lu) g = lu
      rec(b, q[b], 1, 0, 1); rec(b, g, 2, q[b], 1); lu = 0; waited[b] += g - q[b]
    }
    e = g + H; left[b]--; q[b] = e + W + (left[b] % 2) * J
    if (P != "" && R - left[b] > P && R - left[b] <= P + 5) q[b] += PW
    for (i = 0; i < T; i++) if (left[i] > 0 && q[i] < e) {
      rec(b, e, 4, TIMED ? g : 0, 1)
      if (LONE && !lu && ++nh % LONE == 0) { lu = e + LT; lr = b }
      break
    }
    F = e
    if (!left[b]) { rec(b, q[b], 6, 0, 0); if (q[b] - T0 > wall) wall = q[b] - T0 }
  }
  for (i = 0; i < T; i++) {
    if (HOLDSUM == 1) out[i, n[i]++] = sprintf("%d 17 %d 1000 %.0f %d 1", R, 100 + i, R * H, R)
    if (HOLDSUM == 2) out[i, n[i]++] = sprintf("%d 17 %d 1000 0 0 1", R, 100 + i)
    if (CPUS) { # THREAD_INFO, then its DATA: no name, the CPU time (AUX's bytes), the CPUs (TID's)
      out[i, n[i]++] = sprintf("0 10 %d 0 0 0 0", 100 + i)
      out[i, n[i]++] = sprintf("0 8 %d 0 %.0f 0 0", CPUS, R * (W + H + CPUW) + (TYPE == 2 ? waited[i] : 0))
    }
  }
  for (i = 0; i < T; i++) for (k = 0; k < n[i]; k++) print out[i, k]
  printf "%.0f\n", wall > WALL
}
