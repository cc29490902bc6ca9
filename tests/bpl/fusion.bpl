⍝⍝ The scheduler's rows: recomputed cheap values, sliding folds, log1p/expm1; expectations worked by hand

⍝ fusion:recompute-two-folds — x×x read by two folds: 0.25×(0+1+4+…+49) plus the largest, 0.25×49
x←0.5×⍳8 ⋄ (+/x×x)+⌈/x×x   ⍝ 47.25

⍝ fusion:recompute-chain — 1+2×-x read by +/ and ⌈/: (1+¯1+¯3+¯5) + 1
x←⍳4 ⋄ (+/1+2×-x)+⌈/1+2×-x   ⍝ ¯7

⍝ fusion:recompute-drop — 1↓x read by +/ and ⌈/: (1+2+3)+3
x←⍳4 ⋄ (+/1↓x)+⌈/1↓x   ⍝ 9

⍝ fusion:sliding-sum — +/ of windows of 3: 0+1+2, 1+2+3, …
+/3↕⍳6   ⍝ 3 6 9 12

⍝ fusion:sliding-minus — right to left in each window: 1-(2-4), 2-(4-8)
-/3↕1 2 4 8   ⍝ 3 6

⍝ fusion:sliding-padded — padded windows centred on each item, 0 beyond the ends
⌈/¯3↕3 1 4 1 5   ⍝ 3 4 4 5 5

⍝ fusion:sliding-transpose — +/⍉ is the column sums: 0+3, 1+4, 2+5
+/⍉2 3⍴⍳6   ⍝ 3 5 7

⍝ fusion:sliding-matrix-windows — 2×2 window sums of a 3×3 matrix
+/+/2 2↕3 3⍴⍳9   ⍝ [8 12⋄20 24]

⍝ fusion:sliding-then-divide — a windowed mean, the division in the fold's stage
(+/3↕⍳6)÷3   ⍝ 1 2 3 4

⍝ fusion:sliding-whole — one window of all items
+/5↕⍳5   ⍝ ,10

⍝ fusion:sliding-none — a window longer than the vector: no windows
+/6↕⍳5   ⍝ ⍬

⍝ fusion:log1p — ⍟1+x keeps x's digits near 0 (1E12×ln(1+1E¯12) in float64 is 1.000088900581841)
1E12×⍟1+1E¯12   ⍝ 0.9999999999995

⍝ fusion:expm1 — ¯1+*x near 0 (1E10×exp(1E¯10)-1 in float64 is 1.000000082740371)
1E10×¯1+*1E¯10   ⍝ 1.00000000005

⍝ fusion:expm1-minus — (*x)-1 is the same row
1E10×(*1E¯10)-1   ⍝ 1.00000000005
