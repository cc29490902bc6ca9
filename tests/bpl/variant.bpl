⍝⍝ f⍠A: f along chosen axes (operators-and-system.md §9, §4.3)

⍝ variant:columns — a dfn on the cells of axis 0 (the columns)
{+/⍵}⍠0⊢2 3⍴⍳6   ⍝ [3 5 7]ₓ

⍝ variant:cells-return — result cells of A's rank return to A's axes
{⌽⍵}⍠0⊢2 3⍴⍳6   ⍝ [3 4 5⋄0 1 2]

⍝ variant:two-axes — cells of two axes, in the listed order
{⍉⍵}⍠1 2⊢2 2 3⍴⍳12   ⍝ 2 3 2⍴0 3 1 4 2 5 6 9 7 10 8 11

⍝ variant:dyadic — a left argument lacking the axes is one whole cell
10+⍠0⊢2 2⍴1   ⍝ [11 11⋄11 11]

⍝ variant:left-has-axes — here the right argument lacks the axis, so the left one is cut
(2 3⍴⍳6)-⍠1⊢1 2 3   ⍝ [¯1 ¯1 ¯1⋄2 2 2]

⍝ variant:reduce-axes — +/ over several axes reduces each cell ravelled in the listed order
+/⍠0 2⊢2 2 3⍴⍳12   ⍝ [24 42]ₓ

⍝ variant:scan-axis — a scan along a chosen axis
+\⍠0⊢[1 2⋄3 4⋄5 6]   ⍝ [1 2⋄4 6⋄9 12]

⍝ variant:catenate — a lower-rank argument is one slice along the axis
(2⍴9),⍠1⊢2 2⍴0   ⍝ [9 0 0⋄9 0 0]

⍝ variant:ravel-adjacent — ravel merges adjacent axes only
,⍠0 2⊢2 3 4⍴⍳24
⍝ error: DOMAIN ERROR

⍝ variant:axis-range —
{⍵}⍠2⊢2 3⍴⍳6
⍝ error: DOMAIN ERROR

⍝ variant:partition-axis — partitioned enclose with an axis cuts whole blocks along it
⍴¨1 0 1 1⊂⍠1⊢2 4⍴⍳8   ⍝ [2 2;2 1;2 1]

⍝ variant:partition-last — ⊆ along the last axis keeps the rows
1 1 0 2⊆⍠¯1⊢2 4⍴⍳8   ⍝ [[0 1⋄4 5] (2 1⍴3 7)]
