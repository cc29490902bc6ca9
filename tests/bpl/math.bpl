⍝⍝ Inverse circle functions on their branch cuts (counter-clockwise continuity)

⍝ math:asin-cut-right — arcsin past 1 is continuous with quadrant IV
1E¯13>|(1○⁻2)-1.5707963267948966j¯1.3169578969248166   ⍝ $t

⍝ math:asin-cut-left — arcsin past ¯1 is continuous with quadrant II
1E¯13>|(1○⁻¯2)-¯1.5707963267948966j1.3169578969248166   ⍝ $t

⍝ math:asin-cut-negative-zero — a negative zero imaginary part does not move the cut's side
1E¯13>|(1○⁻-¯2j0)-1.5707963267948966j¯1.3169578969248166   ⍝ $t

⍝ math:acos-cut-right — arccos past 1 lies on the positive imaginary axis
1E¯13>|(2○⁻2)-0j1.3169578969248166   ⍝ $t

⍝ math:acos-cut-left — arccos past ¯1 is π minus an imaginary part
1E¯13>|(2○⁻¯2)-3.141592653589793j¯1.3169578969248166   ⍝ $t

⍝ math:atanh-cut — arctanh past ±1 takes the upper half-plane's value
1E¯13>|(7○⁻2 ¯2)-0.5493061443340549j1.5707963267948966 ¯0.5493061443340549j1.5707963267948966   ⍝ 1 1

⍝ math:acosh-cut — arccosh left of 1 takes the upper half-plane's value
1E¯13>|(6○⁻¯2 0.5)-1.3169578969248166j3.141592653589793 0j1.0471975511965979   ⍝ 1 1

⍝⍝ 4○⁻ without intermediate overflow

⍝ math:circle4-inv-huge-negative — y²−1 would overflow; the sign of y is kept
4○⁻¯1E300   ⍝ ¯1E300

⍝ math:circle4-inv-huge-positive — past 2*27 the result is y itself
4○⁻1E200   ⍝ 1E200

⍝ math:circle4-inv-three — √8 with the sign of y
1E¯15>|(4○⁻3 ¯3)-2.8284271247461903 ¯2.8284271247461903   ⍝ 1 1

⍝⍝ Lambert W: the inverse of Y×*Y

⍝ math:lambert-omega — W 1 is the omega constant
W←×↢*⍨⁻ ⋄ 1E¯15>|(W 1)-0.5671432904097838   ⍝ $t

⍝ math:lambert-reals — W at 10, ¯0.2, ¯0.1 and 1E300
W←×↢*⍨⁻ ⋄ 1E¯14>|1-(W 10 ¯0.2 ¯0.1 1E300)÷1.7455280027406994 ¯0.25917110181907374 ¯0.11183255915896296 684.2472086297608   ⍝ 1 1 1 1

⍝ math:lambert-e — W e is 1
W←×↢*⍨⁻ ⋄ 1E¯15>|1-W(*1)   ⍝ $t

⍝ math:lambert-branch-point — W at the float nearest ¯1÷e is ¯1
W←×↢*⍨⁻ ⋄ W ¯1÷*1   ⍝ ¯1

⍝ math:lambert-zero-infinity — W 0 is 0 and W ∞ is ∞
W←×↢*⍨⁻ ⋄ W 0 ∞   ⍝ 0 ∞

⍝ math:lambert-below-branch — below ¯1÷e there is no real W
W←×↢*⍨⁻ ⋄ W ¯0.5   ⍝ $n

⍝ math:lambert-complex — W z × *W z gives z back on the principal branch
W←×↢*⍨⁻ ⋄ z←1j1 ¯2j0.5 ¯1j0.1 3j¯4 ⋄ (1E¯13>|1-(W z)×(*W z)÷z),(|(W z)-+W z)<π2   ⍝ 1 1 1 1 1 1 1 1

⍝ math:lambert-monadic-after — f↢g called monadically is Y f (g Y), so it inverts the same way
1E¯15>|((×↢*)⁻ 1)-0.5671432904097838   ⍝ $t

⍝ math:lambert-nested — W pervades nested arrays
W←×↢*⍨⁻ ⋄ W [[0 0]ₓ;0⍴0ₓ]   ⍝ [0 0;⍬]

⍝ math:lambert-character — characters have no W
×↢*⍨⁻ 'a'
⍝ error: DOMAIN ERROR

⍝ math:lambert-no-pair — a pair without an entry in the table has no inverse
(+↢*)⁻ 1
⍝ error: DOMAIN ERROR

⍝⍝ Float16 totals

⍝ math:f16-sum — a float16 sum accumulates in float32 (a float16 total stops at 256)
x←16 •float 4096⍴0.1 ⋄ +/x   ⍝ 409.5ₕ

⍝ math:f16-scan — each float16 running sum is rounded once from a float32 total
x←16 •float 4096⍴0.1 ⋄ ¯1⌷+\x   ⍝ 409.5ₕ

⍝ math:f16-inner — inner products accumulate the same way
x←16 •float 4096⍴0.1 ⋄ x+.×(16 •float 4096⍴1)   ⍝ 409.5ₕ

