⍝⍝ •decompose and •decompose⁻ (operators-and-system.md §21.4). Expected numbers are NumPy's
⍝⍝ (numpy.linalg) or derived by hand; factors with a sign or phase freedom are checked through
⍝⍝ what they must satisfy (orthonormal columns, A+.×V ≡ V×λ).

⍝⍝ Factors

⍝ decompose:spec — the spec's example: a symmetric matrix's eigenvalues, ascending
("eigen" •decompose 2 2⍴2 1 1 2).values   ⍝ 1 3

⍝ decompose:svd-values — singular values, descending (numpy.linalg.svd)
("svd" •decompose 3 2⍴1 2 3 4 5 6).s   ⍝ 9.525518091565107 0.5143005806586443

⍝ decompose:svd-thin — a 3×2 matrix's thin factors: u 3×2, s 2, v 2×2
d←"svd" •decompose 3 2⍴1 2 3 4 5 6 ⋄ [⍴d.u;⍴d.s;⍴d.v]   ⍝ [[3 2]ₓ;[2]ₓ;[2 2]ₓ]

⍝ decompose:svd-orthonormal — u's and v's columns are orthonormal [atol=1e-14]
d←"svd" •decompose 3 2⍴1 2 3 4 5 6 ⋄ [(⍉d.u)+.×d.u;(⍉d.v)+.×d.v]   ⍝ [[1 0⋄0 1];[1 0⋄0 1]]

⍝ decompose:svd-complex — a complex matrix's singular values are real (numpy.linalg.svd)
s←("svd" •decompose 2 2⍴1 0j1 2 3).s ⋄ [s;•storage s]   ⍝ [3.7518626332773635 0.9610030078085334;"float64"]

⍝ decompose:svd-wide — a wide matrix: u 2×2, v 3×2
d←"svd" •decompose 2 3⍴1 2 3 4 5 6 ⋄ [⍴d.u;⍴d.v]   ⍝ [[2 2]ₓ;[3 2]ₓ]

⍝ decompose:qr-values — q and r as LAPACK's Householder QR gives them (numpy.linalg.qr) [rtol=1e-12]
d←"qr" •decompose 2 3⍴1 2 3 4 5 6 ⋄ [d.q;d.r]
⍝ =>
[[¯0.24253562503633297 ¯0.9701425001453319⋄¯0.9701425001453319 0.24253562503633297];[¯4.123105625617661 ¯5.335783750799326 ¯6.548461875980989⋄0 ¯0.7276068751089989 ¯1.455213750217998]]

⍝ decompose:qr-tall — a tall matrix: q 3×2 with orthonormal columns, r 2×2 upper triangular [atol=1e-14]
d←"qr" •decompose 3 2⍴1 2 3 4 5 6 ⋄ [⍴d.q;⍴d.r;(⍉d.q)+.×d.q;1 0⌷d.r]   ⍝ [[3 2]ₓ;[2 2]ₓ;[1 0⋄0 1];0]

⍝ decompose:cholesky — the lower factor, by hand: 4 2 2 3 is l+.×⍉l for l = 2 0, 1 √2
("cholesky" •decompose 2 2⍴4 2 2 3).l   ⍝ [2 0⋄1 1.4142135623730951]

⍝ decompose:eigen-symmetric — a symmetric 3×3 matrix's eigenvalues, ascending (numpy.linalg.eigvalsh)
("eigen" •decompose 3 3⍴4 1 2 1 5 3 2 3 6).values   ⍝ 2.194397167422409 3.3867701566075485 9.418832675970037

⍝ decompose:eigen-symmetric-vectors — orthonormal eigenvectors: ⍉V+.×A+.×V is diagonal [atol=1e-13]
m←3 3⍴4 1 2 1 5 3 2 3 6 ⋄ v←("eigen" •decompose m).vectors ⋄ (⍉v)+.×m+.×v
⍝ =>
[2.194397167422409 0 0⋄0 3.3867701566075485 0⋄0 0 9.418832675970037]

⍝ decompose:eigen-hermitian — a Hermitian matrix has real eigenvalues: λ²-5λ+4 gives 1 4
v←("eigen" •decompose 2 2⍴2 1j1 1j¯1 3).values ⋄ [v;•storage v]   ⍝ [1 4;"float64"]

⍝ decompose:eigen-general — a general matrix's eigenvalues (numpy.linalg.eigvals), in order
v←("eigen" •decompose 2 2⍴1 2 3 4).values ⋄ <v   ⍝ ¯0.3722813232690143 5.372281323269014

⍝ decompose:eigen-rotation — a rotation's eigenvalues are i and -i: squares ¯1, sum 0 [atol=1e-14]
v←("eigen" •decompose 2 2⍴0 ¯1 1 0).values ⋄ [v×v;+/v]   ⍝ [¯1 ¯1;0]

