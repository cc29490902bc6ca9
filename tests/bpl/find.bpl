⍝⍝ X⍷Y find and ⍷Y groups (functions.md §4.6)

⍝ find:text — overlapping matches count
"aa"⍷"aaab"   ⍝ $t $t $f $f

⍝ find:matrix-pattern — a matrix pattern in a matrix, where it fits
[0 1⋄3 4]⍷3 3⍴⍳9   ⍝ [$t $f $f⋄$f $f $f⋄$f $f $f]

⍝ find:lower-rank — a vector pattern aligns with the trailing axis of each row
1 2⍷[1 2 1⋄2 1 2]   ⍝ [$t $f $f⋄$f $t $f]

⍝ find:tolerant — items compare as = does: within the comparison tolerance
(1+1E¯15)⍷1 2 1   ⍝ $t $f $t

⍝ find:kinds — a float pattern in integers, and characters never equal numbers
[2.0⍷⍳4ₓ;"1"⍷1 2]   ⍝ [$f $f $t $f;$f $f]

⍝ find:nested — boxed items match as values
(⊂1 2)⍷(1 2)(3 4)(1 2)   ⍝ $t $f $t

⍝ find:too-big — a pattern longer than Y, or of higher rank, finds nothing
[(1 2 3⍷1 2);(1 1⍴1)⍷1]   ⍝ [$f $f;$f]

⍝ find:empty-pattern — matches wherever it fits
(0 2⍴0)⍷2 3⍴0   ⍝ [$t $t $f⋄$t $t $f]

⍝ find:long — a long Y, read once at the end: starts at 0 3 … 999996, not at 999999 (no room)
+/0 1⍷1E6⍴0 1 1   ⍝ 333333ₓ

⍝ groups:numbers — positions of each distinct item, in order of first appearance
⍷3 1 3 3 2   ⍝ (0 2 3⋄1⋄4)ₓ

⍝ groups:rows — major cells of a matrix
⍷[1 2⋄3 4⋄1 2]   ⍝ (0 2⋄1)ₓ

⍝ groups:counts — ≢¨⍷ counts occurrences
≢¨⍷"mississippi"   ⍝ [1 4 4 2]ₓ
