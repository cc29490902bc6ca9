⍝⍝ The searches on float16 items (functions.md §4): exact, as float32

⍝ search:float16-index — index of finds float16 items by value
(1ₕ 2ₕ 3ₕ)⍳2ₕ 5ₕ   ⍝ [1 3]ₓ

⍝ search:float16-member — membership
(1ₕ 2ₕ 3ₕ)∊⍨2ₕ   ⍝ $t

⍝ search:float16-unique — unique keeps the first of each value
∪1ₕ 2ₕ 1ₕ 3ₕ   ⍝ [1 2 3]ₕ

⍝ search:float16-interval — interval index counts the table items ≤ the query
(1ₕ 2ₕ 3ₕ)⍸2.5ₕ   ⍝ 2ₓ

⍝ search:union-one-cell — a right argument one rank lower is one major cell: appended when absent
[(2 2⍴3)∪4 5;(2 2⍴3)∪3 3]   ⍝ [[3 3⋄3 3⋄4 5];2 2⍴3]
