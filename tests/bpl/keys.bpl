⍝⍝ Keys, records and dot forms (language.md §4.8, §5, §11, §12); the •load and •prefs examples
⍝⍝ of operators-and-system.md §19 are in load.bpl, beside the modules they load

⍝ keys:single-key — a single key makes Y the one item
⎕←"ab":11 12 13 ⋄ 0   ⍝ 0
⍝ ⎕: ["ab":[11 12 13]]

⍝ keys:leading-axis — several keys label the major cells
("aa" "bb":1 2)≡["aa":1 "bb":2]   ⍝ $t

⍝ keys:no-key-position — a position's own number means no key
⎕←"aa" 1:3 4 ⋄ 0   ⍝ 0
⍝ ⎕: ["aa":3 4]

⍝ keys:wrong-position — a number other than the position is no key
1 0:3 4
⍝ error: DOMAIN ERROR

⍝ keys:duplicate —
"aa" "aa":1 2
⍝ error: DOMAIN ERROR

⍝ keys:length — one key per position
"aa" "bb" "cc":1 2
⍝ error: LENGTH ERROR

⍝ keys:kind — a key is a string
1.5 "bb":1 2
⍝ error: DOMAIN ERROR

⍝ keys:on-axis — K:⍠a Y labels axis a, the other axes as they were
M←"price" "qty":⍠1 [10 2⋄20 4] ⋄ [∞ "qty"⌷M;⍳⍠1 M;⍳⍠0 M]   ⍝ [2 4;"price" "qty";0 1]

⍝ keys:on-axes — several key vectors label the listed axes in order
(["r1" "r2";"c1" "c2"]:⍠1 0 [1 2⋄3 4])≡["c1" "c2";"r1" "r2"]:[1 2⋄3 4]   ⍝ $t

⍝ keys:on-axis-length — one key per position of the labelled axis
"a" "b" "c":⍠1 [1 2⋄3 4]
⍝ error: LENGTH ERROR

⍝ keys:on-axis-duplicate —
"a" "a":⍠1 [1 2⋄3 4]
⍝ error: DOMAIN ERROR

⍝ keys:on-axis-outside — an axis the array lacks
"a":⍠2 [1 2⋄3 4]
⍝ error: DOMAIN ERROR

⍝ keys:remove-axis — :⍠a removes one axis's keys, the others stay
M←["alice" "bob";"price" "qty"]:[10 2⋄20 4] ⋄ [(:⍠0 M)≡"price" "qty":⍠1 [10 2⋄20 4];(:⍠1 M)≡"alice" "bob":[10 2⋄20 4]]   ⍝ $t $t

⍝ keys:axis-keys — ⍳⍠a gives an axis's keys, a position's own number where it has none (functions.md §8.1)
[⍳⍠0 ("a" "b":1 2);⍳⍠0 [1 "a":2];⍳⍠1 (2 3⍴0)]   ⍝ ["a" "b";[0 "a"];0 1 2]

⍝ keys:marked-record — a mark after a record of literals keeps its keys
["a":2 "b":3]ₓ≡"a" "b":[2 3]ₓ   ⍝ $t

⍝ keys:bracket-kind — a record field's key is a string
[1:2]
⍝ error: DOMAIN ERROR

⍝ keys:bracket-duplicate —
["a":1 "a":2]
⍝ error: DOMAIN ERROR

⍝ keys:chars-are-one-key — 'a' 'b' is the one key "ab"
('a' 'b':5)≡["ab":5]   ⍝ $t

⍝ keys:monadic — :Y removes the keys
(:["aa":1 "bb":2])≡1 2   ⍝ $t

⍝ keys:empty-record — ⍬:⍬ is keyed, and not ⍬
⎕←⍬:⍬
[≢⍬:⍬;(⍬:⍬)≡⍬;(⍬:⍬)≡⍬:⍬]   ⍝ [0ₓ;$f;$t]
⍝ ⎕: ⍬:⍬

⍝ keys:record-display — items in source form, keys before them
⎕←["price":1 2 3;"qty":4 5 6]
⎕←["a":1 "b":"xy" "c":[1 2]ₓ]
⎕←[15 ["aa":1]] ⋄ 0   ⍝ 0
⍝ ⎕: ["price":[1 2 3] "qty":[4 5 6]]\n["a":1 "b":"xy" "c":[1 2]ₓ]\n[15 ["aa":1]]

⍝ keys:record-int-mark — a compact integer record takes one mark
⎕←["aa":3ₓ "bb":5ₓ] ⋄ 0   ⍝ 0
⍝ ⎕: ["aa":3 "bb":5]ₓ

