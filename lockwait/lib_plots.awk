# lockwait/lib_plots.awk - the two plots of lockwait/summary.awk, drawn from
# what its input rules kept of the traced run of the cache scenario:
#   cp_draw(FILE): the critical path, one row per thread on it, from the
#     kind=critpath_seg lines (nseg, seg_tid/seg_s/seg_e/seg_state, seg_span,
#     rowof/rowtid/nrow) and the thread names (tname, tmain; name_of)
#   fl_draw(FILE): the waits as a flame graph, from the kind=folded lines
#     summary.awk hands to fold_add (fl_w, fl_kid, fl_maxdepth, ...)
# A library: functions only, loaded before summary.awk (summary_awk in
# common/lib.sh), after common/svg.awk (svg_start). POSIX awk.

# The cache waits' flame graph. Input: kind=folded lines, folded=
# "thread;frame;...;frame;lock" (outermost frame first) and wait_ns, in
# the order exp.sh sorted them. Drawn root first: the thread moves to the
# leaf end (frame;...;frame;lock;thread), so identical stacks of different
# threads merge into one box up to the lock. Each prefix is a node; its
# children are kept in the order first seen, so the layout is the same under
# every awk.
function fold_add(stack, ns,    n, f, i, key, parent, name) {
    if (ns <= 0) return
    n = split(stack, f, ";")
    key = ""
    fl_w[""] += ns
    for (i = 1; i <= n; i++) {
        name = i < n ? f[i + 1] : f[1]
        parent = key
        key = i == 1 ? name : key ";" name
        if (!(key in fl_w)) {
            fl_kid[parent, ++fl_kids[parent]] = key
            fl_name[key] = name; fl_depth[key] = i
            fl_kind[key] = i == n ? "thread" : i == n - 1 ? "lock" : "frame"
        }
        fl_w[key] += ns
        if (i > fl_maxdepth) fl_maxdepth = i
    }
}

function xml(t) {
    gsub(/&/, "\\&amp;", t); gsub(/</, "\\&lt;", t); gsub(/>/, "\\&gt;", t)
    return t
}

# draw node and its children, left to right from x (in ns), into fl_svg;
# the root ("") is the bottom box, all waits
function fl_node(node, x,    i, c, px, x0, y, fill, label, fit) {
    px = FL_PW * fl_w[node] / fl_w[""]
    if (px < 0.5) return
    x0 = FL_X0 + FL_PW * x / fl_w[""]
    y = FL_H - 30 - (fl_depth[node] + 1) * FL_RH
    fill = node == "" ? "#d9d9d9" : fl_kind[node] == "thread" ? "#9ecae1" : fl_kind[node] == "lock" ? "#f08a80" : fl_depth[node] % 2 ? "#f2a33a" : "#f7c66b"
    label = node == "" ? sprintf("all waits (%.1f ms)", fl_w[""] / 1e6) : fl_name[node]
    printf "<g><title>%s: %.3f ms (%.1f%%)</title><rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\"/>", xml(label), fl_w[node] / 1e6, 100 * fl_w[node] / fl_w[""], x0, y, px, FL_RH - 2, fill > fl_svg
    # what fits at about 7 px a character; a cut name ends in ".."
    fit = int((px - 6) / 7)
    if (length(label) > fit) label = fit >= 4 ? substr(label, 1, fit - 2) ".." : ""
    if (label != "") printf "<text x=\"%.2f\" y=\"%d\">%s</text>", x0 + 3, y + FL_RH - 6, xml(label) > fl_svg
    print "</g>" > fl_svg
    for (i = 1; i <= fl_kids[node]; i++) {
        c = fl_kid[node, i]
        fl_node(c, x)
        x += fl_w[c]
    }
}

function fl_draw(file,    yb) {
    fl_svg = file; FL_W = 820; FL_X0 = 30; FL_PW = FL_W - FL_X0 - 10; FL_RH = 18
    FL_H = 52 + (fl_maxdepth + 1) * FL_RH + 30
    svg_start(fl_svg, FL_W, FL_H, 11, sprintf("lockwait: where the cache scenario's threads waited (%.1f ms of waits)", fl_w[""] / 1e6))
    print "<text x=\"4\" y=\"36\">from the bottom: all waits, the call stack (outermost frame first), the lock (red), the waiting thread (blue); hover for times</text>" > fl_svg
    yb = FL_H - 30 - FL_RH
    printf "<text class=\"axis\" x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">stack depth</text>\n", (52 + yb + FL_RH) / 2, (52 + yb + FL_RH) / 2 > fl_svg
    fl_node("", 0)
    printf "<text x=\"%d\" y=\"%d\">0 ms</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.1f ms</text>\n", FL_X0, FL_H - 14, FL_X0 + FL_PW, FL_H - 14, fl_w[""] / 1e6 > fl_svg
    printf "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">wait time (box width; left to right is not time order)</text>\n", FL_X0 + FL_PW / 2, FL_H - 14 > fl_svg
    print "</svg>" > fl_svg
    close(fl_svg)
}

