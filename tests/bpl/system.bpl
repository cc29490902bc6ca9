⍝⍝ •storage names the storage of a value (operators-and-system.md §19.3)

⍝ system:storage-kinds — compact arrays by kind, boxed arrays are mixed
•storage¨[1.5;2ₓ;$t;"ab";'a';1 'a';⍬;0⍴⊂1 2]   ⍝ "float64" "integer" "boolean" "character" "character" "mixed" "float64" "mixed"

⍝ system:storage-widths — float marks and •float
•storage¨[1.5ₛ;[1 2]ₕ;32 •float 1ₓ;64 •float 1ₓ]   ⍝ "float32" "float16" "float32" "float64"

⍝ system:storage-case — system names are case-insensitive
•STORAGE 1ₓ   ⍝ "integer"

⍝ system:storage-valence — •storage has no dyadic form
1 •storage 2
⍝ error: SYNTAX ERROR

⍝⍝ Storage through writes, rearrangement and arithmetic

⍝ system:storage-write-join — a number written into compact storage joins kinds, as catenation does
x←⍳3ₓ ⋄ x₁←0.5 ⋄ y←0.5 1.5 ⋄ y₀←2ₓ ⋄ z←32 •float 0.5 1.5 ⋄ z₀←2ₓ ⋄ w←⍳3ₓ ⋄ w₀←7
[•storage¨[x;y;z;w];x;y;z;w]   ⍝ ["float64" "float64" "float32" "integer";0 0.5 2;2 1.5;[2 1.5]ₛ;[7 1 2]ₓ]

⍝ system:storage-write-char — a character written into numbers makes mixed storage
x←⍳3ₓ ⋄ x₀←'a' ⋄ •storage x   ⍝ "mixed"

⍝ system:storage-write-mixed — writing into mixed storage keeps it mixed, even when every item is now an integer
x←'a' 1ₓ 2ₓ ⋄ x₀←0ₓ ⋄ [•storage x;x≡0 1 2]   ⍝ ["mixed";$t]

⍝ system:storage-rearrange-mixed — rearranging or joining mixed storage keeps it mixed
m←1↓'a' 1ₓ 2ₓ ⋄ •storage¨[m;⌽m;m,3ₓ;2 1⍴m]   ⍝ "mixed" "mixed" "mixed" "mixed"

⍝ system:storage-arith-fresh — arithmetic on rearranged mixed storage builds fresh storage
m←1↓'a' 1ₓ 2ₓ ⋄ [•storage¨[1ₓ×m;-m;m+0.5;m+m];1ₓ×m]   ⍝ ["integer" "integer" "float64" "integer";[1 2]ₓ]

⍝⍝ •float converts numbers to floats

⍝ system:float-default — 64 bits by default, integers become floats
•float 3ₓ 4ₓ   ⍝ [3 4]ₚ

⍝ system:float-32 — float32 keeps float32 rounding: 0.1 is not the float64 0.1
(32 •float 0.1)=(64 •float 0.1)   ⍝ $f

⍝ system:float-nested — nested arrays convert item by item
x←32 •float [1ₓ 2ₓ;⊂3ₓ]
•storage¨x   ⍝ "float32" "float32"

⍝ system:float-width — the width is 16, 32 or 64
24 •float 1
⍝ error: DOMAIN ERROR

⍝ system:float-chars — characters are not numbers
•float "a"
⍝ error: DOMAIN ERROR

⍝⍝ •ucs: characters and code points

⍝ system:ucs-codes — characters to code points (ₓ)
•ucs "Az€"   ⍝ [65 122 8364]ₓ

⍝ system:ucs-chars — code points to characters
•ucs 72 105   ⍝ "Hi"

⍝ system:ucs-atom — an atom stays an atom
•ucs 97   ⍝ 'a'

⍝ system:ucs-utf8 — UTF-8 bytes of € are E2 82 AC
"UTF-8" •ucs "€"   ⍝ [226 130 172]ₓ

⍝ system:ucs-utf16 — a character above FFFF is a surrogate pair in UTF-16
"UTF-16" •ucs "😀"   ⍝ [55357 56832]ₓ

⍝ system:ucs-decode — decoding UTF-8 bytes
"UTF-8" •ucs 226 130 172 65   ⍝ "€A"

⍝ system:ucs-surrogate — a surrogate is not a code point
•ucs 55296
⍝ error: DOMAIN ERROR

⍝ system:ucs-overlong — an overlong UTF-8 form is malformed
"UTF-8" •ucs 192 128
⍝ error: DOMAIN ERROR

⍝ system:ucs-mixed — characters and numbers together
•ucs 'a' 97
⍝ error: DOMAIN ERROR

