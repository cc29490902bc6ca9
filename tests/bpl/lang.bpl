⍝⍝ Language fixes: parameters and selectors whose items are still pending, pick's coordinate fields

⍝ lang:each-counts — replicate's counts made by each (items still pending) read as integers
({2|⍵}¨⍳6)#⍳6   ⍝ 1 3 5

⍝ lang:each-counts-zero — counts of 0 from each select nothing
({0×⍵}¨1 2 3)#⍳3   ⍝ ⍬

⍝ lang:each-counts-float — a non-integral count from each stays a DOMAIN error
({⍵÷2}¨1 2 3)#⍳3
⍝ error: DOMAIN ERROR

⍝ lang:at-pending-coordinates — @ at coordinates computed by a pervasive function (pending items)
9@(1+[[0 0] [1 2]]) 3 4⍴0
⍝ =>
[0 0 0 0⋄0 9 0 0⋄0 0 0 9]

⍝ lang:choose-pending — choose indexing by coordinates that are still pending
(⊂1+[[0 0] [1 2]])⌷3 4⍴⍳12   ⍝ 5 11

⍝ lang:choose-scalar — the result has the selector's shape: a scalar of one coordinate gives a
⍝ scalar, not the atom (functions.md §7.1; language.md §9.1: indexing keeps the container)
[[(⊂1 2)]⌷3 4⍴⍳12;≡[(⊂1 2)]⌷3 4⍴⍳12]   ⍝ [⊂6;1]

⍝ lang:pick-fields — array-valued coordinate fields pair item by item
[0 2;1 3]⊃3 4⍴⍳12   ⍝ 1 11

⍝ lang:pick-field-spreads — a unit field spreads over the other's shape
[0 1 2;3]⊃3 4⍴⍳12   ⍝ 3 7 11

⍝ lang:pick-field-matrix — the result has the longest field's shape
[[0 1⋄2 0];1]⊃3 4⍴⍳12
⍝ =>
[1 5⋄9 1]

⍝ lang:pick-field-cells — fewer fields than axes pick whole cells
[[0 2]]⊃3 4⍴⍳12
⍝ =>
[[0 1 2 3] [8 9 10 11]]

⍝ lang:pick-fields-disagree — fields whose shapes do not agree
[0 2;1 2 3]⊃3 4⍴⍳12
⍝ error: LENGTH ERROR

⍝ lang:pick-field-outside — a paired coordinate outside its axis
[0 3;1 1]⊃3 4⍴⍳12
⍝ error: INDEX ERROR

⍝ lang:pick-empty-fill — 0 or ¯1 on an empty axis gives the fill
¯1⊃⍬   ⍝ 0

⍝ lang:pick-empty-fill-char — the fill of an empty character vector
0⊃""   ⍝ ' '

⍝ lang:pick-empty-outside — other positions on an empty axis are outside it
1⊃⍬
⍝ error: INDEX ERROR

⍝ lang:sum-empty-chars — an empty character lane reads as empty numbers: the identity of +
+/""   ⍝ 0

⍝ lang:product-empty-chars — and of ×, spread over the remaining axes
×/3 0⍴""   ⍝ 1 1 1

⍝ lang:sum-chars — characters that are there still have no sum
+/"ab"
⍝ error: DOMAIN ERROR

⍝ lang:power-history — f⍣[g]: every state from the argument through the first satisfying one
1 +⍣[{⍺=3}] 0   ⍝ 0 1 2 3

⍝ lang:power-history-match — a fixed point reached at once keeps both states
⊢⍣[≡] 4   ⍝ 4 4

⍝ lang:power-history-nested — states are items, never padded
{⍵,1}⍣[{2=≢⍺}] ⍬
⍝ =>
[⍬ [1] [1 1]]

⍝ lang:power-history-length — a predicate giving several Booleans
⊢⍣[{1 1}] 4
⍝ error: LENGTH ERROR

⍝ lang:power-history-domain — a predicate giving a non-Boolean
⊢⍣[{2}] 4
⍝ error: DOMAIN ERROR

⍝ lang:negate-empty-text — empty text in arithmetic is empty numbers (functions.md §2.2)
-""   ⍝ ⍬

⍝ lang:divide-empty-text — either side of a dyad
1÷""   ⍝ ⍬

⍝ lang:empty-text-matrix — the shape stays
⍴-2 0⍴""   ⍝ 2 0

⍝ lang:conjugate-text — + returns characters unchanged (functions.md §2.1)
+"abc"   ⍝ "abc"

⍝ lang:conjugate-empty-text — and keeps empty text text
+""   ⍝ ""

⍝ lang:negate-text — text that is there is still not a number
-"a"
⍝ error: DOMAIN ERROR

⍝ lang:divide-text — nor on either side of a dyad
1÷"ab"
⍝ error: DOMAIN ERROR

⍝ lang:whole-replace-identity — ⊣ of the name selects the whole array: any shape replaces it
a←1 2 ⋄ (⊣a)←3 4 5 ⋄ a   ⍝ 3 4 5

⍝ lang:whole-replace-empty-pick — so does an empty pick path, also of an empty array
a←⍬ ⋄ (⍬⊃a)←3 4 ⋄ a   ⍝ 3 4

⍝ lang:whole-replace-modified — modified assignment through it may resize the array
a←1 2 ⋄ (⍬⊃a),←3 4 ⋄ a   ⍝ 1 2 3 4

