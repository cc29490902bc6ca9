⍝⍝ X↦Y: from X by steps of 1 towards Y, never past it (functions.md §8.2)

⍝ range:up — integers
2ₓ↦5   ⍝ [2 3 4 5]ₓ

⍝ range:down — a lower end counts down
5ₓ↦2   ⍝ [5 4 3 2]ₓ

⍝ range:fraction — steps stop before passing an end that isn't whole
¯0.5↦2   ⍝ ¯0.5 0.5 1.5

⍝ range:tolerance — the step count is whole within the comparison tolerance
0↦0.7÷0.1   ⍝ 0 1 2 3 4 5 6 7

⍝ range:kind-of-start — a weak start takes an ₓ end's kind (D3); a float start stays float
[•storage 1↦4ₓ;•storage 0.5↦4ₓ;•storage 1ₓ↦4.5]   ⍝ ["integer";"float64";"integer"]

⍝ range:chars — characters count through code points, both ways
['x'↦'z';'c'↦'a']   ⍝ ["xyz";"cba"]

⍝ range:frame — ranks 0 0: each pair gives a range, shorter ones padded with fill
1ₓ 4ₓ↦3ₓ   ⍝ [1 2 3⋄4 3 0]ₓ

⍝ range:frame-right — an atom start beside a vector of ends
0ₓ↦1ₓ 3ₓ   ⍝ [0 1 0 0⋄0 1 2 3]ₓ

⍝ range:monadic-vector — ↦N per item, padded with fill
↦3ₓ ¯2ₓ 0ₓ   ⍝ [1 2 3⋄¯1 ¯2 0⋄0 0 0]ₓ

⍝ range:monadic-fraction — ⌊|N items
↦2.5   ⍝ 1 2

⍝ range:long — a long range is one graph node chain, read at the end
+/1ₓ↦1000000ₓ   ⍝ 500000500000ₓ

⍝ range:complex —
1j1↦3
⍝ error: DOMAIN ERROR

⍝ range:infinite-start —
¯∞↦3
⍝ error: DOMAIN ERROR

⍝ range:monadic-char —
↦'a'
⍝ error: DOMAIN ERROR

⍝ range:limit — more than 10^9 items
0↦2E9
⍝ error: LIMIT ERROR
