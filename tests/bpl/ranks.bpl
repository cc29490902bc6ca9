⍝⍝ Declared cell ranks of structural functions (functions.md §1's ranks column): an argument of a higher rank applies per cell, the results padded

⍝ ranks:take — a matrix of counts takes once per row
(2 1⍴2 3)↑⍳5   ⍝ [0 1 0⋄0 1 2]

⍝ ranks:take-pad — results of different lengths pad with fill
(2 1⍴1 3)↑1 2 3 4   ⍝ [1 0 0⋄1 2 3]

⍝ ranks:drop — a matrix of counts drops once per row
(2 1⍴1 3)↓⍳5   ⍝ [1 2 3 4⋄3 4 0 0]

⍝ ranks:reshape — each row of the left is a shape; the results pad to a common shape
⍴(2 2⍴1 3 2 2)⍴⍳6   ⍝ 2 2 3

⍝ ranks:transpose — each row of the left reorders the axes: 2 3 and 3 2 pad to 3 3
(2 2⍴0 1 1 0)⍉2 3⍴⍳6   ⍝ [[0 1 2⋄3 4 5⋄0 0 0]⋄[0 3 0⋄1 4 0⋄2 5 0]]

⍝ ranks:iota — each row of a matrix is a shape for ⍳
⍴⍳[2 3⋄1 1]   ⍝ 2 2 3

⍝ ranks:vector-unchanged — a vector on the left is one shape
⍴2 3⍴⍳6   ⍝ 2 3

⍝ ranks:pick — each row of a matrix of coordinates picks once
(2 1⍴1 0)⊃[10 20⋄30 40]   ⍝ [30 40⋄10 20]

⍝ ranks:replicate — each row of a matrix of counts replicates once
(2 3⍴1 0 1 0 2 1)#"abc"   ⍝ ["ac "⋄"bbc"]
