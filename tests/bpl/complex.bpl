⍝⍝ Complex numbers: literals, arithmetic, dynamic kinds (D5), parts, comparison, display.
⍝⍝ Expectations are worked by hand or with Python's cmath, never taken from our output.

⍝ complex:literal — j, J and ⱼ separate the parts
[1j2;1J2;1ⱼ2]   ⍝ 1j2 1j2 1j2

⍝ complex:literal-exponents — either part may have a point and an exponent
[¯.5j2E¯1;1E2j¯4E¯1]   ⍝ ¯0.5j0.2 100j¯0.4

⍝ complex:literal-zero-imaginary — a zero imaginary part makes a real
[1j¯0;∞j0;123j0]   ⍝ 1 ∞ 123

⍝ complex:literal-infinite — parts may be infinite
[1j∞;∞j1;1j1E309]   ⍝ 1j∞ ∞j1 1j∞

⍝ complex:literal-incomplete — ⱼ always continues the number
1ⱼ
⍝ error: SYNTAX ERROR

⍝ complex:literal-two-separators — one imaginary part only
1j2j3
⍝ error: SYNTAX ERROR

⍝ complex:literal-mark — a complex number takes no integer mark
1j2ₓ
⍝ error: SYNTAX ERROR

⍝ complex:literal-exact-part — a rational is not a complex part
1r2j3
⍝ error: SYNTAX ERROR

⍝ complex:literal-name — a plain j with no part after it starts a name
j←5 ⋄ 2j   ⍝ 2 5

⍝ complex:add-subtract — (1+2i)+(3+4i), (1+2i)-(3+4i)
[1j2+3j4;1j2-3j4]   ⍝ 4j6 ¯2j¯2

⍝ complex:multiply-divide — cmath: (1+2j)*(3+4j) = -5+10j, (1+2j)/(3+4j) = 0.44+0.08j
[1j2×3j4;1j2÷3j4]   ⍝ ¯5j10 0.44j0.08

⍝ complex:monads — conjugate, negate, direction (3+4i)/5, reciprocal 1/(1+2i)
[+1j2;-1j2;×3j4;÷1j2]   ⍝ 1j¯2 ¯1j¯2 0.6j0.8 0.2j¯0.4

⍝ complex:real-result — (1+2i)(1-2i) = 5 is a real number
1j2×1j¯2   ⍝ 5

⍝ complex:mixed-kinds — a real joins a complex partner
2 3+1j1   ⍝ 3j1 4j1

⍝ complex:mixed-strand — a strand of mixed kinds keeps each item
|3 ¯3 3j4   ⍝ 3 3 5

⍝ complex:reduce — +/ over complex items
+/1j2 3j4 5j6   ⍝ 9j12

⍝ complex:empty-product — the identity of × is 1
×/0#1j2   ⍝ 1

⍝ complex:sqrt-negative — D5: √¯4 is 2i
√¯4   ⍝ 0j2

⍝ complex:sqrt-vector — only the negative items need the complex continuation
√0 9 ¯4 3j4   ⍝ 0 3 0j2 2j1

⍝ complex:power-fraction — (-4)^0.5 = 2i
¯4*0.5   ⍝ 0j2

⍝ complex:cube-root — cmath: (-8+0j)**(1/3) = 1+1.7320508075688772j (principal value)
¯8*÷3   ⍝ 1j1.7320508075688772

⍝ complex:ln-negative — ln(-1) = πi
⍟¯1   ⍝ 0j3.141592653589793

⍝ complex:log-negative — cmath: log(-34)/log(12) = 1.419111870829036+1.26426988871305j
12⍟34 ¯34   ⍝ 1.419111870829036 1.419111870829036j1.26426988871305

⍝ complex:sqrt-positive — a real result stays real
√4 9   ⍝ 2 3

⍝ complex:exp — cmath.exp(2+3j)
*2j3   ⍝ ¯7.315110094901103j1.0427436562359045

