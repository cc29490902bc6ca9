⍝⍝ Byte codecs, text normalization and paths (operators-and-system.md §19.2, §21.1). Oracles:
⍝⍝ Python's hashlib, uuid, gzip, zlib, unicodedata and os.path; the spec's own examples.
⍝⍝ Records do not exist yet (issue 16): •path's record is the vector (parent stem extension name).

⍝ hash:sha256 — the spec's example
•hash "abc"   ⍝ "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

⍝ hash:sha224-bytes — numbers are bytes (hashlib.sha224(b"abc"))
"sha224" •hash 97 98 99   ⍝ "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"

⍝ hash:sha384-utf8 — text hashes as UTF-8 (hashlib.sha384("é".encode()))
"sha384" •hash "é"   ⍝ "41a2ddb34dca0b400fa9b73a368307acbed758e85ce50527d1655a263a10e20eefa18f8116767a128877a97c11160a26"

⍝ hash:sha512-length — 64 bytes, 128 hex digits
≢("sha512" •hash "")   ⍝ 128ₓ

⍝ hash:bad-algorithm — only the SHA-2 names
"md5" •hash "abc"
⍝ error: DOMAIN ERROR

⍝ hash:bad-bytes — numbers must be bytes
•hash 1 2 256
⍝ error: DOMAIN ERROR

⍝ uuid:v5 — the spec's example (uuid.uuid5(NAMESPACE_DNS, "python.org"))
"dns" "python.org" •uuid 5   ⍝ "886313e1-3b8a-5372-9b90-0c9aee199e5d"

⍝ uuid:v3 — MD5 names (uuid.uuid3(NAMESPACE_URL, "http://python.org/"))
"url" "http://python.org/" •uuid 3   ⍝ "9fe8e8c4-aaa8-32a9-a55c-4535a88b748d"

⍝ uuid:namespace-text — a namespace given as a UUID's text is the same namespace
"6ba7b810-9dad-11d1-80b4-00c04fd430c8" "python.org" •uuid 5   ⍝ "886313e1-3b8a-5372-9b90-0c9aee199e5d"

⍝ uuid:nil — version 0 is the nil UUID
•uuid 0   ⍝ "00000000-0000-0000-0000-000000000000"

⍝ uuid:v4 — random: the version digit, the variant, the layout, and fresh values
u←•uuid 4 ⋄ [≢u;{⍵⊃u}¨8 13 14 18 23;(19⊃u)∊"89ab";u≡•uuid 4]   ⍝ [36ₓ;"--4--";$t;$f]

⍝ uuid:v7 — the version digit, and fresh values
a←•uuid 7 ⋄ b←•uuid 7 ⋄ [14⊃a;14⊃b;a≢b]   ⍝ '7' '7' $t

⍝ uuid:v1-v6 — time-based versions carry their version digit
{14⊃•uuid ⍵}¨1 6   ⍝ "16"

⍝ uuid:v8 — sixteen bytes with the version and variant set
(⍳16) •uuid 8   ⍝ "00010203-0405-8607-8809-0a0b0c0d0e0f"

⍝ uuid:bad-version — 2 is not offered
•uuid 2
⍝ error: DOMAIN ERROR

⍝ uuid:needs-name — versions 3 and 5 need a namespace and a name
•uuid 5
⍝ error: DOMAIN ERROR

⍝ uuid:v8-length — version 8 takes exactly 16 bytes
1 2 3 •uuid 8
⍝ error: DOMAIN ERROR

⍝ deflate:gunzip — Python's gzip.compress(b"hello", mtime=0), decompressed
•ucs •deflate 31 139 8 0 0 0 0 0 2 3 203 72 205 201 201 7 0 134 166 16 54 5 0 0 0   ⍝ "hello"

⍝ deflate:zlib — zlib.compress(b"abcabcabc")
•ucs "zlib" •deflate 120 156 75 76 74 78 4 35 0 17 61 3 115   ⍝ "abcabcabc"

⍝ deflate:raw — raw deflate of "héllo" as UTF-8
"UTF-8" •ucs "deflate" •deflate 203 56 188 50 39 39 31 0   ⍝ "héllo"

