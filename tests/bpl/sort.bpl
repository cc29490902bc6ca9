⍝⍝ ⍋ ⍒ < > on every kind, short and long (functions.md §5; structural order of §0.7)

⍝ sort:nan-last — NaN after every number, ∞ included; NaNs tie and keep their order
⍋3 $n ¯∞ ∞ $n ¯2   ⍝ [2 5 0 3 1 4]ₓ

⍝ sort:nan-first-down — descending puts NaN first; ties stay in order
⍒3 $n ¯∞ ∞ $n 3   ⍝ [1 4 3 0 5 2]ₓ

⍝ sort:negative-zero — ¯0 equals 0: a tie, graded in order both ways
[⍋0 ¯0 0 ¯1;⍒0 ¯0 0 ¯1]   ⍝ [[3 0 1 2]ₓ;[0 1 2 3]ₓ]

⍝ sort:negative-zero-kept — sort moves ¯0 with its place among the zeros
[<1 0 ¯0 ¯1;>¯0 1 0]   ⍝ [¯1 0 ¯0 1;1 ¯0 0]

⍝ sort:negative-zero-long — past the radix threshold too: ÷ shows each zero's sign
x←1200⍴¯0 0 1
[(÷800↑<x)≡800⍴¯∞ ∞;(÷400↓>x)≡800⍴¯∞ ∞]   ⍝ $t $t

⍝ sort:no-tolerance — grade compares exactly: 1 and 1+1E¯15 are distinct
⍋(1+1E¯15),1   ⍝ [1 0]ₓ

⍝ sort:long — 1000 items past the radix threshold: ⍒ of a descending run is the identity, < of a shuffle is ⍳
[(⍒⌽⍳1000)≡⍳1000;(<1000¿1000)≡⍳1000;(>1000¿1000)≡⌽⍳1000]   ⍝ $t $t $t

⍝ sort:long-float — a long float sort is ascending and a permutation; the grade sorts it too
x←(2000⍴¯1.5 $n 0 ¯0 ∞ 2.25)×2000⍴1 ¯1 1
[(<x)≡x.[⍋x];(>x)≡x.[⍒x];+/(1↓y)<¯1↓y←1998↑<x]   ⍝ $t $t 0

⍝ sort:float32 — float32 sorts by value
<3.5ₛ ¯1ₛ 0ₛ   ⍝ ¯1ₛ 0ₛ 3.5ₛ

⍝ sort:float16 — float16 grades by value
⍋3ₕ ¯1ₕ 0.5ₕ 2ₕ   ⍝ [1 2 3 0]ₓ

⍝ sort:small-ints — fixed-width integers, extremes included
<127ₓ₁ ¯128ₓ₁ 0ₓ₁ ¯1ₓ₁   ⍝ ¯128ₓ₁ ¯1ₓ₁ 0ₓ₁ 127ₓ₁

⍝ sort:chars — characters by code point
>"banana"   ⍝ "nnbaaa"

⍝ sort:rows — rows order lexicographically; sort keeps each row whole
>[1 2⋄1 3⋄0 9]   ⍝ [1 3⋄1 2⋄0 9]

⍝ sort:complex — complex by real part, then imaginary part
<1j2 1j¯1 0j5   ⍝ 0j5 1j¯1 1j2
