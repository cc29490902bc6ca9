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
["a":[1 2]ₓ;"b":"x,""y" ("line",(•ucs 10),"break")]

⍝ csv:missing — a missing numeric cell is $n and an integer column stays exact; a missing text cell is ""
•csv "a,b,c",(•ucs 10),"1,x,1.5",(•ucs 10),",,"
⍝ =>
["a":1ₓ $n;"b":"x" "";"c":1.5 $n]

⍝ csv:all-missing — an all-missing column is text
•csv "a,b",(•ucs 10),",1",(•ucs 10),",2"   ⍝ ["a":"" "";"b":[1 2]ₓ]

⍝ csv:promotion — a column of integers and floats is float; one non-number makes it text
•csv "n,t",(•ucs 10),"1,1",(•ucs 10),"2.5,x"   ⍝ ["n":[1 2.5];"t":"1" "x"]

⍝ csv:exponents — exponents and infinities are floats
•csv "n",(•ucs 10),"1e3",(•ucs 10),"-2",(•ucs 10),"inf"   ⍝ ["n":[1000 ¯2 ∞]]

⍝ csv:header-only — a header without records gives empty columns
≢¨•csv "a,b",(•ucs 10)   ⍝ ["a":0 "b":0]ₓ

⍝ csv:no-final-newline — the last record needs no line end, and blank lines are skipped
•csv "a",(•ucs 10),"1",(•ucs 10 10),"2"   ⍝ ["a":[1 2]ₓ]

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