⍝ keys:reads-back — the display text of a record reads back
r←["one":[1 2] "two":3 "f":+/ "n":["x":"y" 7]] ⋄ r≡⍎⍕r   ⍝ $t

⍝ keys:match — keys take part in ≡
[["a":1 "b":2]≡["b":2 "a":1];["a":1]≡["b":1];["a":1]≡,1;["a":1 2]≡["a":1 2]]   ⍝ $f $f $f $t

⍝ keys:destructure — each name takes the item with its own key (§5)
[b a]←["a":1 "b":2 "c":3] ⋄ a b   ⍝ 1 2

⍝ keys:destructure-missing — a missing key binds nothing
a←0 ⋄ {"INDEX"::a ⋄ [a z]←["a":1 "b":2] ⋄ 9}0   ⍝ 0

⍝ keys:pick — "name"⊃R
"b"⊃["a":1 "b":"two"]   ⍝ "two"

⍝ keys:pick-missing —
"z"⊃["a":1]
⍝ error: INDEX ERROR

⍝ keys:dot-field — R.name is "name"⊃R, chains left to right
T←["name":"ann" "addr":["city":"SF" "zip":94110]] ⋄ [T.name;T.addr.city;T.addr.zip]   ⍝ ["ann";"SF";94110]

⍝ keys:dot-field-function — a field holding a function calls
r←["sum":+/ "max":⌈/] ⋄ [r.sum 1 2 3;r.max 1 2 3;r≡⍎⍕r]   ⍝ [6;3;$t]

⍝ keys:item-not-field — a call before the colon makes an item, not a field
[≢⍬:⍬;≢"ab":1 2;≢"a" "b":1 2]   ⍝ [0ₓ;1ₓ;2ₓ]

⍝ keys:nested-record-value —
("a":"b":1)≡["a":["b":1]]   ⍝ $t

⍝ keys:field-key-vector — a field keyed by a vector of keys puts each of its items in the list
["aa" 1:3 4;"b":5]   ⍝ ["aa":3 4 "b":5]

⍝ keys:field-key-vector-duplicate — a key named twice in a field's key vector is DOMAIN ERROR
["a" "a":1 2;"b":3]
⍝ error: DOMAIN ERROR

⍝ keys:field-key-vector-length — a field's key vector needs one key per item
["a" "b":1 2 3;"c":4]
⍝ error: LENGTH ERROR

⍝⍝ Dot forms (§4.8)

⍝ keys:dot-inner-product — f.g between functions is the inner product, also before a group
1 2 3 +.(×⍨) 4 5 6   ⍝ 32

⍝ keys:dot-index-binds-tightly — .[…] binds as tightly as a subscript
v←10 20 30 ⋄ 9,v.[1],3   ⍝ 9 20 3

⍝ keys:dot-index-literal — and follows literals and constants
["abc".[[2 0]];$a.[[2 0]]]   ⍝ ["ca";"CA"]

⍝ keys:dot-index-empty — .[] of a scalar selects it whole; assigned through
a←3 ⋄ a.[]←4 ⋄ a   ⍝ 4

⍝ keys:dot-index-chain — .[…] takes one bracket item per axis and chains
A←2 3 4⍴⍳24 ⋄ A.[1 ∞ 0].[¯1]   ⍝ 20

⍝ keys:dot-index-order — the array is evaluated before the index
n←0 ⋄ ({n+←1 ⋄ 10 20 30}0).[{n×2}0]   ⍝ 30

⍝⍝ Selection (§11.2)

⍝ keys:select-row — a key removes the axis; the other axes keep their keys
M←["alice" "bob";"price" "qty"]:[10 2⋄20 4] ⋄ "bob"⌷M   ⍝ ["price":20 "qty":4]

⍝ keys:select-column — ∞ takes a whole axis with its keys
M←["alice" "bob";"price" "qty"]:[10 2⋄20 4] ⋄ ∞ "qty"⌷M   ⍝ ["alice":2 "bob":4]

⍝ keys:select-item — a key per axis gives the item
M←["alice" "bob";"price" "qty"]:[10 2⋄20 4] ⋄ "bob" 0⌷M   ⍝ 20

⍝ keys:select-keep — a vector of keys keeps the axis
M←["alice" "bob";"price" "qty"]:[10 2⋄20 4] ⋄ ([,⊂"alice"]⌷M)≡[["alice"];"price" "qty"]:[10 2⋄]   ⍝ $t

⍝ keys:select-order — a vector of keys selects in its order
v←"a" "b" "c":10 20 30 ⋄ [[["c" "a"]]⌷v;v.[[2 0]]]   ⍝ [["c":30 "a":10];["c":30 "a":10]]

