⍝⍝ •literal reads literal notation without running code; •literal⁻ writes it (operators-and-system.md §21.4)

⍝ literal:spec — the spec's example (with float64 items: our ⍳ gives integers): float width marks
•literal⁻ 2 3⍴0 1 2 3 4 5   ⍝ "[0 1 2⋄3 4 5]ₚ"

⍝ literal:write-integers — integers keep their mark
•literal⁻ 2 3⍴⍳6   ⍝ "[0 1 2⋄3 4 5]ₓ"

⍝ literal:numbers — a strand of numbers
•literal "1 2.5 ¯3"   ⍝ 1 2.5 ¯3

⍝ literal:marks — marks keep their kinds
x←•literal "[1 2⋄3 4]ₓ" ⋄ [x;•storage x]   ⍝ [[1 2⋄3 4]ₓ;"integer"]

⍝ literal:reshape — ⍴ is allowed
•literal "2 3⍴0 1 2 3 4 5"   ⍝ [0 1 2⋄3 4 5]

⍝ literal:enclose-catenate — so are ⊂ and ,
•literal "(⊂""ab""),1 2"   ⍝ ["ab";1;2]

⍝ literal:ucs — and •ucs, for control characters
•literal "•ucs 10 9"   ⍝ (•ucs 10),(•ucs 9)

⍝ literal:records-of-constants — constants and empty vectors
•literal "$t $f ⍬"   ⍝ [$t;$f;⍬]

⍝ literal:round-trip — •literal of •literal⁻ gives the value back
x←[1.5 'a' "bc";⊂2ₓ;2 2⍴1ᵣ3] ⋄ x≡•literal •literal⁻ x   ⍝ $t

⍝ literal:round-trip-float32 — a float32 array keeps its width
x←32 •float 0.1 0.2 ⋄ [•literal⁻ x;x≡•literal •literal⁻ x]   ⍝ ["[0.1 0.2]ₛ";$t]

⍝ literal:code — arithmetic is code, not a literal
•literal "1+2"
⍝ error: DOMAIN ERROR

⍝ literal:names — names are not read
•literal "x"
⍝ error: DOMAIN ERROR

⍝ literal:dfn — nor functions
•literal "{⍵}0"
⍝ error: DOMAIN ERROR

⍝ literal:other-system-names — only •ucs among system names
•literal "•nget ""x"""
⍝ error: DOMAIN ERROR

⍝ literal:one-value — one statement
•literal "1 ⋄ 2"
⍝ error: DOMAIN ERROR

⍝ literal:malformed — unbalanced text is a syntax error
•literal "(1 2"
⍝ error: SYNTAX ERROR

⍝ literal:not-text — the argument is text
•literal 1 2
⍝ error: DOMAIN ERROR
