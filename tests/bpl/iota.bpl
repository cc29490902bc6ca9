⍝⍝ Rearrangements and selections of ⍳ read its items where they are read, never storing the ⍳ (its item at position q is q, or n-1-q downward); expectations worked by hand

⍝ iota:take-huge — three items of a 10⁸-item ⍳
3↑⍳1E8   ⍝ 0 1 2

⍝ iota:take-down — ⍳ of a negative length counts down
3↑⍳¯6   ⍝ 5 4 3

⍝ iota:overtake-left — a negative overtake pads with the fill on the left
¯5↑⍳3   ⍝ 0 0 0 1 2

⍝ iota:overtake-right — a positive overtake pads on the right
5↑⍳3   ⍝ 0 1 2 0 0

⍝ iota:take-of-empty — a take of an empty ⍳ is all fill
3↑⍳0   ⍝ 0 0 0

⍝ iota:drop — a drop reads from the third item
2↓⍳6   ⍝ 2 3 4 5

⍝ iota:drop-all — dropping the one item leaves none
≢1↓⍳1   ⍝ 0

⍝ iota:reverse — ⌽ of ⍳ counts down
⌽⍳5   ⍝ 4 3 2 1 0

⍝ iota:reverse-down — ⌽ of a downward ⍳ counts up
⌽⍳¯5   ⍝ 0 1 2 3 4

⍝ iota:reverse-one — one item reversed is itself
⌽⍳1   ⍝ ,0

⍝ iota:reverse-empty — an empty ⍳ reversed is empty
≢⌽⍳0   ⍝ 0

⍝ iota:rotate — a rotation wraps
2⌽⍳5   ⍝ 2 3 4 0 1

⍝ iota:rotate-down — a rotation of 3 2 1 0
1⌽⍳¯4   ⍝ 2 1 0 3

⍝ iota:reshape-cycles — a reshape longer than ⍳ cycles
7⍴⍳3   ⍝ 0 1 2 0 1 2 0

⍝ iota:reshape-matrix — a matrix of a cycling ⍳
3 4⍴⍳5   ⍝ [0 1 2 3⋄4 0 1 2⋄3 4 0 1]

⍝ iota:transpose — ⍉ of a reshaped ⍳ walks its columns
⍉2 3⍴⍳6   ⍝ [0 3⋄1 4⋄2 5]

⍝ iota:transpose-large — the corner items of a 40×50 transpose (past the tile size): item (i, j) is 50j+i
[0 1 49;0 1 39]⌷⍉40 50⍴⍳2000   ⍝ [0 50 1950⋄1 51 1951⋄49 99 1999]

⍝ iota:transpose-weighted — Σ k×(ravel of ⍉40 50⍴⍳2000)[k], item k being 50(k mod 40)+⌊k÷40 (Python: sum(k*(50*(k%40)+k//40) for k in range(2000)))
+/(⍳2000)×,⍉40 50⍴⍳2000   ⍝ 2027985500

⍝ iota:windows-sum — sums of windows of three read ⍳ at each window's items
+/3↕⍳6   ⍝ 3 6 9 12

⍝ iota:select — positions no rearrangement spells select through a Gather
(⊂3 1 4 1 5)⌷⍳10   ⍝ 3 1 4 1 5

⍝ iota:select-down — item j of ⍳¯10 is 9-j
(⊂0 2 9)⌷⍳¯10   ⍝ 9 7 0

⍝ iota:select-one — one item of a 10⁸-item ⍳
5⌷⍳1E8   ⍝ 5

⍝ iota:matrix-item — one item of a reshaped ⍳
1 2⌷3 4⍴⍳12   ⍝ 6

⍝ iota:sum-reverse — Σ of ⌽⍳10⁶ is 10⁶(10⁶-1)/2
+/⌽⍳1E6   ⍝ 499999500000

⍝ iota:sum-take-huge — Σ of the first five of 10⁸
+/5↑⍳1E8   ⍝ 10

⍝ iota:plus-reverse — ⍳ read item for item and reversed in one stage
(⍳4)+⌽⍳4   ⍝ 3 3 3 3

⍝ iota:held-reverse — a named ⍳ is stored, and its reverse reads it
x←⍳5 ⋄ ⌽x   ⍝ 4 3 2 1 0

⍝ iota:held-windows — windows of a named ⍳, summed slice by slice
x←⍳6 ⋄ +/3↕x   ⍝ 3 6 9 12

⍝ iota:held-and-select — a named ⍳ beside a selection of it
x←⍳¯8 ⋄ x+(⊂7 6 5 4 3 2 1 0)⌷x   ⍝ 7 7 7 7 7 7 7 7
