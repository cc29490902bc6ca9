⍝ Loads its neighbour by a path relative to this file's folder.
[inc]←•load "./inner.bpl"
twice←{inc inc ⍵}
