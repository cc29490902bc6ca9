⍝⍝ Catenation as one Join step read by its consumer (functions.md §6.2); expectations worked by hand

⍝ join:sum — +/ of a catenation: 0+1+2+3 and 10+20
+/(⍳4),10 20   ⍝ 36

⍝ join:scaled — the join read by its consumer item for item
2×1 2 3,4 5   ⍝ 2 4 6 8 10

⍝ join:rows — matrices along the last axis: each row A's row then W's
(2 2⍴⍳4),2 1⍴7 8   ⍝ [0 1 7⋄2 3 8]

⍝ join:first — along the first axis: A's rows then W's
(1 2⍴1 2)⍪2 2⍴3 4 5 6   ⍝ [1 2⋄3 4⋄5 6]

⍝ join:unit-last — a unit extends to a column
(2 2⍴⍳4),9   ⍝ [0 1 9⋄2 3 9]

⍝ join:unit-first — a unit extends to a row, on the left
9⍪2 2⍴⍳4   ⍝ [9 9⋄0 1⋄2 3]

⍝ join:slice-last — a vector beside a matrix is one column
5 6,2 2⍴⍳4   ⍝ [5 0 1⋄6 2 3]

⍝ join:slice-first — a vector below a matrix is one row
(2 2⍴⍳4)⍪5 6   ⍝ [0 1⋄2 3⋄5 6]

⍝ join:promote — Booleans and integers joined to a float are floats
(1 0 1,2.5)≡1 0 1 2.5   ⍝ $t

⍝ join:promote-sum — 1+0+3+0.5
+/1 0,3,0.5   ⍝ 4.5

⍝ join:empty-left — an empty operand adds nothing
⍬,1 2   ⍝ 1 2

⍝ join:empty-rows — no rows joined to a row
(0 2⍴0)⍪3 4   ⍝ 1 2⍴3 4

⍝ join:empty-both — an empty result
⍴(0 3⍴0),0 2⍴0   ⍝ 0 5

⍝ join:length — other axes must agree
(2 2⍴⍳4),3 1⍴⍳3
⍝ error: LENGTH ERROR

⍝ join:mixed — characters beside numbers are a mixed vector
⍴"ab",1   ⍝ ,3