⍝ deflate:round-trip — •deflate⁻ compresses, in each format
x←"compress me, compress me, compress me" ⋄ [(•ucs •deflate •deflate⁻ x);•ucs "zlib" •deflate "zlib" •deflate⁻ x;•ucs "deflate" •deflate "deflate" •deflate⁻ x]≡3⍴⊂x   ⍝ $t

⍝ deflate:gzip-header — gzip output starts with the gzip magic bytes
2↑•deflate⁻ "abc"   ⍝ [31 139]ₓ

⍝ deflate:malformed — data that is not compressed is DOMAIN
•deflate 1 2 3
⍝ error: DOMAIN ERROR

⍝ deflate:bad-format — an unknown format name
"lzma" •deflate 1 2 3
⍝ error: DOMAIN ERROR

⍝ normalize:nfd — the spec's example
•ucs "NFD" •normalize "é"   ⍝ [101 769]ₓ

⍝ normalize:nfc — the default composes
•ucs •normalize "e",•ucs 769   ⍝ [233]ₓ

⍝ normalize:nfkd — compatibility decomposition (unicodedata.normalize("NFKD", "ﬁé"))
•ucs "NFKD" •normalize "ﬁé"   ⍝ [102 105 101 769]ₓ

⍝ normalize:map — maps over an array of strings
•normalize "ab" ("e",•ucs 769)   ⍝ "ab" "é"

⍝ normalize:bad-form — lower-case or unknown forms are DOMAIN
"nfc" •normalize "é"
⍝ error: DOMAIN ERROR

⍝ path:parts — the spec's example, as (parent stem extension name)
•path "data/sales.csv"   ⍝ ["parent":"data" "stem":"sales" "extension":"csv" "name":"sales.csv"]

⍝ path:no-extension — os.path.splitext: a leading dot is not an extension
•path¨"a/b/.profile" "notes" "x/archive.tar.gz"
⍝ =>
K←"parent" "stem" "extension" "name" ⋄ (K:"a/b" ".profile" "" ".profile") (K:"" "notes" "" "notes") (K:"x" "archive.tar" "gz" "archive.tar.gz")

⍝ path:join — •path⁻ joins the parent and the name
•path⁻ •path "data/sales.csv"   ⍝ "data/sales.csv"

⍝ path:bad — a path is text
•path 1 2
⍝ error: DOMAIN ERROR

⍝ nget:missing — a file that cannot be read is an IO ERROR
•nget "no such file here.txt"
⍝ error: IO ERROR

⍝ nput:bad-bytes — data is checked before anything is written
"never written.bin" •nput 1 2 300
⍝ error: DOMAIN ERROR

⍝⍝ •date and •date⁻ (§21.1). Oracle: Python's datetime (fromisoformat, timestamp, isoweekday,
⍝⍝ tm_yday, isocalendar). •date⁻'s record is the vector (year month day hour minute second
⍝⍝ nanosecond weekday ordinal iso_week) until keys exist.

⍝ date:iso — the spec's example
•date "2024-05-06T10:20:30Z"   ⍝ 1714990830

⍝ date:day — a date alone is its midnight, UTC
•date "2024-05-06"   ⍝ 1714953600

⍝ date:offset-fraction — a UTC offset and fractional seconds
•date "2024-05-06T10:20:30.25+02:00"   ⍝ 1714983630.25

⍝ date:before-epoch — moments before 1970 are negative
•date "1969-12-31T23:59:59Z"   ⍝ ¯1

⍝ date:map — maps over an array of strings
•date "1970-01-02" "2000-01-01T00:00:00Z"   ⍝ 86400 946684800

⍝ date:pattern — a strptime pattern on the left
"%Y/%m/%d %H" •date "2024/05/06 10"   ⍝ 1714989600

⍝ date:fields — the calendar fields of a moment (Monday is weekday 1; ISO week 19)
•date⁻ 1714990830   ⍝ ["year":2024 "month":5 "day":6 "hour":10 "minute":20 "second":30 "nanosecond":0 "weekday":1 "ordinal":127 "iso_week":19]ₓ