⍝ lang:whole-replace-unit — a unit value still spreads over the selection
a←1 2 ⋄ (⊣a)←5 ⋄ a   ⍝ 5 5

⍝ lang:whole-replace-rearranged — an empty pick of a rearrangement writes back in place
a←1 2 ⋄ (⍬⊃⌽a)←3 4 ⋄ a   ⍝ 4 3

⍝ lang:whole-replace-ravel — a ravel is not a whole-item selection: the value must fit
a←1 2 ⋄ (,a)←3 4 5
⍝ error: LENGTH ERROR

⍝ lang:whole-replace-pick-of-ravel — nor is an empty pick of one
a←1 2 ⋄ (⍬⊃,a)←3 4 5
⍝ error: LENGTH ERROR

⍝ lang:whole-replace-failed — a failed assignment leaves the name unchanged
a←1 2 ⋄ {"LENGTH"::a ⋄ (,a)←3 4 5}0   ⍝ 1 2

⍝ lang:execute-strings — ⍎ of an array of strings runs each string (functions.md §10.2)
⍎"1+1" "2×3"   ⍝ 2 6

⍝ lang:execute-no-result — a string with no result gives ⍬ there
⍎"" "2"
⍝ =>
[⍬ 2]

⍝ lang:execute-rows — a character matrix runs each row
⍎["1+1"⋄"2×3"]   ⍝ 2 6

⍝ lang:execute-order — the strings run in order, in the running scope
⍎"a←5" "a+1"   ⍝ 5 6

⍝ lang:execute-shape — the results take the strings' shape
⍎2 2⍴"1" "2" "3" "4"
⍝ =>
[1 2⋄3 4]

⍝ lang:execute-not-text — an item that is not text
⍎[1 "2"]
⍝ error: DOMAIN ERROR

⍝ lang:join-empty-weak — ⍬ has no items to widen a Boolean: ⍬,$t is Boolean (D3)
•storage ⍬,$t   ⍝ "boolean"

⍝ lang:append-empty-weak — appending to ⍬ takes the appended items' kind
r←⍬ ⋄ r,←$t $f ⋄ •storage r   ⍝ "boolean"

⍝ lang:join-empty-strong — an empty array of a declared kind still joins its kind
•storage (0⍴0ₓ),$t   ⍝ "integer"

⍝ lang:first-of-empty-assign — an empty array has no first item to replace
a←⍬ ⋄ (↑a)←3 4
⍝ error: INDEX ERROR

⍝ lang:first-of-empty-unchanged — and the failed assignment leaves it as it was
a←⍬ ⋄ {"INDEX"::a ⋄ (↑a)←3}0   ⍝ ⍬

⍝ lang:overtake-fill-assign — fill positions from overtake are still skipped, not errors
a←1 2 ⋄ (3↑a)←4 ⋄ a   ⍝ 4 4

⍝ lang:index-rows — a higher-rank index applies per row (functions.md §7.1)
(2 1⍴0 2)⌷"abc"   ⍝ "ac"

⍝ lang:index-rows-coordinates — each row a whole coordinate
(2 2⍴0 1 2 3)⌷3 4⍴⍳12   ⍝ 1 11

⍝ lang:index-rows-cells — rows selecting cells: the cells are mixed under the frame
(2 1⍴0 2)⌷3 4⍴⍳12
⍝ =>
[0 1 2 3⋄8 9 10 11]

⍝ lang:index-rows-length — a row with more selectors than axes
(2 3⍴⍳6)⌷3 4⍴⍳12
⍝ error: LENGTH ERROR

⍝ lang:modify-dfn — a dfn modifies a selective assignment; repeated positions accumulate
y←0 0 0 ⋄ y.[[1 1]]{⍺+⍵}←1 ⋄ y   ⍝ 0 2 0

⍝ lang:modify-named — a name bound to a function modifies too
a←1 2 ⋄ f←{⍺+⍵} ⋄ a.[[0 1]]f←10 20 ⋄ a   ⍝ 11 22

⍝ lang:modify-dfn-destructure — destructuring modification with a dfn
a←1 ⋄ b←2 ⋄ [a b]{⍺×⍵}←3 4 ⋄ [a b]   ⍝ 3 8

⍝ lang:modify-dfn-name — plain modified assignment with a dfn
a←5 ⋄ a{⍺-⍵}←2 ⋄ a   ⍝ 3

⍝ lang:mix-empty-prototype — an empty mix takes its cells' shape and fill from the prototype
⊃0⍴[[1 2] [3 4 5]]
⍝ =>
0 2⍴0

⍝ lang:mix-empty-text — a text prototype fills with spaces
⊃0⍴⊂"ab"
⍝ =>
0 2⍴' '

⍝ lang:union-rank — Y of another rank than X and not one of its cells (functions.md §4.4)
1 2∪2 2⍴3
⍝ error: RANK ERROR

⍝ lang:union-cell — one cell of X's major-cell rank joins as a cell
2 3 4∪5   ⍝ 2 3 4 5

⍝ lang:intersect-unit-left — a unit X is a one-item vector, so Y must be a vector
1∩2 3⍴4
⍝ error: RANK ERROR

⍝ lang:intersect-unit-right — a unit Y
1 2∩5
⍝ error: RANK ERROR

⍝ lang:intersect-unit-left-vector — a unit X with a vector Y
2∩⍳4
⍝ =>
,2
