⍝⍝ Affine rearrangements as one Copy read (⌽ ⊖ ⍉ ↑ ↓ ⍴ , ⍪ ⊃ ↕ ⌷), chained; expectations worked by hand

⍝ copy:reverse-transpose — ⌽⍉ of a 2×3 matrix: the transpose's rows reversed
⌽⍉2 3⍴⍳6   ⍝ [3 0⋄4 1⋄5 2]

⍝ copy:transpose-twice — ⍉⍉ is the matrix itself
⍉⍉2 3⍴⍳6   ⍝ [0 1 2⋄3 4 5]

⍝ copy:rotate-negative — a negative count rotates right
¯1⌽2 3⍴⍳6   ⍝ [2 0 1⋄5 3 4]

⍝ copy:rotate-large — a count beyond the length wraps
7⌽⍳5   ⍝ 2 3 4 0 1

⍝ copy:rotate-first — ⊖ with a scalar count
1⊖3 2⍴⍳6   ⍝ [2 3⋄4 5⋄0 1]

⍝ copy:overtake-both-ends — negative overtake pads on the left
¯4 ¯4↑2 2⍴1 2 3 4   ⍝ [0 0 0 0⋄0 0 0 0⋄0 0 1 2⋄0 0 3 4]

⍝ copy:rotate-of-overtake — a rotation of padded data
1⌽5↑1 2 3   ⍝ 2 3 0 0 1

⍝ copy:drop-transpose — a drop of a transpose
1 1↓⍉3 3⍴⍳9   ⍝ [4 7⋄5 8]

⍝ copy:take-of-drop — a take of a drop of a reverse
2↑1↓⌽⍳6   ⍝ 4 3

⍝ copy:ravel-transpose — the ravel of a transpose walks the columns
,⍉2 3⍴⍳6   ⍝ 0 3 1 4 2 5

⍝ copy:reshape-cycles — a reshape longer than its source cycles
2 4⍴⌽⍳3   ⍝ [2 1 0 2⋄1 0 2 1]

⍝ copy:reshape-empty — a reshape of no items reads the fill
3⍴⍬   ⍝ 0 0 0

⍝ copy:reshape-of-rotate — a reshape of a rotation of a matrix
5⍴1⌽2 2⍴⍳4   ⍝ 1 0 3 2 1

⍝ copy:diagonal-reversed — the diagonal of a reversed matrix
0 0⍉⌽3 3⍴⍳9   ⍝ 2 4 6

⍝ copy:reorder-rank3 — dyadic ⍉ moving the first axis last
⍴2 0 1⍉2 3 4⍴⍳24   ⍝ 3 4 2

⍝ copy:reorder-rank3-item — its item (1 2 0) is Y's item (0 1 2)
(1 2 0⌷2 0 1⍉2 3 4⍴⍳24)   ⍝ 6

⍝ copy:table-of-reverse — ⍪ of a reversed rank-3 array
⍪⌽2 1 2⍴⍳4   ⍝ [1 0⋄3 2]

⍝ copy:first-of-reverse — the first cell of a reversed matrix
↑⊖3 2⍴⍳6   ⍝ 4 5

⍝ copy:first-of-empty — the first cell of no rows is fill
↑0 3⍴⍳3   ⍝ 0 0 0

⍝ copy:pick-row — a row picked from a transpose
1⊃⍉2 3⍴⍳6   ⍝ 1 4

⍝ copy:windows-of-reverse — moving windows over a reversed vector
2↕⌽⍳4   ⍝ [3 2⋄2 1⋄1 0]

⍝ copy:windows-padded-matrix — padded windows read the fill beyond the edges
(0 0⌷¯3 ¯3↕3 3⍴1+⍳9)   ⍝ [0 0 0⋄0 1 2⋄0 4 5]

⍝ copy:windows-padded-corner — the last window reaches past both far edges
(2 2⌷¯3 ¯3↕3 3⍴1+⍳9)   ⍝ [5 6 0⋄8 9 0⋄0 0 0]

⍝ copy:squad-range — a range selector is a strided read
(⊂1 3 5)⌷⍳8   ⍝ 1 3 5

⍝ copy:squad-reversed — ¯∞ takes an axis reversed
(¯∞ 1)⌷3 3⍴⍳9   ⍝ 7 4 1

⍝ copy:squad-uneven — uneven positions still select
(⊂3 0 1)⌷⌽⍳4   ⍝ 0 3 2

⍝ copy:characters — characters rearrange as numbers do, the fill a space
⌽5↑"abc"   ⍝ "  cba"

⍝ copy:plan-per-mapping — a reverse read after a same-length reshape of the same structure is
⍝ still reversed: the plan cache keys what the scheduler decides from a Copy's mapping
x←⍳10
⎕←+/x
⎕←10⍴x×5
⌽x×5   ⍝ 45 40 35 30 25 20 15 10 5 0
⍝ ⎕: 45ₓ\n[0 5 10 15 20 25 30 35 40 45]ₓ
