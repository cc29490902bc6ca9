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
⍝ error: IO ERROR

⍝ spec:remove-missing — nothing to remove
•remove "no such file, a BPL case"
⍝ error: IO ERROR

⍝ spec:copy-missing — nothing to copy
"never made, a BPL case" •copy "no such file, a BPL case"
⍝ error: IO ERROR

⍝ spec:rename-missing — nothing to rename
"never made, a BPL case" •rename "no such file, a BPL case"
⍝ error: IO ERROR

⍝ spec:nget-missing — nothing to read
•nget "no such file, a BPL case"
⍝ error: IO ERROR

⍝⍝ §20 Random numbers and distributions (the spec's examples; distributions.bpl holds the rest)

⍝ spec:rand-values — decisions.md D20: our streams are counter-based, so the spec's pinned
⍝ Xoshiro256++ draws (4 1 5) are not ours; a roll gives whole numbers below each bound
g←•rand 42 ⋄ x←g.roll 6 6 6 ⋄ [∧/x∊⍳6;≢x]   ⍝ [$t;3ₓ]

⍝ spec:rand-same-seed — equal seeds draw alike
g←•rand 42 ⋄ h←•rand 42 ⋄ (g.roll 6 6 6)≡h.roll 6 6 6   ⍝ $t

⍝ spec:rand-copies — copies share one stream
g←•rand 42 ⋄ h←g ⋄ a←g.roll 1000 1000 ⋄ b←h.roll 1000 1000 ⋄ k←•rand 42 ⋄ (a,b)≡k.roll 4⍴1000   ⍝ $t

⍝ spec:normal — location 3, scale 2
d←3 2 •distribution "normal" ⋄ [d.cdf 3;d.quantile 0.5]   ⍝ 0.5 3

⍝ spec:binomial-density — C(2,k)÷4
b←2 0.5 •distribution "binomial" ⋄ b.density 0 1 2   ⍝ 0.25 0.5 0.25

⍝ spec:binomial-quantile — exact integer quantiles, the support's bounds at 0 and 1
b←2 0.5 •distribution "binomial" ⋄ b.quantile 0 0.25 0.5 1   ⍝ [0 0 1 2]ₓ

⍝ spec:normal-bounds — quantiles at 0 and 1 are the support's bounds
n←•distribution "normal" ⋄ n.quantile 0 1   ⍝ ¯∞ ∞

⍝ spec:rand-dyadic — •rand is monadic
1 •rand 2
⍝ error: SYNTAX ERROR

⍝ spec:sample-non-generator — only a generator goes left of sample
d←•distribution "normal" ⋄ 5 d.sample 3
⍝ error: DOMAIN ERROR

⍝⍝ §21.1 the spec's examples with records

⍝ spec:path — the record of a path's parts
•path "data/sales.csv"   ⍝ ["parent":"data" "stem":"sales" "extension":"csv" "name":"sales.csv"]

⍝ spec:path-join — •path⁻ joins a parent and a name
•path⁻ •path "data/sales.csv"   ⍝ "data/sales.csv"

⍝ spec:date-fields — •date⁻'s record
t←•date⁻ •date "2024-05-06T10:20:30Z" ⋄ [t.year;t.month;t.day;t.weekday;t.iso_week]   ⍝ [2024 5 6 1 19]ₓ

⍝ spec:metadata-table — •metadata gives one row per path, a missing one kind "none"
m←•metadata "no such file, a BPL case" "nor this" ⋄ [m.kind;m.len]   ⍝ [["none" "none"];[0 0]ₓ]

⍝ spec:options-unknown — an unknown option is DOMAIN (§19.1)
["nope":1] •json "1"
⍝ error: DOMAIN ERROR
