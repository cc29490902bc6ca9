⍝⍝ The examples and error rows of operators-and-system.md §19–21 that no other case file holds
⍝⍝ (data.bpl, json.bpl, csv.bpl, regex.bpl, distributions.bpl, literal.bpl and system.bpl hold the rest)

⍝⍝ §19.1 Common rules

⍝ spec:names-case — names are case-insensitive
•UcS 65   ⍝ 'A'

⍝ spec:names-named — a system function can be named
u←•ucs ⋄ u 65 66   ⍝ "AB"

⍝ spec:names-operators — and used with operators
•ucs¨"ab" "c"   ⍝ [[97 98]ₓ;[99]ₓ]

⍝ spec:names-not-assigned — but not assigned
•c←+
⍝ error: SYNTAX ERROR

⍝⍝ §19.2 •ucs

⍝ spec:ucs-codes — the spec's example
•ucs "ABC"   ⍝ [65 66 67]ₓ

⍝ spec:ucs-utf8 — the spec's example
"UTF-8"•ucs 'é'   ⍝ [195 169]ₓ

⍝ spec:ucs-utf16 — the spec's example: a surrogate pair
"UTF-16"•ucs "A😀"   ⍝ [65 55357 56832]ₓ

⍝ spec:ucs-utf32 — UTF-32 gives code points
"UTF-32"•ucs "A😀"   ⍝ [65 128512]ₓ

⍝ spec:ucs-negative — negative code points
•ucs ¯1
⍝ error: DOMAIN ERROR

⍝ spec:ucs-above — code points above 10FFFF
•ucs 1114112
⍝ error: DOMAIN ERROR

⍝ spec:ucs-fraction — fractional code points
•ucs 1.5
⍝ error: DOMAIN ERROR

⍝ spec:ucs-lower-case-encoding — encoding names are upper case
"utf-8"•ucs "a"
⍝ error: DOMAIN ERROR

⍝ spec:ucs-encoding-rank — an encoding takes vectors
"UTF-8"•ucs 2 2⍴"abcd"
⍝ error: RANK ERROR

⍝ spec:ucs-malformed-utf16 — a lone surrogate is malformed UTF-16
"UTF-16"•ucs⁻ 55357ₓ
⍝ error: DOMAIN ERROR

⍝⍝ §21.1 Files: the error rows (files_test.cpp tests the files themselves)

⍝ spec:metadata-not-text — •metadata takes paths
•metadata 5
⍝ error: DOMAIN ERROR

⍝ spec:metadata-missing — a missing path is kind "none", not an error
2⊃•metadata "no such file, a BPL case"   ⍝ ,⊂"none"

⍝ spec:readdir-missing — a folder that cannot be read
•readdir "no such folder, a BPL case"
⍝ error: FILE ERROR

⍝ spec:remove-missing — nothing to remove
•remove "no such file, a BPL case"
⍝ error: FILE ERROR

⍝ spec:copy-missing — nothing to copy
"never made, a BPL case" •copy "no such file, a BPL case"
⍝ error: FILE ERROR

⍝ spec:rename-missing — nothing to rename
"never made, a BPL case" •rename "no such file, a BPL case"
⍝ error: FILE ERROR

⍝ spec:nget-missing — nothing to read
•nget "no such file, a BPL case"
⍝ error: FILE ERROR
