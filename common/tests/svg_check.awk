# svg_check.awk - what every plot the summaries draw must have, checked on
# one SVG as they write it; prints one line per problem, nothing when it is
# fine. Usage: awk -v maxw=830 -f common/tests/svg_check.awk FILE.svg
# Input: line 1 the root element <svg ... width="W" height="H" ...
# font-size="F">, line 2 its background; then elements, several to a line
# at times. Checks:
#   - width at most maxw (GitHub's page column is about 830 px: a wider
#     plot is scaled down and its text shrinks)
#   - an opaque background: line 2 a <rect> of the whole size with a colour
#     fill (without one the plot vanishes on a dark page)
#   - a title (<text id="title">) and labelled axes (two or more
#     <text class="axis">)
#   - every text that is not rotated inside the canvas, and no two of them
#     overlapping; a text's width is estimated at 0.55 em a character (more
#     than sans-serif's average, so the estimate errs on the safe side)

function attr(el, name,    s) {
    if (!match(el, " " name "=\"[^\"]*\"")) return ""
    s = substr(el, RSTART + length(name) + 3, RLENGTH - length(name) - 4)
    return s
}

# the characters a text element shows: nested <title> and tags dropped,
# entities and UTF-8 sequences counted as one
function shown(el,    s) {
    s = el
    gsub(/<title>[^<]*<\/title>/, "", s)
    sub(/^<text[^>]*>/, "", s); sub(/<\/text>$/, "", s)
    gsub(/<[^>]*>/, "", s)
    gsub(/&[a-z]+;/, "x", s)
    gsub(/[\200-\277]/, "", s)
    return length(s)
}

function problem(what) { print FILENAME ": " what; bad++ }

NR == 1 {
    W = attr($0, "width") + 0; H = attr($0, "height") + 0; FS0 = attr($0, "font-size") + 0
    if (W > maxw) problem("width " W " px is over " maxw " px")
    next
}
NR == 2 {
    if ($0 !~ /^<rect / || attr($0, "width") + 0 != W || attr($0, "height") + 0 != H || attr($0, "fill") !~ /^#[0-9a-fA-F]+$|^white$/)
        problem("no opaque background <rect> of " W "x" H " as its first element")
}
/<text id="title"/ { title = 1 }
{
    line = $0
    while (match(line, /<text[^>]*>([^<]|<title>[^<]*<\/title>)*<\/text>/)) {
        el = substr(line, RSTART, RLENGTH)
        line = substr(line, RSTART + RLENGTH)
        if (el ~ /class="axis"/) axes++
        if (el ~ /transform=/) continue
        fs = attr(el, "font-size"); fs = fs == "" ? FS0 : fs + 0
        w = shown(el) * 0.55 * fs
        x = attr(el, "x") + 0; y = attr(el, "y") + 0
        a = attr(el, "text-anchor")
        x0 = a == "end" ? x - w : a == "middle" ? x - w / 2 : x
        n++; tx0[n] = x0; tx1[n] = x0 + w; ty0[n] = y - 0.8 * fs; ty1[n] = y + 0.2 * fs; tt[n] = el
        if (x0 < 0 || x0 + w > W || y - 0.8 * fs < 0 || y > H) problem("text outside the canvas: " el)
    }
}
END {
    if (!title) problem("no title (<text id=\"title\">)")
    if (axes < 2) problem("axes not labelled (" axes + 0 " <text class=\"axis\">, want 2 or more)")
    for (i = 1; i <= n; i++)
        for (j = i + 1; j <= n; j++)
            if (tx0[i] < tx1[j] && tx0[j] < tx1[i] && ty0[i] < ty1[j] && ty0[j] < ty1[i])
                problem("texts overlap: " tt[i] " and " tt[j])
    exit (bad > 0)
}
