⍝⍝ f⍠A: f along chosen axes (operators-and-system.md §9, §4.3)

⍝ variant:columns — a dfn on the cells of axis 0 (the columns)
{+/⍵}⍠0⊢2 3⍴⍳6   ⍝ [3 5 7]ₓ

⍝ variant:cells-return — result cells of A's rank return to A's axes
{⌽⍵}⍠0⊢2 3⍴⍳6   ⍝ [3 4 5⋄0 1 2]

⍝ variant:two-axes — cells of two axes, in the listed order
{⍉⍵}⍠1 2⊢2 2 3⍴⍳12   ⍝ 2 3 2⍴0 3 1 4 2 5 6 9 7 10 8 11

⍝ variant:dyadic — a left argument lacking the axes is one whole cell
10{⍺+⍵}⍠0⊢2 2⍴1   ⍝ [11 11⋄11 11]

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

⍝ variant:mix-axis — ⊃⍠A places the item axis at position A (functions.md §6.9)
⊃⍠0 [1 2;3 4]
⍝ =>
[1 3⋄2 4]

⍝ variant:mix-axes — two item axes at positions 0 and 2, the frame axis between
(⊃⍠0 2 [2 3⍴⍳6;2 3⍴6+⍳6])≡2 2 3⍴0 1 2 6 7 8 3 4 5 9 10 11   ⍝ $t

⍝ variant:mix-axis-outside — an axis past the result's rank
⊃⍠3 [2 3⍴⍳6;2 3⍴6+⍳6]
⍝ error: DOMAIN ERROR

⍝ variant:mix-axes-count — one axis per item axis
⊃⍠0 1 [1 2;3 4]
⍝ error: LENGTH ERROR

⍝ variant:pick-axis — pick along axis 1: the cell is the rest, column 0
0⊃⍠1 (2 3⍴⍳6)   ⍝ 0 3

⍝ variant:pick-axes — coordinates for the listed axes, in the listed order
2 1⊃⍠1 0 (3 4⍴⍳12)   ⍝ 6

⍝ variant:index-axis — ⌷⍠1 selects a column
1⌷⍠1 (3 4⍴⍳12)   ⍝ 1 5 9

⍝ variant:index-axes — one selector per listed axis; the result keeps the argument's axis order
[1 0;0 1]⌷⍠1 0 (2 3⍴⍳6)
⍝ =>
[1 0⋄4 3]

⍝ variant:index-axes-count — one selector per listed axis
1 2⌷⍠1 (3 4⍴⍳12)
⍝ error: LENGTH ERROR

⍝ variant:index-axes-repeated — an axis listed twice
[0;1]⌷⍠1 1 (3 4⍴⍳12)
⍝ error: DOMAIN ERROR

⍝ variant:rotate-counts — a count array rotates each vector along the axis by its own count
1 2 3 4⌽⍠0 (3 4⍴⍳12)
⍝ =>
[4 9 2 7⋄8 1 6 11⋄0 5 10 3]

⍝ variant:rotate-counts-rank3 — the counts take the shape of the other axes, in order
(2 3⍴⍳6)⌽⍠0 (2 2 3⍴⍳12)
⍝ =>
[[0 7 2⋄9 4 11]⋄[6 1 8⋄3 10 5]]

⍝ variant:rotate-counts-length — one count per vector
1 2⌽⍠0 (3 4⍴⍳12)
⍝ error: LENGTH ERROR

⍝ variant:reduce-seed-cells — each cell of a seeded reduction along axes gets the whole seed; the results are major cells
100 200+/⍠1 (2 3⍴⍳6)   ⍝ [103 203⋄112 212]

⍝ variant:reduce-empty-frame — an empty frame reduces its prototype cell once: 2 calls for a 3-item lane
n←0 ⋄ f←{n+←1 ⋄ ⍺+⍵} ⋄ r←f/⍠1 (0 3⍴0) ⋄ [n;⍴r]   ⍝ [2;,0]

⍝ variant:pervasive-lower — the lower-rank argument's axes pair with the listed axes
(2 3⍴⍳6)+⍠1 ⊢10 20 30   ⍝ [10 21 32⋄13 24 35]

⍝ variant:pervasive-count — a pervasive function's axes must match the lower-rank argument
1+⍠0 (2 3⍴⍳6)
⍝ error: LENGTH ERROR

⍝ variant:pervasive-permute — equal ranks: the left's axis j pairs with the right's listed axis j
L←(⍳2)+⊗(10×⍳3)+⊗100×⍳4 ⋄ R←(100×⍳4)+⊗(⍳2)+⊗10×⍳3 ⋄ D←L-⍠(1 2 0) R ⋄ (⍴D) (∧/,0=D)   ⍝ [2 3 4] $t

⍝ variant:enclose-no-axes — ⊂⍠⍬ encloses every item
⊂⍠⍬ ⊢"ab"   ⍝ ⊂¨"ab"