⍝ decompose:eigen-vectors — each column of vectors is an eigenvector: A+.×V ≡ V×λ [atol=1e-14]
m←2 2⍴1 2 3 4 ⋄ e←"eigen" •decompose m ⋄ (m+.×e.vectors)-e.vectors×2 2⍴e.values   ⍝ [0 0⋄0 0]

⍝ decompose:empty — an empty matrix has empty factors
d←"qr" •decompose 0 3⍴0 ⋄ [⍴d.q;⍴d.r]   ⍝ [[0 0]ₓ;[0 3]ₓ]

⍝ decompose:integers — integer matrices compute in float64
•storage ("cholesky" •decompose 2 2⍴4 2 2 3).l   ⍝ "float64"

⍝⍝ Inverse: the factors multiplied back

⍝ decompose:inverse-svd-complex — a complex matrix's SVD multiplied back
"svd" •decompose⁻ "svd" •decompose 2 2⍴1 0j1 2 3   ⍝ [1 0j1⋄2 3]

⍝ decompose:inverse-qr-tall — a tall matrix's QR multiplied back
"qr" •decompose⁻ "qr" •decompose 3 2⍴1 2 3 4 5 6   ⍝ [1 2⋄3 4⋄5 6]

⍝ decompose:inverse-cholesky — the factor times its transpose
"cholesky" •decompose⁻ "cholesky" •decompose 2 2⍴4 2 2 3   ⍝ [4 2⋄2 3]

⍝ decompose:inverse-eigen-symmetric — a symmetric matrix rebuilt from its eigen decomposition
"eigen" •decompose⁻ "eigen" •decompose 3 3⍴4 1 2 1 5 3 2 3 6   ⍝ [4 1 2⋄1 5 3⋄2 3 6]

⍝ decompose:inverse-eigen-general — a general matrix rebuilt from complex factors
"eigen" •decompose⁻ "eigen" •decompose 2 2⍴1 2 3 4   ⍝ [1 2⋄3 4]

⍝ decompose:inverse-given — factors written by hand: diag 2 3 in the standard basis
"eigen" •decompose⁻ ["values":2 3;"vectors":2 2⍴1 0 0 1]   ⍝ [2 0⋄0 3]

⍝⍝ Errors

⍝ decompose:error-vector — a vector is not a matrix
"qr" •decompose 1 2 3
⍝ error: RANK ERROR

⍝ decompose:error-rank-3 — nor is a rank-3 array
"svd" •decompose 2 2 2⍴1
⍝ error: RANK ERROR

⍝ decompose:error-eigen-square — eigen needs a square matrix
"eigen" •decompose 2 3⍴1 2 3 4 5 6
⍝ error: LENGTH ERROR

⍝ decompose:error-cholesky-square — so does cholesky
"cholesky" •decompose 3 2⍴1
⍝ error: LENGTH ERROR

⍝ decompose:error-kind — an unknown kind
"lu" •decompose 2 2⍴1 2 3 4
⍝ error: DOMAIN ERROR

⍝ decompose:error-kind-number — the kind is text
1 •decompose 2 2⍴1 2 3 4
⍝ error: DOMAIN ERROR

⍝ decompose:error-monadic — the kind is required
•decompose 2 2⍴1 2 3 4
⍝ error: SYNTAX ERROR

⍝ decompose:error-characters — characters are not numbers
"qr" •decompose 2 2⍴"abcd"
⍝ error: DOMAIN ERROR

⍝ decompose:error-not-positive-definite — 1 2 2 1 has the eigenvalue ¯1
("cholesky" •decompose 2 2⍴1 2 2 1).l
⍝ error: DOMAIN ERROR

⍝ decompose:error-not-hermitian — cholesky needs a Hermitian matrix
("cholesky" •decompose 2 2⍴4 1 0 3).l
⍝ error: DOMAIN ERROR

⍝ decompose:error-infinite — entries must be finite
("svd" •decompose 2 2⍴1 ∞ 3 4).s
⍝ error: DOMAIN ERROR

⍝ decompose:error-defective — a defective matrix's eigenvectors are dependent
"eigen" •decompose⁻ ["values":1 1;"vectors":2 2⍴1 1 0 0]
⍝ error: DOMAIN ERROR

⍝ decompose:error-missing-factor — every factor is needed
"svd" •decompose⁻ ["u":2 2⍴1 0 0 1;"s":1 1]
⍝ error: DOMAIN ERROR

⍝ decompose:error-sizes — the factors' sizes must agree
"svd" •decompose⁻ ["u":2 2⍴1 0 0 1;"s":1 1 1;"v":2 2⍴1 0 0 1]
⍝ error: LENGTH ERROR

⍝ decompose:error-not-record — the inverse takes a record
"qr" •decompose⁻ 2 2⍴1
⍝ error: DOMAIN ERROR
