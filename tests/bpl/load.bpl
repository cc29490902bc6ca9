⍝⍝ •load: modules (operators-and-system.md §19.3); their files are in tests/bpl/modules/

⍝ load:names — the record holds the module's top-level names not starting with _
≢•load "tests/bpl/modules/shapes.bpl"   ⍝ 3

⍝ load:destructure — destructuring takes each name's own key; the functions keep their module
[triangle area]←•load "tests/bpl/modules/shapes.bpl" ⋄ (3 area 4),(3 triangle 4)   ⍝ 12 6

⍝ load:record — the record of the module's names, in name order
r←•load "tests/bpl/modules/shapes.bpl" ⋄ (r.unit),(•nc "r")
⍝ =>
1 2

⍝ load:private — names starting with _ stay in the module
r←•load "tests/bpl/modules/shapes.bpl" ⋄ "_half"⊃r
⍝ error: INDEX ERROR

⍝ load:missing-name — destructuring a name the module lacks
[volume]←•load "tests/bpl/modules/shapes.bpl"
⍝ error: INDEX ERROR

⍝ load:output — a module's explicit output shows, its statements' results do not
_←•load "tests/bpl/modules/shapes.bpl" ⋄ 0
⍝ =>
0
⍝ ⎕: shapes ran

⍝ load:reruns — each call runs the file again
_←•load "tests/bpl/modules/shapes.bpl" ⋄ _←•load "tests/bpl/modules/shapes.bpl" ⋄ 0
⍝ =>
0
⍝ ⎕: shapes ran\nshapes ran

⍝ load:reruns-changed — a file changed between calls gives its new names
f←testpath ⋄ _←f •nput "a←1" ⋄ n←≢•load f ⋄ _←•remove f ⋄ _←f •nput "a←1 ⋄ b←2 ⋄ c←3" ⋄ n,(≢•load f)
⍝ =>
1 3

⍝ load:own-scope — a module does not see its loader's names, and its names stay its own
secret←5 ⋄ x←1 ⋄ _←•load "tests/bpl/modules/peek.bpl" ⋄ x   ⍝ 1

⍝ load:own-scope-record — what it binds comes back only through its record
secret←5 ⋄ x←1 ⋄ [seen]←•load "tests/bpl/modules/peek.bpl" ⋄ seen x   ⍝ 0 1

⍝ load:relative — a path resolves against the loading file's folder first
[twice]←•load "tests/bpl/modules/outer.bpl" ⋄ twice 5   ⍝ 7

⍝ load:missing — an unreadable file is IO ERROR
•load "tests/bpl/modules/missing.bpl"
⍝ error: IO ERROR

⍝ load:folder — a folder is not a file to load
•load "tests/bpl/modules"
⍝ error: IO ERROR

⍝ load:self — a file loading itself is DOMAIN ERROR
•load "tests/bpl/modules/self.bpl"
⍝ error: DOMAIN ERROR

⍝ load:cycle — a file loading itself through another is DOMAIN ERROR
•load "tests/bpl/modules/cycle_a.bpl"
⍝ error: DOMAIN ERROR

⍝ load:broken — a module failing half-way raises its error
•load "tests/bpl/modules/broken.bpl"
⍝ error: DOMAIN ERROR

⍝ load:broken-binds-nothing — and binds nothing in the loader
good←0 ⋄ {∞::good ⋄ good←•load "tests/bpl/modules/broken.bpl" ⋄ 5}0   ⍝ 0

⍝ load:path-kind — the path is a string
•load 5
⍝ error: DOMAIN ERROR

⍝ load:no-left — •load takes no left argument
1 •load "tests/bpl/modules/shapes.bpl"
⍝ error: SYNTAX ERROR

⍝⍝ $e in error guards (language.md §7)

⍝ error-value:outside — $e exists only in a handler
$e
⍝ error: VALUE ERROR

⍝ error-value:after — and not after its handler has finished
{∞::0 ⋄ ÷'a'}0 ⋄ $e
⍝ error: VALUE ERROR

⍝ error-value:kind-message — $e is the caught error, with its kind and message
{∞::$e.kind $e.message ⋄ "too big" •signal "LENGTH"}0   ⍝ "LENGTH" "too big"

⍝ error-value:site — and the line and column where it happened
{∞::[$e.line $e.column] ⋄ 2+1÷⍵}'a'   ⍝ 1 30