⍝ date:fields-negative — the second before the epoch, a Wednesday
•date⁻ ¯1   ⍝ ["year":1969 "month":12 "day":31 "hour":23 "minute":59 "second":59 "nanosecond":0 "weekday":3 "ordinal":365 "iso_week":1]ₓ

⍝ date:iso-week — 2024-12-31 falls in ISO week 1 of 2025; a leap year has 366 days
•date⁻ 1735603200   ⍝ ["year":2024 "month":12 "day":31 "hour":0 "minute":0 "second":0 "nanosecond":0 "weekday":2 "ordinal":366 "iso_week":1]ₓ

⍝ date:nanoseconds — the fraction of a second in nanoseconds
6⊃•date⁻ 0.5   ⍝ 500000000ₓ

⍝ date:format — a strftime pattern on the left of •date⁻
"%Y-%m-%d %H:%M" •date⁻ 1714990830   ⍝ "2024-05-06 10:20"

⍝ date:round-trip — •date of •date⁻'s text is the moment
t←1714990830 ⋄ t=•date "%Y-%m-%dT%H:%M:%SZ" •date⁻ t   ⍝ $t

⍝ date:invalid-day — February has no 30th
•date "2024-02-30"
⍝ error: DOMAIN ERROR

⍝ date:malformed — text that is no date
•date "nope"
⍝ error: DOMAIN ERROR

⍝ date:pattern-mismatch — text the pattern does not read
"%Y/%m/%d" •date "2024-05-06"
⍝ error: DOMAIN ERROR

⍝ date:bad-moment — •date⁻ takes numbers
•date⁻ "x"
⍝ error: DOMAIN ERROR

⍝⍝ •vfi (§21.4): fields checked against the language's number grammar, never executed.

⍝ vfi:spec — the spec's example
•vfi "12 nope -3 1.5"   ⍝ [[1 0 1 1]ₓ;12 0 ¯3 1.5]

⍝ vfi:code — an expression is not a number, so it is not run
•vfi "1+2 ⎕←7"   ⍝ [[0 0]ₓ;0 0]

⍝ vfi:kinds — marks, rationals, exponents and high minus keep their kinds
•vfi "3ₓ 1r4 2e-1 ¯5"   ⍝ [[1 1 1 1]ₓ;3ₓ 1r4 0.2 ¯5]

⍝ vfi:separators — listed separators split, trim blanks, and empty fields are valid zeros
";" •vfi " 1 ;;x; 2.5"   ⍝ [[1 1 0 1]ₓ;1 0 0 2.5]

⍝ vfi:not-text — numbers are not text
•vfi 1 2
⍝ error: DOMAIN ERROR

⍝⍝ •c (§19.2). Oracle: Python's str.upper and str.lower (full mappings, final sigma).

⍝ case:upper-full — the spec's example: a string uses full mappings
1•c "straße"   ⍝ "STRASSE"

⍝ case:fold — the spec's example: non-text items are kept
•c 42 "Pete"   ⍝ 42 "pete"

⍝ case:fold-equal — folding makes strings that differ only in case equal
•c "Straße" "STRASSE" "ΟΔΟΣ"   ⍝ "strasse" "strasse" "οδος"

⍝ case:final-sigma — Σ lowers to ς at the end of a word ("ΟΔΟΣ ΣΑΣ".lower())
¯1•c "ΟΔΟΣ ΣΑΣ"   ⍝ "οδος σας"

⍝ case:lower-full — İ lowers to two characters
•ucs ¯1•c "İ"   ⍝ [105 775]ₓ

⍝ case:single — a character on its own converts singly, keeping one whose uppercase has several characters
1•c ["aBc"⋄"Σςß"]   ⍝ ["ABC"⋄"ΣΣß"]

⍝ case:nested-empty — an empty array keeps its converted prototype
•c 2 0⍴⊂"Ab"   ⍝ 2 0⍴⊂"  "

⍝ case:bad-left — the left argument is 1 or ¯1
0•c "a"
⍝ error: DOMAIN ERROR

⍝ case:bad-left-count — one of them
1 2•c "a"
⍝ error: DOMAIN ERROR
