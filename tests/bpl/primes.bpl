⍝⍝ ⍭N: the prime with N primes before it

⍝ primes:nth — indices count from 0; results are machine integers
⍭⍳10   ⍝ [2 3 5 7 11 13 17 19 23 29]ₓ

⍝ primes:nth-shape — the result keeps the argument's shape
⍭2 2⍴3 0 1 2   ⍝ [7 2⋄3 5]ₓ

⍝ primes:nth-kinds — Booleans, fixed-width integers, float32, exact and real complex indices
[⍭$t;⍭[0 4]ₓ₁;⍭4ₛ;⍭4ᵣ;⍭4j0]   ⍝ [3ₓ;[2 11]ₓ;11ₓ;11ₓ;11ₓ]

⍝ primes:nth-unordered — repeated and unordered indices, above the sieved table
⍭[999999 0 999999 295947]   ⍝ [15485863 2 15485863 4194319]ₓ

⍝ primes:nth-billion — the billionth prime (π at an estimate, then the sieve)
⍭999999999   ⍝ 22801763489ₓ

⍝ primes:nth-empty — an empty argument gives an empty machine-integer result
⍭0 3⍴0   ⍝ 0 3⍴0ₓ

⍝ primes:nth-each — through each, one call per item
⍭¨1 2 3   ⍝ [3 5 7]ₓ

⍝ primes:nth-negative —
⍭¯1
⍝ error: DOMAIN ERROR

⍝ primes:nth-fraction —
⍭2.5
⍝ error: DOMAIN ERROR

⍝ primes:nth-complex — a complex index needs a zero imaginary part
⍭2j1
⍝ error: DOMAIN ERROR

⍝ primes:nth-character —
⍭'a'
⍝ error: DOMAIN ERROR

⍝ primes:nth-nested —
⍭(1 2)(3 4)
⍝ error: DOMAIN ERROR

⍝ primes:nth-limit — indices reach the primes below 2*40; past them a LIMIT ERROR, not a hang
⍭1E12
⍝ error: LIMIT ERROR

⍝ primes:nth-beyond-64-bits —
⍭1E30
⍝ error: LIMIT ERROR

⍝⍝ ⍭⁻N: how many primes are below N

⍝ primes:count — strictly below
⍭⁻[0 1 2 3 10 100 1000]   ⍝ [0 0 0 1 4 25 168]ₓ

⍝ primes:count-negative — no primes below a negative number
⍭⁻¯10   ⍝ 0ₓ

⍝ primes:count-large — π(10*9) by the Lucy–Hedgehog recurrence
⍭⁻1E9   ⍝ 50847534ₓ

⍝ primes:count-round-trip — ⍭⁻ undoes ⍭
⍭⁻⍭[1000 0 295947 10]   ⍝ [1000 0 295947 10]ₓ

⍝ primes:count-limit —
⍭⁻2E12
⍝ error: LIMIT ERROR

⍝⍝ K⍭N: previous prime, primality, next prime, totient

⍝ primes:previous — strictly below
¯2⍭3 10 100 7920   ⍝ [2 7 97 7919]ₓ

⍝ primes:previous-64-bit — below the largest machine integer
¯2⍭9223372036854775807ₓ   ⍝ 9223372036854775783ₓ

⍝ primes:previous-none —
¯2⍭¯5
⍝ error: DOMAIN ERROR

⍝ primes:test — a Boolean result
1⍭[2 3 4 97 561 7919]   ⍝ $t $t $f $t $f $t

⍝ primes:test-negative — zero, one and negative numbers are not prime
1⍭¯7 ¯2 0 1   ⍝ $f $f $f $f

⍝ primes:test-64-bit — 2*63−25 and 2*61−1 are prime, 2*63−1 is not
1⍭[9223372036854775783 9223372036854775807 2305843009213693951]ₓ   ⍝ $t $f $t

⍝ primes:test-strong-pseudoprimes — the smallest strong pseudoprimes to the bases 2; 2,3; … 2..13
1⍭[2047 1373653 25326001 3215031751 2152302898747 3474749660383]ₓ   ⍝ $f $f $f $f $f $f

⍝ primes:test-carmichael — Carmichael numbers are composite
1⍭561 1105 1729 41041 825265 321197185   ⍝ $f $f $f $f $f $f

⍝ primes:test-empty — an empty primality test stays Boolean
1⍭0 3⍴0   ⍝ 0 3⍴$f

⍝ primes:test-fraction —
1⍭7.5
⍝ error: DOMAIN ERROR

⍝ primes:next — strictly above; below 2 the next prime is 2
2⍭¯5 0 2 7 13   ⍝ [2 2 3 11 17]ₓ

⍝ primes:next-float — a float argument within 64 bits
2⍭1E15   ⍝ 1000000000000037ₓ

⍝ primes:next-beyond-int — the next prime after 2*63−25 is not a machine integer
2⍭9223372036854775783ₓ
⍝ error: LIMIT ERROR

⍝ primes:totient — Euler's totient
3⍭1 9 36 97 100   ⍝ [1 6 12 96 40]ₓ

⍝ primes:totient-semiprime — factored by Pollard–Brent rho
3⍭1000000016000000063ₓ   ⍝ 1000000014000000048ₓ

⍝ primes:totient-zero —
3⍭0
⍝ error: DOMAIN ERROR

⍝ primes:code-zero —
0⍭5
⍝ error: DOMAIN ERROR

