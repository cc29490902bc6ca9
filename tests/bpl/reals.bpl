⍝⍝ Tolerant comparison at the infinities

⍝ reals:inf-equal — an infinity equals only itself: the tolerance needs a finite difference
∞=∞ ¯∞ 1 1E308   ⍝ $t $f $f $f

⍝ reals:inf-not-equal — ≠ is the negation of tolerant =
¯∞≠¯∞ ∞ ¯1E308   ⍝ $f $t $t

⍝ reals:inf-order — ∞ is greater than every finite number, also a wrapped integer
[∞>0 1E308 ¯∞;∞≥∞;¯∞<¯1E308;∞>10ₓ*1000ₓ]   ⍝ [$t $t $t;$t;$t;$t]

⍝ reals:inf-strong — ∞ is a strong float64, not a weak numeral: it widens float32, where 1 adapts
•storage¨[(32•float 1),∞;(32•float 1),¯∞;(32•float 1),1;(32•float∞)+1]   ⍝ "float64" "float64" "float32" "float32"

⍝ reals:huge-opposite — numbers whose difference overflows are not equal
1.7E308=¯1.7E308   ⍝ $f

⍝ reals:near-equal — a relative difference below 1E¯14 is equal, above it is not
[1=1+1E¯15;1=1+1E¯13]   ⍝ [$t;$f]

⍝⍝ GCD and LCM of real floats (continued fractions within tolerance)

⍝ reals:gcd-ratio — the ratio 103993÷33102 is recovered, so the GCD is ÷33102
1∨103993÷33102   ⍝ 3.0209655005739834E¯5

⍝ reals:gcd-symmetric — the order of the arguments does not matter
(0.45∨0.3),(0.3∨0.45),(0.1∨¯0.25)   ⍝ 0.15 0.15 0.05

⍝ reals:gcd-pi — π's first convergent within 1E¯14 has denominator 1725033
1∨π1   ⍝ ÷1725033

⍝ reals:gcd-outside-tolerance — a ratio just outside the tolerance has a tiny GCD
1E¯12>1∨1.00000000000005   ⍝ $t

⍝ reals:gcd-zero — 0 is the identity of ∨
(0∨¯0.75),(¯2.5∨0)   ⍝ 0.75 2.5

⍝ reals:gcd-wide-ratio — a ratio past the float's integers gives the smaller magnitude
1E¯200∨1E200   ⍝ 1E¯200

⍝ reals:lcm-float — LCM through the recovered GCD, with the sign of the product
(1.5∧2.5),(¯0.3∧0.45)   ⍝ 7.5 ¯0.9

⍝⍝ Float widths (oracle: NumPy's float16/float32)

⍝ reals:f32-atom-rounds — a float32 atom holds the float32 value: 0.1ₛ is 0.100000001490116…
0.1ₛ-0.1ₚ   ⍝ 1.4901161138336505E¯9

⍝ reals:f16-add — float16 items compute in float32 and round to float16 (ties to even)
(16 •float 0.1)+(16 •float 0.2)   ⍝ 0.2998046875ₕ

⍝ reals:f16-atom-and-literal — a float16 atom beside a weak literal stays float16
[1.5ₕ+1;[1 2]ₕ×3]   ⍝ [2.5ₕ;[3 6]ₕ]

⍝⍝ Infinite identities and gamma's poles

⍝ reals:min-identity-int — ⌊/ of no integers is ∞ (a float: ∞ is not an integer)
[⌊/0⍴0ₓ;⌈/0⍴0ₓ]   ⍝ ∞ ¯∞

⍝ reals:min-identity-frame — the identity fills every cell of the frame
⌊/2 0⍴0ₓ   ⍝ ∞ ∞

⍝ reals:factorial-poles — !¯1 is Γ(0), ∞; an integer at a pole leaves the integers: Γ(¯1) is NaN
[!¯1;!¯2ₓ;!¯2.5]   ⍝ ∞ $n 2.3632718012073544

⍝⍝ Gaussian GCD and LCM of complex numbers

⍝ reals:gauss-gcd — 3j4 is (2j1)², 5 is (2j1)(2j¯1): the GCD is 2j1
(3j4)∨5   ⍝ 2j1

⍝ reals:gauss-gcd-scaled — 3.8j7.6 is 0.2×19j38, 5.2j6.8 is 0.2×26j34, coprime: the GCD is 0.2
0.2=3.8j7.6∨5.2j6.8   ⍝ $t

⍝ reals:gauss-gcd-quadrant — the result is the associate with real part > 0, imaginary ≥ 0
[0j2∨0j4;¯3j¯4∨0]   ⍝ 2 3j4

⍝ reals:gauss-lcm — X×Y÷GCD: (¯3j¯4)×0j1 is 4j¯3
¯3j¯4∧0j1   ⍝ 4j¯3

⍝ reals:gauss-gcd-infinite — an infinite part has no GCD
1j2∨∞
⍝ error: DOMAIN ERROR

⍝⍝ Marks after a group of literals

⍝ reals:group-mark-exact — a mark after a group reads its integers from their digits (past 2^53)
+/[9223372036854775807 1 ¯1]ₓ   ⍝ 9223372036854775807ₓ

⍝ reals:group-mark-odd — 9007199254740993 is not a float64: the marked group keeps it
[9007199254740993 2]ₓ-1   ⍝ [9007199254740992 1]ₓ

⍝ reals:group-mark-f32 — float32 items of a group read as single float32 literals do
([0.1 0.3]ₛ)=(0.1ₛ 0.3ₛ)   ⍝ $t $t

⍝ reals:group-mark-fraction — an integer mark on a fraction is a domain error
[1 2.5]ₓ
⍝ error: DOMAIN ERROR

⍝ reals:gauss-floor-tolerant — a complex number within tolerance of a Gaussian integer floors to it
[⌊2.9999999999999996j1;⌈1000×1.3j2.6∧4.5j8.9]   ⍝ 3j1 ¯172900j232700

⍝ reals:exp-overflow — exp past the float range is ∞ (the fast lanes' exponent add never overflows)
*1000 ¯1000 709   ⍝ ∞ 0 8.218407461554972E307
