⍝⍝ ⌹ matrix inverse and division (functions.md §9.3)

⍝ domino:inverse — a square matrix's inverse times it is the identity
m←[4 7⋄2 6] ⋄ m+.×⌹m   ⍝ [1 0⋄0 1]

⍝ domino:solve — X⌹Y solves Y+.×Z ≡ X
[3 2⋄1 2]+.×8 6⌹[3 2⋄1 2]   ⍝ 8 6

⍝ domino:least-squares — a line through points: intercept and slope
9 11 13 15⌹1,⍪⍳4   ⍝ 9 2

⍝ domino:complex — complex systems solve in complex128
1j1 2⌹[1 0⋄0 1]   ⍝ 1j1 2

⍝ domino:vector — a vector is one column: its pseudoinverse divides by its squared norm
⌹3 4   ⍝ 0.12 0.16

⍝ domino:stack — a rank-3 argument inverts matrix by matrix
⌹2 2 2⍴2 0 0 2 4 0 0 4   ⍝ 2 2 2⍴0.5 0 0 0.5 0.25 0 0 0.25

⍝ domino:narrow — float32 operands give float32
•storage ⌹32•float[2 0⋄0 2]   ⍝ "float32"

⍝ domino:singular —
⌹[1 2⋄2 4]
⍝ error: DOMAIN ERROR

⍝ domino:wide — more unknowns than equations
⌹[1 2 3⋄4 5 6]
⍝ error: LENGTH ERROR

⍝ domino:rows — one right-hand side row per matrix row
1 2 3⌹[1 0⋄0 1]
⍝ error: LENGTH ERROR