⍝ keys:select-reverse — ¯∞ reverses the axis and its keys
(¯∞⌷"a" "b" "c":10 20 30)≡"c" "b" "a":30 20 10   ⍝ $t

⍝ keys:select-pick-row — "key"⊃ of a matrix keeps the column keys
M←["alice" "bob";"price" "qty"]:[10 2⋄20 4] ⋄ "bob"⊃M   ⍝ ["price":20 "qty":4]

⍝ keys:select-nested — a record inside a record keeps its keys
inner←"bb" "cc":1 2 ⋄ x←["aa":inner "zz":0] ⋄ [(x.aa).bb;x.aa.cc;x.aa≡inner]   ⍝ [1;2;$t]

⍝ keys:select-missing — a missing key is INDEX ERROR
v←"a" "b":1 2 ⋄ "z"⌷v
⍝ error: INDEX ERROR

⍝ keys:select-twice — a keyed position selected twice is DOMAIN ERROR
v←"a" "b":1 2 ⋄ [["a" "a"]]⌷v
⍝ error: DOMAIN ERROR

⍝ keys:select-twice-position — also through positions
v←"a" "b":1 2 ⋄ v.[[1 1]]
⍝ error: DOMAIN ERROR

⍝ keys:select-unkeyed — a key on an unkeyed array is INDEX ERROR
"a"⌷1 2 3
⍝ error: INDEX ERROR

⍝ keys:pick-batch — an array-valued coordinate field of ⊃ may name keys, repeats included
T←"price" "qty":[1 2 3;4 5 6] ⋄ [[["qty" "price"]]⊃T;[["price" "price"]]⊃T]   ⍝ [[4 5 6;1 2 3];[1 2 3;1 2 3]]

⍝ keys:pick-batch-missing — a key the axis lacks in a coordinate field is INDEX ERROR
T←"price" "qty":[1 2 3;4 5 6] ⋄ [["qty" "tax"]]⊃T
⍝ error: INDEX ERROR

⍝⍝ Agreement by key (§11.3)

⍝ keys:agree-order — the result lists the left's keys
["aa":1 "bb":2]+["bb":10 "aa":20]   ⍝ ["aa":21 "bb":12]

⍝ keys:agree-missing — a missing entry reads its array's fill
["aa":2]+["bb":3]   ⍝ ["aa":2 "bb":3]

⍝ keys:agree-fill-product — the fill is 0 for numbers
["aa":2 "cc":5]×["bb":3 "cc":4]   ⍝ ["aa":0 "cc":20 "bb":0]

⍝ keys:agree-stretch — a keyed singleton stretches and loses its key
["base":5]+10 20 30   ⍝ 15 25 35

⍝ keys:agree-unit — a unit stretches to the keyed array, which keeps its keys
("base":5)+⊂10 20 30   ⍝ ["base":[15 25 35]]

⍝ keys:agree-positional — against an unkeyed axis agreement is positional
(1 2+"a" "b":10 20)≡"a" "b":11 22   ⍝ $t

⍝ keys:agree-unkeyed-positions — unkeyed positions pair in order
[["a":1 2]+[10 "a":20];["a":1 2]+["b":10 20]]   ⍝ [["a":21 12];["a":1 22 "b":10]]

⍝ keys:agree-inner-axis — keyed axes after the first align by key too, missing entries reading the fill
(["r";"a" "b"]:[1 2⋄])+["r";"b" "c"]:[10 20⋄]   ⍝ ["r";"a" "b" "c"]:[1 12 20⋄]

⍝ keys:agree-both-axes — each keyed axis aligns on its own, with fill where neither has an entry
A←"alice":⍠0 ("price":⍠1 [[10]⋄]) ⋄ B←"bob":⍠0 ("qty":⍠1 [[2]⋄]) ⋄ (A+B)≡["alice" "bob";"price" "qty"]:[10 0⋄0 2]   ⍝ $t

⍝ keys:agree-explicit-axis — f⍠a pairs the lower-rank argument with axis a, aligning its keys there (operators-and-system.md §9)
M←["alice" "bob";"price" "qty"]:[10 2⋄20 4] ⋄ (M+⍠1 ("qty" "tax":10 2))≡["alice" "bob";"price" "qty" "tax"]:[10 12 2⋄20 14 2]   ⍝ $t

⍝ keys:agree-unkeyed-length — unkeyed positions must agree
["a":1 2]+["a":1 2 3]
⍝ error: LENGTH ERROR

