⍝⍝ C⍋Y and C⍒Y: characters collated by C (functions.md §5.1)

⍝ collate:vowels-first — listed characters by their place in C, the rest after, in order
"aeiou"⍋"banana"   ⍝ [1 3 5 0 2 4]ₓ

⍝ collate:down — grade down puts unlisted characters first (their key is the largest), stable
"ab"⍒"xbaxa"   ⍝ [0 3 1 2 4]ₓ

⍝ collate:rows — major cells compare whole: here case is the second key, so "ab" < "Ab" < "ac"
["abc"⋄"ABC"]⍋["ac"⋄"Ab"⋄"ab"]   ⍝ [2 1 0]ₓ

⍝ collate:repeated — a character listed twice takes its least coordinate on each axis
"abca"⍋"cab"   ⍝ [1 2 0]ₓ

⍝ collate:numbers —
"ab"⍋1 2
⍝ error: DOMAIN ERROR

⍝ collate:unit —
"ab"⍋'a'
⍝ error: RANK ERROR
