⍝ Key-aligned arithmetic (issue 16): a+b of two 10⁶-item keyed vectors with the same keys
⍝ against the same sum unkeyed. Prints the fastest time per call of each and their ratios.
⍝ `same layout`: b is computed from a, so both hold one Layout (no alignment at all);
⍝ `equal keys`: c is keyed separately by the same key vector (the layouts are compared once).
n←1000000
k←⍕¨⍳n
x←¿n⍴0 ⋄ y←¿n⍴0 ⋄ _←+/x ⋄ _←+/y
a←k:x ⋄ b←a×2 ⋄ c←k:y ⋄ yy←x×2
_←+/a ⋄ _←+/b ⋄ _←+/c ⋄ _←+/yy
t←[{x+yy} {a+b} {a+c}] •time 0
⎕←"unkeyed      ",⍕t₀
⎕←"same layout  ",(⍕t₁),"  ratio ",⍕t₁÷t₀
⎕←"equal keys   ",(⍕t₂),"  ratio ",⍕t₂÷t₀
