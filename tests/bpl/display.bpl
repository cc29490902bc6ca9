⍝⍝ Display text (language.md §12) through ⍕, which shows every item (elision is for the REPL's
⍝⍝ results, tests/unit/cli/display_test.cpp)

⍝ display:deep-enclose — 3000 levels of ⊂ format without a cost doubling per level (issue 19
⍝ item 8, which would never finish); ⍕ gives each enclosure a space on either side of "1 2"
≢⍕(⊂⍣3000)1 2   ⍝ 6003ₓ

⍝ display:deep-enclose-text — the first and last characters of that text, and its middle
(↑⍕(⊂⍣3000)1 2) (¯1↑⍕(⊂⍣3000)1 2) (3↑3000↓⍕(⊂⍣3000)1 2)   ⍝ ' ' " " "1 2"

⍝ display:large-format-whole — ⍕ of more than 1000 items is not elided: 2000 numbers, 1999 spaces,
⍝ two brackets and a mark; digits: 10×1 + 90×2 + 900×3 + 1000×4 = 6890
≢⍕⍳2000   ⍝ 8892ₓ
