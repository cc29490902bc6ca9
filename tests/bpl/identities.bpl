⍝⍝ Identities of structural reductions on an empty lane (functions.md §1; ∪ and ⊤ as the reference gives them)

⍝ identities:catenate-first — ⍪ gives the item prototype with its first axis empty
⍴⍪/0⍴⊂2 3 4⍴0   ⍝ 0 3 4

⍝ identities:catenate-last — , gives the item prototype with its last axis empty
⍴,/0⍴⊂2 3 4⍴0   ⍝ 2 3 0

⍝ identities:catenate-simple — , of an empty simple vector is an empty vector of its kind
[,/⍬;,/""]   ⍝ [⍬;""]

⍝ identities:union — ∪ gives an empty vector
∪/⍬   ⍝ ⍬

⍝ identities:encode — ⊤ gives 0
⊤/⍬   ⍝ 0

⍝ identities:dfn — a dfn still has none
{⍺⊤⍵}/⍬
⍝ error: DOMAIN ERROR
