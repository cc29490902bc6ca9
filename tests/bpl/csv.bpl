⍝⍝ •csv (operators-and-system.md §21.2). Oracle: Python's csv module (RFC 4180 quoting) and the
⍝⍝ spec's examples. Keyed vectors do not exist yet (issue 16): the result is the vector of the
⍝⍝ columns in header order; options wait on records.

⍝ csv:typed-columns — the spec's example: a float column and an exact integer column
T←•csv "price,qty",(•ucs 10),"10.5,2",(•ucs 10),"20.0,4" ⋄ T   ⍝ [10.5 20] [2 4]ₓ

⍝ csv:sums — each column sums as its type
T←•csv "price,qty",(•ucs 10),"10.5,2",(•ucs 10),"20.0,4" ⋄ +/¨T   ⍝ 30.5 6ₓ

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
