⍝⍝ Binding of runs: operators waiting for their right operand, bound arguments (language.md §4.5, §4.6, §6.3)

⍝ binding:operator-after-subject — a run ending in a dyadic operator takes the next run as its
⍝ right operand, with a subject before it in the run as the left argument
10{⍵+⍺}⍣ 2 ,1   ⍝ ,21

⍝ binding:operator-after-subject-dfn — the same inside a dfn, operand and argument computed
f←{⍺{⍵+⍺}⍣ ⍵ ,1} ⋄ 10 f 3   ⍝ ,31

⍝ binding:operator-after-function — a function before it in the run applies to the result
g←{⍵+1} ⋄ 2×g⍣ 3 ,1   ⍝ ,8

⍝ binding:operator-without-operand — with no run after it, it has no right operand
x←1 ⋄ x{⍵}⍣
⍝ error: SYNTAX ERROR

⍝ binding:absent-bound — `⍺ f` with an absent ⍺ is f: the call drops ⍺ as `⍺ f ⍵` does
{(⍺-)⍵}3   ⍝ ¯3

⍝ binding:absent-bound-train — in a train too
{-(⍺×) ⍵}¯3   ⍝ 1

⍝ binding:absent-bound-dyadic — a present ⍺ binds
2{(⍺×)⍵}3   ⍝ 6

⍝ binding:absent-assigned — assigning an absent ⍺ is still an error
{x←⍺}3
⍝ error: VALUE ERROR
