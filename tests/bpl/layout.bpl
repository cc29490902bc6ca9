⍝⍝ ⍕Y of text, numbers of rank ≥ 2 and mixed or nested arrays (functions.md §10.1)

⍝ layout:char — a character is its own text
⍕'x'   ⍝ 'x'

⍝ layout:char-array — text of any rank is its own text
⍕2 1 3⍴"abcdef"   ⍝ 2 1 3⍴"abcdef"

⍝ layout:empty — an empty numeric vector gives empty text
⍕⍬   ⍝ ""

⍝ layout:empty-nested — an empty nested array gives empty text
⍕0⍴⊂1 2   ⍝ ""

⍝ layout:rank3 — numbers of rank 3 keep the leading axis; columns align on the decimal point
⍕2 2 2⍴1.5 2 3 4   ⍝ 2 2 5⍴"1.5 23   41.5 23   4"

⍝ layout:mixed — a number and a nested string are spaced; a nested item has a space each side
⍕1 "ab" 2   ⍝ "1  ab  2"

⍝ layout:nested-pair — two nested items: their own spaces only
⍕"ab" "cd"   ⍝ " ab  cd "

⍝ layout:enclosed-matrix — an enclosed matrix keeps its rows, a space each side
⍕⊂2 2⍴1 2 3 4   ⍝ [" 1 2 "⋄" 3 4 "]

⍝ layout:tall-item — a row is as tall as its tallest item, items at its top
⍕[1 (2 2⍴5)]   ⍝ ["1  5 5 "⋄"   5 5 "]

⍝ layout:mixed-matrix — numbers right-aligned, a space after a number column
⍕[1 'a'⋄22 'b']   ⍝ [" 1 a"⋄"22 b"]

⍝ layout:right-in-numeric-column — text in a column with numbers aligns right
⍕⍪12345 "ab"   ⍝ ["12345 "⋄"   ab "]
