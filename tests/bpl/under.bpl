⍝⍝ f@g under (operators-and-system.md §14)

⍝ under:positions — f on the selection, written back; the rest unchanged
×⍨@1 3⍳5   ⍝ [0 1 2 9 4]ₓ

⍝ under:replace — an array f replaces the selection, one value or one per position
[0@0 2⍳4;7 8@0 2⍳4]   ⍝ [[0 1 0 3]ₓ;[7 1 8 3]ₓ]

⍝ under:rows — positions on the leading axis select major cells
⌽@1⊢3 2⍴⍳6   ⍝ [0 1⋄3 2⋄4 5]

⍝ under:once — f is called once, on the whole selection (here a sum of two items)
{+/⍵}@0 1⊢10 20 30   ⍝ 30 30 30

⍝ under:predicate — [p] selects ⍸p Y
0@[3<] 1 5 2 7   ⍝ 1 0 2 0

⍝ under:left — with positions the left argument goes whole to f
100 200+@2 0⊢1 2 3   ⍝ 201 2 103

⍝ under:inverse — another g: g⁻ f g Y
⌊@(10×) 1.25 2.78   ⍝ 1.2 2.7

⍝ under:kinds — a written float joins the integers' kind
•storage 0.5@0⊢⍳3ₓ   ⍝ "float64"

⍝ under:fit —
1 2 3@0 1⍳5
⍝ error: LENGTH ERROR
