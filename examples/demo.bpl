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