⍝ system:ucs-unknown — an unknown system name
•nosuchname 1
⍝ error: UNSUPPORTED

⍝ system:ucs-inverse — •ucs⁻ is •ucs, with or without an encoding
[•ucs⁻ 104 105;"UTF-8" •ucs⁻ "€"]   ⍝ ["hi";[226 130 172]ₓ]

⍝ system:storage-no-inverse — •storage has no inverse
•storage⁻ "integer"
⍝ error: DOMAIN ERROR

⍝⍝ •time: the clock and per-call timing (operators-and-system.md §19.3)

⍝ system:time-since — •time t gives the seconds since t for each item, as float64
t←•time 0 ⋄ [0≤•time t;⍴•time 2 3⍴t;•storage •time t]   ⍝ [$t;[2 3]ₓ;"float64"]

⍝ system:time-epoch — •time 0 is now in Unix seconds: after 2024-05-06 and before 2100
t←•time 0 ⋄ (1714990830<t)∧t<4102444800   ⍝ $t

⍝ system:time-nested — •time maps over nested numbers, keeping the structure
⍴¨•time 1 (2 3)   ⍝ ⍬ [2]ₓ

⍝ system:time-chars — a moment is a number
•time "a"
⍝ error: DOMAIN ERROR

⍝ system:time-calls-shape — F •time x is shaped like F: a matrix, an empty vector
[⍴ [[+/]⋄[⌈/]] •time ⍳10;⍴ ⍬ •time 1]   ⍝ [[2 1]ₓ;[0]ₓ]

⍝ system:time-calls-scalar — a scalar holding a function gives one number
s←(+/)ᵘ ⋄ t←s •time ⍳10 ⋄ [⍴t;•storage t]   ⍝ [⍬ₓ;"float64"]

⍝ system:time-calls-kind — times are nonnegative float64 seconds, well under a second here
T←[+/ ⌈/ {⍵×2}] •time ⍳100 ⋄ [•storage T;∧/T≥0;∧/T<1]   ⍝ ["float64";$t;$t]

⍝ system:time-calls-repeat — each function runs more than once
n←0 ⋄ T←[{n+←1 ⋄ ⍵}] •time 1 ⋄ n≥2   ⍝ $t

⍝ system:time-calls-read — each call's result is read inside the timing, so its data errors surface
[{'a'+⍵}] •time ¯100ₓ
⍝ error: DOMAIN ERROR

⍝ system:time-calls-not-functions — the left argument holds functions
1 2 •time 3
⍝ error: DOMAIN ERROR

⍝ system:time-calls-checked-first — an item that is not a function fails before any call
n←0 ⋄ {∞::n ⋄ [{n+←1 ⋄ ⍵} 1] •time ⍵} 3   ⍝ 0

⍝⍝ •signal raises an error of a built-in kind (operators-and-system.md §19.3)

⍝ signal:kind-message — the left argument is the message
"too big" •signal "LENGTH"
⍝ error: LENGTH ERROR

⍝ signal:kind — a kind alone, written with or without ERROR, in any case
•signal "domain error"
⍝ error: DOMAIN ERROR

⍝ signal:number — a number is not a kind
•signal 5
⍝ error: DOMAIN ERROR

⍝ signal:words — a kind is one word
•signal "two words"
⍝ error: DOMAIN ERROR

⍝⍝ •delay and •host (operators-and-system.md §19.3)

⍝ delay:waits — •delay gives the seconds waited, at least those asked for
s←•delay 0.01 ⋄ [s≥0.01;s<10]   ⍝ $t $t

⍝ delay:negative — a negative wait is DOMAIN
•delay ¯1
⍝ error: DOMAIN ERROR

⍝ delay:text — so is text
•delay "1"
⍝ error: DOMAIN ERROR

⍝ host:cwd-temp — the working and temporary folders are text
c←•host "cwd" ⋄ t←•host "temp" ⋄ [•storage c;•storage t;0<≢c]   ⍝ "character" "character" $t

⍝ host:env — the environment's values are text (a vector of them until keys exist)
e←•host "env" ⋄ ∧/{"character"≡(•storage ⍵)}¨e   ⍝ $t

⍝ host:unknown — other names are DOMAIN
•host "nope"
⍝ error: DOMAIN ERROR

⍝ system:ucs-pending-items — items still pending (results of each) are code points too
•ucs {⍵+0.5-0.5}¨ 102 111   ⍝ "fo"

⍝ system:ucs-encoding-pending-items — and code units
"UTF-8"•ucs {⍵+0.5-0.5}¨ 195 169   ⍝ ,'é'
