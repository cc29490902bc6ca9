⍝⍝ Literals and values

⍝ skeleton:literal-number — a bare numeral is a weak float
3   ⍝ 3

⍝ skeleton:literal-high-minus — ¯ is part of the literal, - is a function
¯2+5   ⍝ 3

⍝ skeleton:literal-exponent — E with a negative exponent
1E¯3   ⍝ 0.001

⍝ skeleton:literal-leading-point — a mantissa may start with a point
¯.5×2   ⍝ ¯1

⍝ skeleton:literal-int-mark — an integral weak literal takes the ₓ kind of its partner (D3)
3ₓ+1   ⍝ 4ₓ

⍝ skeleton:literal-strand — literals separated by spaces form one vector
1 2 3≡[1 2 3]   ⍝ $t

⍝ skeleton:literal-char-strand — characters side by side make one string
'a' 'b' 'c'   ⍝ "abc"

⍝ skeleton:literal-string-quote — a double quote is written twice
≢"say ""hi"""   ⍝ 8ₓ

⍝ skeleton:literal-char-atom — a character is an atom
⍴'a'   ⍝ ⍬ₓ

⍝ skeleton:literal-one-char-string — "a" is a one-item vector
⍴"a"   ⍝ [1]ₓ

⍝ skeleton:literal-booleans — $t and $f are Booleans
$t∧$f   ⍝ $f

⍝ skeleton:literal-strand-of-strings — strings in a strand are items
≢"one" "three"   ⍝ 2ₓ

⍝⍝ Brackets and parentheses

⍝ skeleton:bracket-semicolon — with ; each item is read like top-level code
[1;2 3;4]   ⍝ [1 [2 3] 4]

⍝ skeleton:bracket-runs — without ; every space separates items
[1+2 3+4]   ⍝ 3 7

⍝ skeleton:bracket-rows — ⋄ makes rows of a matrix
[1 2 ⋄ 3 4]   ⍝ 2 2⍴1 2 3 4

⍝ skeleton:bracket-pad — shorter rows are padded with fill
[1 2 ⋄ [3]]   ⍝ 2 2⍴1 2 3 0

⍝ skeleton:bracket-unit-rows — unit rows are rank-0 cells
[1 ⋄ 2]   ⍝ 1 2

⍝ skeleton:bracket-one-item — a bracket list is always a vector
[1]≡,1   ⍝ $t

⍝ skeleton:bracket-empty — [] is ⍬
[]   ⍝ ⍬

⍝ skeleton:bracket-mark — a mark after ] covers the whole group
[1 0 1]ₓ≡1ₓ 0ₓ 1ₓ   ⍝ $t

⍝ skeleton:bracket-lines — a line break inside brackets separates rows
m←[1 2 3
   4 5 6] ⋄ ⍴m
⍝ =>
[2 3]ₓ

⍝ skeleton:paren-rows — parentheses with ⋄ write a vector of rows
(4 ⋄ 4 5)≡[[4] [4 5]]   ⍝ $t

⍝ skeleton:paren-group — parentheses group an expression
(1+2)×3   ⍝ 9

⍝ skeleton:paren-strand — a parenthesised strand matches its bracket form
(1 2)≡[1 2]   ⍝ $t

⍝⍝ Errors

⍝ skeleton:error-syntax-semicolon — ; at top level
1;2
⍝ error: SYNTAX ERROR

