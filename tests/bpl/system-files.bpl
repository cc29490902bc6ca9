⍝⍝ The options of the file names (operators-and-system.md §21.1): •nput's encoding, unique and
⍝⍝ prefix; •path's absolute; •mkdir's unique and prefix; •remove's recurse; •copy, which takes no
⍝⍝ options (a folder is copied whole). Each case works in its own temporary folder, testpath. Expected bytes are derived by hand from the encodings' definitions.

⍝ files:nput-utf16 — UTF-16LE: A is 41 00, 😀 (U+1F600) the pair D83D DE00, low byte first
f←testpath,".txt" ⋄ _←["path":f "encoding":"UTF-16LE"] •nput "A😀" ⋄ ["binary":1] •nget f
⍝ =>
[65 0 61 216 0 222]ₓ

⍝ files:nput-utf32be — UTF-32BE: each character in four bytes, high byte first
f←testpath,".txt" ⋄ _←["path":f "encoding":"utf-32be"] •nput "é" ⋄ ["binary":1] •nget f   ⍝ [0 0 0 233]ₓ

⍝ files:nput-latin1 — ISO-8859-1: one byte per character
f←testpath,".txt" ⋄ _←["path":f "encoding":"ISO-8859-1"] •nput "é!" ⋄ ["binary":1] •nget f   ⍝ [233 33]ₓ

⍝ files:nput-latin1-range — a character past ÿ has no ISO-8859-1 byte, and nothing is written
f←testpath,".txt" ⋄ _←{"DOMAIN"::0 ⋄ ["path":f "encoding":"ISO-8859-1"] •nput "€"}0 ⋄ (•metadata f).kind   ⍝ ,⊂"none"

⍝ files:nput-bad-encoding — an unknown encoding is DOMAIN
["path":testpath "encoding":"EBCDIC"] •nput "x"
⍝ error: DOMAIN ERROR

⍝ files:nput-unique — unique writes a new file inside the folder and gives its path; prefix starts its name
p←["path":testpath "unique":1 "prefix":"log"] •nput "hi" ⋄ [3↑(•path p).name;•nget p;(•path p).parent≡testpath]
⍝ =>
["log";"hi";$t]

⍝ files:nput-unique-twice — two unique files are two files
a←["path":testpath "unique":1] •nput "1" ⋄ b←["path":testpath "unique":1] •nput "2" ⋄ [a≡b;≢(•readdir testpath).path]   ⍝ [$f;2ₓ]

⍝ files:nput-prefix-needs-unique — prefix alone is DOMAIN
["path":testpath "prefix":"x"] •nput "1"
⍝ error: DOMAIN ERROR

⍝ files:path-absolute — absolute joins a relative path to the working directory, without touching the disk
(["absolute":1] •path "x/../y.csv").parent≡•host "cwd"   ⍝ $t

⍝ files:path-absolute-off — without it the path stays relative
(["absolute":0] •path "x/y.csv").parent   ⍝ ,'x'

⍝ files:path-join-stem — •path⁻ joins a stem and an extension when there is no name
•path⁻ ["parent":"d" "stem":"a" "extension":"csv"]   ⍝ "d/a.csv"

⍝ files:mkdir-unique — unique makes a new folder inside the path (made if missing)
u←["unique":1 "prefix":"t"] •mkdir testpath,"/deep" ⋄ [(•metadata u).kind;1↑(•path u).name]   ⍝ [,⊂"dir";,'t']

⍝ files:mkdir-prefix-needs-unique — prefix alone is DOMAIN
["prefix":"t"] •mkdir testpath
⍝ error: DOMAIN ERROR

⍝ files:remove-recurse — recurse removes a folder and everything in it
_←•mkdir testpath,"/a/b" ⋄ _←(testpath,"/a/b/f") •nput "x" ⋄ _←["recurse":1] •remove testpath,"/a" ⋄ (•metadata testpath,"/a").kind
⍝ =>
,⊂"none"

⍝ files:remove-not-empty — without recurse a folder must be empty
_←•mkdir testpath,"/a" ⋄ _←(testpath,"/a/f") •nput "x" ⋄ •remove testpath,"/a"
⍝ error: IO ERROR

⍝ files:remove-unknown-option — an unknown option is DOMAIN
["force":1] •remove testpath
⍝ error: DOMAIN ERROR

⍝ files:path-table — •path of several paths is a table of parts, and •path⁻ joins each row
P←•path "a/b.tsv" "c" "/x/y" ⋄ [P.stem;•path⁻ P]   ⍝ ["b" "c" "y";"a/b.tsv" "c" "/x/y"]

⍝ files:path-join-lengths — the parts' shapes must agree
•path⁻ ["parent":("a" "b") "name":("x" "y" "z")]
⍝ error: LENGTH ERROR

⍝ files:readdir-glob-below — with recurse a glob matches paths below the folder, * not crossing a /
_←•mkdir testpath,"/s" ⋄ _←(testpath,"/a.txt") •nput "1" ⋄ _←(testpath,"/s/b.txt") •nput "2"
[(["recurse":1 "glob":"*.txt"] •readdir testpath).name;(["recurse":1 "glob":"*/*.txt"] •readdir testpath).name]
⍝ =>
[,⊂"a.txt";,⊂"b.txt"]

⍝ files:copy-tree — a folder is copied with everything in it, the source kept (core:6366's rule: no option needed)
_←•mkdir testpath,"/s/d" ⋄ _←(testpath,"/s/a.txt") •nput "1" ⋄ _←(testpath,"/s/d/b.txt") •nput "22" ⋄ _←(testpath,"/t") •copy testpath,"/s"
[(["recurse":1] •readdir testpath,"/t").name;•nget testpath,"/t/d/b.txt";(•metadata testpath,"/s/d/b.txt").kind]
⍝ =>
["a.txt" "d" "b.txt";"22";,⊂"file"]

⍝ files:copy-file — a file is copied; the result (shy) is the target's path
_←•mkdir testpath ⋄ _←(testpath,"/a") •nput "abc" ⋄ p←(testpath,"/b") •copy testpath,"/a" ⋄ [p≡testpath,"/b";•nget p]   ⍝ [$t;"abc"]

⍝ files:copy-no-replace — an existing target is never replaced: IO ERROR, and it keeps its contents
_←•mkdir testpath ⋄ _←(testpath,"/a") •nput "1" ⋄ _←(testpath,"/b") •nput "2" ⋄ _←{"IO"::0 ⋄ (testpath,"/b") •copy testpath,"/a"}0 ⋄ •nget testpath,"/b"   ⍝ ,'2'

⍝ files:copy-existing — the error itself
_←•mkdir testpath ⋄ _←(testpath,"/a") •nput "1" ⋄ _←•mkdir testpath,"/d" ⋄ (testpath,"/d") •copy testpath,"/a"
⍝ error: IO ERROR

⍝ files:copy-missing-parent — a target whose folder does not exist is IO ERROR
_←•mkdir testpath ⋄ _←(testpath,"/a") •nput "1" ⋄ (testpath,"/no/such/b") •copy testpath,"/a"
⍝ error: IO ERROR

⍝ files:copy-options — •copy takes no options: a record on the left is not a path
_←•mkdir testpath ⋄ _←(testpath,"/a") •nput "1" ⋄ ["recurse":0] •copy testpath,"/a"
⍝ error: DOMAIN ERROR
