# svg.awk - how every plot the summaries draw opens: the root element, an
# opaque white background of its whole size (a plot without one vanishes on
# a dark page) and its title, the three things common/tests/svg_check.awk
# looks for on the first lines. A library: functions only; run.sh loads it
# before every summary program (summary_awk in common/lib.sh). POSIX awk.

# svg_start(file, w, h, font_size, title): the opening lines into file; the
# caller draws the rest and closes it with "</svg>"
function svg_start(file, w, h, font_size, title) {
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"%d\">\n", w, h, font_size > file
    printf "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", w, h > file
    printf "<text id=\"title\" x=\"4\" y=\"18\" font-size=\"13\">%s</text>\n", title > file
}