⍝⍝ Character arithmetic

⍝ math:char-plus — a character plus an integer is a character
'a'+3   ⍝ 'd'

⍝ math:char-plus-left — either order
3ₓ+'a'   ⍝ 'd'

⍝ math:char-minus-char — the code-point difference is a machine integer
'd'-'a'   ⍝ 3ₓ

⍝ math:char-string-minus — digits from a string
"012"-'0'   ⍝ [0 1 2]ₓ

⍝ math:char-minus-int — past the basic plane
'😀'-1   ⍝ '🗿'

⍝ math:char-tolerant-offset — a float within tolerance of an integer is that integer
'a'+1.000000000000001   ⍝ 'b'

⍝ math:char-empty — an empty string minus a character
""-'a'   ⍝ ⍬ₓ

⍝ math:char-vector-offsets — offsets pervade
'a'+0 1 2   ⍝ "abc"

⍝ math:char-fraction — a non-integral offset
'a'+0.5
⍝ error: DOMAIN ERROR

⍝ math:char-rational — an exact fraction is no offset
'a'+1r2
⍝ error: DOMAIN ERROR

⍝ math:char-below-zero — no code point below 0
'a'-98
⍝ error: DOMAIN ERROR

⍝ math:char-past-last — no code point past 10FFFF
'a'+1114112
⍝ error: DOMAIN ERROR

⍝ math:char-surrogate — surrogates are not scalar values
'퟿'+1
⍝ error: DOMAIN ERROR

⍝ math:char-plus-char — two characters do not add
'a'+'b'
⍝ error: DOMAIN ERROR

⍝ math:int-minus-char — a number minus a character
1-'a'
⍝ error: DOMAIN ERROR

⍝⍝ Encode of floats is exact

⍝ math:encode-float-exact — 2*53 less one is 53 ones in binary (no tolerant floor)
⊤9007199254740991   ⍝ 53⍴1

⍝ math:encode-float-low-digits — the low hexadecimal digits of 2*53 less one survive
(4⍴16)⊤9007199254740991   ⍝ 15 15 15 15

⍝ math:encode-fraction — a fraction stays in the last digit
0 1⊤1.25 10.5   ⍝ [1 0.25⋄10 0.5]

⍝⍝ Encode and decode with a matrix of bases: each row is a base vector, paired by leading axes

⍝ math:encode-base-rows — each row of bases encodes the argument's cells at its leading position
(2 1 2⍴2 2 10 10)⊤5 6   ⍝ 2 1 2⍴0 1 0 6

⍝ math:encode-base-rows-scalar — a single argument is encoded in every row's bases
[2 2 2⋄0 8 16]⊤83   ⍝ [0 1 1⋄0 5 3]

⍝ math:decode-base-rows — each row of bases decodes the digit rows at its leading position
[[2 2⋄10 10]⊥[1 1⋄2 3];[2 2⋄10 10]⊥2 2 2⍴1 0 1 1 2 3 4 5]   ⍝ [3 23;[2 3⋄23 45]]

⍝ math:decode-base-rows-vector — one digit vector decoded in each row's base
[[2]⋄[10]]⊥1 1 0   ⍝ 6 110

⍝ math:encode-base-rows-frames — the leading axes must agree
[2 2⋄3 3⋄4 4]⊤2 3⍴⍳6
⍝ error: LENGTH ERROR

⍝ math:encode-base-rows-empty — no rows of bases: an empty frame of digits
[⍴(0 2⍴2)⊤5;⍴(0 2⍴2)⊥1 0]   ⍝ [[0 2]ₓ;[0]ₓ]

⍝⍝ Fold identities come from the objects

⍝ math:binomial-identity — an empty binomial reduction gives its identity 1
!/⍬   ⍝ 1

⍝ math:binomial-fold — a binomial reduction folds right to left: 2!(3!5)
!/2 3 5   ⍝ 45

⍝⍝ Unique mask and tolerance

⍝ math:unique-items-chain — an item within the tolerance of an earlier duplicate is a duplicate
≠[1 1+8E¯15 1+16E¯15 3]   ⍝ $t $f $f $t

⍝ math:unique-rows-do-not-chain — rows compare only with earlier distinct rows
≠[1 2⋄1+8E¯15 2⋄1+16E¯15 2]   ⍝ $t $f $t

⍝ math:unique-ints — exact items: first occurrences
≠3 1 3 2 1   ⍝ $t $t $f $t $f

⍝⍝ Arrays of circle codes

⍝ math:circle-codes — each code applies to its own item
1 2○0 0   ⍝ 0 1

⍝ math:circle-codes-extend — an atom argument extends over the codes
(2 2⍴1 2 7 0)○0   ⍝ [0 1⋄0 1]

⍝ math:circle-codes-length — codes and arguments pair item by item
1 2○1 2 3
⍝ error: LENGTH ERROR

⍝ math:circle-codes-domain — every code is checked
1 9○2 3
⍝ error: DOMAIN ERROR
