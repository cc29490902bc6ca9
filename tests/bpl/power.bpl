⍝⍝ f⍣N with an array of counts (operators-and-system.md, power)

⍝ power:counts-shape — the result has the counts' shape, one state per count
(2×)⍣[0 1⋄2 3] 1   ⍝ [1 2⋄4 8]

⍝ power:reuse — counts share one pass: f is called as often as the largest count needs
f←{⎕←⍵ ⋄ ⍵+1} ⋄ f⍣2 1 2 0⊢10   ⍝ 12 11 12 10
⍝ ⎕: 10\n11

⍝ power:inverse — negative counts follow the inverse, positive ones f, zero neither
(3+)⍣¯1 0 1⊢10   ⍝ 7 10 13

⍝ power:nested — each state is one item, whatever its length
{⊂⍵}⍣0 1⊢1 2   ⍝ [[1 2] ⊂[1 2]]

⍝ power:empty — no counts: no call, the argument's fill as prototype
⍴{⍵÷0}⍣(0⍴0) 5   ⍝ [0]ₓ

⍝ power:fixed-point — ∞ in a list runs to a fixed point (9 5 3 2 1 1)
{⌈⍵×0.5}⍣[∞ 1] 9   ⍝ [1 5]ₓ

⍝ power:long-chain — a hundred thousand lazy steps are read without a call per step on the stack
{⍵+1}⍣100000 ⊢ 0   ⍝ 100000

⍝ power:long-chain-dropped — and dropped unread the same way
a←{⍵×1}⍣100000 ⊢ 2 ⋄ a←3 ⋄ a   ⍝ 3
