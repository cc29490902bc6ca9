⍝⍝ •json and •json⁻ (operators-and-system.md §21.3). Oracle: Python's json (loads and dumps with
⍝⍝ separators=(",", ":")); the spec's examples. Objects need keyed vectors (issue 16) and are
⍝⍝ UNSUPPORTED until they exist.

⍝ json:scalars — the spec's example: true, false and null
•json "[true,false,null]"   ⍝ [$t $f $n]

⍝ json:integers — integers are exact
•json "[1,2,3]"   ⍝ [1 2 3]ₓ

⍝ json:null-in-integers — an integer array with a null keeps its integers exact
•json "[1,null,3]"   ⍝ 1ₓ $n 3ₓ

⍝ json:floats — decimals and exponents are floats
•json "[1.5,-2e-3,1E2]"   ⍝ 1.5 ¯0.002 100

⍝ json:nested — arrays of arrays are vectors of vectors
•json "[[1,2],[3,[4]]]"   ⍝ [1 2]ₓ (3ₓ (,4ₓ))

⍝ json:strings — strings with escapes and non-ASCII text (json.loads)
•json "[""a\""b"",""\u00e9\n"",""🐈""]"   ⍝ ("a""b") ("é",•ucs 10) "🐈"

⍝ json:big-integer — integers up to 128 bits are exact
•json "170141183460469231731687303715884105727"   ⍝ 170141183460469231731687303715884105727ᵣ

⍝ json:huge-integer — beyond 128 bits an integer is the nearest float
•json "340282366920938463463374607431768211456"   ⍝ 3.402823669209385E38

⍝ json:overflow — 1e999 is ∞
•json "[1e999,-1e999]"   ⍝ ∞ ¯∞

⍝ json:json5 — comments, trailing commas, single quotes, Infinity and NaN
•json "[1, 'it\'s', Infinity, -Infinity, /* c */ 2,] // done"
⍝ =>
1ₓ "it's" ∞ ¯∞ 2ₓ

⍝ json:empty — an empty array
•json "[]"   ⍝ ⍬

⍝ json:top-string — a top-level string
•json """x"""   ⍝ ,'x'

⍝ json:malformed — malformed text is DOMAIN
•json "[1,2"
⍝ error: DOMAIN ERROR

⍝ json:malformed-token — so is an unknown word
•json "[tru]"
⍝ error: DOMAIN ERROR

⍝ json:object — the spec's example: objects are records
•json "{""name"":""Ann"",""scores"":[10,20]}"   ⍝ ["name":"Ann" "scores":[10 20]ₓ]

⍝ json:object-nested — objects inside arrays and objects (json.loads)
r←•json "[{""a"":{""b"":[1,{}]}},{""c"":null}]" ⋄ b←(0⊃r).a.b ⋄ [0⊃b;•json⁻ 1⊃b;≢1⊃r]   ⍝ [1ₓ;"{}";1ₓ]

⍝ json:object-duplicate — a repeated key keeps its last value, in its first place
•json "{""a"":1,""b"":2,""a"":3}"   ⍝ ["a":3ₓ "b":2ₓ]

⍝ json:object-empty — an empty object is the empty record
•json "{}"   ⍝ ⍬:⍬

⍝ json:fill — the fill option is what null reads as
["fill":0ₓ] •json "[1,null,3]"   ⍝ [1 0 3]ₓ

⍝ json:fill-unknown-option — options are checked
["colour":0] •json "[1]"
⍝ error: DOMAIN ERROR

⍝ json:write-object — records are objects, their keys escaped
•json⁻ ["a":1ₓ "b""c":[$t $f]]   ⍝ "{""a"":1,""b\""c"":[true,false]}"

⍝ json:write-object-functions — functions in keyed entries are dropped
•json⁻ ["a":1ₓ "f":+]   ⍝ "{""a"":1}"

⍝ json:write-fill — the spec's example: items equal to the fill are null
["fill":∞] •json⁻ 1ₓ ∞ 3ₓ   ⍝ "[1,null,3]"

⍝ json:write-object-round-trip — •json of •json⁻ of a record
x←["n":"Ann" "s":[10 20]ₓ] ⋄ x≡•json •json⁻ x   ⍝ $t

⍝ json:write-unnamed-entry — the spec's error: a keyed axis with an entry without a key
•json⁻ ["a":1 2]
⍝ error: DOMAIN ERROR

⍝ json:not-text — the argument is text
•json 1 2
⍝ error: DOMAIN ERROR

⍝ json:write-matrix — the spec's example
•json⁻ [1 2⋄3 4]ₓ   ⍝ "[[1,2],[3,4]]"

⍝ json:write-numbers — shortest round-trip floats, - signs (json.dumps)
•json⁻ 1 2.5 ¯3 0.1 1E21 1E¯7   ⍝ "[1,2.5,-3,0.1,1e+21,1e-07]"

