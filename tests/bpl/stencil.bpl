⍝⍝ Padded and moving windows (S↕Y, functions.md §6.7) and stencil (f⌺S, operators §11)

⍝ windows:moving — a two-row S: sizes, then movements
[[2]⋄[3]]↕⍳8   ⍝ [0 1⋄3 4⋄6 7]

⍝ windows:padded-even — an even padded size reaches one further right, ⌈(n−1)÷m windows
¯2↕1 2 3   ⍝ [1 2⋄2 3]

⍝ windows:padded-matrix — padding on both leading axes
≢¯3 ¯3↕3 3⍴⍳9   ⍝ 3ₓ

⍝ windows:too-wide — a padded size must be under twice its axis
¯6↕⍳3
⍝ error: DOMAIN ERROR

⍝ stencil:game-of-life-sum — the 3×3 neighbourhood sums of a matrix, fill 0 at the edges
{+/,⍵}⌺3 3⊢3 3⍴1   ⍝ [4 6 4⋄6 9 6⋄4 6 4]

⍝ stencil:padding — ⍺ is the padding per axis: positive at the start, negative at the end
{⍺}⌺5⊢⍳4   ⍝ 4 1⍴2 1 ¯1 ¯2

⍝ stencil:moving — a movement skips positions
{⌈/⍵}⌺[[3]⋄[2]]⍳7   ⍝ 1 3 5 6

⍝ stencil:size — sizes are positive
{⍵}⌺0⍳3
⍝ error: DOMAIN ERROR
