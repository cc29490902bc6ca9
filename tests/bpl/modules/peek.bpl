⍝ A module that looks for its loader's names (it must not see them) and binds a name its
⍝ loader also has.
seen←•nc "secret"
x←99