⍝ error-value:site-line — lines count from 1 in the dfn's text
{∞::$e.line ⋄ a←1
 a÷'b'}0
⍝ =>
2

⍝ error-value:nested — a dfn called in a handler sees its $e; its own guard's handler its own
[{∞::{$e.message}0 ⋄ ÷'a'}0;{∞::{∞::$e.kind ⋄ •signal "RANK"}0 ⋄ ÷'a'}0]
⍝ =>
"expected numeric elements" "RANK"

⍝ error-value:resignal — •signal $e raises its kind and message again; a left side replaces it
[{∞::$e.kind $e.message ⋄ {∞::•signal $e ⋄ "first" •signal "LENGTH"}0}0;{∞::$e.message ⋄ {∞::"second" •signal $e ⋄ ÷'a'}0}0]
⍝ =>
["LENGTH" "first"] "second"

⍝ error-value:resignal-program — a program's own kind too
{"ODD"::$e.kind ⋄ {∞::•signal $e ⋄ •signal "odd"}0}0   ⍝ "ODD"

⍝⍝ •signal: kinds of the program's own (language.md §7)

⍝ signal:program-kind — a word that is no built-in kind is a kind of the program's own
•signal "unknown"
⍝ error: UNKNOWN ERROR

⍝ signal:program-kind-caught — a guard catches it by its word, in any case
{"NotFound"::7 ⋄ •signal "notfound"}0   ⍝ 7

⍝ signal:program-kind-infinity — ∞ catches it too
{∞::7 ⋄ "why" •signal "Custom"}0   ⍝ 7

⍝ signal:program-kind-other — a guard naming another kind lets it through
{"DOMAIN"::7 ⋄ •signal "notfound"}0
⍝ error: NOTFOUND ERROR

⍝ signal:program-kind-module — it keeps its kind through a module's run
f←testpath ⋄ _←f •nput "•signal ""odd""" ⋄ {"ODD"::7 ⋄ •load f}0   ⍝ 7

⍝⍝ •prefs: session settings (operators-and-system.md §19.5)

⍝ prefs:read — •prefs ⍬ gives every setting with its default
•prefs ⍬
⍝ =>
["box":$f "dissect":$f "edges":3 "fns":$f "kinds":"dynamic" "limit":1000 "save":"" "trees":$f]

⍝ prefs:apply — a record of settings, names in any case, applies them and gives them all
p←•prefs ["Kinds":"static";"limit":5] ⋄ p.kinds p.limit p.edges   ⍝ "static" 5 3

⍝ prefs:kept — a setting stays set
_←•prefs ["edges":1] ⋄ (•prefs ⍬).edges   ⍝ 1

⍝ prefs:dissect — the dissect setting is a flag, off by default
(•prefs ["dissect":$t]).dissect (•prefs ["dissect":$f]).dissect   ⍝ $t $f

⍝ prefs:dissect-flag — anything but a flag is a DOMAIN error
•prefs ["dissect":2]
⍝ error: DOMAIN ERROR

⍝ prefs:limit-infinite — nothing elided
_←•prefs ["limit":∞] ⋄ (•prefs ⍬).limit   ⍝ ∞

⍝ prefs:kinds-mode — the kinds setting is the mode a call gets: static kinds keep ⌊ of a float
⍝ a float (functions.md 0.5), dynamic kinds give an integer
a←•storage ⌊2.5 ⋄ _←•prefs ["kinds":"static"] ⋄ b←•storage ⌊2.5 ⋄ _←•prefs ["kinds":"dynamic"] ⋄ a b (•storage ⌊2.5)
⍝ =>
"integer" "float64" "integer"

⍝ prefs:unknown — an unknown setting is DOMAIN ERROR
•prefs ["colour":1]
⍝ error: DOMAIN ERROR

⍝ prefs:bad-kinds — as is a value a setting cannot take
•prefs ["kinds":"fast"]
⍝ error: DOMAIN ERROR

⍝ prefs:bad-count — a count is a nonnegative integer
•prefs ["edges":¯1]
⍝ error: DOMAIN ERROR

⍝ prefs:atomic — a record with a bad setting changes none of them
_←{∞::0 ⋄ •prefs ["limit":7;"edges":"x"]}0 ⋄ (•prefs ⍬).limit   ⍝ 1000

⍝ prefs:not-record — the argument is a record
•prefs 5
⍝ error: DOMAIN ERROR
