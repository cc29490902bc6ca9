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

⍝⍝ Selective assignment to a dfn's ⍵ (language.md §5)

⍝ binding:select-omega — a selection of ⍵ can be assigned; later reads of ⍵ see it
{(2↑⍵)←9 ⋄ ⍵}1 2 3   ⍝ 9 9 3

⍝ binding:select-omega-caller — the caller's array is a value: it does not change
v←1 2 3 ⋄ _←{(1↑⍵)←0 ⋄ ⍵}v ⋄ v   ⍝ 1 2 3

⍝ binding:select-omega-operands — through a defined operator's operands (dfns' sam)
sam←{(⍺ ⍶ ⍵)←⍹ ⍺ ⍶ ⍵ ⋄ ⍵} ⋄ 2 (↑ sam ⌽) 1 2 3 4   ⍝ 2 1 3 4

⍝ binding:select-omega-modified — modified assignment through it
{(⌽⍵)+←10 20 30 ⋄ ⍵}1 2 3   ⍝ 31 22 13

⍝ binding:select-omega-fit — the replacement must fit the selection
{(2↑⍵)←7 8 9 ⋄ ⍵}1 2 3
⍝ error: LENGTH ERROR

⍝⍝ A derived modifier in the target's run (language.md §5)

⍝ binding:derived-modifier — `b∧⌿←` with nothing after the arrow sets b to ∧⌿b
b←2 2⍴1 0 1 1 ⋄ b∧⌿← ⋄ b   ⍝ 1 0

⍝ binding:derived-modifier-dfn — in a dfn it updates the local
{b←2 3⍴1 1 0 1 0 1 ⋄ b∨⌿← ⋄ b}0   ⍝ 1 1 1

⍝ binding:derived-modifier-value — with a value: `v+¨←10` is `v←v+¨10`
v←[1 2] [3 4] ⋄ v+¨←10 ⋄ v
⍝ =>
[11 12] [13 14]

⍝ binding:derived-modifier-primitive — a plain modifier still works
x←1 2 3 ⋄ x⌽← ⋄ x   ⍝ 3 2 1

⍝⍝ Predicates on computed values (language.md §6.2)

⍝ binding:predicate-pending-item — a one-item vector whose item is still pending is read
{⍵?1;2} ¯1↑<\1 0 0   ⍝ 2