⍝ skeleton:error-syntax-unbalanced — an unclosed parenthesis
(1+2
⍝ error: SYNTAX ERROR

⍝ skeleton:error-syntax-point — a point needs a digit after it
2.
⍝ error: SYNTAX ERROR

⍝ skeleton:error-value-name — an undefined name
nosuchname+1
⍝ error: VALUE ERROR

⍝ skeleton:error-value-no-result — using no result as a value
1+{}0
⍝ error: VALUE ERROR

⍝ skeleton:error-domain-char — arithmetic on a character
1÷'a'
⍝ error: DOMAIN ERROR

⍝ skeleton:error-domain-chars — character plus character
'a'+'b'
⍝ error: DOMAIN ERROR

⍝ skeleton:error-length — vectors of different lengths do not agree
1 2+1 2 3
⍝ error: LENGTH ERROR

⍝ skeleton:error-length-leading — agreement is on leading axes
(2 3⍴0)+1 2 3
⍝ error: LENGTH ERROR

⍝ skeleton:error-rank-pick — more coordinates than axes
1 1⊃1 2
⍝ error: RANK ERROR

⍝ skeleton:error-rank-transpose — more axes named than the array has
3⍉0 1
⍝ error: RANK ERROR

⍝ skeleton:error-domain-reshape — a negative shape
¯1⍴2
⍝ error: DOMAIN ERROR

⍝ skeleton:error-domain-iota — a non-integer count
⍳2.5
⍝ error: DOMAIN ERROR

⍝ skeleton:error-domain-order-chars — order comparisons need real numbers
'a'<'b'
⍝ error: DOMAIN ERROR

⍝ skeleton:error-output-kept — output printed before an error is kept
⎕←7 ⋄ 1÷'a'
⍝ error: DOMAIN ERROR
⍝ ⎕: 7

⍝⍝ Display

⍝ skeleton:display-floats — a float vector is a strand
⎕←1 2.5 ¯3 ⋄ 0   ⍝ 0
⍝ ⎕: 1 2.5 ¯3

⍝ skeleton:display-int-vector — an ₓ vector prints in brackets with one mark
⎕←⍳3 ⋄ 0   ⍝ 0
⍝ ⎕: [0 1 2]ₓ

⍝ skeleton:display-int-atom — an ordinary integer atom carries its mark
⎕←3ₓ ⋄ 0   ⍝ 0
⍝ ⎕: 3ₓ

⍝ skeleton:display-float-range — plain inside [1E¯6,1E16], else an ₑ exponent
⎕←0.000001 1E¯7 1E16 1E17 ⋄ 0   ⍝ 0
⍝ ⎕: 0.000001 1ₑ¯7 10000000000000000 1ₑ17

⍝ skeleton:display-shortest — floats print in the shortest form that reads back
⎕←÷3 ⋄ 0   ⍝ 0
⍝ ⎕: 0.3333333333333333

⍝ skeleton:display-negative-zero — negative zero keeps its sign
⎕←¯0 ⋄ 0   ⍝ 0
⍝ ⎕: ¯0

⍝ skeleton:display-infinities — infinities print as ∞ and ¯∞
⎕←∞ ¯∞ ⋄ 0   ⍝ 0
⍝ ⎕: ∞ ¯∞

⍝ skeleton:display-booleans — Booleans print as $t and $f
⎕←1 2 1=1 ⋄ 0   ⍝ 0
⍝ ⎕: $t $f $t

⍝ skeleton:display-string — a character vector prints as its text
⎕←"abc" ⋄ 0   ⍝ 0
⍝ ⎕: abc

⍝ skeleton:display-char — a character atom prints quoted
⎕←'d' ⋄ 0   ⍝ 0
⍝ ⎕: 'd'

⍝ skeleton:display-strings — a vector of strings is a strand of quoted strings
⎕←"ab" "cd" ⋄ 0   ⍝ 0
⍝ ⎕: "ab" "cd"

⍝ skeleton:display-mixed — integers mixed with other kinds mark each item
⎕←1ₓ 0.5 ⋄ 0   ⍝ 0
⍝ ⎕: 1ₓ 0.5

⍝ skeleton:display-bracket — other vectors print in bracket notation
⎕←[1 2 "hi"] ⋄ 0   ⍝ 0
⍝ ⎕: [1 2 "hi"]

⍝ skeleton:display-one-item — a one-item vector prints in brackets
⎕←,5 ⋄ 0   ⍝ 0
⍝ ⎕: [5]

⍝ skeleton:display-rows — a vector of vectors prints as rows
⎕←[[1 2] [3 4 5]] ⋄ 0   ⍝ 0
⍝ ⎕: (1 2⋄3 4 5)

⍝ skeleton:display-scalar — a scalar prints as its enclosure
⎕←⊂7 ⋄ 0   ⍝ 0
⍝ ⎕: ⊂7

⍝ skeleton:display-empties — empty vectors by prototype
⎕←⍬ ⋄ ⎕←⍳0 ⋄ ⎕←"" ⋄ 0   ⍝ 0
⍝ ⎕: ⍬\n⍬ₓ\n""

⍝ skeleton:display-empty-matrix — an empty matrix prints its shape and fill
⎕←0 3⍴0 ⋄ 0   ⍝ 0
⍝ ⎕: 0 3⍴0

⍝ skeleton:display-matrix — a matrix prints one row per line
⎕←2 3⍴⍳6 ⋄ 0   ⍝ 0
⍝ ⎕: 0 1 2\n3 4 5

⍝ skeleton:display-matrix-align — numeric columns align on the decimal point
⎕←[1 12.3 ⋄ 123 4] ⋄ 0   ⍝ 0
⍝ ⎕:   1 12.3\n123  4  

⍝ skeleton:display-char-matrix — a character matrix prints as lines of text
⎕←2 3⍴"abcdef" ⋄ 0   ⍝ 0
⍝ ⎕: abc\ndef

⍝ skeleton:display-rank3 — planes are separated by a blank line
⎕←2 2 2⍴⍳8 ⋄ 0   ⍝ 0
⍝ ⎕: 0 1\n2 3\n\n4 5\n6 7

⍝ skeleton:display-functions — functions print as their source
⎕←[+ × ÷] ⋄ 0   ⍝ 0
⍝ ⎕: [+ × ÷]

⍝⍝ Dfns, guards and default ⍺

⍝ skeleton:dfn-monadic — ⍵ is the right argument
{⍵+1}2   ⍝ 3

⍝ skeleton:dfn-dyadic — ⍺ is the left argument
2{⍺×⍵}3   ⍝ 6

⍝ skeleton:dfn-last-statement — the last statement's value is the result
{1 ⋄ 2}0   ⍝ 2

⍝ skeleton:dfn-recursion — ∇ is the current dfn
{⍵=0?1;⍵×∇ ⍵-1}5   ⍝ 120

⍝ skeleton:dfn-local — assignment in a dfn makes a local
f←{x←⍵×2 ⋄ x+1} ⋄ f 3   ⍝ 7

⍝ skeleton:dfn-closure — a dfn reads names of its defining scope
a←10 ⋄ f←{a+⍵} ⋄ f 1   ⍝ 11

⍝ skeleton:dfn-no-result — an empty dfn returns no result
{}0   ⍝ {}0

⍝ skeleton:dfn-absent-alpha — a monadic call drops the absent ⍺
{⍺-⍵}3   ⍝ ¯3

⍝ skeleton:guard-true — a true predicate runs the rest of its body
{⍵<0?-⍵;⍵}¯3   ⍝ 3

⍝ skeleton:guard-false — a false predicate tries the next body
{⍵<0?-⍵;⍵}4   ⍝ 4

⍝ skeleton:guard-chain — several bodies with predicates
{a←⍵ ⋄ a>9?"big";a>0?"small";"none"}5   ⍝ "small"

⍝ skeleton:guard-all-fail — when every predicate fails
{⍵>0?1}¯1
⍝ error: DOMAIN ERROR

⍝ skeleton:guard-not-boolean — a predicate must be 0 or 1
{2?1;0}0
⍝ error: DOMAIN ERROR

⍝ skeleton:guard-length — a predicate must hold exactly one item
{1 1?1;0}0
⍝ error: LENGTH ERROR

⍝ skeleton:guard-missing — every body but the last needs a predicate
{1;2}0
⍝ error: SYNTAX ERROR

⍝ skeleton:default-alpha-unused — a default ⍺ is not evaluated when ⍺ is given
f←{⍺←1÷0 ⋄ ⍺+⍵} ⋄ 10 f 3   ⍝ 13

⍝ skeleton:default-alpha-used — a default ⍺ applies to a monadic call
f←{⍺←10 ⋄ ⍺+⍵} ⋄ f 3   ⍝ 13

⍝⍝ Trains

⍝ skeleton:train-fork — f g h is (f ⍵) g (h ⍵)
(+/÷≢) 2 4 9   ⍝ 5

⍝ skeleton:train-bound — a subject before the built part binds to it
f←32+1.8× ⋄ f 100   ⍝ 212

⍝ skeleton:train-dyadic — a dyadic fork with a subject on the left
2 (1-×) 5   ⍝ ¯9

⍝ skeleton:train-atop — a leftover function makes an atop
(-⌽) 1 2 3   ⍝ ¯3 ¯2 ¯1

⍝ skeleton:train-dyadic-fork — (⍺ f ⍵) g (⍺ h ⍵)
1 2 (+×-) 3 4   ⍝ ¯8 ¯12

⍝ skeleton:train-paren-function — a parenthesised function applies
(-)3   ⍝ ¯3

⍝⍝ Reduce, scan and each

⍝ skeleton:reduce-iota — sum of an ₓ vector stays ₓ
+/⍳10   ⍝ 45ₓ

⍝ skeleton:reduce-right-to-left — reduce evaluates right to left
-/1 2 3   ⍝ 2

⍝ skeleton:reduce-matrix — reduce runs along the last axis
+/2 3⍴⍳6   ⍝ [3 12]ₓ

⍝ skeleton:reduce-empty — an empty lane gives the identity
+/⍬   ⍝ 0

⍝ skeleton:reduce-empty-times — the identity of ×
×/⍬   ⍝ 1

⍝ skeleton:reduce-empty-dfn — a dfn has no identity
{⍺-⍵}/⍳0
⍝ error: DOMAIN ERROR

⍝ skeleton:reduce-seed — a seed in the same run
10-/1 2 3   ⍝ ¯8

⍝ skeleton:scan-minus — scan accumulates left to right
-\1 2 3   ⍝ 1 ¯1 ¯4

⍝ skeleton:scan-plus — running sums
+\1 2 3 4   ⍝ 1 3 6 10

⍝ skeleton:scan-dfn — scan results are items
{⍺,⍵}\1 2 3   ⍝ [1 [1 2] [1 2 3]]

⍝ skeleton:each-dfn — each calls its operand on every item
{⍵×2}¨1 2 3   ⍝ 2 4 6

⍝ skeleton:each-tally — each over strings
≢¨"ab" "cde"   ⍝ [2 3]ₓ

⍝ skeleton:each-scalar — each keeps the container
-¨⊂3   ⍝ ⊂¯3

⍝ skeleton:each-dyadic — dyadic each pairs items
1 2{⍺+⍵}¨10 20   ⍝ 11 22

⍝ skeleton:each-iota — each may give nested results
⍳¨2 3   ⍝ [[0 1] [0 1 2]]

⍝⍝ Assignment

⍝ skeleton:assign-name — a name keeps its value
a←3 ⋄ a+1   ⍝ 4

⍝ skeleton:assign-value — assignment returns its value
1+a←3   ⍝ 4

⍝ skeleton:assign-chain — assignments chain right to left
a←1+b←2 ⋄ [a b]   ⍝ 3 2

⍝ skeleton:assign-modified — modified assignment applies the function
a←1 ⋄ a+←3 ⋄ a   ⍝ 4

⍝ skeleton:assign-destructure — one value goes to every name
[c d]←5 ⋄ c d   ⍝ 5 5

⍝ skeleton:assign-destructure-rows — names take major cells
[top bottom]←2 3⍴⍳6 ⋄ bottom   ⍝ 3 4 5

⍝ skeleton:assign-value-semantics — arrays are values
a←1 2 ⋄ b←a ⋄ a←9 ⋄ b   ⍝ 1 2

⍝⍝ Scalar primitives

⍝ skeleton:prim-add — scalar extension
10+1 2 3   ⍝ 11 12 13

⍝ skeleton:prim-subtract — subtract
10-1 2 3   ⍝ 9 8 7

⍝ skeleton:prim-negate — negate
-3   ⍝ ¯3

⍝ skeleton:prim-direction — monadic × of floats gives ₓ
×¯2.5 0 ∞   ⍝ [¯1 0 1]ₓ

⍝ skeleton:prim-multiply-int — integers multiply to integers
2ₓ×[1 2 3]ₓ   ⍝ [2 4 6]ₓ

⍝ skeleton:prim-reciprocal — ÷ of a weak float divides as floats
÷4   ⍝ 0.25

⍝ skeleton:prim-divide-int — integer ÷ floors
7ₓ÷2ₓ   ⍝ 3ₓ

⍝ skeleton:prim-divide-int-negative — floor division rounds down
¯7ₓ÷2ₓ   ⍝ ¯4ₓ

⍝ skeleton:prim-divide-zero — a float divided by zero is infinite
1÷0   ⍝ ∞

⍝ skeleton:prim-floor — floor of floats gives ₓ
⌊1.8 ¯1.8   ⍝ [1 ¯2]ₓ

⍝ skeleton:prim-ceiling — ceiling of floats gives ₓ
⌈¯2.3 0.1 3   ⍝ [¯2 1 3]ₓ

⍝ skeleton:prim-min-max — minimum and maximum
(3⌊1 5),3⌈1 5   ⍝ 1 3 3 5

⍝ skeleton:prim-residue — residue takes the sign of the left argument
3|¯1 0 1 4   ⍝ 2 0 1 1

⍝ skeleton:prim-magnitude — magnitude
|¯3 0 2.5   ⍝ 3 0 2.5

⍝ skeleton:prim-power — power
2 ¯2 0*3 3 0   ⍝ 8 ¯8 1

⍝ skeleton:prim-power-int — an integer power stays an integer
2ₓ*10ₓ   ⍝ 1024ₓ

⍝ skeleton:prim-exp — exponential of 0
*0   ⍝ 1

⍝ skeleton:prim-log — logarithm with a base
2⍟8   ⍝ 3

⍝ skeleton:prim-log-zero — the natural log of 0
⍟0   ⍝ ¯∞

⍝ skeleton:prim-equal — equality gives Booleans
1 2 3=2   ⍝ $f $t $f

⍝ skeleton:prim-equal-chars — characters compare
"abc"='b'   ⍝ $f $t $f

⍝ skeleton:prim-equal-tolerant — equality is tolerant for floats
0.3=0.1+0.2   ⍝ $t

⍝ skeleton:prim-not-equal — not equal
1 2 3≠2   ⍝ $t $f $t

⍝ skeleton:prim-less — less
1 2 3<2   ⍝ $t $f $f

⍝ skeleton:prim-less-equal — less or equal
1 2 3≤2   ⍝ $t $t $f

⍝ skeleton:prim-greater — greater
3>1 2 3 4 5   ⍝ $t $t $f $f $f

⍝ skeleton:prim-greater-equal — greater or equal
1 2 3≥2   ⍝ $f $t $t

⍝ skeleton:prim-not — not of 0 and 1
~0 1   ⍝ $t $f

⍝ skeleton:prim-and-or-booleans — ∧ and ∨ on Booleans
($t $t $f∧$t $f $f),$t $f $f∨$f $f $t   ⍝ $t $f $f $t $f $t

⍝ skeleton:prim-gcd-lcm — ∨ is GCD and ∧ is LCM on integers
(12ₓ∨18ₓ),4ₓ∧6ₓ   ⍝ [6 12]ₓ

⍝ skeleton:prim-agreement — leading-axis agreement
[1 2 3⋄4 5 6]+10 20   ⍝ [11 12 13⋄24 25 26]

⍝ skeleton:prim-scalar-container — arithmetic keeps a scalar container
(⊂3)+4   ⍝ ⊂7

⍝⍝ Structural primitives

⍝ skeleton:prim-iota — ⍳ gives ₓ (D3)
⍳4   ⍝ [0 1 2 3]ₓ

⍝ skeleton:prim-shape — shape of a matrix
⍴2 3⍴0   ⍝ [2 3]ₓ

⍝ skeleton:prim-reshape-cycle — reshape cycles its items
2 3⍴1 2   ⍝ [1 2 1⋄2 1 2]

⍝ skeleton:prim-reshape-fill — an empty argument supplies fill
3⍴""   ⍝ "   "

⍝ skeleton:prim-reshape-scalar — an empty shape gives a scalar
⍬⍴1 2   ⍝ ⊂1

⍝ skeleton:prim-catenate — catenate vectors
1 2,3 4   ⍝ 1 2 3 4

⍝ skeleton:prim-catenate-matrix — catenate along the last axis
[1 2 3⋄4 5 6],8 9   ⍝ [1 2 3 8⋄4 5 6 9]

⍝ skeleton:prim-ravel — ravel of an atom is a one-item vector
,7   ⍝ [7]

⍝ skeleton:prim-tally — tally counts major cells
≢2 3⍴0   ⍝ 2ₓ

⍝ skeleton:prim-tally-atom — an atom has one major cell
≢42   ⍝ 1ₓ

⍝ skeleton:prim-depth — depth of a nested vector
≡[1 [2 3]]   ⍝ 2ₓ

⍝ skeleton:prim-match — match compares across kinds
1ₓ≡1   ⍝ $t

⍝ skeleton:prim-match-empty — empty arrays match only with the same prototype type
⍬≡""   ⍝ $f

⍝ skeleton:prim-enclose — enclosing always adds a layer
3≡⊂3   ⍝ $f

⍝ skeleton:prim-enclose-depth — depth of a twice-enclosed atom
≡⊂⊂3   ⍝ 2ₓ

⍝ skeleton:prim-mix — mix pads with fill
⊃[[1 2] [3 4 5]]   ⍝ [1 2 0⋄3 4 5]

⍝ skeleton:prim-pick — pick a major cell
1⊃2 3⍴⍳6   ⍝ [3 4 5]ₓ

⍝ skeleton:prim-pick-item — a coordinate per axis gives the item
1 1⊃2 3⍴⍳6   ⍝ 4ₓ

⍝ skeleton:prim-pick-nested — chained picks descend
0⊃1⊃[[1 2] [3 4]]   ⍝ 3

⍝ skeleton:prim-first — first of a nested vector
↑[[1 2] [3 4 5]]   ⍝ 1 2

⍝ skeleton:prim-first-scalar — first of a scalar is its content
↑⊂7   ⍝ 7

⍝ skeleton:prim-take — overtake pads with fill
4↑1 2   ⍝ 1 2 0 0

⍝ skeleton:prim-take-negative — a negative count takes from the end
¯4↑1 2   ⍝ 0 0 1 2

⍝ skeleton:prim-take-matrix — take along two axes
1 2↑2 3⍴⍳6   ⍝ [0 1⋄]

⍝ skeleton:prim-drop — drop leading items
1↓1 2 3   ⍝ 2 3

⍝ skeleton:prim-drop-matrix — drop rows and trailing columns
1 ¯1↓[1 2 3⋄4 5 6]   ⍝ [4 5⋄]

⍝ skeleton:prim-split — split nests the rows
↓2 3⍴⍳6   ⍝ [[0 1 2] [3 4 5]]

⍝ skeleton:prim-reverse — reverse
⌽1 2 3   ⍝ 3 2 1

⍝ skeleton:prim-rotate — rotate left
1⌽"abcd"   ⍝ "bcda"

⍝ skeleton:prim-rotate-negative — rotate right
¯1⌽"abcd"   ⍝ "dabc"

⍝ skeleton:prim-transpose — transpose a matrix
⍉2 3⍴⍳6   ⍝ [0 3⋄1 4⋄2 5]

⍝ skeleton:prim-transpose-axes — dyadic transpose reorders axes
⍴1⍉2 3 4⍴⍳24   ⍝ [3 2 4]ₓ

⍝⍝ Self-classify

⍝ skeleton:self-classify — one row per distinct item, in order of first appearance
=1 1 2 3 1   ⍝ [1 1 0 0 1⋄0 0 1 0 0⋄0 0 0 1 0]

⍝ skeleton:self-classify-cells — major cells are the items: rows 0 and 2 match
=[1 2⋄3 4⋄1 2]   ⍝ [$t $f $t⋄$f $t $f]

⍝ skeleton:self-classify-atom — an atom is one item
⍴=7   ⍝ 1 1

⍝ skeleton:self-classify-empty — no items, no rows
⍴=⍬   ⍝ 0 0

⍝⍝ Seeded scans

⍝ skeleton:scan-seed — the seed is the accumulator before the first item, not in the result
10-\1 2 3   ⍝ 9 7 4

⍝ skeleton:scan-seed-nested — a vector seed makes vector items
(,10)+\1 2 3   ⍝ [,11 ,13 ,16]

⍝ skeleton:scan-seed-rows — every row starts from the whole seed
0 100+\2 2⍴1 2 3 4   ⍝ [[1 101] [3 103]⋄[3 103] [7 107]]

⍝ skeleton:scan-seed-atom — a seeded scan of an atom applies once
2+\5   ⍝ 7

⍝ skeleton:scan-seed-empty — an empty lane calls nothing
10 20+\2 0⍴0   ⍝ 2 0⍴0

⍝ skeleton:scan-seed-dfn — dfns take a seed too
0{⍺+2×⍵}\1 2 3   ⍝ 2 6 12

⍝⍝ One-item reductions and length-1 contraction axes

⍝ skeleton:reduce-one-item — a one-item lane returns its item without a call, keeping its kind
+/,$t   ⍝ $t

⍝ skeleton:reduce-one-item-rows — per row too
+/2 1⍴$t $f   ⍝ $t $f

⍝ skeleton:inner-extend-left — a length-1 contraction axis extends
(,2)+.×1 2 3   ⍝ 12

⍝ skeleton:inner-extend-right — on either side
1 2 3+.×,2   ⍝ 12

⍝ skeleton:inner-length — other unequal lengths are a LENGTH ERROR
1 2+.×1 2 3
⍝ error: LENGTH ERROR

⍝ skeleton:inner-atoms — two atoms contract as one-item axes
7+.=7   ⍝ $t

⍝ skeleton:reduce-empty-nested — an empty lane of nested items gives the identity in the items' shape
+/0⍴[[1 2] [3 4]]   ⍝ 0 0

⍝ skeleton:reduce-empty-nested-min — any primitive with an identity
⌊/0⍴[[1 2] [3 4]]   ⍝ ∞ ∞

⍝ skeleton:outer-atoms — two atoms call the function directly (no enclosing)
5 +⊗ 5   ⍝ 10

⍝ skeleton:outer-atoms-join — so a join of two atoms is a vector
1,⊗2   ⍝ 1 2

⍝⍝ Empty frames: one call on prototypes (operators-and-system.md §3.3)

⍝ skeleton:empty-rank-dyadic — dyadic rank with an empty frame learns its cell from prototype cells
[⍴(0 3⍴0)(+⍤1)0 3⍴0;⍴(2 0⍴0)(,⍤0)2 0⍴0;⍴(1 0⍴0ₓ)+⍤0(2 1⍴0ₓ)]   ⍝ [[0 3]ₓ;[2 0 2]ₓ;[2 0]ₓ]

⍝ skeleton:empty-failing-prototype — a failing call on prototypes gives an empty result with prototype 0
[{⍵÷'a'}¨⍬;1{⍺÷'a'}¨⍬;⍬({⍺√⍵}⍤0)⍬;≢{'a'+⍵}⊗⍨⍬]   ⍝ [⍬;⍬;⍬;0ₓ]

⍝ skeleton:empty-prototype-kind — a succeeding call on prototypes gives the result's prototype
[↑{'x'}¨⍬;{⍵,⍵}¨0⍴⊂1 2]   ⍝ [' ';0⍴⊂0 0 0 0]

⍝ skeleton:empty-prototype-pick — during the call on prototypes ⊃ out of range gives fill; elsewhere it is an error
[{100⊃"abc"}¨⍬;{⍵⊃1 2}¨0⍴⊂7]   ⍝ ["";⍬]

⍝ skeleton:pick-out-of-range — outside prototype calls an out-of-range pick is still an INDEX ERROR
100⊃"abc"
⍝ error: INDEX ERROR

⍝ skeleton:each-no-result — in Each, outer product and Rank a call with no result gives ⍬
[{}¨1 2;≢¨1 2{}⊗1 2 3;⍴({}⍤0) 1 2;{⍵=2?;⍵}¨1 2 3]   ⍝ [⍬ ⍬;2 3⍴0ₓ;[2 0]ₓ;1 ⍬ 3]

⍝ squad:choose — one index item whose items are whole coordinates picks those items
(⊂[[2 3] [0 0] [¯1 0]])⌷3 4⍴⍳12   ⍝ [11 0 8]ₓ

⍝ squad:choose-shape — the result takes the coordinates' array shape
[(2 1⍴[[0 1] [1 0]])]⌷[1 2⋄3 4]   ⍝ 2 1⍴2 3

⍝ squad:choose-range —
(⊂[[0 0] [3 0]])⌷3 4⍴⍳12
⍝ error: INDEX ERROR
