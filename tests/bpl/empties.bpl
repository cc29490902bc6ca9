⍝⍝ Empty frames and short marks: prototypes of empty results, and what an empty list of counts leaves (functions.md §6.8, operators-and-system.md §3.3)

⍝ empties:split — an empty split keeps vectors along the last axis as its prototype
[⍴⊃↓0 3⍴0;⍴↑↓0 3⍴0]   ⍝ [[0 3];[3]]

⍝ empties:rank-monadic — an empty frame calls the function on a cell of fill of the cells' shape
[⍴{⍵,⍵}⍤1 ⊢0 3⍴0;⍴↑↑⊂⍠2(2 0 4⍴0)]   ⍝ [[0 6];[4]]

⍝ empties:rank-dyadic — an argument that is one whole cell beside an empty frame is that cell
[⍴1 0 1#⍤1 ⊢0 3⍴0;⍴2 3#⍠1 (0 2 0⍴0)]   ⍝ [[0 2];[0 5 0]]

⍝ empties:no-counts — no counts take or drop nothing from a unit: it stays itself
[⍬↑2;⍬↓⊂2;⍬↑'a']   ⍝ [2;⊂2;'a']

⍝ empties:short-marks — marks shorter than the axis end in zeros
0 0 2 0 1⊂"abcdefg"   ⍝ "" "cd" "efg"

⍝ empties:short-marks-dropped — cells past the last positive mark stay in its partition
1 0 1⊂"abcdef"   ⍝ "ab" "cdef"

⍝ empties:negative-mark — a negative mark is still an error when short
1 ¯1⊂"abc"
⍝ error: DOMAIN ERROR
