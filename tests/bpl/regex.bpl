⍝⍝ •r: patterns compiled once, with Rust regex syntax and semantics (operators-and-system.md §19.2).
⍝⍝ Records do not exist yet (issue 16): `•r` gives its fields as a vector in the record's order
⍝⍝ (matches replace) and a matches table is (text position groups); these cases pick fields by
⍝⍝ position. Expectations are worked by hand and agree with Python's re, except where Rust's
⍝⍝ rules differ (noted).

⍝ regex:matches — each match's text, position and groups; replacement from the same pattern
p←•r "[0-9]+" ⋄ f←0⊃p ⋄ g←1⊃p ⋄ m←f "abc123def45"
[0⊃m;1⊃m;≢¨0⊃m;'#' g "abc123def45"]
⍝ =>
["123" "45";3 9;3 2;"abc#def#"]ₓ

⍝ regex:groups — captures exclude the whole match; absent captures are empty strings
f←0⊃•r "(a)?(b+)" ⋄ m←f "abbb b" ⋄ [0⊃m;1⊃m;2⊃m]
⍝ =>
[["abbb" "b"];[0 5]ₓ;[["a" "bbb"] ["" "b"]]]

⍝ regex:unicode — positions and lengths count characters, not UTF-8 bytes
f←0⊃•r "é|🐈+" ⋄ m←f "aé🐈🐈z" ⋄ [1⊃m;≢¨0⊃m]   ⍝ [1 2;1 2]ₓ

⍝ regex:empty — empty matches occur at character boundaries
f←0⊃•r "" ⋄ g←1⊃•r "" ⋄ [1⊃f "é🐈";'-' g "é🐈"]
⍝ =>
[0 1 2;"-é-🐈-"]ₓ

⍝ regex:empty-after-match — an empty match where the previous match ended is skipped (Rust; Python's re gives "xbxxcx")
g←1⊃•r "a*" ⋄ 'x' g "baaac"   ⍝ "xbxcx"

⍝ regex:nomatch — typed empty results and unchanged replacement
p←•r "(z)" ⋄ f←0⊃p ⋄ g←1⊃p ⋄ m←f "abc"
[0⊃m;1⊃m;2⊃m;'x' g "abc"]
⍝ =>
[0⍴⊂"";⍬ₓ;0⍴⊂,⊂"";"abc"]

⍝ regex:replacement — capture expansion by number and name, and a literal dollar
g←1⊃•r "(?P<word>[a-z]+)([0-9]+)" ⋄ "${word}:$2:$$" g "ab12 cd3"   ⍝ "ab:12:$ cd:3:$"

⍝ regex:replacement-swap — the spec's example
g←1⊃•r "([a-z]+)([0-9]+)" ⋄ "$2:$1" g "ab12 cd3"   ⍝ "12:ab 3:cd"

⍝ regex:replacement-longest-name — `$1a` names group "1a", which does not exist, so it expands to nothing; braces delimit
g←1⊃•r "(b)" ⋄ ["[$1a]" g "abc";"[${1}a]" g "abc";"$" g "abc";"${" g "abc"]   ⍝ "a[]c" "a[ba]c" "a$c" "a${c"

⍝ regex:replacement-whole — $0 is the whole match
g←1⊃•r "[0-9]+" ⋄ "<$0>" g "a1b22"   ⍝ "a<1>b<22>"

⍝ regex:case-flag — inline flags, and the matches of each text
f←0⊃•r "(?i)cat" ⋄ h←{≢0⊃f ⍵} ⋄ h¨"Cat cat" "dog"   ⍝ [2 0]ₓ

⍝ regex:map — a function of one string maps over an array of strings
f←0⊃•r "[a-z]" ⋄ m←f "ab" "c" ⋄ [0⊃0⊃m;1⊃1⊃m]   ⍝ ["a" "b"] [0]ₓ

⍝ regex:dollar-end — `$` matches only at the very end, not before a final newline (Rust; Python's re also matches before it)
f←0⊃•r "a$" ⋄ ≢0⊃f "a",•ucs 10   ⍝ 0ₓ

⍝ regex:unicode-classes — \w and \d are Unicode-aware
f←0⊃•r "\w+" ⋄ 0⊃f "héllo wörld"   ⍝ "héllo" "wörld"

⍝ regex:badpattern — compile errors are DOMAIN
•r "a(b"
⍝ error: DOMAIN ERROR

⍝ regex:lookaround — Rust regex syntax has no look-around
•r "(?=a)"
⍝ error: DOMAIN ERROR

⍝ regex:lookbehind — nor look-behind
•r "(?<!a)b"
⍝ error: DOMAIN ERROR

⍝ regex:backreference — nor backreferences
•r "(a)\1"
⍝ error: DOMAIN ERROR

⍝ regex:possessive — nor possessive quantifiers
•r "a++"
⍝ error: DOMAIN ERROR

⍝ regex:class-bracket — a ']' first in a class is literal
f←0⊃•r "[]a]+" ⋄ 0⊃f "x]a]y"   ⍝ ,⊂"]a]"

⍝ regex:class-quantifier — characters that would be look-around or possessive outside a class are literal inside one
f←0⊃•r "[(?=]+|[+]+" ⋄ 0⊃f "a(?=b++"   ⍝ "(?=" "++"

⍝ regex:pattern-text — the pattern must be text
•r 1 2
⍝ error: DOMAIN ERROR

⍝ regex:pattern-rank — a matrix pattern is RANK
•r 2 2⍴"ab"
⍝ error: RANK ERROR

⍝ regex:input — text required
f←0⊃•r 'a' ⋄ f 1 2
⍝ error: DOMAIN ERROR

⍝ regex:valence — replacement requires a left argument
g←1⊃•r 'a' ⋄ g "abc"
⍝ error: SYNTAX ERROR

⍝ regex:searchvalence — matching is monadic
f←0⊃•r 'a' ⋄ 'x' f "abc"
⍝ error: SYNTAX ERROR

⍝ regex:dyadic — •r itself is monadic
'a' •r "b"
⍝ error: SYNTAX ERROR
