⍝⍝ Exact numbers (ᵣ): literals, arithmetic, joins, comparison, display (language.md §2.4, §10).
⍝⍝ Expectations are computed with Python's fractions module, never taken from our output.

⍝ exact:literal-canonical — a rational literal is kept in lowest terms
2r4   ⍝ 1r2

⍝ exact:literal-negative-denominator — the sign moves to the numerator
1r¯2   ⍝ ¯1r2

⍝ exact:literal-whole — an integer with ᵣ is an exact integer
5ᵣ   ⍝ 5ᵣ

⍝ exact:literal-subscript-form — 1ᵣ3 is 1r3
1ᵣ3≡1r3   ⍝ $t

⍝ exact:literal-zero-denominator — literal zero denominator
1r0
⍝ error: DOMAIN ERROR

⍝ exact:literal-zero-over-zero — literal zero over zero
0r0
⍝ error: DOMAIN ERROR

⍝ exact:literal-fraction-part — parts must be integers
1r2.5
⍝ error: SYNTAX ERROR

⍝ exact:literal-mark-after — an exact number takes no further mark
1r2ₓ
⍝ error: SYNTAX ERROR

⍝ exact:literal-complex — a complex part cannot be rational
1r2j3
⍝ error: SYNTAX ERROR

⍝ exact:literal-big — unbounded integers
2ᵣ*100   ⍝ 1267650600228229401496703205376ᵣ

⍝⍝ Arithmetic

⍝ exact:add — sums stay exact
1r3+1r6   ⍝ 1r2

⍝ exact:times-integer — an ₓ partner joins into the exact domain
1r3×3ₓ   ⍝ 1ᵣ

⍝ exact:weak-integral-literal — an integral weak literal stays exact (D3)
1r3+1   ⍝ 4r3

⍝ exact:float-partner — a float partner makes a float
1r4+0.5   ⍝ 0.75

⍝ exact:float-partner-kind — float partner kind
•storage 1r4+0.5   ⍝ "float64"

⍝ exact:divide — ÷ divides exactly
1r3÷2r3   ⍝ 1r2

⍝ exact:divide-zero — divide zero
1r3÷0ᵣ
⍝ error: DOMAIN ERROR

⍝ exact:reciprocal — reciprocal
÷3r4   ⍝ 4r3

⍝ exact:residue — residue
2r3|7r3   ⍝ 1r3

⍝ exact:residue-negative-left — the result takes the left argument's sign
¯2r3|7r3   ⍝ ¯1r3

⍝ exact:floor-ceiling — whole exact results
(⌊¯7r3),⌈¯7r3   ⍝ ¯3ᵣ ¯2ᵣ

⍝ exact:direction — direction
×¯2r3   ⍝ ¯1ᵣ

⍝ exact:power-integral — an integral exponent stays exact
1r2*¯3   ⍝ 8ᵣ

⍝ exact:sqrt-square — perfect squares stay exact
√1r9   ⍝ 1r3

⍝ exact:sqrt-other — other roots are floats
√2ᵣ   ⍝ 1.4142135623730951

⍝ exact:root — X√Y with an exact root
¯3ᵣ√¯8ᵣ   ⍝ ¯1r2

⍝ exact:gcd-lcm — rational gcd and lcm
(1r2∨1r3),1r2∧1r3   ⍝ 1r6 1ᵣ

⍝ exact:double — ⊽ doubles exactly
⊽1r3   ⍝ 2r3

⍝ exact:array-pervasion — an exact atom with an integer vector
1r3+[1 2]ₓ   ⍝ 4r3 7r3

⍝ exact:complex-partner — a complex partner makes a complex
1r2+1j2   ⍝ 1.5j2

⍝ exact:max-infinity — ⌈ picks an operand as it is
¯∞⌈1r3   ⍝ 1r3

⍝ exact:min-float — min float
1r3⌊0.25   ⍝ 0.25

⍝ exact:char-minus — a character moves by a whole exact number
'd'-3r1   ⍝ 'a'

⍝ exact:char-fraction — char fraction
'a'+1r2
⍝ error: DOMAIN ERROR

⍝⍝ Comparison

⍝ exact:equal-exact — exact comparison of exact numbers
1ₓ=1000000000000001r1000000000000000   ⍝ $f

⍝ exact:equal-literal — a literal is approximate: tolerant
1=1000000000000001r1000000000000000   ⍝ $t

⍝ exact:equal-float — tolerant against a float
1r3=1÷3   ⍝ $t

⍝ exact:less — less
1r3<1r2   ⍝ $t

⍝ exact:index-of — search on exact values applies no tolerance
(⍳3ₓ)⍳1000000000000001r1000000000000000   ⍝ 3ₓ

⍝ exact:member — member
2r3∊1r3 2r3   ⍝ $t

⍝⍝ Storage, display, conversion

⍝ exact:storage-atom — storage atom
•storage 1r3   ⍝ "rational"

⍝ exact:storage-array — exact arrays are boxed
•storage 1r3 2r3   ⍝ "mixed"

⍝ exact:format — ⍕ writes ᵣ
⍕¯2r3 5ᵣ   ⍝ "¯2ᵣ3 5ᵣ"

⍝ exact:format-read-back — format read back
(⍎⍕1r3)≡1r3   ⍝ $t

⍝ exact:float — •float rounds to the nearest float
•float 1r3   ⍝ 0.3333333333333333

⍝⍝ The ᵣ mark on values

⍝ exact:mark-float — a trailing ᵣ converts a float exactly from its stored bits
0.1ᵣ   ⍝ 3602879701896397r36028797018963968

⍝ exact:mark-group — a mark after a group converts its literals
(1 2.5)ᵣ   ⍝ 1ᵣ 5r2

⍝ exact:mark-group-digits — integers keep every digit
[9007199254740993 1]ᵣ-1   ⍝ 9007199254740992ᵣ 0ᵣ

⍝ exact:mark-infinity — ∞ has no exact value
[1.5 ∞]ᵣ
⍝ error: DOMAIN ERROR

⍝ exact:mark-empty — an empty exact vector is boxed
•storage ⍬ᵣ   ⍝ "mixed"

⍝ exact:mark-fraction-syntax — a float with a rational part is malformed
0.1ᵣ3
⍝ error: SYNTAX ERROR

⍝ exact:parts — ∨Y of an exact number: itself and an exact zero imaginary part
∨1r3   ⍝ 1r3 0ᵣ

⍝ exact:magnitude-phase — ∧Y: the exact magnitude, a float phase
∧¯1r3   ⍝ 1r3 3.141592653589793

⍝ exact:decode-digits — ⊥ with exact digits sums exactly
2⊥1r3 1   ⍝ 5r3

⍝ exact:decode-base — ⊥ with an exact base
1r2⊥1 1 1   ⍝ 7r4

⍝ exact:parts-trailing-axis — ∨ on a vector of exact numbers puts the parts on a trailing axis
[⍴∨1r3 2r3;0⌷∨1r3 2r3]   ⍝ [2 2;1r3 0]
