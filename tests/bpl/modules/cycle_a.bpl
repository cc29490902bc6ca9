⍝ Loads cycle_b.bpl, which loads this file back: a cycle.
b←•load "./cycle_b.bpl"
