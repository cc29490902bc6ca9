⍝⍝ •load: modules (operators-and-system.md §19.3); their files are in tests/bpl/modules/

⍝ load:names — the record holds the module's top-level names not starting with _
≢•load "tests/bpl/modules/shapes.bpl"   ⍝ 3

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

⍝ load:relative — a path resolves against the loading file's folder first
≢•load "tests/bpl/modules/outer.bpl"   ⍝ 2

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

⍝ error-value:nested — a dfn called in a handler sees its $e; its own guard's handler its own
[{∞::{1⊃$e}0 ⋄ ÷'a'}0;{∞::{∞::1⊃$e ⋄ "inner" •signal "RANK"}0 ⋄ ÷'a'}0]
⍝ =>
"expected numeric elements" "inner"

⍝ error-value:site — $e holds the line and column where the error happened
{∞::2 3⊃¨⊂$e ⋄ 2+1÷⍵}'a'   ⍝ 1 19

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
