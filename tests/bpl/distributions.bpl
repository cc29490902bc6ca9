⍝⍝ •rand and •distribution (operators-and-system.md §20). Records do not exist yet (issue 16):
⍝⍝ a distribution's record is the vector (sample density cdf quantile) and a generator's is
⍝⍝ (roll deal); these cases pick fields by position. Expected values are closed forms worked by
⍝⍝ hand (erf-free where possible), written as BPL expressions of the formula.

⍝ distribution:normal — location, standard deviation and quantile; density 1÷σ√(2π) at the mean
d←3 2 •distribution "normal" ⋄ den←1⊃d ⋄ cdf←2⊃d ⋄ q←3⊃d ⋄ [cdf 3;q 0.5;den 3]
⍝ =>
[0.5 3 1÷2×√2×π1]

⍝ distribution:normal-tail — Φ(1.959963984540054) = 0.975, the two-sided 95% point
n←•distribution "normal" ⋄ cdf←2⊃n ⋄ q←3⊃n ⋄ [q 0.975;cdf 1.959963984540054]   ⍝ 1.959963984540054 0.975

⍝ distribution:uniform — endpoints, density inside and outside
d←2 6 •distribution "uniform" ⋄ den←1⊃d ⋄ q←3⊃d ⋄ [q 0 0.25 1;den 1 3 7]
⍝ =>
[2 3 6;0 0.25 0]

⍝ distribution:beta — Beta(1,1) is uniform; Beta(2,2) has density 6x(1-x), cdf 3x²-2x³
a←1 1 •distribution "beta" ⋄ b←2 2 •distribution "beta" ⋄ aq←3⊃a ⋄ bd←1⊃b ⋄ bc←2⊃b ⋄ [aq 0.25 0.75;bd 0.5 0.25;bc 0.5 0.25]
⍝ =>
[0.25 0.75;1.5 1.125;0.5 0.15625]

⍝ distribution:binomial — mass at integers only, floor for the cdf, integer quantiles
d←2 0.5 •distribution "binomial" ⋄ den←1⊃d ⋄ cdf←2⊃d ⋄ q←3⊃d ⋄ [den ¯1 0 0.5 1 2 3;cdf ¯1 0.5 1.5 2;q 0 0.25 0.5 1]
⍝ =>
[0 0.25 0 0.5 0.25 0;0 0.25 0.75 1;[0 0 1 2]ₓ]

⍝ distribution:binomial-mass — C(10,3)·0.3³·0.7⁷
d←10 0.3 •distribution "binomial" ⋄ den←1⊃d ⋄ den 3   ⍝ 120×(0.3*3)×0.7*7

⍝ distribution:degenerate — certain events and a zero-rate Poisson
b←3 1 •distribution "binomial" ⋄ p←0 •distribution "poisson" ⋄ bq←3⊃b ⋄ ps←0⊃p ⋄ pq←3⊃p ⋄ [bq 0 0.5 1;ps 3;pq 0 1]
⍝ =>
[3 3 3;0 0 0;0 0]ₓ

⍝ distribution:poisson — mass λᵏe^-λ÷k! (e^-2, 2e^-2, (4÷3)e^-2; cdf 2 is 5e^-2), and an unbounded quantile at 1
d←2 •distribution "poisson" ⋄ den←1⊃d ⋄ cdf←2⊃d ⋄ q←3⊃d ⋄ [den 0 1 3;q 0 1;cdf 0 2]
⍝ =>
[0.1353352832366127 0.2706705664732254 0.18044704431548358;0ₓ ∞;0.1353352832366127 0.6766764161830635]

⍝ distribution:gamma — gamma takes a scale, exponential a rate
g←1 2 •distribution "gamma" ⋄ e←0.5 •distribution "exponential" ⋄ gd←1⊃g ⋄ gc←2⊃g ⋄ eq←3⊃e ⋄ [gd 2;eq 1-*¯1;gc 2]
⍝ =>
[0.5×*¯1 2 1-*¯1]

