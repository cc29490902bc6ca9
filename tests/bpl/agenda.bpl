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
