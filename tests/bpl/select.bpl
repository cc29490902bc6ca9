⍝⍝ Selective assignment and @ into nested items; reach indexing (language.md §5, functions.md §7.1, operators-and-system.md §14)

⍝ select:each-take — a selection through each writes inside every item
a←"ab" "cd" ⋄ (1↑¨a)←'X' ⋄ a   ⍝ "Xb" "Xd"

⍝ select:each-first — first of each names an atom inside each item
a←[1 2] [3 4] ⋄ (↑¨a)←10 30 ⋄ a   ⍝ [[10 2] [30 4]]

⍝ select:whole-item — a selection of whole items replaces them
a←"ab" "cd" ⋄ (1↓a)←⊂"xyz" ⋄ a   ⍝ "ab" "xyz"

⍝ select:enlist — enlist names every atom at every depth
a←[1 2] [3 4 5] ⋄ (∊a)←⌽∊a ⋄ a   ⍝ [[5 4] [3 2 1]]

⍝ select:pick-pick — a pick inside a pick writes one atom
a←[[1 2] [3 4]] ⋄ (1⊃0⊃a)←9 ⋄ a   ⍝ [[1 9] [3 4]]

⍝ select:modified — modified assignment through each
a←[1 2] [3 4] ⋄ (1⊃¨a)+←100 ⋄ a   ⍝ [[1 102] [3 104]]

⍝ select:modified-per-item — a function that is not itemwise modifies each selected item with its own item
s←[1 2 3] [2 3] [4 5] ⋄ s.[[0 2]]∩←[2 3 9] [5] ⋄ s   ⍝ [[2 3] [2 3] ,5]

⍝ select:modified-per-item-one — one right side item modifies every selected item
s←[1 2 3] [2 3] [4 5] ⋄ s.[[0 1]]~←⊂,2 ⋄ s   ⍝ [[1 3] ,3 [4 5]]

⍝ select:modified-whole-item — the atoms of one item are modified whole
a←[[1 2] [3 4]] ⋄ a₁,←5 ⋄ a   ⍝ [[1 2] [3 4 5]]

⍝ select:modified-per-item-misfit — right side items must match the selection
s←[1 2] [3] ⋄ {"LENGTH"::s ⋄ s.[[0 1]]∩←[1] [2] [3] ⋄ 0}0   ⍝ [[1 2] ,3]

⍝ select:misfit — a value that does not fit the selection changes nothing
a←"ab" "cd" ⋄ {"LENGTH"::a ⋄ (1↑¨a)←'x' 'y' 'z' ⋄ 0}0   ⍝ "ab" "cd"

⍝ select:reach — a coordinate longer than the rank reaches into the item
[[[1 1] [0 0 1]]]⌷["ab" 5;"cd" 6]   ⍝ 6 'b'

⍝ select:reach-list — a list of coordinates reaches one depth per coordinate
[[[[1 0] 1]]]⌷2 2⍴"ab" "cd" "ef" "gh"   ⍝ ,'f'

⍝ select:reach-index — a reach position outside its axis
[[[5 0]]]⌷"ab" "cd"
⍝ error: INDEX ERROR

⍝ select:reach-rank — a reach past an atom
[[[0 0 0]]]⌷"ab" "cd"
⍝ error: RANK ERROR

⍝ select:under-reach — @ with a list item reaches into nested items
0@[[1 2]] [1 2 3] [4 5 6]   ⍝ [1 2 3] [4 5 0]

⍝ select:under-item — @ replaces a whole item with an array
(⊂"xy")@1 ⊢ "ab" "cd" "ef"   ⍝ "ab" "xy" "ef"

⍝ select:bound-empty-path — ⍬↣⊃ is the empty pick path: the whole array, replaced with any shape
a←1 2 ⋄ (⍬↣⊃a)←3 4 5 ⋄ a   ⍝ 3 4 5

⍝ select:destructure-scalar — a scalar's one item goes to every name
[p q]←⊂2 2⍴1 ⋄ p+q   ⍝ 2 2⍴2

⍝ select:unit-selector — a unit selector keeps a unit; positions alone give the item
v←10 20 30 ⋄ [1⌷v;[⊂1]⌷v;[,1]⌷v]   ⍝ [20;⊂20;,20]
