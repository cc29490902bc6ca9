⍝⍝ D⍕Y and W D⍕Y (functions.md §10.1)

⍝ format:decimals — D decimal places, each field led by a space
2⍕3.125   ⍝ " 3.13"

⍝ format:width — W D: a field of width W, right-aligned
6 2⍕3.125   ⍝ "  3.13"

⍝ format:exponent — a negative D gives |D| significant digits in exponent form
¯2⍕1234.5   ⍝ " 1.2ₑ3"

⍝ format:half-up-boundary — 0.005 to 2 places rounds away from zero to the first place shown
2⍕0.005 0.004   ⍝ " 0.01 0.00"

⍝ format:carry — rounding carries into a new digit
1⍕9.96   ⍝ " 10.0"

⍝ format:exponent-carry — a carry in exponent form moves the exponent
¯1⍕9.6 ¯0.096   ⍝ " 1ₑ1 ¯1ₑ¯1"

⍝ format:overflow — a number that does not fit its field is stars
3 1⍕100 1   ⍝ "***1.0"

⍝ format:negative-zero — a negative number that rounds to zero keeps the sign's space, not the sign
0⍕¯0.4   ⍝ "  0"

⍝ format:matrix — a matrix keeps its rows; the last axis holds the fields
⍴2⍕2 3⍴1   ⍝ 2 15

⍝ format:integers — integers format like floats
1⍕[1 ¯2]ₓ   ⍝ " 1.0 ¯2.0"

⍝ format:complex — a complex number has no fixed form
1⍕1j2
⍝ error: DOMAIN ERROR

⍝ format:spec-length — one W D pair per column, or one for all
1 2 3⍕1 2
⍝ error: LENGTH ERROR