⍝ distribution:gamma-shape — Gamma(2, θ=3): cdf 1-(1+x/3)e^(-x/3)
g←2 3 •distribution "gamma" ⋄ gc←2⊃g ⋄ gc 6   ⍝ 1-3×*¯2

⍝ distribution:inversegamma — shape α, scale β: cdf Q(α, β/x)
d←1 2 •distribution "inversegamma" ⋄ den←1⊃d ⋄ cdf←2⊃d ⋄ q←3⊃d ⋄ [cdf 2;den 2;q *¯1]
⍝ =>
[*¯1 0.5×*¯1 2]

⍝ distribution:chisquared — two degrees of freedom is exponential with rate ½
d←2 •distribution "chisquared" ⋄ den←1⊃d ⋄ cdf←2⊃d ⋄ [den 2;cdf 2]
⍝ =>
[0.5×*¯1 1-*¯1]

⍝ distribution:cauchy-student — Student t with one degree of freedom is Cauchy; t₂'s cdf is ½+t÷2√(2+t²)
c←0 1 •distribution "cauchy" ⋄ t←1 •distribution "student" ⋄ tt←2 •distribution "student" ⋄ cc←2⊃c ⋄ cd←1⊃c ⋄ tc←2⊃t ⋄ tq←3⊃t ⋄ ttc←2⊃tt ⋄ [cc 1;tc 1;cd 0;tq 0.5;ttc 1]
⍝ =>
[0.75 0.75 ÷π1 0 0.5+1÷2×√3]

⍝ distribution:fisher — F with equal degrees of freedom
d←2 2 •distribution "fisher" ⋄ den←1⊃d ⋄ cdf←2⊃d ⋄ q←3⊃d ⋄ [cdf 1;den 1;q 0.5]   ⍝ 0.5 0.25 1

⍝ distribution:laplace-logistic — location and scale
a←3 2 •distribution "laplace" ⋄ b←3 2 •distribution "logistic" ⋄ ad←1⊃a ⋄ bd←1⊃b ⋄ ac←2⊃a ⋄ bq←3⊃b ⋄ [ad 3;bd 3;ac 3;bq 0.5]   ⍝ 0.25 0.125 0.5 3

⍝ distribution:lognormal-weibull — log-normal median e^μ, Weibull scale; Weibull cdf 1-e^-(x/λ)^k (1-e^-4)
a←0 1 •distribution "lognormal" ⋄ b←1 2 •distribution "weibull" ⋄ c←2 1 •distribution "weibull" ⋄ aq←3⊃a ⋄ bq←3⊃b ⋄ cc←2⊃c ⋄ [aq 0.5;bq 1-*¯1;cc 2]   ⍝ 1 2 0.9816843611112658

⍝ distribution:tails — infinite endpoints and stable logistic tails
d←0 1 •distribution "logistic" ⋄ den←1⊃d ⋄ cdf←2⊃d ⋄ q←3⊃d ⋄ [cdf ¯∞ ¯1000 1000 ∞;den ¯∞ ∞;q 0 1]
⍝ =>
[0 0 1 1;0 0;¯∞ ∞]

⍝ distribution:normal-bounds — the spec's example: quantiles at 0 and 1 are the support's bounds
n←•distribution "normal" ⋄ q←3⊃n ⋄ q 0 1   ⍝ ¯∞ ∞

⍝ distribution:layout — nested and empty inputs keep their structure
d←0 1 •distribution "uniform" ⋄ cdf←2⊃d ⋄ cdf [[0.25 0.5] 0⍴⊂[0.25 0.5]]
⍝ =>
[[0.25 0.5] 0⍴⊂[0 0]]

⍝ distribution:inverse — cdf⁻ is quantile and quantile⁻ is cdf
d←3 2 •distribution "normal" ⋄ cdf←2⊃d ⋄ q←3⊃d ⋄ [cdf⁻ 0.5;q⁻ 3]   ⍝ 3 0.5

