⍝ A short tour of BPL. Every numerical call below builds a node of one lazy graph;
⍝ printing a result is the read that computes it.
⍳10
+/⍳100
x←2 3⍴⍳6
x
⍉x
x+10 20
×/1+⍳5
avg←+/÷≢
avg 2 4 9
fib←{⍵<2?⍵;(∇⍵-1)+∇⍵-2}
fib¨⍳10
⌽"olleh"
+\⍳8
2 3⍴⍳6 , 9
⍝ Numbers: a negative square root is complex; exact rationals stay exact; ₐ takes the real form.
√¯4 9
1r3+1r6
√ₐ¯4 9
⍝ Inverses: f⁻ undoes f.
(2↣×)⁻10
⍝ Text and formats.
•ucs "BPL"
2⍕π1
