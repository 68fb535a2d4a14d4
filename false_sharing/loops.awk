# loops.awk - print the innermost loop of one function in an assembly
# listing (gcc or clang, x86-64 AT&T or arm64), for the tests that check
# what the measured loops execute.
# usage: awk -v fn=inc_store -f loops.awk false_sharing_O2.s
# Input: the listing. A function starts at the line "fn:" and ends at its
# ".size fn" directive. A loop is a label followed later in the function by
# a branch back to it; the shortest such label..branch run is printed,
# directives and comments left out.
$1 == fn ":" { infn = 1; n = 0; next }
infn && $1 == ".size" { infn = 0; done = 1 }
!infn { next }
{
    line = $0
    sub(/[#;@].*$/, "", line)        # comments (x86 #, arm64 ; or //)
    sub(/\/\/.*$/, "", line)
    if (line ~ /^[ \t]*\./ && line !~ /^[ \t]*\.?L[A-Za-z0-9_]*:/) next   # directives
    if (line ~ /^[ \t]*$/) next
    n++
    text[n] = line
    if (line ~ /^[ \t]*[.A-Za-z0-9_$]+:[ \t]*$/) {       # a label
        lab = line
        gsub(/[ \t:]/, "", lab)
        at[lab] = n
    }
}
END {
    if (!done) { print "loops.awk: function " fn " not found" > "/dev/stderr"; exit 2 }
    best = 0
    for (i = 1; i <= n; i++) {
        # a branch: the last field is a label seen earlier
        m = split(text[i], f, /[ \t,]+/)
        target = f[m]
        if ((target in at) && at[target] < i && (best == 0 || i - at[target] < bestlen)) {
            best = at[target]; bestlen = i - at[target]; bestend = i
        }
    }
    if (!best) { print "loops.awk: no loop in " fn > "/dev/stderr"; exit 3 }
    for (i = best + 1; i <= bestend; i++) {
        s = text[i]
        sub(/^[ \t]+/, "", s)
        print s
    }
}