⍝ distribution:shapes — the shape argument controls unit and empty draws
d←0 1 •distribution "normal" ⋄ s←0⊃d ⋄ [⍴s ⍬;⍴s 2 0 3;⍴s 2 3]
⍝ =>
[⍬;2 0 3;2 3]ₓ

⍝ distribution:sample-kinds — continuous samples are floats, discrete ones exact integers
n←•distribution "normal" ⋄ p←3 •distribution "poisson" ⋄ ns←0⊃n ⋄ ps←0⊃p ⋄ •storage¨[ns 3;ps 3]   ⍝ "float64" "integer"

⍝ distribution:sample-moments — 10⁵ uniform draws: mean within 0.01 of ½ (6σ is 0.0055), all inside (0, 1)
d←•distribution "uniform" ⋄ s←0⊃d ⋄ x←s 100000 ⋄ [0.01>|0.5-(+/x)÷≢x;∧/(x>0)∧x<1]   ⍝ $t $t

⍝ distribution:sample-support — binomial draws are whole numbers in 0…n with the right mean (6σ bound)
d←10 0.3 •distribution "binomial" ⋄ s←0⊃d ⋄ x←s 10000 ⋄ [∧/(x≥0)∧x≤10;0.09>|3-0.0001×+/x]   ⍝ $t $t

⍝ distribution:bernoulli — all four methods on a certain event
d←1 •distribution "bernoulli" ⋄ s←0⊃d ⋄ den←1⊃d ⋄ cdf←2⊃d ⋄ q←3⊃d ⋄ [s 3;den 0 1;cdf 0 1;q 0 0.5 1]
⍝ =>
[[1 1 1]ₓ;0 1;0 1;[1 1 1]ₓ]

⍝ distribution:standard — without parameters a distribution takes its standard ones (1-e^-1 at 1)
n←•distribution "normal" ⋄ e←•distribution "exponential" ⋄ nc←2⊃n ⋄ nq←3⊃n ⋄ ec←2⊃e ⋄ [nc 0;nq 0.5;ec 0 1]   ⍝ [0.5;0;0 0.6321205588285577]

⍝ distribution:generator — the same seed gives the same draws
g←•rand 42 ⋄ h←•rand 42 ⋄ d←0 1 •distribution "normal" ⋄ s←0⊃d ⋄ gr←0⊃g ⋄ hr←0⊃h ⋄ gd←1⊃g ⋄ hd←1⊃h
[(gr 6 6 6) ≡ hr 6 6 6;(g s 4) ≡ h s 4;(3 gd 10) ≡ 3 hd 10]
⍝ =>
$t $t $t

⍝ distribution:generator-stream — copies of a generator draw from one stream
g←•rand 42 ⋄ h←g ⋄ gr←0⊃g ⋄ hr←0⊃h ⋄ a←gr 1000 1000 ⋄ b←hr 1000 1000 ⋄ k←•rand 42 ⋄ kr←0⊃k ⋄ (a,b)≡kr 4⍴1000   ⍝ $t

⍝ distribution:generator-seeds — different seeds give different draws
g←•rand 1 ⋄ h←•rand 2 ⋄ gr←0⊃g ⋄ hr←0⊃h ⋄ (gr 100⍴1000)≡hr 100⍴1000   ⍝ $f

⍝ distribution:generator-deal — a generator's deal gives distinct numbers below the bound
g←•rand 7 ⋄ gd←1⊃g ⋄ x←5 gd 10 ⋄ [≢∪x;∧/x<10]   ⍝ 5ₓ $t

⍝ distribution:bad-probability — quantile validates its probabilities
d←0 1 •distribution "normal" ⋄ q←3⊃d ⋄ q 1.01
⍝ error: DOMAIN ERROR

