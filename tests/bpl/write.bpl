⍝⍝ writes into native arrays: one At node, whatever the number of positions (language.md §5)

⍝ write:replace — items at positions take the values, in order
x←10⍴0 ⋄ x.[[2 5]]←7 8 ⋄ x   ⍝ 0 0 7 0 0 8 0 0 0 0

⍝ write:unit — one value goes to every position
x←6⍴1 ⋄ x.[[0 3 5]]←4 ⋄ x   ⍝ 4 1 1 4 1 4

⍝ write:join — writing floats into integers makes the array float (D3)
x←⍳4 ⋄ x.[[1]]←0.5 ⋄ x   ⍝ 0 0.5 2 3

⍝ write:accumulate — a modified write with repeats adds every repeat
x←5⍴0 ⋄ x.[[1 3 3 3]]+←10 1 2 3 ⋄ x   ⍝ 0 10 0 6 0

⍝ write:accumulate-max — and the same for another primitive
x←5⍴0 ⋄ x.[[2 2 4]]⌈←7 3 ¯1 ⋄ x   ⍝ 0 0 7 0 0

⍝ write:matrix — positions in a matrix by coordinates
m←3 3⍴0 ⋄ m.[1;2]←5 ⋄ m   ⍝ [0 0 0⋄0 0 5⋄0 0 0]

⍝ write:many — ten thousand positions: every other item of twenty thousand
x←20000⍴0 ⋄ x.[2×⍳10000]←1 ⋄ (+/x),(+/x×1=2|⍳20000)   ⍝ 10000 0

⍝ write:nested-unit — an enclosed array written at several positions nests there
a←⍳3 ⋄ a.[[0 2]]←⊂9 8 ⋄ ≡a   ⍝ 2

⍝ write:characters — characters into a string
s←"hello" ⋄ s.[[0]]←"J" ⋄ s   ⍝ "Jello"

⍝ write:out-of-range — a position outside the array changes nothing
x←1 2 3 ⋄ {"INDEX"::x ⋄ x.[[0 5]]←9}0   ⍝ 1 2 3

⍝ write:length — values that do not fit the selection
x←1 2 3 ⋄ x.[[0 1]]←4 5 6
⍝ error: LENGTH ERROR