⍝ complex:power-integer — (1+2i)^3 = -11-2i
1j2*3   ⍝ ¯11j¯2

⍝ complex:parts — real and imaginary parts on a trailing axis
∨3j4 5 0j¯2   ⍝ [3 4⋄5 0⋄0 ¯2]

⍝ complex:parts-real — a real's imaginary part is 0
∨¯∞   ⍝ ¯∞ 0

⍝ complex:polar — magnitude and phase; cmath.phase(3+4j) = 0.9272952180016122
∧3j4 0j1   ⍝ [5 0.9272952180016122⋄1 1.5707963267948966]

⍝ complex:cis — ○Y is e^(iY)
○[0 1π2 π1]   ⍝ 1 0j1 ¯1

⍝ complex:cis-imaginary — e^(i·i) = e^-1
○0j1   ⍝ 0.36787944117144233

⍝ complex:circle-sin — cmath.sin(2+3j)
1○2j3   ⍝ 9.15449914691143j¯4.168906959966565

⍝ complex:magnitude — |5+12i| = 13
|5j12   ⍝ 13

⍝ complex:floor — complex floor: ⌊1.5j0.5 is 1j1 (fractional parts sum to 1)
⌊1.5j0.5   ⍝ 1j1

⍝ complex:floor-ceiling — [⌊3.3j2.5;⌈3.3j2.5]
[⌊3.3j2.5;⌈3.3j2.5]   ⍝ 3j2 3j3

⍝ complex:equal — tolerant on the magnitude of the difference
1j1=1j1.000000000000012 1j1.00000000000002   ⍝ $t $f

⍝ complex:equal-real — a complex equals a real of the same value
(1j2×1j¯2)=5   ⍝ $t

⍝ complex:match — ≡ compares values
(1j2×1j¯2)≡5   ⍝ $t

⍝ complex:less — complex numbers have no order
1j2<1j2
⍝ error: DOMAIN ERROR

⍝ complex:min — ⌊ needs real numbers
0j1⌊2
⍝ error: DOMAIN ERROR

⍝ complex:iota — a count with a zero imaginary part
⍳3j0   ⍝ 0 1 2

⍝ complex:iota-imaginary — no tolerance on the imaginary part
⍳1j1E¯15
⍝ error: DOMAIN ERROR

⍝ complex:decode — 1j1⊥0 1 2 3: 0·(1+i)^3 + 1·(1+i)^2 + 2·(1+i) + 3 = 5+4i
1j1⊥⍳4   ⍝ 5j4

⍝ complex:grade — by real part, then imaginary part; numbers before characters
⍋1j2 1 1j¯2 'a' 0   ⍝ [4 2 1 0 3]ₓ

⍝ complex:format — ⍕ writes ⱼ
⍕¨[1j2×1j¯2;¯0j2;1j2+3j4]   ⍝ "5" "¯0ⱼ2" "4ⱼ6"

⍝ complex:display — ⎕← prints the read-back form
⎕←1j2 ¯3 ⋄ 0   ⍝ 0
⍝ ⎕: 1ⱼ2 ¯3

⍝⍝ Search and sort on complex arrays: whole numbers compared, ordered by real then imaginary part

⍝ complex:search-computed — computed complex arrays (compact storage) search by both parts
z←0j1×3 1 2
[z⍳0j1×1;⍋z;∪0j1×1 1 2;(0j1×1 2 3)⍸0j1×2.5;(0j1×1)∊z]   ⍝ [1ₓ;[1 2 0]ₓ;0j1 0j2;2ₓ;$t]

⍝ complex:grade-order — real part first, then imaginary part
⍋1j2 1j1 0j5 1j¯1   ⍝ [2 3 1 0]ₓ

⍝ complex:strand-storage — a complex literal makes the strand's plain reals complex; marked numbers keep their kinds
•storage¨[1j2 3;3 1j2;1j2 3ₓ]   ⍝ "complex" "complex" "mixed"
