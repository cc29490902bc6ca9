⍝⍝ Boxed mode and function trees (language.md §12.4; •prefs box trees fns, operators-and-system.md §19.5)
⍝ boxed:vector — frames drawn by hand from §12.4 (→ the last axis, ↓ each other, storage on the bottom edge): an integer vector, the ₓ box drops the items' marks
_←•prefs ["box":$t] ⋄ ⎕←⍳5   ⍝ ⍳5
⍝ ⎕: ┌→────────┐\n│0 1 2 3 4│\n└ₓ────────┘

⍝ boxed:matrix — a matrix: ↓ on the first row marks the leading axis
_←•prefs ["box":$t] ⋄ ⎕←2 3⍴⍳6   ⍝ 2 3⍴⍳6
⍝ ⎕: ┌→────┐\n↓0 1 2│\n│3 4 5│\n└ₓ────┘

⍝ boxed:rank3 — rank 3: one ↓ per leading axis, a blank line between planes
_←•prefs ["box":$t] ⋄ ⎕←2 2 2⍴⍳8   ⍝ 2 2 2⍴⍳8
⍝ ⎕: ┌→──┐\n↓0 1│\n↓2 3│\n│   │\n│4 5│\n│6 7│\n└ₓ──┘

⍝ boxed:nested — nested vectors are boxed in turn, a space inside the outer frame, ∊ on its edge
_←•prefs ["box":$t] ⋄ ⎕←(⍳2) (⍳3)   ⍝ (⍳2) (⍳3)
⍝ ⎕: ┌→──────────────┐\n│ ┌→──┐ ┌→────┐ │\n│ │0 1│ │0 1 2│ │\n│ └ₓ──┘ └ₓ────┘ │\n└∊──────────────┘

⍝ boxed:text — characters sit side by side, ─ on the edge
_←•prefs ["box":$t] ⋄ ⎕←"abc"   ⍝ "abc"
⍝ ⎕: ┌→──┐\n│abc│\n└───┘

⍝ boxed:floats — floats align on the decimal point in a ~ box
_←•prefs ["box":$t] ⋄ ⎕←2 1⍴1.5 22.25   ⍝ 2 1⍴1.5 22.25
⍝ ⎕: ┌→────┐\n↓ 1.5 │\n│22.25│\n└~────┘

⍝ boxed:booleans — a Boolean vector has $ on its edge
_←•prefs ["box":$t] ⋄ ⎕←$t $f $t   ⍝ $t $f $t
⍝ ⎕: ┌→───────┐\n│$t $f $t│\n└$───────┘

⍝ boxed:complex — complex numbers have j on the edge
_←•prefs ["box":$t] ⋄ ⎕←1ⱼ2 3   ⍝ 1ⱼ2 3
⍝ ⎕: ┌→────┐\n│1ⱼ2 3│\n└j────┘

⍝ boxed:mixed — a mixed vector of atoms has + on the edge and keeps each item's mark
_←•prefs ["box":$t] ⋄ ⎕←1ₓ 'a' 2.5   ⍝ 1ₓ 'a' 2.5
⍝ ⎕: ┌→───────┐\n│1ₓ a 2.5│\n└+───────┘

⍝ boxed:empty — an empty vector shows its prototype under ⊖
_←•prefs ["box":$t] ⋄ ⎕←0⍴0   ⍝ 0⍴0
⍝ ⎕: ┌⊖┐\n│0│\n└~┘

⍝ boxed:empty-rows — an empty leading axis is ⌽ on the left edge
_←•prefs ["box":$t] ⋄ ⎕←0 3⍴0   ⍝ 0 3⍴0
⍝ ⎕: ┌→────┐\n⌽0 0 0│\n└~────┘

⍝ boxed:record — a record's items carry their keys
_←•prefs ["box":$t] ⋄ ⎕←["a":1ₓ "b":2ₓ]   ⍝ ["a":1ₓ "b":2ₓ]
⍝ ⎕: ┌→──────┐\n│a:1 b:2│\n└ₓ──────┘

