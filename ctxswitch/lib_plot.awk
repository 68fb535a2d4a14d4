# ctxswitch/lib_plot.awk - the plot of ctxswitch/summary.awk,
# DIR/ctxswitch-indirect.svg: plot() draws the indirect-cost cells its input
# rules and replay_main kept of the main speed level (have, ind, lo, hi, sig,
# cbusy by cellkey(mode, D, access/stride); modes, sizes and combos in input
# order; the caches l2 and llc; size()). A library: functions only, loaded
# before summary.awk (summary_awk in common/lib.sh), after common/svg.awk
# (svg_start). POSIX awk.

# ---- the SVG plot: log2 D across, indirect ns (the tables' unit) on a log
# scale up, with the 95% interval as a vertical bar; significant positive
# costs only (a log scale has no place for the others: the caption says
# which cells it draws and names each one it leaves out, with the reason) ----
function px(d) { return X0 + (log(d) - lx0) / (lx1 - lx0 > 0 ? lx1 - lx0 : 1) * W }
function py(v) { return Y0 + H - (log(v) / LN10 - ly0) / (ly1 - ly0) * H }
# why_left(key): why a cell is not drawn ("" when it is)
function why_left(key) {
    return cbusy[key] ? "too busy" : !sig[key] ? "within the margin or unclear" : ind[key] <= 0 ? "below zero beyond the margin" : \
        !shown(key) ? "interval reaching 0" : ""
}
# caption_lines(): into cap[1..], the caption's lines: which cells are drawn,
# then each left-out cell by reason, as "mode access at D D ...", wrapped
# at about 120 characters; returns how many
function caption_lines(ndrawn, ncells,   r, reasons, i, c, j, key, item, line, k, sz, nl) {
    nl = 0
    cap[++nl] = sprintf("Drawn: %d of %d cells (mode, access, D), those whose cost lies beyond the margin and above 0; left out (in the table):%s", \
        ndrawn, ncells, ndrawn == ncells ? " none" : "")
    split("too busy|within the margin or unclear|below zero beyond the margin|interval reaching 0", reasons, "|")
    for (r = 1; r <= 4; r++) {
        k = 0
        for (key in have) if (why_left(key) == reasons[r]) k++
        if (!k) continue
        line = "  " reasons[r] " (" k "):"
        for (i = 1; i <= nm; i++)
            for (c = 1; c <= nc; c++) {
                sz = ""
                for (j = 1; j <= nd; j++) {
                    key = cellkey(modes[i], sizes[j], combos[c])
                    if ((key in have) && why_left(key) == reasons[r]) sz = sz " " size_label(sizes[j])
                }
                if (sz == "") continue
                item = modes[i] " " combos[c] " at" sz
                if (length(line) + length(item) > 118) { cap[++nl] = line; line = "    " item }
                else line = line (line ~ /:$/ ? " " : "; ") item
            }
        cap[++nl] = line
    }
    return nl
}
function size_label(d) { return d >= 1024 && d % 1024 == 0 ? d / 1024 "M" : d "K" }
function shown(key) { return (key in have) && !cbusy[key] && sig[key] && ind[key] > 0 && lo[key] != "NA" && lo[key] > 0 }
function plot(   svg, i, j, c, m, key, n, vlo, vhi, col, dash, path, prev, e, x, lab, note, ncells, ncap, height) {
    svg = csvdir "/ctxswitch-indirect.svg"
    X0 = 70; Y0 = 44; W = 540; H = 290; LN10 = log(10)
    lx0 = log(sizes[1]); lx1 = log(sizes[nd])
    split("#1f77b4 #d62728 #2ca02c #9467bd #ff7f0e #8c564b #e377c2 #17becf", pal, " ")
    n = ncells = 0
    for (i = 1; i <= nm; i++)
        for (j = 1; j <= nd; j++)
            for (c = 1; c <= nc; c++) {
                key = cellkey(modes[i], sizes[j], combos[c])
                if (!(key in have)) continue
                ncells++
                if (!shown(key)) continue
                if (n == 0 || lo[key] < vlo) vlo = lo[key]
                if (n == 0 || hi[key] > vhi) vhi = hi[key]
                n++
            }
    ncap = caption_lines(n, ncells)
    height = 420 + 14 * (ncap > 1 ? ncap - 1 : 0)
    ly0 = n ? int(log(vlo) / LN10 + 100) - 100 : -2
    ly1 = n ? 100 - int(-log(vhi) / LN10 + 100) : 2
    if (ly1 <= ly0) ly1 = ly0 + 1
    svg_start(svg, 800, height, 11, "ctxswitch: indirect cost of a context switch (cache refill) over the array size D")
    printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444\"/>\n", X0, Y0, W, H > svg
    for (e = ly0; e <= ly1; e++) {
        printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", X0, X0 + W, py(10 ^ e), py(10 ^ e) > svg
        printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", X0 - 4, py(10 ^ e) + 4, 10 ^ e > svg
    }
    for (j = 1; j <= nd; j++) {
        if (j > 1 && nd > 12 && j % 2 == 0 && j < nd) continue
        printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", px(sizes[j]), Y0 + H + 16,
            (sizes[j] >= 1024 && sizes[j] % 1024 == 0 ? sizes[j] / 1024 "M" : sizes[j] "K") > svg
    }
    printf "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">array size D per side (log scale)</text>\n", X0 + W / 2, Y0 + H + 34 > svg
    printf "<text class=\"axis\" x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">indirect cost, ns per switch (log scale)</text>\n",
        Y0 + H / 2, Y0 + H / 2 > svg
    # a cache level inside the sweep: a dotted line, named above the frame;
    # one beyond it: a note under the axis, so the two never meet
    lab = "L2"; note = ""
    for (i = 1; i <= 2; i++) {
        x = i == 1 ? l2 : llc
        if (x >= sizes[1] && x <= sizes[nd] && x > 0)
            printf "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#888\" stroke-dasharray=\"2,3\"/><text x=\"%.1f\" y=\"%d\" text-anchor=\"%s\" fill=\"#555\">%s</text>\n",
                px(x), px(x), Y0, Y0 + H, px(x), Y0 - 4 - 12 * (i - 1), (px(x) > X0 + W - 20 ? "end" : "middle"), lab > svg
        else if (x > sizes[nd])
            note = note (note == "" ? "" : " ") sprintf("%s (%s) is beyond the right edge.", lab, size(x))
        lab = "LLC"
    }
    if (note != "") printf "<text x=\"%d\" y=\"%d\" fill=\"#555\">%s</text>\n", X0, Y0 + H + 54, note > svg
    for (i = 1; i <= ncap; i++)
        printf "<text x=\"%d\" y=\"%d\" fill=\"#555\" xml:space=\"preserve\">%s</text>\n", 4, Y0 + H + 68 + 14 * (i - 1), cap[i] > svg
    n = 0
    for (i = 1; i <= nm; i++)
        for (c = 1; c <= nc; c++) {
            m = modes[i]
            if (!(cellkey(m, sizes[nd], combos[c]) in have) && !(cellkey(m, sizes[1], combos[c]) in have)) continue
            col = pal[(c - 1) % 8 + 1]; dash = m == "thread" ? " stroke-dasharray=\"6,3\"" : ""
            path = ""; prev = 0
            for (j = 1; j <= nd; j++) {
                key = cellkey(m, sizes[j], combos[c])
                if (shown(key)) {
                    path = path (prev ? " L" : " M") sprintf("%.1f %.1f", px(sizes[j]), py(ind[key]))
                    printf "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px(sizes[j]), px(sizes[j]),
                        py(lo[key]), py(hi[key]), col > svg
                    printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n", px(sizes[j]), py(ind[key]), col > svg
                    prev = 1
                } else prev = 0
            }
            if (path != "") printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s/>\n", substr(path, 2), col, dash > svg
            n++
            printf "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/><text x=\"%d\" y=\"%d\">%s %s</text>\n",
                X0 + W + 12, X0 + W + 36, Y0 + 14 * n, Y0 + 14 * n, col, dash, X0 + W + 40, Y0 + 14 * n + 4, m, combos[c] > svg
        }
    printf "<text x=\"%d\" y=\"%d\" fill=\"#555\">bars: 95%% intervals</text>\n", X0 + W + 12, Y0 + 14 * (n + 2) > svg
    printf "<text x=\"%d\" y=\"%d\" fill=\"#555\">dashed: threads</text>\n", X0 + W + 12, Y0 + 14 * (n + 3) > svg
    print "</svg>" > svg
    close(svg)
}
