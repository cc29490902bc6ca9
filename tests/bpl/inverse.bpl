⍝⍝ Inverses of primitive scalar functions (operators-and-system.md §13)

⍝ inverse:sqrt — √⁻ squares
√⁻3   ⍝ 9

⍝ inverse:asin — 1○⁻ is the principal arcsine
1○⁻1   ⍝ 1.5707963267948966

⍝ inverse:log-base — X*⁻Y is X⍟Y
2*⁻8   ⍝ 3

⍝ inverse:exp-ln — *⁻ is ⍟ and ⍟⁻ is *
(*⁻1),⍟⁻0   ⍝ 0 1

⍝ inverse:add-sub — + and - with either argument held
(3+⁻8),(3-⁻8),(-↢3)⁻8   ⍝ 5 ¯5 11

⍝ inverse:mul-div — × and ÷ with either argument held
(3×⁻7.5),((÷↢4)⁻2),2÷⁻8   ⍝ 2.5 8 0.25

⍝ inverse:power-right — Z*2 ≡ 9 and Z⍟8 ≡ 3
((*↢2)⁻9),(⍟↢8)⁻3   ⍝ 3 2

⍝ inverse:root — 3√Z ≡ 2 gives 8; Z√8 ≡ 2 gives 3
(3√⁻2),(√↢8)⁻2   ⍝ 8 3

⍝ inverse:pi — bound π fractions invert either argument
((1↣π)⁻1π4),(π↢2)⁻2π2   ⍝ 4 2

⍝ inverse:monads — the monads with inverses
(≥⁻5),(≤⁻5),(⊼⁻9),(⊽⁻10),(-⁻3),÷⁻4   ⍝ 4 6 3 5 ¯3 0.25

⍝ inverse:times-zero — multiplying by zero loses the argument
0↣×⁻0
⍝ error: DOMAIN ERROR

⍝ inverse:equal-bool — = on Booleans is its own inverse
1 0=⁻1 1   ⍝ $t $f

⍝ inverse:no-inverse — a function with no inverse
⌊⁻2.5
⍝ error: DOMAIN ERROR

⍝⍝ Inverses of derived functions

⍝ inverse:self — ⍨ inverts Y f Y
(×⍨⁻9),(+⍨⁻10),⌈⍨⁻7   ⍝ 3 5 7

⍝ inverse:commute-held — with ⍺ held ⍨ inverts on the other side
2 (+↢-)⍨⁻ 3   ⍝ 5

⍝ inverse:double — the inverse of an inverse is the function
3(+⁻)⁻5   ⍝ 8

⍝ inverse:power-negative — negative counts apply the inverse
(⊽⍣¯1⊢10),(1+⍣¯3⊢10),(⊽⍣3)⁻16   ⍝ 5 7 2

⍝ inverse:power-list — a list of counts has no inverse
((1+)⍣ 0 1)⁻1 2
⍝ error: DOMAIN ERROR

⍝ inverse:pair — f⇄g calls f and inverts through g
f←{⍵+1}⇄{⍵-1} ⋄ (f 5),(f⍣¯2⊢5),(f⁻)⁻5   ⍝ 6 3 6

⍝ inverse:pair-dyadic — dyadically X stays held, also when bound on the left
f←{⍺+⍵}⇄{⍵-⍺} ⋄ (3 f⁻ 8),(3↣f)⁻8   ⍝ 5 5

⍝ inverse:pair-right — a pair bound on the right has no inverse
((+⇄-)↢3)⁻8
⍝ error: DOMAIN ERROR

⍝ inverse:atop — (f∘g)⁻ is g⁻∘f⁻
(-∘÷)⁻ ¯0.5   ⍝ 2

⍝ inverse:before — A↣f holds A; X f↣g holds f X
((2↣×)⁻6),3(-↣+)⁻7   ⍝ 3 10

⍝ inverse:before-monadic — monadic f↣g uses its argument twice
-↣+⁻ 0
⍝ error: DOMAIN ERROR

⍝ inverse:over — g of the held side, then g⁻
1(+⍥⊽)⁻8   ⍝ 3

⍝ inverse:valences — each valence inverts
((÷⊘-)⁻4),5(÷⊘-)⁻2   ⍝ 0.25 3

⍝ inverse:after-right — right binding inverts the left argument of the composition
(+↢-↢2)⁻3   ⍝ 5

⍝ inverse:fork — a fork with an array left tine
(32+1.8×)⁻32 212   ⍝ 0 100

⍝ inverse:each — (f¨)⁻ is f⁻¨, and with the right argument held
((2↣+)¨⁻3 4),(-¨↢2)⁻3 4   ⍝ 1 2 5 6

⍝ inverse:rank — (f⍤k)⁻ is f⁻⍤k; right-held ranks trade places
(-⍤1 0↢2)⁻3 4   ⍝ 5 6

⍝ inverse:named — a named derived function inverts
vr←3↣× ⋄ vr⁻24   ⍝ 8

⍝⍝ Scans

⍝ inverse:scan-plus — +\⁻ gives successive differences
+\⁻1 3 6 10   ⍝ 1 2 3 4

⍝ inverse:scan-minus — -\⁻ undoes a left scan of -
-\⁻1 ¯1 ¯4   ⍝ 1 2 3

⍝ inverse:scan-seed — a seed recovers the first item
(10-\⁻9 7 4),10+\⁻13   ⍝ 1 2 3 3

⍝ inverse:scan-derived — a derived operand inverts item by item
(-↢-)\⁻1 3 6   ⍝ 1 2 3