⍝⍝ Every reading and writing option of §21.2 (oracle: Python's csv module, and hand-derived numbers)

⍝ csv:header-off — without a header the result is a vector of columns, the first record data
["header":0] •csv "1,x",(•ucs 10),"2,y"   ⍝ [1 2]ₓ ("x" "y")

⍝ csv:decimal-thousands — a dialect's own number spelling: 1.234,5 is 1234.5
["separator":";" "decimal":"," "thousands":"."] •csv "n;m",(•ucs 10),"1.234,5;7",(•ucs 10),"2,5;1.000"
⍝ =>
["n":(1234.5 2.5) "m":[7 1000]ₓ]

⍝ csv:decimal-point-is-text — with another decimal character a '.' is no number
["separator":";" "decimal":","] •csv "n",(•ucs 10),"1.5"   ⍝ ["n":,⊂"1.5"]

⍝ csv:escapechar — the escape character makes the next character plain, in quotes and out (csv.reader(escapechar="\\"))
["escapechar":"\"] •csv "a,b",(•ucs 10),"1\,2,""q\""x"""   ⍝ ["a":,⊂"1,2" "b":,⊂"q""x"]

⍝ csv:doublequote-off — without doublequote a quote needs the escape (csv.reader(doublequote=False, escapechar="\\"))
["escapechar":"\" "doublequote":0] •csv "n",(•ucs 10),"""a\""b"""   ⍝ ["n":,⊂"a""b"]

⍝ csv:no-quotechar — an empty quotechar reads quotes as text
["quotechar":""] •csv "n",(•ucs 10),"""x"""   ⍝ ["n":,⊂"""x"""]

⍝ csv:text-columns — forced text keeps numeric-looking cells as text, by name or position
T←["text_columns":("a" 1)] •csv "a,b,c",(•ucs 10),"007,2,3" ⋄ [T.a;T.b;T.c]   ⍝ [,⊂"007";,⊂,'2';,3ₓ]

⍝ csv:numeric-columns — a forced numeric column's missing cells are $n; negative positions count from the end
["numeric_columns":¯1] •csv "a,b",(•ucs 10),"x,",(•ucs 10),"y,4"   ⍝ ["a":("x" "y") "b":($n 4ₓ)]

⍝ csv:numeric-column-text — a forced numeric column with text is DOMAIN
["numeric_columns":"a"] •csv "a",(•ucs 10),"1",(•ucs 10),"two"
⍝ error: DOMAIN ERROR

⍝ csv:unknown-column — a selector naming no column is INDEX
["text_columns":"z"] •csv "a,b",(•ucs 10),"1,2"
⍝ error: INDEX ERROR

⍝ csv:position-out-of-range — and so is a position past the last column
["numeric_columns":2] •csv "a,b",(•ucs 10),"1,2"
⍝ error: INDEX ERROR

⍝ csv:header-off-names — without a header a name selects nothing
["header":0 "text_columns":"a"] •csv "1,2"
⍝ error: INDEX ERROR

⍝ csv:both-modes — a column both text and numeric is DOMAIN
["text_columns":"a" "numeric_columns":0] •csv "a",(•ucs 10),"1"
⍝ error: DOMAIN ERROR

⍝ csv:same-characters — the dialect's characters must differ (a ',' decimal beside the ',' separator too)
["decimal":","] •csv "a"
⍝ error: DOMAIN ERROR

⍝ csv:keyed-text-option — a one-option record of a character is a record, not the main option
("separator":';') •csv "a;b",(•ucs 10),"1;2"   ⍝ ["a":,1ₓ "b":,2ₓ]

⍝ csv:write-forcequotes-crlf — every cell quoted, CRLF records (csv.writer(quoting=QUOTE_ALL, lineterminator="\r\n"))
["forcequotes":1 "lineending":(•ucs 13 10)] •csv⁻ ["a":,1ₓ "b":,⊂,'x']
⍝ =>
"""a"",""b""",(•ucs 13 10),"""1"",""x""",•ucs 13 10

⍝ csv:write-no-quotechar — without a quotechar a separator is escaped (csv.writer(quoting=QUOTE_NONE, escapechar="\\"))
["quotechar":"" "escapechar":"\"] •csv⁻ ["n":,⊂"x,y"]   ⍝ "n",(•ucs 10),"x\,y",•ucs 10

⍝ csv:write-no-quoting-possible — and without either such a cell is DOMAIN
["quotechar":""] •csv⁻ ["n":,⊂"x,y"]
⍝ error: DOMAIN ERROR

⍝ csv:write-header-off — no header line; a vector of columns is a table too
["header":0 "separator":";"] •csv⁻ [1 2]ₓ ("a" "b")   ⍝ "1;a",(•ucs 10),"2;b",•ucs 10

⍝ csv:write-dialect-numbers — thousands and decimal characters, by hand: 1234567.25 is 1.234.567,25
["separator":";" "decimal":"," "thousands":"."] •csv⁻ ["x":(1234567.25 ¯1000.5) "n":[12345 ¯7]ₓ]
⍝ =>
"x;n",(•ucs 10),"1.234.567,25;12.345",(•ucs 10),"-1.000,5;-7",•ucs 10

⍝ csv:write-fill — cells equal to the fill are empty
["fill":¯1ₓ] •csv⁻ ["a":[1 ¯1]ₓ "b":[2 3]ₓ]   ⍝ "a,b",(•ucs 10),"1,2",(•ucs 10),",3",•ucs 10

⍝ csv:write-escape-round-trip — escaped quotes read back through the same options
o←["escapechar":"\" "doublequote":0] ⋄ o •csv o •csv⁻ ["n":("a\b""c" "d")]   ⍝ ["n":("a\b""c" "d")]

⍝ csv:write-bad-lineending — a line ending is LF, CRLF or CR
["lineending":"x"] •csv⁻ ["n":,1]
⍝ error: DOMAIN ERROR

⍝ csv:promotion-exact-only — integers become floats only when float64 holds them exactly; else the column is mixed (2⁵³+1 has no float64)
•csv "n",(•ucs 10),"9007199254740993",(•ucs 10),"1.5"   ⍝ ["n":(9007199254740993ₓ 1.5)]

⍝ csv:promotion-late-integer — an inexact integer after floats makes the column mixed too, with a missing cell $n
•csv "n,m",(•ucs 10),"1.5,a",(•ucs 10),"-9007199254740993,b",(•ucs 10),",c"   ⍝ ["n":(1.5 ¯9007199254740993ₓ $n) "m":("a" "b" "c")]