⍝ keys:agree-monadic — monadic pervasive functions keep the keys
(-["a":1 "b":2])≡["a":¯1 "b":¯2]   ⍝ $t

⍝ keys:agree-compare — comparisons align too
("aa" "bb":1 2)=("bb" "aa":2 1)   ⍝ ["aa":$t "bb":$t]

⍝ keys:agree-integers — integer kinds survive alignment, fill 0
X←"aa" "bb":[2 3]ₓ ⋄ Y←"bb" "cc":[5 7]ₓ ⋄ ⎕←X+Y ⋄ 0   ⍝ 0
⍝ ⎕: ["aa":2 "bb":8 "cc":7]ₓ

⍝ keys:agree-same-layout — the same keys need no alignment
a←"x" "y" "z":1 2 3 ⋄ b←a×10 ⋄ a+b   ⍝ ["x":11 "y":22 "z":33]

⍝⍝ Assignment through keys and dot paths (§11.4)

⍝ keys:assign-existing — a dot path replaces the item under its key
T←["a":1 "b":2] ⋄ T.a←5 ⋄ T   ⍝ ["a":5 "b":2]

⍝ keys:assign-append — a missing key is appended; the old positions keep no key
v←10 20 30 ⋄ v.x←9 ⋄ ⎕←v ⋄ 0   ⍝ 0
⍝ ⎕: [10 20 30 "x":9]

⍝ keys:assign-create-path — plain assignment through a path creates missing records
T←["a":1] ⋄ T.style.color←"red" ⋄ T   ⍝ ["a":1 "style":["color":"red"]]

⍝ keys:assign-empty-record — fields added to ⍬:⍬ one by one
ns←⍬:⍬ ⋄ ns.aa←5 ⋄ ns.bb←⍳3 ⋄ ns.cc←2 2⍴⍳4 ⋄ ns.cc₁,ns.aa×ns.bb   ⍝ 2 3 0 5 10

⍝ keys:assign-function — a field holding a function calls in later statements
ns←⍬:⍬
ns.f1←{⍵+3}
ns.a←⍬:⍬
ns.a.f2←{⍵×2}
ns.f1 ns.a.f2 6   ⍝ 15

⍝ keys:assign-modified — modified assignment through a path updates the item
T←["a":["b":10]] ⋄ T.a.b+←1 ⋄ T.a.b   ⍝ 11

⍝ keys:assign-unit-whole — a unit selection stores the whole right side
T←["a":1 "b":2] ⋄ T.a←1 2 3 ⋄ T≡["a":[1 2 3] "b":2]   ⍝ $t

⍝ keys:assign-out-of-range — a numeric position outside its axis is INDEX ERROR, plain assignment too
v←1 2 ⋄ v.[5]←1
⍝ error: INDEX ERROR

⍝ keys:assign-modified-out-of-range —
v←1 2 ⋄ v.[¯3]+←1
⍝ error: INDEX ERROR

⍝ keys:assign-modified-missing — modified assignment to a missing key is INDEX ERROR
T←["a":1] ⋄ T.z+←1
⍝ error: INDEX ERROR

⍝ keys:assign-non-record — descending into a non-record is RANK ERROR
T←["a":1] ⋄ T.a.b←2
⍝ error: RANK ERROR

⍝ keys:assign-unchanged — a failed assignment changes nothing
T←["a":1] ⋄ {"RANK"::T ⋄ T.a.b←2}0   ⍝ ["a":1]

⍝ keys:assign-vector-keys — a vector selection aligns the right side's keys
T←"aa" "bb":1 2 ⋄ T.[["bb" "aa"]]←["aa":5 "bb":6 "cc":7] ⋄ T   ⍝ ["aa":5 "bb":6]

⍝ keys:assign-vector-missing — a key of the selection missing on the right side
T←"aa" "bb":1 2 ⋄ T.[["aa" "bb"]]←"aa":5
⍝ error: INDEX ERROR

⍝ keys:assign-align-both-axes — a keyed right side aligns with the selection on every keyed axis
M←["a" "b";"x" "y"]:[1 2⋄3 4] ⋄ (⌽M)←["b" "a";"x" "y"]:[30 40⋄10 20] ⋄ M≡["a" "b";"x" "y"]:[10 20⋄30 40]   ⍝ $t

⍝ keys:assign-align-missing-column — a column key missing on the right side is INDEX ERROR
M←["a" "b";"x" "y"]:[1 2⋄3 4] ⋄ (⌽M)←["a" "b";"x" "z"]:[1 2⋄3 4]
⍝ error: INDEX ERROR

