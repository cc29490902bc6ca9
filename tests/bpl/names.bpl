⍝⍝ •nc •nl •src •ex: the running scope's names (operators-and-system.md §19.3)

⍝ names:classes — value 2, function 3, operator 4, undefined 0, invalid ¯1
v←7 ⋄ g←- ⋄ o←⍨ ⋄ •nc "v" "g" "o" "nothing" "two words"
⍝ =>
[2 3 4 0 ¯1]ₓ

⍝ names:class-one — one string gives one class
g←- ⋄ •nc "g"   ⍝ 3ₓ

⍝ names:class-nested — names map at any depth, keeping the frame
[⍴•nc ["p" "q"⋄"r" "s"];•nc ["a" ["b" "c"]]]
⍝ =>
[[2 2]ₓ [0ₓ [0 0]ₓ]]

⍝ names:class-empty — no names, an empty integer result
•nc ⍬   ⍝ ⍬ₓ

⍝ names:class-local — the nearest binding decides
v←1 ⋄ {v←+ ⋄ •nc "v"}0   ⍝ 3ₓ

⍝ names:list — the visible names of a class with a prefix, sorted
zz←1 ⋄ mb←{⍵} ⋄ ma←+ ⋄ "m" •nl 3
⍝ =>
["ma" "mb"]

⍝ names:list-local — a local hides the outer name's class
v←1 ⋄ {v←+ ⋄ loc←2 ⋄ "lo" •nl 2}0
⍝ =>
,⊂"loc"

⍝ names:list-class — classes other than 2 3 4
•nl 5
⍝ error: DOMAIN ERROR

⍝ names:source — a dfn's text, a primitive's glyph
d←{⍺×⍵} ⋄ p←⌽ ⋄ •src "d" "p"
⍝ =>
["{⍺×⍵}" ,'⌽']

⍝ names:source-value — a value has no source
v←1 ⋄ •src "v"
⍝ error: DOMAIN ERROR

⍝ names:source-undefined — nor an undefined name
•src "nothing"
⍝ error: VALUE ERROR

⍝ names:erase — erasing is idempotent; invalid and protected names give 0
v←1 ⋄ •ex "v" "v" "two words" "⍵" "$a"
⍝ =>
[1 1 0 0 0]ₓ

⍝ names:erase-gone — an erased name is undefined afterwards
v←1 ⋄ e←•ex "v" ⋄ •nc "v"   ⍝ 0ₓ

⍝ names:erase-local — erasing a local reveals the outer binding
v←1 ⋄ {v←2 ⋄ e←•ex "v" ⋄ v}0   ⍝ 1

⍝ names:erase-in-modifier — a modifier that erases its target doesn't change the update
y←1 2 3 ⋄ y₀{•ex "y" ⋄ ⍺+⍵}←10 ⋄ y   ⍝ 11 2 3

⍝ names:erase-in-plain-modifier — the same for a whole-name modified assignment
y←1 2 3 ⋄ y{•ex "y" ⋄ ⍺+⍵}←10 ⋄ y   ⍝ 11 12 13

⍝ names:erase-in-destructuring-modifier — and for destructuring modification
y←1 ⋄ [y]{•ex "y" ⋄ ⍺+⍵}←10 ⋄ y   ⍝ 11

⍝ names:erase-running-dfn — a dfn erasing its own name still finishes its call
f←{e←•ex "f" ⋄ ⍵+1} ⋄ (f 1),•nc "f"   ⍝ 2 0

⍝ names:system-readonly — a system name cannot be assigned
•c←+
⍝ error: SYNTAX ERROR

⍝ names:system-unknown — assigning a system name the table lacks is unsupported: there is no index origin to set
•io←0
⍝ error: UNSUPPORTED
