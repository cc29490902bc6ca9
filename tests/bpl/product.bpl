⍝⍝ X f.g Y inner products (operators-and-system.md §10): one Product step for scalar operands;
⍝⍝ expected values worked out by hand

⍝ product:dot — 1×4 + 2×5 + 3×6
1 2 3+.×4 5 6   ⍝ 32

⍝ product:matrix — rows of X against columns of Y
[1 2⋄3 4]+.×[5 6⋄7 8]   ⍝ [19 22⋄43 50]

⍝ product:matrix-vector — 1×5+2×6, 3×5+4×6
[1 2⋄3 4]+.×5 6   ⍝ 17 39

⍝ product:vector-matrix — 5×1+6×3, 5×2+6×4
5 6+.×[1 2⋄3 4]   ⍝ 23 34

⍝ product:rank-3 — a 2 1 2 X against a 2 3 Y gives 2 1 3
(2 1 2⍴1 2 3 4)+.×2 3⍴1 0 2 0 1 3   ⍝ 2 1 3⍴1 2 8 3 4 18

⍝ product:integer — integers stay integers
•storage (⍳3)+.×⍳3   ⍝ "integer"

⍝ product:float32 — float32 operands give float32
•storage (32•float[1 2⋄3 4])+.×32•float 1 2   ⍝ "float32"

⍝ product:float16 — float16 totals round back to float16
•storage (16•float 1 2)+.×16•float 3 4   ⍝ "float16"

⍝ product:minus-times — right to left: 1×4 − (2×5 − 3×6)
1 2 3-.×4 5 6   ⍝ 12

⍝ product:minus-times-matrix — 1×5 − 2×7, 1×6 − 2×8, 3×5 − 4×7, 3×6 − 4×8
[1 2⋄3 4]-.×[5 6⋄7 8]   ⍝ [¯9 ¯10⋄¯13 ¯14]

⍝ product:or-and — row i reaches column j through some k
[1 0⋄0 1⋄1 1]∨.∧[0 1 1⋄1 0 0]   ⍝ [0 1 1⋄1 0 0⋄1 1 1]

⍝ product:or-and-kind — Booleans give a Boolean
•storage (1=1 0 1)∨.∧0=1 1 0   ⍝ "boolean"

⍝ product:plus-and — Booleans summed: how many k have both
(1=1 0 1 1)+.∧1=1 1 0 1   ⍝ 2

⍝ product:max-plus — the best two-step path: ⌈(1+3)(5+0), ⌈(1+1)(5+4), ⌈(2+3)(0+0), ⌈(2+1)(0+4)
[1 5⋄2 0]⌈.+[3 1⋄0 4]   ⍝ [5 9⋄5 4]

⍝ product:plus-equal — counts equal pairs
1 2 3 4+.=1 0 3 4   ⍝ 3

⍝ product:and-equal — row i of X matches column j of Y
•storage [1 2⋄3 4]∧.=[1 3⋄2 4]   ⍝ "boolean"

⍝ product:and-equal-values —
[1 2⋄3 4]∧.=[1 3⋄2 4]   ⍝ [1 0⋄0 1]

⍝ product:extend-left — a one-item contraction axis extends: 2×1 + 2×2 + 2×3
(,2)+.×1 2 3   ⍝ 12

⍝ product:extend-right — 1×2 + 2×2 + 3×2, 4×2 + 5×2 + 6×2
[1 2 3⋄4 5 6]+.×,2   ⍝ 12 30

⍝ product:atom — an atom extends along the contraction
1 2 3×.+4   ⍝ 210

⍝ product:one-item — a one-item contraction is the pairs themselves
(3 1⍴1 2 3)+.×1 2⍴10 20   ⍝ [10 20⋄20 40⋄30 60]

⍝ product:empty-plus — an empty contraction is f's identity
(2 0⍴0)+.×0 3⍴0   ⍝ 2 3⍴0

⍝ product:empty-times —
(2 0⍴0)×.+0 3⍴0   ⍝ 2 3⍴1

⍝ product:empty-max — ⌈'s identity is ¯∞
⍬⌈.+⍬   ⍝ ¯∞

⍝ product:empty-frame — no rows: an empty result
⍴(0 3⍴0)+.×3 2⍴1   ⍝ 0 2

⍝ product:complex — (1j2)×2 + 3×1j1
1j2 3+.×2 1j1   ⍝ 5j7

⍝ product:length —
1 2+.×1 2 3
⍝ error: LENGTH ERROR

⍝ product:chars-match — a character row against a character column
"abc"∧.="abc"   ⍝ 1

⍝ product:chars-differ — how many positions differ
"abc"+.≠"abd"   ⍝ 1

⍝ product:chars-table — rows of a table matched against rows of another (through ⍉)
(2 3⍴"abcabd")∧.=⍉3 3⍴"abdxyzabc"   ⍝ [0 0 1⋄1 0 0]

⍝ product:inner-pairs — g runs on each pair of items, then f/ on the pair vector: , on pairs joins item with item
"ab",.,"xy" "zw"   ⍝ "axybzw"

⍝ product:inner-pairs-count — g is called once per pair: 3 pairs, 3 calls
n←0 ⋄ r←1 2 3 +.{n+←1 ⋄ ⍺×⍵} 4 5 6 ⋄ n r   ⍝ 3 32