⍝ inverse:scan-matrix — along the last and the first axis
[+\⁻[1 3⋄4 9];+⍀⁻[1 2⋄4 6]]   ⍝ [[1 2⋄4 5];[1 2⋄3 4]]

⍝ inverse:scan-zero — a zero product loses what follows
×\⁻1 0 0
⍝ error: DOMAIN ERROR

⍝ inverse:scan-empty — an empty scan
+\⁻⍬   ⍝ ⍬

⍝⍝ Structure and radix

⍝ inverse:reverse — ⌽⁻ reverses; X⌽⁻ rotates back
[⌽⁻1 2 3;1⌽⁻1 2 3]   ⍝ [3 2 1;3 1 2]

⍝ inverse:transpose — A⍉⁻ restores the axis order
(1 0↣⍉⁻)2 3⍴⍳6   ⍝ [0 3⋄1 4⋄2 5]

⍝ inverse:catenate — X,⁻ removes a held prefix, (,↢X)⁻ a held suffix
[1 2,⁻1 2 3 4;(,↢3 4)⁻1 2 3 4]   ⍝ [3 4;1 2]

⍝ inverse:catenate-missing — the held part must be there
1 2,⁻5 6 7
⍝ error: DOMAIN ERROR

⍝ inverse:reshape — X⍴⁻ ravels
2 3⍴⁻2 3⍴⍳6   ⍝ 0 1 2 3 4 5

⍝ inverse:enclose-first — ⊂⁻ is first, ↑⁻ encloses, ↓⁻ mixes
[⊂⁻⊂1 2;↑⁻1 2;↓⁻[1 2;3 4]]   ⍝ [1 2;⊂1 2;[1 2⋄3 4]]

⍝ inverse:iota — ⍳⁻ gives the shape
⍳⁻⍳2 3   ⍝ [2 3]ₓ

⍝ inverse:where — ⍸⁻ counts positions
[⍸⁻0 2 2;⍸⁻[0 1;1 0]]   ⍝ [[1 0 2]ₓ;[0 1⋄1 0]ₓ]

⍝ inverse:grade — ⍋⁻ gives an array with that grade
⍋⁻2 0 1   ⍝ [1 2 0]ₓ

⍝ inverse:grade-down — ⍒⁻ likewise
⍒ ⍒⁻ 2 0 1   ⍝ [2 0 1]ₓ

⍝ inverse:grade-perm — only a permutation is a grade
⍋⁻2 2 1
⍝ error: DOMAIN ERROR

⍝ inverse:index-of — X⍳⁻ selects from X
"abc"⍳⁻2 0   ⍝ "ca"

⍝ inverse:index-unfound — an unfound index has no argument
"abc"⍳⁻3
⍝ error: DOMAIN ERROR

⍝ inverse:expand — one cell per count; copies and negative counts consume cells
[1 0 1#⁻10 20;2 0 ¯1 1#⁻10 10 0 30]   ⍝ [10 0 20;10 0 0 30]

⍝ inverse:expand-length — counts must consume every cell
1 0 1 1#⁻"ab"
⍝ error: LENGTH ERROR

⍝ inverse:runs — #⁻ replicates lengths by cells
#⁻3 5   ⍝ 5 5 5

⍝ inverse:windows — pairs and windows rebuild the array
[↕⁻↕⍳4;3↕⁻3↕"abcde"]   ⍝ [0 1 2 3;"abcde"]

⍝ inverse:partition — partitioned enclose joins its parts
1 2 0⊂⁻1 2 0⊂1 2 3   ⍝ 1 2 3

⍝ inverse:encode-decode — ⊤⁻ is ⊥; B↣⊥⁻ chooses enough digits
[⊤⁻1 0 1;2↣⊥⁻9;(2 2↣⊥⁻)5;2↣⊥⁻2.5]   ⍝ [5;1 0 0 1;0 1;1 0.5]

⍝ inverse:decode-zero — zero needs no digits
2↣⊥⁻0   ⍝ ⍬

⍝⍝ Outer product

⍝ inverse:outer-right — the right argument held
(×⊗↢4 5)⁻[4 5⋄8 10]   ⍝ 1 2

⍝ inverse:outer-left — the left argument held
4 5↣(-⊗)⁻[3 2⋄4 3]   ⍝ 1 2

⍝ inverse:outer-disagree — every cell must recover the same argument
(×⊗↢4 5)⁻[4 5⋄8 11]
⍝ error: DOMAIN ERROR


⍝ inverse:scan-seed-columns — a seed for each column of a first-axis scan
10 20+⍀⁻[11 22⋄14 26]   ⍝ [1 2⋄3 4]

⍝ inverse:ranked — f⁻ ¹ ranks the inverse (D8)
(1↣⌽⁻ ¹)[1 2 3⋄4 5 6]   ⍝ [3 1 2⋄6 4 5]

⍝ inverse:fixed-point — ⍣¯∞ runs the inverse until the state stops changing
({2×⍵}⇄{⌊⍵÷2})⍣¯∞⊢100   ⍝ 0ₓ

⍝ inverse:enclose-axes — (⊂⍠K)⁻ mixes the item axes back to K
(⊂⍠1 0)⁻ ⊂⍠1 0 (2 3 2⍴⍳12)   ⍝ 2 3 2⍴⍳12

⍝ inverse:split-axis — (↓⍠K)⁻ mixes the vectors back along K
(↓⍠0)⁻ [[0 3] [1 4] [2 5]]   ⍝ [0 1 2⋄3 4 5]

⍝ inverse:variant-other — other variants have no inverse
(+/⍠0)⁻ 1 2
⍝ error: DOMAIN ERROR
