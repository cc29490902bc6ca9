⍝ Loaded by outer.bpl through a relative path.
inc←{⍵+1}
