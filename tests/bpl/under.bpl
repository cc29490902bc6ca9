⍝⍝ f@g under (operators-and-system.md §14)

⍝ under:positions — f on the selection, written back; the rest unchanged
×⍨@1 3⍳5   ⍝ [0 1 2 9 4]ₓ

⍝ under:replace — an array f replaces the selection, one value or one per position
[0@0 2⍳4;7 8@0 2⍳4]   ⍝ [[0 1 0 3]ₓ;[7 1 8 3]ₓ]

⍝ under:rows — positions on the leading axis select major cells
⌽@1⊢3 2⍴⍳6   ⍝ [0 1⋄3 2⋄4 5]

⍝ under:once — f is called once, on the whole selection (here a sum of two items)
{+/⍵}@0 1⊢10 20 30   ⍝ 30 30 30

⍝ under:predicate — [p] selects ⍸p Y
0@[3<] 1 5 2 7   ⍝ 1 0 2 0

⍝ under:left — with positions the left argument goes whole to f
100 200+@2 0⊢1 2 3   ⍝ 201 2 103

⍝ under:inverse — another g: g⁻ f g Y
⌊@(10×) 1.25 2.78   ⍝ 1.2 2.7

⍝ under:kinds — a written float joins the integers' kind
•storage 0.5@0⊢⍳3ₓ   ⍝ "float64"

⍝ under:fit —
1 2 3@0 1⍳5
⍝ error: LENGTH ERROR

⍝ under:keyed — a keyed replacement aligns by key, and the array keeps its keys
x←["a":1 "b":2 "c":3] ⋄ ["b":20 "a":10]@0 1 x   ⍝ ["a":10 "b":20 "c":3]

⍝ under:keys-kept — a write at a position of a keyed vector keeps its keys
0@1⊢["a":1 "b":2]   ⍝ ["a":1 "b":0]

⍝ under:pending-kind — a computed float written into integers makes them floats, as x.[p]← does
•storage (÷2)@0⊢⍳3   ⍝ "float64"

⍝ under:rows-function — f on the selected major cells of a matrix
10×@0 2⊢3 2⍴⍳6   ⍝ [0 10⋄2 3⋄40 50]

⍝ under:many — a function on four thousand of twelve thousand items (every third negated)
+/-@(3×⍳4000)⍳12000   ⍝ 24006000

⍝ under:many-unit — one value at five thousand positions, nothing else changed
x←7@(1+4×⍳5000)⊢20000⍴0 ⋄ (+/x),+/x×1≠4|⍳20000   ⍝ 35000 0

⍝ under:characters — characters into a string
"ab"@0 1⊢"xyz"   ⍝ "abz"

⍝ under:mixed — a character into numbers makes a mixed array (the host route)
•storage 'a'@0⊢⍳3   ⍝ "mixed"

⍝ under:nests — an enclosed array written at one position nests there
≡(⊂1 2)@1⊢⍳3   ⍝ 2
