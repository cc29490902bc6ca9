⍝⍝ f⌸ key (operators-and-system.md §11)

⍝ key:sums — values grouped by key, in first-occurrence order
"abab"{⍺,+/⍵}⌸1 2 3 4   ⍝ ['a' 4⋄'b' 6]

⍝ key:positions — monadic: the keys' positions
{⊂⍵}⌸3 1 3   ⍝ (0 2⋄1)ₓ

⍝ key:rows — keys and values by major cells
[0 1⋄0 1⋄2 2]{≢⍵}⌸[10 20⋄30 40⋄50 60]   ⍝ [2 1]ₓ

⍝ key:representative — tolerant by representative (as ∪): a chain splits (§11's example)
{≢⍵}⌸[1 1+8E¯15 1+16E¯15]   ⍝ [2 1]ₓ

⍝ key:empty — no keys: one call, on the key's fill and no positions, gives the cell shape
⍴{⍺,⍵}⌸0⍴5   ⍝ [0 1]ₓ

⍝ key:length —
1 2{⍵}⌸1 2 3
⍝ error: LENGTH ERROR