⍝ boxed:atoms — atoms and scalars print as in plain mode
_←•prefs ["box":$t] ⋄ ⎕←5 ⋄ ⎕←⊂1ₓ 2ₓ   ⍝ ⊂1ₓ 2ₓ
⍝ ⎕: 5\n⊂[1 2]ₓ

⍝ boxed:off — box off is plain mode again
_←•prefs ["box":$t] ⋄ _←•prefs ["box":$f] ⋄ ⎕←⍳3   ⍝ ⍳3
⍝ ⎕: [0 1 2]ₓ

⍝ boxed:fns-off — inside a dfn ⎕← stays plain unless fns is on
_←•prefs ["box":$t] ⋄ {⎕←⍵}⍳2   ⍝ ⍳2
⍝ ⎕: [0 1]ₓ

⍝ boxed:fns-on — with fns on, ⎕← inside a dfn is boxed too
_←•prefs ["box":$t;"fns":$t] ⋄ {⎕←⍵}⍳2   ⍝ ⍳2
⍝ ⎕: ┌→──┐\n│0 1│\n└ₓ──┘

⍝ boxed:quad-shows-all — ⎕← shows every item, however many
_←•prefs ["box":$t;"limit":3] ⋄ ⎕←⍳5   ⍝ ⍳5
⍝ ⎕: ┌→────────┐\n│0 1 2 3 4│\n└ₓ────────┘

⍝ boxed:bad-flag — a flag takes $t or $f
•prefs ["box":2]
⍝ error: DOMAIN ERROR

⍝ boxed:read — the settings read back
(•prefs ["box":$t;"trees":$t]).(box trees fns)   ⍝ $t $t $f

⍝⍝ Function trees: a derived function's node is its operator, a train's fork, atop or bound

⍝ trees:fork — the mean: a fork of a derived function, ÷ and ≢
_←•prefs ["trees":$t] ⋄ ⎕←+/÷≢ ⋄ 0   ⍝ 0
⍝ ⎕: fork\n├─ /\n│  └─ +\n├─ ÷\n└─ ≢

⍝ trees:atop — an atop of two primitives
_←•prefs ["trees":$t] ⋄ ⎕←⌽∊ ⋄ 0   ⍝ 0
⍝ ⎕: atop\n├─ ⌽\n└─ ∊

⍝ trees:operands — a dyadic operator's operands, an array among them as its source
_←•prefs ["trees":$t] ⋄ ⎕←(+.×)⍣2 ⋄ 0   ⍝ 0
⍝ ⎕: ⍣\n├─ .\n│  ├─ +\n│  └─ ×\n└─ 2

⍝ trees:leaf — a primitive or a dfn is its source
_←•prefs ["trees":$t] ⋄ ⎕←{⍵+1} ⋄ 0   ⍝ 0
⍝ ⎕: {⍵+1}

⍝ trees:off — without trees a function shows its source
⎕←+/÷≢ ⋄ 0   ⍝ 0
⍝ ⎕: +/÷≢

⍝ prefs:save-bad — save takes a folder's path as text
•prefs ["save":5]
⍝ error: DOMAIN ERROR

⍝ prefs:save-read — the folder reads back
(•prefs ["save":"shots"]).save   ⍝ "shots"

⍝ boxed:keyed-table — a keyed matrix is its plain table in a frame
_←•prefs ["box":$t] ⋄ ⎕←[["x" "y"];["p" "q"]]:2 2⍴⍳4 ⋄ 0   ⍝ 0
⍝ ⎕: ┌→────┐\n↓  p q│\n│x 0 1│\n│y 2 3│\n└ₓ────┘

⍝ trees:multi-line — a dfn of several lines is one node, its lines joined by ⋄
_←•prefs ["trees":$t] ⋄ ⎕←{⍺
⍵}¨ ⋄ 0
⍝ =>
0
⍝ ⎕: ¨\n└─ {⍺ ⋄ ⍵}
