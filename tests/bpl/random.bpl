⍝⍝ Roll and deal (functions.md §2.16): draws from the session generator (decisions.md D20).
⍝⍝ Draws are random, so each case checks a property that holds for every draw, never a value;
⍝⍝ expectations are worked from the spec by hand.

⍝ roll:range — ¿N gives whole numbers in ⍳N
x←¿1000⍴6 ⋄ ∧/(x≥0)∧(x<6)∧x=⌊x   ⍝ $t

⍝ roll:every-face — a thousand rolls of a die show every face (missing one has odds 6×(5÷6)*1000)
(⍳6)≡<∪¿1000⍴6   ⍝ $t

⍝ roll:one — ¿1 has one possible result
¿1 1 1   ⍝ 0 0 0

⍝ roll:zero — ¿0 is a float strictly between 0 and 1
x←¿1000⍴0 ⋄ ∧/(0<x)∧x<1   ⍝ $t

⍝ roll:zero-integer-bound — ¿0 is a float even for an integer bound, so the result is float64
•storage¨[¿0ₓ;¿3ₓ 0ₓ;¿3ₓ 4ₓ]   ⍝ "float64" "float64" "integer"

⍝ roll:mixed-bounds — each bound gives its own kind of draw
x←¿3ₓ 0ₓ ⋄ [(↑x)∊0 1 2;(1⊃x)<1;(1⊃x)>0]   ⍝ $t $t $t

⍝ roll:kinds — the result's kind follows the bound's
•storage¨[¿9;¿9ₓ;¿9ₛ;¿9ₕ;¿100⍴9ₓ]   ⍝ "float64" "integer" "float32" "float16" "integer"

⍝ roll:float-bound — a float bound gives whole-valued floats
x←¿100⍴1E10 ⋄ [∧/x=⌊x;∧/x<1E10;•storage x]   ⍝ $t $t "float64"

⍝ roll:tolerant-bound — a bound within comparison tolerance of an integer counts as it
(¿3.0000000000000004)∊0 1 2   ⍝ $t

⍝ roll:shape — the result has the bound's shape
⍴¿2 3⍴6   ⍝ [2 3]ₓ

⍝ roll:pending-bound — the bound may itself be pending work
∧/(¿1+⍳100)≤⍳100   ⍝ $t

⍝ roll:repeat-read — one draw read twice is the same draw
x←¿1000⍴1000 ⋄ x≡x   ⍝ $t

⍝ roll:fresh-draws — two calls draw different streams
(¿1000⍴1000)≡¿1000⍴1000   ⍝ $f

⍝ roll:nested — roll pervades through nested arrays
x←¿[6;10 10 10;2 2⍴3] ⋄ [(↑x)<6;∧/(1⊃x)<10;⍴2⊃x]   ⍝ [$t;$t;[2 2]ₓ]

⍝ roll:nested-empty — an empty nested argument keeps its prototype: nothing is drawn
↑¿0⍴⊂[1 2]ₓ   ⍝ [0 0]ₓ

⍝ roll:empty — an empty bound gives an empty result of its kind and shape
[(0⍴0ₓ)≡¿0⍴5ₓ;⍴¿0 3⍴6]   ⍝ $t [0 3]ₓ

⍝ roll:each-empty — Each over an empty argument
⍴¿¨0⍴⊂6   ⍝ [0]ₓ

⍝ roll:each — Each rolls item by item
x←¿¨3 3 3 ⋄ [≢x;∧/x<3]   ⍝ 3ₓ $t

⍝ roll:exact — an exact bound gives an exact whole number
x←¿5ᵣ ⋄ [•storage x;x<5;x=⌊x]   ⍝ "rational" $t $t

⍝ roll:negative — the bound must be nonnegative
¿¯1
⍝ error: DOMAIN ERROR

⍝ roll:fraction — the bound must be an integer
¿1.5
⍝ error: DOMAIN ERROR

⍝ roll:infinite — ∞ is not an integer bound
¿∞
⍝ error: DOMAIN ERROR

⍝ roll:huge — bounds stop below 2⁶⁴
¿1E30
⍝ error: DOMAIN ERROR

⍝ roll:character — characters are not bounds
¿'a'
⍝ error: DOMAIN ERROR

⍝ roll:complex — complex numbers are not bounds
¿1j2
⍝ error: DOMAIN ERROR

⍝ roll:bad-item — one bad bound among good ones
¿3 ¯1 4
⍝ error: DOMAIN ERROR

⍝ roll:nested-bad — a bad bound deep inside a nested argument
¿[3;[4 'a']]
⍝ error: DOMAIN ERROR

⍝⍝ Deal

⍝ deal:distinct — M¿N gives M distinct whole numbers in ⍳N
x←13¿52 ⋄ [≢x;≢∪x;∧/(x≥0)∧(x<52)∧x=⌊x]   ⍝ 13ₓ 13ₓ $t

⍝ deal:permutation — N¿N is a permutation of ⍳N
(⍳100)≡<100¿100   ⍝ $t

⍝ deal:order — a deal is in random order, not sorted (sorted has odds 1÷!100)
x←100¿100 ⋄ x≡<x   ⍝ $f

⍝ deal:kinds — the result's kind follows N beside M (literals are weak)
•storage¨[13¿52;13ₓ¿52ₓ;13ₓ¿52;13¿52ₓ;3¿10ₛ]   ⍝ "float64" "integer" "integer" "integer" "float32"

⍝ deal:large — a few from a huge range allocates nothing of the range's size
x←5¿1E15 ⋄ [≢∪x;∧/x<1E15;∧/x=⌊x]   ⍝ 5ₓ $t $t

⍝ deal:most — nearly all of a range
x←999¿1000 ⋄ [≢∪x;∧/x<1000]   ⍝ 999ₓ $t

⍝ deal:one-item — one-item arrays count as units
⍴5¿,5   ⍝ [5]ₓ

⍝ deal:none — zero items
[0¿100;0¿0]   ⍝ ⍬ ⍬

⍝ deal:one — one of one
1¿1   ⍝ 1⍴0

⍝ deal:exact — an exact N gives exact items
x←3¿10ᵣ ⋄ [≢∪x;∧/x<10;•storage↑x]   ⍝ 3ₓ $t "rational"

⍝ deal:limit — results of more than 10⁹ items are refused, as ⍳'s are
1E10¿1E10
⍝ error: LIMIT ERROR

⍝ deal:too-many — M must not exceed N
5¿3
⍝ error: DOMAIN ERROR

⍝ deal:negative — M must be nonnegative
¯1¿3
⍝ error: DOMAIN ERROR

⍝ deal:fraction — counts must be integers
1.5¿3
⍝ error: DOMAIN ERROR

⍝ deal:vector-right — N must be one number
1¿1 1
⍝ error: LENGTH ERROR

⍝ deal:vector-left — M must be one number
1 1¿5
⍝ error: LENGTH ERROR

⍝ deal:empty-left — an empty M is not one number
⍬¿5
⍝ error: LENGTH ERROR

⍝ deal:character — characters are not counts
1¿'a'
⍝ error: DOMAIN ERROR

⍝ deal:complex — complex numbers are not counts
1¿2j1
⍝ error: DOMAIN ERROR