⍝ primes:code-fraction —
1.5⍭5
⍝ error: DOMAIN ERROR

⍝ primes:codes-array — an array of codes pairs item by item; a Boolean beside integers is 0 or 1
¯2 1 2 3⍭10   ⍝ [7 0 11 4]ₓ

⍝ primes:codes-agree — codes and arguments pair by leading-axis agreement
1 3⍭[5 6⋄7 8]   ⍝ [1 0⋄6 4]ₓ

⍝ primes:codes-all-tests — an array of primality codes stays Boolean
1 1⍭4 5   ⍝ $f $t

⍝ primes:codes-length —
1 2 3⍭1 2
⍝ error: LENGTH ERROR

⍝ primes:codes-empty — no codes and no arguments: an empty integer result
(0⍴1)⍭⍬   ⍝ ⍬ₓ

⍝⍝ ⨸N: prime factors

⍝ factor:basic — ascending, with multiplicity
⨸360   ⍝ [2 2 2 3 3 5]ₓ

⍝ factor:prime —
⨸97   ⍝ [97]ₓ

⍝ factor:one — one has no prime factors
⨸1   ⍝ ⍬ₓ

⍝ factor:fill — cells of unequal lengths are padded with the fill 0
⨸1 8 15   ⍝ 3 3⍴[0 0 0 2 2 2 3 5 0]ₓ

⍝ factor:matrix — a new last axis
⍴⨸2 2⍴4 5 6 7   ⍝ [2 2 2]ₓ

⍝ factor:largest-int — 2*63−1
⨸9223372036854775807ₓ   ⍝ [7 7 73 127 337 92737 649657]ₓ

⍝ factor:strong-pseudoprime — a liar to the prime bases to 31 still factors
⨸3825123056546413051ₓ   ⍝ [149491 747451 34233211]ₓ

⍝ factor:float — a float within 1E¯14 of an integer; 2*62 is exact
[⨸12.000000000000002;≢⨸2*62]   ⍝ [[2 2 3]ₓ;62ₓ]

⍝ factor:exact — an exact whole number within 64 bits
⨸360ᵣ   ⍝ [2 2 2 3 3 5]ₓ

⍝ factor:empty —
⨸⍬   ⍝ ⍬ₓ

⍝ factor:zero —
⨸0
⍝ error: DOMAIN ERROR

⍝ factor:negative —
⨸¯12
⍝ error: DOMAIN ERROR

⍝ factor:fraction —
⨸2.5
⍝ error: DOMAIN ERROR

⍝ factor:complex —
⨸4j1
⍝ error: DOMAIN ERROR

⍝ factor:character —
⨸'a'
⍝ error: DOMAIN ERROR

⍝ factor:inverse — ⨸⁻ multiplies along the last axis, skipping ⨸'s zero fill
⨸⁻⨸[2 12 360 1]   ⍝ [2 12 360 1]ₓ

⍝ factor:inverse-plain — any factors multiply
⨸⁻[2 3 7]ₓ   ⍝ 42ₓ

⍝⍝ K⨸N: exponents and factor tables

⍝ factor:first-k — exponents of the first K primes
3⨸360   ⍝ [3 2 1]ₓ

⍝ factor:k-zero —
0⨸360   ⍝ ⍬ₓ

⍝ factor:k-beyond — primes past the largest factor have exponent 0
5⨸6   ⍝ [1 1 0 0 0]ₓ

⍝ factor:k-over-array — one row per argument
3⨸12 7   ⍝ [2 1 0⋄0 0 0]ₓ

⍝ factor:k-large-factor — a factor above the first K primes does not count
2⨸2×1000000007   ⍝ [1 0]ₓ

⍝ factor:infinity — exponents through the largest factor, padded with fill
∞⨸12 7   ⍝ [2 1 0 0⋄0 0 0 1]ₓ

⍝ factor:infinity-one —
∞⨸1   ⍝ ⍬ₓ

⍝ factor:infinity-limit — the index of a factor past 2*40 is beyond the prime counts
∞⨸2305843009213693951ₓ
⍝ error: LIMIT ERROR

⍝ factor:last — the last |K| distinct factors over their exponents
¯1⨸360   ⍝ 2 1⍴[5 1]ₓ

⍝ factor:last-more — asking for more than there are gives them all
¯5⨸12   ⍝ [2 3⋄2 1]ₓ

⍝ factor:table — the whole table
¯∞⨸360   ⍝ [2 3 5⋄3 2 1]ₓ

⍝ factor:table-fill — each row padded to the widest table
¯∞⨸12 7   ⍝ 2 2 2⍴[2 3 2 1 7 0 1 0]ₓ

⍝ factor:table-one — one keeps the two rows
¯∞⨸1   ⍝ 2 0⍴0ₓ

⍝ factor:mixed-k — K's items pair with N's; a vector cell becomes the first row of a table cell
2 ¯∞⨸12 30   ⍝ 2 2 3⍴[2 1 0 0 0 0 2 3 5 1 1 1]ₓ

⍝ factor:k-empty — an empty frame
[3⨸⍬;¯∞⨸0 2⍴0]   ⍝ [⍬ₓ;0 2⍴0ₓ]

⍝ factor:k-fraction —
1.5⨸4
⍝ error: DOMAIN ERROR

⍝ factor:k-character —
'a'⨸4
⍝ error: DOMAIN ERROR

⍝ factor:k-limit — more than 10*9 items
2E9⨸4
⍝ error: LIMIT ERROR
