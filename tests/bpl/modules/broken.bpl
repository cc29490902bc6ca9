⍝ Fails half-way: its first name must not reach the loader.
good←1
bad←1÷'a'