⍝ json:write-booleans — Booleans are true/false
•json⁻ $t $f   ⍝ "[true,false]"

⍝ json:write-nan — NaN is null
•json⁻ 1ₓ (0×∞) 3ₓ   ⍝ "[1,null,3]"

⍝ json:write-strings — strings escape quotes, backslashes and controls; other text is UTF-8
•json⁻ ("a""b\") ("é",•ucs 10 1)   ⍝ "[""a\""b\\"",""é\n\u0001""]"

⍝ json:write-exact — whole exact numbers are integers
•json⁻ 12345678901234567890123ᵣ   ⍝ "12345678901234567890123"

⍝ json:write-empty — empty vectors
•json⁻ ⍬ ""   ⍝ "[[],""""]"

⍝ json:round-trip — •json of •json⁻ gives the value back
x←[1 2⋄3 4]ₓ ⋄ •json •json⁻ x   ⍝ [1 2]ₓ [3 4]ₓ

⍝ json:write-infinity — infinity needs the fill option
•json⁻ 1ₓ ∞ 3ₓ
⍝ error: DOMAIN ERROR

⍝ json:write-rational — fractional rationals are DOMAIN
•json⁻ 1ᵣ3
⍝ error: DOMAIN ERROR

⍝ json:write-complex — so are complex numbers
•json⁻ 0J1
⍝ error: DOMAIN ERROR

⍝ json:write-function — and functions
•json⁻ [+ -]
⍝ error: DOMAIN ERROR

⍝ json:texts — an array of texts gives each one's value in its shape (§19.1; json.dumps of the values)
x←•json 2 2⍴"1" "2" "[3]" "{""a"":1}" ⋄ [⍴x;•json⁻ ,x]   ⍝ [[2 2]ₓ;"[1,2,[3],{""a"":1}]"]

⍝ json:json5-keys-hex — JSON5's unquoted keys (identifiers with _ and $) and hexadecimal integers (json5.loads)
•json "{$x_1: -0xff, b2 : 0x10}"   ⍝ ["$x_1":¯255ₓ "b2":16ₓ]

⍝ json:json5-bad-hex — a hexadecimal number needs hexadecimal digits
•json "[0xZZ]"
⍝ error: DOMAIN ERROR

⍝ json:texts-not-text — an array of numbers is no text
•json 1 2
⍝ error: DOMAIN ERROR

⍝ json:promotion — integers beside floats become floats when float64 holds each exactly (json.loads, then float())
•storage¨[•json "[1,1.5]";•json "[1.5,9007199254740993]";•json "[1,NaN]"]   ⍝ "float64" "mixed" "mixed"

⍝ json:records-keys-change — records of one array need not share their keys (json.loads: each object's own keys in order)
r←•json "[{""a"":1,""b"":2},{""b"":3,""a"":4},{""a"":5,""b"":6},{""a"":7}]" ⋄ [•json⁻¨r;(3⊃r).a]   ⍝ ["{""a"":1,""b"":2}" "{""b"":3,""a"":4}" "{""a"":5,""b"":6}" "{""a"":7}";7ₓ]

⍝ json:records-duplicate-in-run — a repeated key among records that share keys keeps its last value
r←•json "[{""a"":1,""b"":2},{""a"":3,""a"":4}]" ⋄ [1⊃r;(0⊃r).b]   ⍝ [["a":4ₓ];2ₓ]

⍝ json:records-large-duplicate — an object of more than 16 keys with a repeated one (its first place, its last value)
r←•json "{""k0"":0,""k1"":1,""k2"":2,""k3"":3,""k4"":4,""k5"":5,""k6"":6,""k7"":7,""k8"":8,""k9"":9,""k10"":10,""k11"":11,""k12"":12,""k13"":13,""k14"":14,""k15"":15,""k16"":16,""k1"":99}" ⋄ [≢r;r.k1;1⊃r]   ⍝ [17ₓ;99ₓ;99ₓ]

⍝ json:json5-late — a JSON5 form after many strict records: every record is read (a trailing comma at the end)
r←•json "[{""a"":1},{""a"":2},{""a"":3,}]" ⋄ [≢r;(2⊃r).a]   ⍝ [3ₓ;3ₓ]

⍝ json:malformed-late — malformed text after strict records reports its line and column
{∞::$e.message ⋄ •json "[{""a"":1},",(•ucs 10),"{""a"":}]"}0   ⍝ "•json: malformed JSON at line 2, column 6: syntax error while parsing value - unexpected '}'; expected '[', '{', or a literal"

⍝ json:strings-ascii-and-not — ASCII and other strings alike (json.loads)
•ucs¨•json "[""ab"",""é🐈"",""""]"   ⍝ [[97 98]ₓ;[233 128008]ₓ;⍬ₓ]
