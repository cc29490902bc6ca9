⍝ Loads cycle_a.bpl, which loaded this file: a cycle.
a←•load "./cycle_a.bpl"