⍝ keys:assign-vector-positional — an unkeyed right side assigns by position
T←"aa" "bb":1 2 ⋄ T.[["bb" "aa"]]←10 20 ⋄ T   ⍝ ["aa":20 "bb":10]

⍝ keys:assign-squad-append — plain assignment through ⌷ appends a missing key
T←"aa" "bb":1 2 ⋄ ("cc"⌷T)←3 ⋄ T   ⍝ ["aa":1 "bb":2 "cc":3]

⍝ keys:assign-squad-unkeyed — on an unkeyed axis the new position gets a key, the old ones none
v←10 20 30 ⋄ ("x"⌷v)←9 ⋄ v   ⍝ [10 20 30 "x":9]

⍝ keys:assign-squad-row — a matrix without row keys gains a keyed row
M←[1 2 3⋄4 5 6] ⋄ ("r"⌷M)←7 8 9 ⋄ M≡0 1 "r":[1 2 3⋄4 5 6⋄7 8 9]   ⍝ $t

⍝ keys:assign-squad-both-axes — a key per axis adds a row and a column; new cells are the prototype
M←["aa" "bb";"xx" "yy"]:[1 2⋄3 4] ⋄ ("cc" "zz"⌷M)←9 ⋄ M≡["aa" "bb" "cc";"xx" "yy" "zz"]:[1 2 0⋄3 4 0⋄0 0 9]   ⍝ $t

⍝ keys:assign-squad-vector — a vector of keys appends each missing one once
T←"aa":1 ⋄ ([["bb" "aa" "cc"]]⌷T)←5 6 7 ⋄ T   ⍝ ["aa":6 "bb":5 "cc":7]

⍝ keys:assign-squad-text — a keyed text vector stays text
T←"a" "b":"xy" ⋄ ("c"⌷T)←'z' ⋄ T≡"a" "b" "c":"xyz"   ⍝ $t

⍝ keys:assign-squad-modified-missing — modified assignment through ⌷ to a missing key is INDEX ERROR
T←"aa" "bb":1 2 ⋄ ("cc"⌷T)+←1
⍝ error: INDEX ERROR

⍝ keys:assign-squad-unchanged — a failed assignment through ⌷ changes nothing
M←[1 2⋄3 4] ⋄ {"LENGTH"::M ⋄ ("r"⌷M)←1 2 3}0   ⍝ [1 2⋄3 4]

⍝ keys:assign-pick-append — plain assignment through a pick by a missing key appends it
T←"a":1 ⋄ ("b"⊃T)←2 ⋄ T   ⍝ ["a":1 "b":2]

⍝ keys:assign-nested-append — keys are appended inside the item a dot path or position selects
T←"data":["r1" "r2";"xx" "yy"]:[1 2⋄3 4] ⋄ T.data.["r3" "zz"]←9 ⋄ T.data≡["r1" "r2" "r3";"xx" "yy" "zz"]:[1 2 0⋄3 4 0⋄0 0 9]   ⍝ $t

⍝ keys:assign-position-then-key — a position, then a missing key inside that item
r←("aa":1) ("bb":2) ⋄ ("cc"⊃1⊃r)←3 ⋄ [0⊃r;1⊃r]   ⍝ [["aa":1];["bb":2 "cc":3]]

⍝ keys:assign-selector-once — the key selectors of an appending assignment run once
T←"data":"aa":1 ⋄ n←0 ⋄ (({n+←1 ⋄ "bb"}0)⌷T.data)←2 ⋄ [n;T.data]   ⍝ [1;["aa":1 "bb":2]]

⍝ keys:assign-inner-existing — a key inside a nested record selects its position
T←"data":"aa" "bb":1 2 ⋄ ("bb"⌷T.data)←5 ⋄ T.data   ⍝ ["aa":1 "bb":5]

⍝⍝ Renderers through functions (operators-and-system.md §22)

⍝ keys:renderer-kept — itemwise and axis-keeping functions keep a renderer; reductions and ⍴ drop it
a←"text/markdown" •mime 1 2 3 ⋄ ≢¨•mime¨[1+a;-a;a×a;⌽a;2↑a;a,a;+/a;⍴a]   ⍝ [2 2 2 2 2 2 1 1]ₓ

⍝ keys:renderer-path — assignment through a dot path keeps the record's renderer
p←"text/markdown" •mime ["a":1] ⋄ p.b←2 ⋄ [≢•mime p;p≡["a":1 "b":2]]   ⍝ [2ₓ;$t]

⍝ keys:assign-paren-path — a field of a parenthesised selection of a name is assigned through it
inner←"bb" "cc":1 2 ⋄ x←["aa":inner "zz":0] ⋄ (x.aa).bb←5 ⋄ [x.aa;inner]   ⍝ [["bb":5 "cc":2];["bb":1 "cc":2]]

