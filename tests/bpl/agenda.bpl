⍝⍝ s⍚fs agenda (operators-and-system.md §15)

⍝ agenda:function-index — the selector runs once, on the arguments: its ¯1 picks the last case
abs←{(⍵>0)-⍵<0}⍚[⊢ ⊢ -] ⋄ abs¨ 5 0 ¯5   ⍝ 5 0 5

⍝ agenda:constant — an array among the cases is a constant
1⍚[⊢ 42] 7   ⍝ 42

⍝ agenda:only-chosen — only the chosen case runs
0⍚[⊢ {⎕←"no" ⋄ ⍵}] 3   ⍝ 3
⍝ ⎕:

⍝ agenda:negative — negative indices count from the end
¯1⍚[+ × -] 5   ⍝ ¯5

⍝ agenda:range —
3⍚[+ -] 1
⍝ error: INDEX ERROR

⍝ agenda:derive-index-rank — a bad index is an error when the function is derived, before a call
(,1)⍚[+ ×]
⍝ error: RANK ERROR

⍝ agenda:derive-cases-unit — cases held in a unit are not a vector
1⍚ ⍬⍴[+]
⍝ error: RANK ERROR

⍝ agenda:derive-index-integral — a non-integral index
1.5⍚[+ ×]
⍝ error: DOMAIN ERROR

⍝ agenda:derive-no-cases — no cases
1⍚ 0↑[+ ×]
⍝ error: DOMAIN ERROR

⍝ agenda:derive-index-range — an index past the cases, from either end
¯3⍚[+ ×]
⍝ error: INDEX ERROR

⍝ agenda:derive-named — a good derived function is named and called later
mul←¯1⍚[+ ×] ⋄ 2 mul 3   ⍝ 6
