⍝⍝ Function marks (operators-and-system.md §17, functions.md 0.6)

⍝ marks:divide-float — ÷ₐ divides as floats: integers do not floor
7ₓ÷ₐ2ₓ   ⍝ 3.5

⍝ marks:divide-float-width — a narrow integer divides at float32, a bare literal takes its partner's width
•storage¨[(1ₓ₁)÷ₐ2;1ₓ÷ₐ2]   ⍝ "float32" "float64"

⍝ marks:divide-floor — ÷ₓ floors to a machine integer, floats too
[7.5÷ₓ2;¯7.5÷ₓ2]   ⍝ [3ₓ;¯4ₓ]

⍝ marks:divide-exact — ÷ᵣ divides exactly
1ₓ÷ᵣ3ₓ   ⍝ 1r3

⍝ marks:real-forms — the real part of the principal value: √¯4 is 0j2, ⍟¯1 is 0j3.14…, ¯8*÷3 is 1j1.732…
[√ₐ¯4;⍟ₐ¯1;¯8*ₐ÷3]   ⍝ 0 0 1

⍝ marks:real-form-real — on the real domain the real form is the function itself
√ₐ9 16   ⍝ 3 4

⍝ marks:real-inverse — ○ₐ⁻ is the real part of the inverse: arccos 2 is 0j1.3169…
[2○ₐ⁻2;1○ₐ⁻0.5]   ⍝ 0 0.5235987755982989

⍝ marks:floor-int — ⌊ₓ rounds down to a machine integer
⌊ₓ2.5 ¯2.5   ⍝ [2 ¯3]ₓ

⍝ marks:convert — another mark converts the result to its kind
•storage 3+ₛ4   ⍝ "float32"

⍝ marks:named — a marked function can be named and keeps its mark
f←√ₐ ⋄ f ¯9 9   ⍝ 0 3

⍝ marks:complex-to-real — a complex result has no integer value
1j2+ₓ1
⍝ error: DOMAIN ERROR

⍝ marks:group-complex — a real mark after a group of complex numbers is a domain error
[1j2]ₛ
⍝ error: DOMAIN ERROR