⍝ keys:assign-paren-not-name — a parenthesised value that selects no name is no target
(1 2).x←3
⍝ error: SYNTAX ERROR

⍝ keys:digits-in-keys — after a dot, digits belong to the key
T←["q1":5] ⋄ T.q1   ⍝ 5

⍝⍝ Scopes (§4.8)

⍝ keys:scope-names — keys name their items; other names resolve outside
T←["a":1 "b":2] ⋄ c←100 ⋄ T.(a+b+c)   ⍝ 103

⍝ keys:scope-assign-inside — assignments stay inside the scope
T←["a":1] ⋄ r←T.(a←5) ⋄ [r T.a]   ⍝ 5 1

⍝ keys:scope-function — a key holding a function binds as a function
T←["f":{⍵×2} "a":3] ⋄ T.(f a)   ⍝ 6

⍝ keys:scope-not-keyed — a scope needs a keyed vector
m←3 4⍴⍳12 ⋄ m.(1 2)
⍝ error: DOMAIN ERROR

⍝ keys:scope-omega — ⍵ resolves as outside
{["a":10].(a+⍵)}5   ⍝ 15

⍝ keys:execute-in — A⍎text runs the text with A's keys as names
T←["a":1 "b":2] ⋄ c←100 ⋄ x←T⍎"a+b+c" ⋄ T⍎"a←7" ⋄ [x T.a]   ⍝ 103 1

⍝ keys:execute-in-not-keyed —
1 2⍎"1"
⍝ error: DOMAIN ERROR

⍝⍝ Display of keyed arrays (§12)

⍝ keys:display-table — a keyed matrix prints as a table
⎕←["alice" "bob";"price" "qty"]:[10 2⋄20 4] ⋄ 0   ⍝ 0
⍝ ⎕:       price qty\nalice    10   2\n  bob    20   4

⍝ keys:display-table-positions — an unkeyed axis shows its positions
⎕←"aa" "bb":[1 2 3⋄4 5 6] ⋄ 0   ⍝ 0
⍝ ⎕:    0 1 2\naa 1 2 3\nbb 4 5 6

⍝ keys:display-pages — rank 3: each page headed by the key that selects it
⎕←["x1" "x2";"r1" "r2";"c1" "c2"]:2 2 2⍴⍳8 ⋄ 0   ⍝ 0
⍝ ⎕: "x1"⌷\n   c1 c2\nr1  0  1\nr2  2  3\n\n"x2"⌷\n   c1 c2\nr1  4  5\nr2  6  7

⍝⍝ Keys through structural functions

⍝ keys:reverse — ⌽ reverses the keys with the items
(⌽"a" "b" "c":1 2 3)≡["c":3 "b":2 "a":1]   ⍝ $t

⍝ keys:rotate — N⌽ and N⊖ rotate the keys with the positions
Q←"aa" "bb" "cc":10 20 5 ⋄ M←["r1" "r2";"c1" "c2" "c3"]:2 3⍴⍳6 ⋄ [1⌽Q;¯1⊖Q;1⌽M]   ⍝ [["bb":20 "cc":5 "aa":10];["cc":5 "aa":10 "bb":20];(["r1" "r2";"c2" "c3" "c1"]:[1 2 0⋄4 5 3])]

⍝ keys:reverse-first — ⊖ reverses the leading axis's keys
(⊖["r1" "r2";"c1" "c2"]:[1 2⋄3 4])≡["r2" "r1";"c1" "c2"]:[3 4⋄1 2]   ⍝ $t

⍝ keys:transpose — ⍉ reverses the axes with their keys
(⍉["r1" "r2";"c1" "c2"]:[1 2⋄3 4])≡["c1" "c2";"r1" "r2"]:[1 3⋄2 4]   ⍝ $t

⍝ keys:catenate — , joins the keys; an unkeyed item has none
[("a":1),2;["a":1 2]≡("a":1),2;(1 2,"x":3)≡[1 2 "x":3]]   ⍝ [["a":1 2];$t;$t]

⍝ keys:catenate-duplicate — a key on both sides is DOMAIN ERROR
("a":1),"a":2
⍝ error: DOMAIN ERROR

⍝ keys:catenate-align — X,Y of matrices aligns the rows by key and joins the column keys
A←["aa" "bb";"xx" "yy"]:[1 2⋄3 4] ⋄ B←["bb" "aa";["zz"]]:[[5]⋄[6]] ⋄ (A,B)≡["aa" "bb";"xx" "yy" "zz"]:[1 2 6⋄3 4 5]   ⍝ $t

