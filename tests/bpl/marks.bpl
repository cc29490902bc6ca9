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

⍝ marks:real-circle — circle codes whose value leaves the reals take their real parts: 0○2 is 0j1.73…, 4○⁻0.5 is 0j0.866…, 6○⁻¯2 is 1.3169…j3.14…, 7○⁻2 is 0.5493…j1.5707…
[0○ₐ2;8○ₐ2;4○ₐ⁻0.5;6○ₐ⁻0.5;6○ₐ⁻¯2;7○ₐ⁻2;1○ₐ⁻¯3]   ⍝ 0 0 0 0 1.3169578969248166 0.5493061443340549 ¯1.5707963267948966

⍝ marks:real-circle-codes — an array of codes pairs with its arguments
0 1 2○ₐ⁻2   ⍝ 0 1.5707963267948966 0

⍝ marks:real-cis — ○ₐY is the real part of cis Y: cos Y
○ₐ0 1   ⍝ 1 0.5403023058681398

⍝ marks:real-log — X⍟ₐY is the real part of ln Y ÷ ln X: (0j3.14…)÷(0j3.14…) is 1
[¯1⍟ₐ¯1;2⍟ₐ8;2⍟ₐ¯8]   ⍝ 1 3 3

⍝ marks:real-root — an odd root of a negative is real; an even one takes the real part: 16*÷4 of ¯16 is 1.41…j1.41…
[3√ₐ¯8;2√ₐ¯4;4√ₐ¯16]   ⍝ ¯2 0 1.4142135623730951

⍝ marks:real-power-signs — integral exponents keep the sign, half-integral ones give 0
¯2*ₐ3 0.5 2   ⍝ ¯8 0 4

⍝ marks:real-width — ₐ computes at the argument's float width: ₓ₁ ₓ₂ in float32
•storage¨[√ₐ4ₓ₁;√ₐ4ₓ;√ₐ4ₛ;⍟ₐ2ₓ₂]   ⍝ "float32" "float64" "float32" "float32"

⍝ marks:real-complex — a complex argument gives the real part of the complex value: √3j4 is 2j1
[√ₐ3j4;⍟ₐ0j1]   ⍝ 2 0

⍝ marks:real-exp-inverse — *ₐ⁻ is ⍟ₐ
*ₐ⁻¯1 1   ⍝ 0 0

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

⍝ marks:group-record — a mark after a record of literals keeps its keys (a record's source form, language.md §12.2)
x←["aa":3 "bb":5]ₓ ⋄ [•storage x;x≡"aa" "bb":[3 5]ₓ]   ⍝ ["integer";$t]

⍝ marks:group-record-float — a float mark after a record
x←["a":1.5 "b":2]ₛ ⋄ [•storage x;x.b]   ⍝ ["float32";2ₛ]

⍝ marks:group-record-reads-back — an integer record's display reads back (r≡⍎⍕r, language.md §12.2)
x←["aa":3 "bb":5]ₓ ⋄ x≡⍎⍕x   ⍝ $t

⍝ marks:group-record-whole — an integer mark after a record still needs whole numbers
["a":1.5 2]ₓ
⍝ error: DOMAIN ERROR

⍝ marks:group-record-name — and literal items: a name's value is not folded
x←1 ⋄ ["a":x 2]ₓ
⍝ error: SYNTAX ERROR
