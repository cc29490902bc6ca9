⍝⍝ #Y runs (functions.md §6.11)

⍝ runs:numbers — lengths (machine integers) and the value of each run
#5 5 7 5 5 5   ⍝ [[2 1 3]ₓ [5 7 5]]

⍝ runs:tolerant — cells within the comparison tolerance are one run
#1,(1+1E¯15),2   ⍝ [[2 1]ₓ [1 2]]

⍝ runs:rows — a run is of equal major cells
#[0 1⋄0 1⋄0 2⋄0 1]   ⍝ [[2 1 1]ₓ [0 1⋄0 2⋄0 1]]

⍝ runs:nested — boxed cells match as values
#(1 2)(1 2)'a'   ⍝ [[2 1]ₓ [(1 2) 'a']]

⍝ runs:zero-width — rows of no items are all equal
≢↑#4 0⍴0   ⍝ 1ₓ

⍝ runs:rebuild — #/ and #⁻ give the argument back
[#/#"aabccc";#⁻#3 3 1]   ⍝ ["aabccc";3 3 1]

⍝ runs:long — a long argument: 333333 runs of 1 1 then 0, and a last 1
↑#1E6⍴1 1 0   ⍝ (666666⍴2 1),1
