⍝ Loads itself: a cycle.
me←•load "./self.bpl"
