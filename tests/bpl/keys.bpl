⍝⍝ Keys, records and dot forms (language.md §4.8, §5, §11, §12)

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
