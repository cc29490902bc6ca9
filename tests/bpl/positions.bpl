⍝⍝ selective assignment into flat arrays: the selection runs on the target's positions, a pending read of ⍳ that only the selected positions come from; repeats, range, keys, fill and ⍵ (language.md §5, §11.4)

⍝ positions:repeat-replace — a replacing write may repeat a position
x←5⍴0 ⋄ x.[[1 1 3]]←7 ⋄ x   ⍝ 0 7 0 7 0

⍝ positions:repeat-modify — a modified write accumulates every repeat
x←5⍴0 ⋄ x.[[4 4 0]]+←1 2 3 ⋄ x   ⍝ 3 0 0 0 3

⍝ positions:repeat-sparse — repeats among a few positions of a large array
x←10000⍴0 ⋄ x.[[9999 7 9999]]+←1 ⋄ (x.[[7 9999]]),+/x   ⍝ 1 2 3

⍝ positions:modify-sparse — a modified write without repeats into a large array
x←10000⍴1 ⋄ x.[[5 9000]]×←3 4 ⋄ +/x   ⍝ 10005

⍝ positions:repeat-defined — a defined modifier applies at every repeat in turn
x←3⍴0 ⋄ f←{⍺+⍵} ⋄ x.[[1 1]](f)←5 6 ⋄ x   ⍝ 0 11 0

⍝ positions:out-of-range — a position past the end changes nothing
x←1 2 3 ⋄ {"INDEX"::x ⋄ x.[[1 3]]←9}0   ⍝ 1 2 3

⍝ positions:out-of-range-negative — nor one before the start
x←1 2 3 ⋄ x.[[¯4]]←9
⍝ error: INDEX ERROR

⍝ positions:keyed — a selection by key writes at the keys' positions and keeps them
v←"a" "b" "c":1 2 3 ⋄ v.[["c" "a"]]←9 8 ⋄ v   ⍝ ["a":8 "b":2 "c":9]

⍝ positions:keyed-matrix — a take of a keyed matrix keeps its keys
M←["r" "s";"x" "y"]:[1 2⋄3 4] ⋄ (1↑M)←0 ⋄ M≡["r" "s";"x" "y"]:[0 0⋄3 4]   ⍝ $t

⍝ positions:overtake — fill positions from an overtake write nothing
a←1 2 ⋄ (4↑a)←7 8 9 10 ⋄ a   ⍝ 7 8

⍝ positions:overtake-back — from the back too
a←1 2 ⋄ (¯4↑a)←7 8 9 10 ⋄ a   ⍝ 9 10

⍝ positions:overtake-matrix — and along every axis of a matrix
m←2 2⍴⍳4 ⋄ (3 3↑m)←3 3⍴10+⍳9 ⋄ m   ⍝ [10 11⋄13 14]

⍝ positions:omega — a dfn writes into its own ⍵
{(1↑⍵)←9 ⋄ ⍵}1 2 3   ⍝ 9 2 3

⍝ positions:omega-modify — a modified write into ⍵ accumulates repeats
{(⍵.[[1 1]])+←5 ⋄ ⍵}1 2 3   ⍝ 1 12 3

⍝ positions:omega-value — the caller's array is unchanged
x←1 2 3 ⋄ y←{(⍵.[[0]])←0 ⋄ ⍵}x ⋄ x,y   ⍝ 1 2 3 0 2 3

⍝ positions:index-of-reverse — an index of a rearrangement maps back to the original
v←⍳6 ⋄ (⌽v).[[0 1]]←100 200 ⋄ v   ⍝ [0 1 2 3 200 100]ₓ

⍝ positions:cells-of-transpose — major cells of a transpose are columns
m←3 4⍴⍳12 ⋄ (⍉m).[[1 2]]←0 ⋄ m   ⍝ [0 0 0 3⋄4 0 0 7⋄8 0 0 11]

⍝ positions:take-of-drop — a chain of rearrangements
v←⍳10 ⋄ (2↑3↓v)←¯1 ⋄ v   ⍝ [0 1 2 ¯1 ¯1 5 6 7 8 9]ₓ

⍝ positions:whole — the whole array selected may take any shape
a←1 2 ⋄ (⊣a)←3 4 5 ⋄ a   ⍝ 3 4 5

⍝ positions:large — a hundred thousand positions of a million items
x←1000000⍴0 ⋄ x.[7×⍳100000]←1 ⋄ (+/x),(+/x.[7×⍳100000]),x.[[699993 699994]]   ⍝ 100000 100000 1 0

⍝ positions:keyed-by-number — numbers select a keyed vector's items and name no new key
v←"a" "b" "c":1 2 3 ⋄ v.[[2 0]]←5 ⋄ v   ⍝ ["a":5 "b":2 "c":5]

⍝ positions:keyed-append-list — a list of keys appends those the target lacks
v←"a" "b":1 2 ⋄ ([["c" "a"]]⌷v)←7 8 ⋄ v   ⍝ ["a":8 "b":2 "c":7]

⍝ positions:under — f@positions selects from the same positions
x←100000⍴0 ⋄ y←1@(7×⍳1000) ⊢ x ⋄ (+/y),y.[[0 7 8]]   ⍝ 1000 1 1 0

⍝ positions:gather-broadcast — positions of a reshaped atom read that atom (a gather from a Copy reads its leaf)
x←3 ⋄ (5⍴x).[[1 4 2]]   ⍝ 3 3 3

⍝ positions:gather-overtake — positions of an overtake read its fill where it pads
(¯12↑⍳10).[[0 1 11 5]]   ⍝ [0 0 9 3]ₓ

⍝ positions:gather-transpose — positions of a transpose by axis
(⍉3 4⍴⍳12).[[3 0 1];[2 0]]   ⍝ [11 3⋄8 0⋄9 1]ₓ
