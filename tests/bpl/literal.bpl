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

⍝ literal:nested-float — a float64 item of a nested value is marked
•literal⁻ [1.5 "ab"]   ⍝ "[1.5ₚ ""ab""]"

⍝ literal:nested-float-vector — a float64 vector inside one is marked once, after its group
•literal⁻ 1.5 (2 2⍴0.5)   ⍝ "[1.5ₚ [0.5 0.5⋄0.5 0.5]ₚ]"

⍝ literal:nested-rows — rows of float64 vectors take one mark
•literal⁻ (1.5 2.5) (3 4)   ⍝ "(1.5 2.5⋄3 4)ₚ"

⍝ literal:nested-mixed-rows — rows of different kinds mark each item
•literal⁻ (1.5 2.5) (3ₓ 4ₓ)   ⍝ "(1.5ₚ 2.5ₚ⋄3ₓ 4ₓ)"

⍝ literal:nested-scalar — an enclosed float64 vector
•literal⁻ ⊂1.5 2   ⍝ "⊂[1.5 2]ₚ"

⍝ literal:nested-atoms — integers and floats among other atoms each keep their mark; ∞ takes none
•literal⁻ 1ₓ 1.5 ∞   ⍝ "[1ₓ 1.5ₚ ∞]"

⍝ literal:record-float — a float64 record is marked after its brackets, and reads back
x←["a":1.5 "b":2] ⋄ [•literal⁻ x;x≡•literal •literal⁻ x]   ⍝ ["[""a"":1.5 ""b"":2]ₚ";$t]

⍝ literal:record-nested-float — a mixed record marks its float64 item
•literal⁻ ["a":1.5 "b":"x"]   ⍝ "[""a"":1.5ₚ ""b"":""x""]"

⍝ literal:record-integer — an integer record reads back with its keys
x←["aa":3 "bb":5]ₓ ⋄ x≡•literal •literal⁻ x   ⍝ $t

⍝ literal:empty-nested-prototype — an empty array's float64 prototype is marked
•literal⁻ 0⍴⊂1.5 2.5   ⍝ "0⍴⊂[0 0]ₚ"

⍝ literal:nested-round-trip-kinds — nested float64 and integer items read back with their kinds
x←(1.5 2.5)(3ₓ 4ₓ) ⋄ y←•literal •literal⁻ x ⋄ [x≡y;•storage¨y]   ⍝ [$t;"float64" "integer"]

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
