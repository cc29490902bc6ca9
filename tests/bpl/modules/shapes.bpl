⍝ A module for tests/bpl/load.bpl: functions over a private helper, a value, explicit output
⍝ and a statement whose result is not shown.
_half←{⍵÷2}
area←{⍺×⍵}
triangle←{_half ⍺ area ⍵}
unit←_half 2
⎕←"shapes ran"
3+4
