⍝⍝ •csv and •csv⁻ (operators-and-system.md §21.2). Oracle: Python's csv module (RFC 4180 quoting)
⍝⍝ and the spec's examples. The result is a record of the columns, keyed by the header.

⍝ csv:typed-columns — the spec's example: a float column and an exact integer column
T←•csv "price,qty",(•ucs 10),"10.5,2",(•ucs 10),"20.0,4" ⋄ T   ⍝ ["price":[10.5 20] "qty":[2 4]ₓ]

⍝ csv:sums — the spec's example: each column sums as its type
T←•csv "price,qty",(•ucs 10),"10.5,2",(•ucs 10),"20.0,4" ⋄ +/¨T   ⍝ ["price":30.5 "qty":6ₓ]

⍝ csv:columns-by-name — columns are fields
T←•csv "price,qty",(•ucs 10),"10.5,2",(•ucs 10),"20.0,4" ⋄ T.qty   ⍝ [2 4]ₓ

⍝ csv:round-trip — the spec's example: •csv of •csv⁻ gives the table back
T←•csv "price,qty",(•ucs 10),"10.5,2",(•ucs 10),"20.0,4" ⋄ •csv •csv⁻ T   ⍝ ["price":[10.5 20] "qty":[2 4]ₓ]

⍝ csv:missing-fill — the spec's example: listed missing texts take the fill, which keeps the integers exact
["missing":"NA" "fill":¯1ₓ] •csv "qty",(•ucs 10),"NA",(•ucs 10),"4"   ⍝ ["qty":[¯1 4]ₓ]

⍝ csv:missing-list — several missing texts; a missing text cell is ""
["missing":("NA" "-")] •csv "a,b",(•ucs 10),"NA,x",(•ucs 10),"2,-"   ⍝ ["a":($n 2ₓ) "b":("x" "")]

⍝ csv:separator — plain text on the left is the separator (csv.reader(delimiter=";"))
";" •csv "a;b",(•ucs 10),"1;""x;y"""   ⍝ ["a":,1ₓ "b":,⊂"x;y"]

⍝ csv:quotechar-trim — another quote character, and blanks trimmed around unquoted cells
["quotechar":"'" "trim":$t] •csv "a,b",(•ucs 10)," 1 ,'p,q'"   ⍝ ["a":,1ₓ "b":,⊂"p,q"]

⍝ csv:option-case — option names are case-insensitive
["Separator":";"] •csv "a;b",(•ucs 10),"1;2"   ⍝ ["a":,1ₓ "b":,2ₓ]

⍝ csv:unknown-option — an unknown option is DOMAIN
["colour":1] •csv "a"
⍝ error: DOMAIN ERROR

⍝ csv:bad-separator — a separator is one character
["separator":",,"] •csv "a"
⍝ error: DOMAIN ERROR

⍝ csv:conflicting-options — the separator cannot be the quote character
["separator":"'" "quotechar":"'"] •csv "a"
⍝ error: DOMAIN ERROR

⍝ csv:write — •csv⁻ writes the header and the records (csv.writer with lineterminator "\n")
•csv⁻ ["n":[1 2]ₓ "x":[0.5 3] "s":("a,b" "q""t")]   ⍝ "n,x,s",(•ucs 10),"1,0.5,""a,b""",(•ucs 10),"2,3.0,""q""""t""",(•ucs 10)

⍝ csv:write-special — NaN is an empty cell (one column's: ""); infinities and signs as Python writes them
•csv⁻ ["v":($n ∞ ¯∞ ¯2.5)]   ⍝ "v",(•ucs 10),"""""",(•ucs 10),"inf",(•ucs 10),"-inf",(•ucs 10),"-2.5",(•ucs 10)

⍝ csv:write-lengths — columns of unequal length are LENGTH
•csv⁻ ["a":[1 2] "b":,3]
⍝ error: LENGTH ERROR

⍝ csv:write-rational — a fractional rational is not a CSV cell
•csv⁻ ["a":,1ᵣ3]
⍝ error: DOMAIN ERROR

⍝ csv:write-complex — nor is a complex number
•csv⁻ ["a":,0J1]
⍝ error: DOMAIN ERROR

⍝ csv:write-nested — nor a nested array
•csv⁻ ["a":,⊂1 2]
⍝ error: DOMAIN ERROR

⍝ csv:write-not-record — •csv⁻ takes a record of columns
•csv⁻ 1 2 3
⍝ error: DOMAIN ERROR

⍝ csv:empty — the spec's example
•csv ""   ⍝ 0⍴⊂""

⍝ csv:quoting — quoted cells hold separators, doubled quotes and line breaks; CRLF ends records (csv.reader)
•csv "a,b",(•ucs 13 10),"1,""x,""""y""",(•ucs 13 10),"2,""line",(•ucs 10),"break"""
⍝ =>
[1 2]ₓ ("x,""y" ("line",(•ucs 10),"break"))

⍝ csv:missing — a missing numeric cell is $n and an integer column stays exact; a missing text cell is ""
•csv "a,b,c",(•ucs 10),"1,x,1.5",(•ucs 10),",,"
⍝ =>
(1ₓ $n) ("x" "") (1.5 $n)

⍝ csv:all-missing — an all-missing column is text
•csv "a,b",(•ucs 10),",1",(•ucs 10),",2"   ⍝ ("" "") ([1 2]ₓ)

⍝ csv:promotion — a column of integers and floats is float; one non-number makes it text
•csv "n,t",(•ucs 10),"1,1",(•ucs 10),"2.5,x"   ⍝ [1 2.5] ("1" "x")

⍝ csv:exponents — exponents and infinities are floats
•csv "n",(•ucs 10),"1e3",(•ucs 10),"-2",(•ucs 10),"inf"   ⍝ ,⊂1000 ¯2 ∞

⍝ csv:header-only — a header without records gives empty columns
≢¨•csv "a,b",(•ucs 10)   ⍝ [0 0]ₓ

⍝ csv:no-final-newline — the last record needs no line end, and blank lines are skipped
•csv "a",(•ucs 10),"1",(•ucs 10 10),"2"   ⍝ ,⊂[1 2]ₓ

⍝ csv:ragged — unequal record widths are LENGTH
•csv "a,b",(•ucs 10),"1"
⍝ error: LENGTH ERROR

⍝ csv:duplicate-header — duplicate headers are DOMAIN
•csv "a,a",(•ucs 10),"1,2"
⍝ error: DOMAIN ERROR

⍝ csv:unclosed-quote — a quote that never closes is DOMAIN
•csv "a",(•ucs 10),"""open"
⍝ error: DOMAIN ERROR

⍝ csv:text-after-quote — so is text after a closing quote
•csv "a",(•ucs 10),"""x""y"
⍝ error: DOMAIN ERROR

⍝ csv:not-text — the argument is text
•csv 1 2
⍝ error: DOMAIN ERROR
