# headline.awk - the part of results/summary.md that run.sh splices into
# README.md: a headline per experiment, so the front page stays short while
# summary.md keeps every table.
#
# Input: a summary.md, that is summary_head.awk's block, then one section per
# experiment, each starting with a "### " heading. The summaries wrap what
# belongs on the front page between a "<!-- headline:begin -->" line and a
# "<!-- headline:end -->" line (any number of such regions per section).
# Output, per section in input order: its "### " heading (none for the block
# before the first heading), then its regions without the markers, each
# trimmed of blank lines at its ends and followed by one blank line. A section
# that marks nothing (an older raw file's note, an experiment whose summary
# has no markers) gives its heading and its first paragraph instead.
# Links and images in summary.md are relative to its directory, results/;
# the headline goes into README.md one level up, so each relative link
# target gets linkdir (default "results/") in front.
# Deterministic: the same summary gives the same bytes.

BEGIN {
    BEGIN_MARK = "<!-- headline:begin -->"; END_MARK = "<!-- headline:end -->"
    if (linkdir == "") linkdir = "results/"
}

# line with linkdir before each relative "](target)" (not a URL, an
# absolute path or a #anchor of the same page)
function relink(line,   out, t) {
    out = ""
    while (match(line, /\]\([^)]*\)/)) {
        t = substr(line, RSTART + 2, RLENGTH - 3)
        out = out substr(line, 1, RSTART + 1) (t ~ /^([a-zA-Z][a-zA-Z0-9+.-]*:|\/|#)/ ? t : linkdir t) ")"
        line = substr(line, RSTART + RLENGTH)
    }
    return out line
}

function flush_region(   i, first, last) {
    first = 1; last = nbuf
    while (first <= last && buf[first] == "") first++
    while (last >= first && buf[last] == "") last--
    if (first <= last) {
        for (i = first; i <= last; i++) print buf[i]
        print ""
        marked = 1
    }
    nbuf = 0
}

# a section ends: one that marked nothing gives its first paragraph
function end_section(   i) {
    if (heading != "" && !marked && npara > 0) {
        for (i = 1; i <= npara; i++) print para[i]
        print ""
    }
    marked = 0; npara = 0; para_done = 0
}

$0 == BEGIN_MARK { inside = 1; nbuf = 0; next }
$0 == END_MARK { if (inside) flush_region(); inside = 0; next }
inside { buf[++nbuf] = relink($0); next }
/^### / {
    end_section()
    heading = $0
    print heading
    print ""
    next
}
# the first paragraph after a heading, for a section without markers
heading != "" && !para_done {
    if ($0 == "") { if (npara > 0) para_done = 1 }
    else para[++npara] = relink($0)
}
END {
    if (inside) flush_region()
    end_section()
}
