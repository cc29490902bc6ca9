⍝⍝ C⌻X polynomials and ⌻⁻ coefficients (functions.md §9.4)

⍝ poly:coefficients — constant term first, exact for integers
[1 0 ¯1]ₓ⌻[0 1 2 3]ₓ   ⍝ [1 0 ¯3 ¯8]ₓ

⍝ poly:float — float coefficients at a float point: 1+2×0.5+3×0.25
1 2 3⌻0.5   ⍝ 2.75

⍝ poly:roots — [M R] is M××/X-R
[3ₓ;[2 ¯2]ₓ]⌻[0 2 3]ₓ   ⍝ [¯12 0 15]ₓ

⍝ poly:monic — ⊂R has multiplier 1
(⊂[1 1]ₓ)⌻4ₓ   ⍝ 9ₓ

⍝ poly:table — terms of two variables: 2xy² + 5 at x=3, y=2
(⊂[2 1 2⋄5 0 0]ₓ)⌻⊂[3 2]ₓ   ⍝ 29ₓ

⍝ poly:long — a long X evaluates term by term on the graph
+/[0 0 1]ₓ⌻⍳1000ₓ   ⍝ 332833500ₓ

⍝ poly:coefficients-of-roots — ⌻⁻ expands [M R]
⌻⁻[1ₓ;[1 2 3]ₓ]   ⍝ [¯6 11 ¯6 1]ₓ

⍝ poly:coefficients-of-table — like terms add
⌻⁻⊂[1 2⋄2 2⋄1 0]ₓ   ⍝ [1 0 3]ₓ

⍝ poly:table-two-variables — only one variable converts
⌻⁻⊂1 3⍴[1 1 1]ₓ
⍝ error: DOMAIN ERROR
