# comments.awk - split C source into its comments and its code, for
# comments.sh. Input: C files (awk -v mode=... file...). mode=comments
# prints "FILE:LINE:TEXT" for each line of comment text; mode=code prints
# "FILE:LINE:TEXT" for each line with its comments and string literals
# blanked. Character constants and strings are skipped, so a "/*" inside
# one opens nothing. Deterministic: one pass, no arrays kept across files.
FNR == 1 { incom = 0 }
{
  line = $0; com = ""; code = ""; i = 1; n = length(line)
  while (i <= n) {
    c = substr(line, i, 1); d = substr(line, i, 2)
    if (incom) {
      if (d == "*/") { incom = 0; i += 2; code = code "  "; continue }
      com = com c; i++; continue
    }
    if (d == "/*") { incom = 1; i += 2; com = com " "; continue }
    if (d == "//") { com = com " " substr(line, i + 2); break }
    if (c == "\"" || c == "'") { # a literal: skipped whole (escapes included)
      q = c; code = code q; i++
      while (i <= n && substr(line, i, 1) != q) { if (substr(line, i, 1) == "\\") i++; i++ }
      code = code q; i++; continue
    }
    code = code c; i++
  }
  if (mode == "comments" && com ~ /[^ \t*]/) print FILENAME ":" FNR ":" com
  if (mode == "code") print FILENAME ":" FNR ":" code
}