⍝ keys:catenate-align-fill — a row key only one side has reads the other's fill
A←["aa" "bb";["x"]]:[[1]⋄[2]] ⋄ B←["bb" "cc";["y"]]:[[5]⋄[6]] ⋄ (A,B)≡["aa" "bb" "cc";"x" "y"]:[1 0⋄2 5⋄0 6]   ⍝ $t

⍝ keys:catenate-first-align — X⍪Y aligns the columns by key and joins the row keys
A←["aa" "bb";"xx" "yy"]:[1 2⋄3 4] ⋄ B←[["cc"];"yy" "xx"]:[5 6⋄] ⋄ (A⍪B)≡["aa" "bb" "cc";"xx" "yy"]:[1 2⋄3 4⋄6 5]   ⍝ $t

⍝ keys:catenate-first-duplicate — a row key on both sides is DOMAIN ERROR
A←["aa" "bb";"xx" "yy"]:[1 2⋄3 4] ⋄ A⍪A
⍝ error: DOMAIN ERROR

⍝ keys:take-drop — ↑ ↓ keep the keys of the positions kept; overtake adds unkeyed fill
[2↑"a" "b" "c":1 2 3;¯1↓"a" "b" "c":1 2 3;4↑"a" "b":1 2]   ⍝ [["a":1 "b":2];["a":1 "b":2];["a":1 "b":2 0 0]]