# a critical-path row's label: the thread's name, marked "…" when it is 15
# bytes long (the kernel keeps no more of a thread's name, so it may be cut)
# and "(main)" for the process's first thread; its length in characters
# goes to cp_len ("…" is 3 bytes, and gawk counts characters in a UTF-8 locale)
function cp_label(tid,    t) {
    t = name_of("cache", tid); cp_len = length(t)
    if (length(tname["cache", tid]) == 15) { t = t "…"; cp_len++ }
    if (tmain["cache", tid] == 1) { t = t " (main)"; cp_len += 7 }
    return t
}

# a tick step of 1, 2 or 5 times a power of ten giving at most n ticks over span
function tick_step(span, n,    raw, p) {
    raw = span / n; p = 1
    while (p * 10 <= raw) p *= 10
    while (p > raw) p /= 10
    return raw <= p ? p : raw <= 2 * p ? 2 * p : raw <= 5 * p ? 5 * p : 10 * p
}

# the cache scenario's critical path into file: one row per thread on the
# path, coloured by state, time across
function cp_draw(file,    W, X0, Y0, RH, H, PW, i, n, x, w, c, maxlen, step, t, ya, state, col, lab) {
    maxlen = 0
    for (i = 0; i < nrow; i++) {
        cp_label(rowtid[i])
        if (cp_len > maxlen) maxlen = cp_len
    }
    W = 820; RH = 22; Y0 = 68; X0 = 12 + 7 * maxlen; if (X0 < 60) X0 = 60
    PW = W - X0 - 14; ya = Y0 + nrow * RH; H = ya + 44
    svg_start(file, W, H, 12, sprintf("lockwait: critical path of the cache scenario (%.1f ms), one row per thread on it", seg_span / 1e6))
    split("work cs handoff wait", state, " "); split("#bbbbbb #d62728 #ff7f0e #1f77b4", col, " ")
    split("plain work|critical section|handoff|wait", lab, "|")
    for (i = 1; i <= 4; i++) {
        stcol[state[i]] = col[i]
        printf "<rect x=\"%d\" y=\"28\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%d\" y=\"38\">%s</text>\n", 4 + 150 * (i - 1), col[i], 20 + 150 * (i - 1), lab[i] > file
    }
    printf "<text class=\"axis\" x=\"4\" y=\"%d\" font-weight=\"bold\">thread</text>\n", Y0 - 6 > file
    for (i = 0; i < nrow; i++)
        printf "<text class=\"thread\" x=\"4\" y=\"%d\"><title>thread %s, tid %s</title>%s</text>\n", Y0 + i * RH + 14, xml(name_of("cache", rowtid[i])), rowtid[i], xml(cp_label(rowtid[i])) > file
    for (i = 1; i <= nseg; i++) {
        x = X0 + PW * seg_s[i] / seg_span
        w = PW * (seg_e[i] - seg_s[i]) / seg_span
        if (w < 0.5) w = 0.5
        c = (seg_state[i] in stcol) ? stcol[seg_state[i]] : stcol["work"]
        printf "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\"/>\n", x, Y0 + rowof[seg_tid[i]] * RH, w, RH - 4, c > file
    }
    # the time axis, ticks in ms
    printf "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#444444\"/>\n", X0, X0 + PW, ya, ya > file
    step = tick_step(seg_span / 1e6, 8)
    for (n = 0; n * step <= seg_span / 1e6 * 1.000001; n++) {
        x = X0 + PW * n * step * 1e6 / seg_span
        printf "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#444444\"/><text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n", x, x, ya, ya + 4, x, ya + 16, n * step > file
    }
    printf "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">time since the traced run started (ms)</text>\n", X0 + PW / 2, ya + 34 > file
    print "</svg>" > file
    close(file)
}