⍝ distribution:bad-shape — sampling needs integer dimensions
d←0 1 •distribution "normal" ⋄ s←0⊃d ⋄ s 1.5
⍝ error: DOMAIN ERROR

⍝ distribution:bad-shape-rank — a matrix shape is RANK
d←0 1 •distribution "normal" ⋄ s←0⊃d ⋄ s 2 2⍴1
⍝ error: RANK ERROR

⍝ distribution:bad-scale — gamma's scale cannot be zero
1 0 •distribution "gamma"
⍝ error: DOMAIN ERROR

⍝ distribution:bad-parameter — parameters must be finite
∞ 1 •distribution "normal"
⍝ error: DOMAIN ERROR

⍝ distribution:bad-p — p outside [0, 1]
3 1.5 •distribution "binomial"
⍝ error: DOMAIN ERROR

⍝ distribution:bad-parameter-text — parameters must be numbers
"ab" •distribution "normal"
⍝ error: DOMAIN ERROR

⍝ distribution:bad-parameter-rank — matrix parameters are RANK
(1 2⍴0 1) •distribution "normal"
⍝ error: RANK ERROR

⍝ distribution:bad-input — evaluation needs real numbers
d←0 1 •distribution "normal" ⋄ cdf←2⊃d ⋄ cdf "a"
⍝ error: DOMAIN ERROR

⍝ distribution:bad-count — a fixed parameter count
0 •distribution "normal"
⍝ error: LENGTH ERROR

⍝ distribution:no-standard — a distribution without standard parameters needs them
•distribution "binomial"
⍝ error: DOMAIN ERROR

⍝ distribution:unknown — an unknown name is DOMAIN
0 1 •distribution "normale"
⍝ error: DOMAIN ERROR

⍝ distribution:non-string — so is a name that is not a string
0 1 •distribution 5
⍝ error: DOMAIN ERROR

⍝ distribution:wide-uniform — an interval too wide to sample
¯1E308 1E308 •distribution "uniform"
⍝ error: DOMAIN ERROR

⍝ distribution:bad-valence — only sample takes a left argument, and it must be a generator
d←0 1 •distribution "normal" ⋄ s←0⊃d ⋄ 2 s 3
⍝ error: DOMAIN ERROR

⍝ distribution:dyadic-density — density, cdf and quantile are monadic
d←0 1 •distribution "normal" ⋄ den←1⊃d ⋄ 2 den 3
⍝ error: SYNTAX ERROR

⍝ distribution:sample-limit — allocations are checked before drawing
d←0 1 •distribution "normal" ⋄ s←0⊃d ⋄ s 1000000001
⍝ error: LIMIT ERROR

⍝ distribution:integer-limit — the trial count is checked before floating-point rounding
9007199254740993ₓ 1 •distribution "binomial"
⍝ error: LIMIT ERROR

⍝ distribution:generator-seed — the seed is one nonnegative integer
•rand ¯1
⍝ error: DOMAIN ERROR

⍝ distribution:generator-seed-fraction — a fractional seed is DOMAIN
•rand 1.5
⍝ error: DOMAIN ERROR

⍝ distribution:generator-seeds-count — several seeds are LENGTH
•rand 1 2
⍝ error: LENGTH ERROR

⍝ distribution:generator-seed-rank — a matrix of seeds is RANK
•rand 1 1⍴1
⍝ error: RANK ERROR

⍝ distribution:generator-dyadic — •rand is monadic
1 •rand 2
⍝ error: SYNTAX ERROR

⍝ distribution:keys — density, cdf and quantile keep a keyed argument's keys (they pervade as a monadic scalar function does)
d←0 1 •distribution "uniform" ⋄ e←2 •distribution "exponential" ⋄ [d.cdf "a" "b":0.25 0.5;d.quantile "x":0.5;e.density ["p":0 "q":[0 1]]]
[["a":0.25 "b":0.5] ["x":0.5] ["p":2 "q":[2 0.2706705664732254]]]