⍝ keys:replicate — # keeps the keys of the positions it keeps; a negative count's fills have none
[1 0 1#"a" "b" "c":1 2 3;1 ¯2#"a" "b":1 2]   ⍝ [["a":1 "c":3];["a":1 0 0]]

⍝ keys:replicate-unkeyed-repeat — an unkeyed position may repeat beside keyed ones
2 1#[1 "a":2]   ⍝ [1 1 "a":2]

⍝ keys:replicate-repeat — a keyed axis cannot repeat a position
2#("aa" "bb":[1 2⋄3 4])
⍝ error: DOMAIN ERROR

⍝ keys:reduce — a reduction removes only the reduced axis's keys
M←["alice" "bob";"price" "qty"]:[10 2⋄20 4] ⋄ [+/M;+⌿M]   ⍝ [["alice":12 "bob":24];["price":30 "qty":6]]

⍝ keys:reduce-axes — reducing listed axes keeps the other axes' keys
+/⍠1 2 ("aa" "bb":2 2 3⍴⍳6)   ⍝ ["aa":15 "bb":15]

⍝ keys:reduce-vector — reducing a keyed vector gives a plain scalar
+/"a" "b":1 2   ⍝ 3

⍝ keys:one-position-key — one string labels a one-position axis
(["alice";"price" "qty"]:[10 2⋄])≡1↑["alice" "bob";"price" "qty"]:[10 2⋄20 4]   ⍝ $t

⍝ keys:each — f¨ keeps its argument's keys
T←"price" "qty":[1 2 3;4 5 6] ⋄ 1⌷¨T   ⍝ ["price":2 "qty":5]

⍝ keys:each-agreement — X f¨ Y aligns keys as a pervasive function does, a missing item reading the fill
("aa" "bb":1 2){⍺ ⍵}¨("bb":3)   ⍝ ["aa":[1 0] "bb":[2 3]]

⍝ keys:scan — a scan keeps every axis's keys
[+\"a" "b" "c":1 2 3;(+⍀["x" "y";"p" "q"]:[1 2⋄3 4])≡["x" "y";"p" "q"]:[1 2⋄4 6]]   ⍝ [["a":1 "b":3 "c":6];$t]

⍝ keys:rank-frames — the rank operator aligns keyed frames before pairing the cells
("alice" "bob":[1 2⋄3 4])+⍤1("bob" "cara":[10 20⋄30 40])   ⍝ "alice" "bob" "cara":[1 2⋄13 24⋄30 40]

⍝ keys:grade — a grade of a keyed vector gives its keys in order, which select it
V←"low" "mid" "high":10 20 30 ⋄ [⍒V;⍋V;[⍒V]⌷V]   ⍝ [["high" "mid" "low"];["low" "mid" "high"];["high":30 "mid":20 "low":10]]

⍝ keys:grade-unkeyed — positions without a key stay numbers
⍋[3 "a":1 2]   ⍝ ["a" 2 0]

⍝ keys:index-of — X⍳Y gives X's keys, not-found stays the length, labelled as Y
V←"low" "mid" "high":10 20 30 ⋄ [V⍳20 99;("left":7)⍳"right":7]   ⍝ [["mid" 3];["right":"left"]]

⍝ keys:interval — X⍸Y gives the key of each interval's start; before the first stays 0
V←"low" "mid" "high":10 20 30 ⋄ V⍸5 15 25 40   ⍝ 0 "low" "mid" "high"

⍝ keys:where — ⍸ of a keyed matrix gives each coordinate's keys, axis by axis
M←["alice" "bob";"price" "qty"]:[10 2⋄20 4] ⋄ [⍸M=20;⍸("a" "b" "c":1 0 1)]   ⍝ [,⊂"bob" "price";"a" "c"]

⍝ keys:coordinate — ⊂ of one key per axis in a ⌷ selector is a coordinate; the result has the
⍝ selector's shape, so a scalar of one coordinate gives a scalar (functions.md §7.1, language.md §9.1)
M←["alice" "bob";"price" "qty"]:[10 2⋄20 4] ⋄ [[(⊂"bob" "qty")]⌷M;[(⊂1 0)]⌷M;[[("bob" 1) ("alice" "price")]]⌷M]   ⍝ [⊂4;⊂20;4 10]

⍝ keys:key-operator — ⌸ groups a keyed vector's keys monadically, and its keyed cells dyadically
V←"aa" "bb" "cc":1 2 1 ⋄ [{⊂⍵}⌸V;1 2 1{⊂⍵}⌸V]   ⍝ [[["aa" "cc"] ["bb"]];[["aa":1 "cc":1] ["bb":2]]]

⍝⍝ Named axes (§11.5)

⍝ keys:named-shape — axis names are the keys of the shape
M←["city":2 "month":3]⍴⍳6 ⋄ ⎕←⍴M ⋄ (:M)≡2 3⍴⍳6   ⍝ $t
⍝ ⎕: ["city":2 "month":3]ₓ

⍝ keys:named-display — named axes show as a keyed shape, and read back
v←["city":2]⍴["NY":60 "LA":150] ⋄ ⎕←v ⋄ v≡⍎⍕v   ⍝ $t
⍝ ⎕: ["city":2]⍴["NY":60 "LA":150]

⍝ keys:named-variant — ⍠ takes axis names
M←["city":2 "month":3]⍴⍳6 ⋄ [+/⍠"month" M;+/⍠"city" M]   ⍝ [["city":2]⍴3 12;["month":3]⍴3 5 7]

⍝ keys:named-pair — axes with equal names pair wherever they are; unpaired axes broadcast
M←["city":2 "month":3]⍴⍳6 ⋄ V←["month":3]⍴10 20 30 ⋄ M+V   ⍝ ["city":2 "month":3]⍴[10 21 32⋄13 24 35]

⍝ keys:named-pair-right-order — every left axis paired and the right has more: the right's order
M←["city":2 "month":3]⍴⍳6 ⋄ V←["month":3]⍴10 20 30 ⋄ V+M   ⍝ ["city":2 "month":3]⍴[10 21 32⋄13 24 35]

⍝ keys:named-pair-transposed — the same names in another order pair by name, in the left's order
M←["city":2 "month":3]⍴⍳6 ⋄ N←["month":3 "city":2]⍴⍳6 ⋄ M+N   ⍝ ["city":2 "month":3]⍴[0 3 6⋄4 7 10]

⍝ keys:named-broadcast — no name in common: an outer sum, the left's axes first
A←["a":2]⍴1 2 ⋄ B←["b":3]⍴10 20 30 ⋄ [A+B;B+A]   ⍝ [["a":2 "b":3]⍴[11 21 31⋄12 22 32];["b":3 "a":2]⍴[11 12⋄21 22⋄31 32]]

⍝ keys:named-order — otherwise the left's axes first, then the right's unpaired ones
A←["a":2 "b":3]⍴⍳6 ⋄ B←["b":3 "c":4]⍴⍳12 ⋄ [⍴A+B;⍴B+A]   ⍝ [["a":2 "b":3 "c":4];["b":3 "c":4 "a":2]]

⍝ keys:named-unnamed-pair — unnamed axes pair in leading order
A←["city":2 3]⍴⍳6 ⋄ B←["product":4 3]⍴⍳12 ⋄ [⍴A+B;(A+B).[1 2 3]]   ⍝ [["city":2 3 "product":4];16]

⍝ keys:named-length — paired axes must agree
(["a":2]⍴1 2)+["a":3]⍴1 2 3
⍝ error: LENGTH ERROR

⍝ keys:named-missing — a name no axis has is DOMAIN ERROR
M←["city":2 "month":3]⍴⍳6 ⋄ +/⍠"zz" M
⍝ error: DOMAIN ERROR
