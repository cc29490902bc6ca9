⍝⍝ Hostile input ends in a clean error (issue 19; docs/limits.md)

⍝ reliability:partial-assigned — a partial operator application is not a value to assign
-g←3∘
⍝ error: SYNTAX ERROR

⍝ reliability:partial-assigned-paren — parenthesised, the same
×g←(3∘)
⍝ error: SYNTAX ERROR

⍝ reliability:partial-assigned-strand — as the right of a strand of names
f←× ⋄ f g←3∘
⍝ error: SYNTAX ERROR

⍝ reliability:partial-printed — ⎕← takes a value too
-⎕←3∘
⍝ error: SYNTAX ERROR

⍝ reliability:partial-default-alpha — and ⍺←
{-⍺←3∘ ⋄ 0}0
⍝ error: SYNTAX ERROR

⍝ reliability:partial-over — a dyadic operator without its right operand
⍳g←+⍥
⍝ error: SYNTAX ERROR

⍝ reliability:deep-tree — 300000 nested negations: a limit, and the tree is freed without recursion
⍎(300000⍴"-"),"1"
⍝ error: LIMIT ERROR

⍝ reliability:lone-constant-mark — `$` alone ends the source inside a token
⍎"$"
⍝ error: SYNTAX ERROR

⍝ reliability:lone-bullet — `•` alone
⍎"•"
⍝ error: SYNTAX ERROR

⍝ reliability:guard-outer-write — the guard forces what its body binds: the error is caught inside
x←5 ⋄ _←{∞::0 ⋄ x+←÷0ₓ}0 ⋄ x   ⍝ 5

⍝ reliability:guard-local — the handler sees the name as before the failed assignment
{x←5 ⋄ ∞::x ⋄ x←÷0ₓ}0   ⍝ 5

⍝ reliability:guard-not-dropped — a later statement does not drop the error
{x←5 ⋄ ∞::x ⋄ x←÷0ₓ ⋄ 0}0   ⍝ 5

⍝ reliability:reshape-overflow — an item count past int64 is more than 10⁹ items
9223372036854775807ₓ 2 2⍴1
⍝ error: LIMIT ERROR

⍝ reliability:iota-int64-min — |INT64_MIN| is no count
⍳¯9223372036854775808ₓ
⍝ error: LIMIT ERROR

⍝ reliability:unwhere-huge — a position past 10⁹
⍸⁻ 9023372036854775827ₓ 8
⍝ error: LIMIT ERROR

⍝ reliability:unwhere-empty-coordinates — coordinates of no axes
⍸⁻⍬ 2 3
⍝ error: DOMAIN ERROR

⍝ reliability:unwhere-positions — ordinary positions still invert
⍸⁻ 0 2 2   ⍝ 1 0 2

⍝ reliability:replicate-count — the count is checked before 10⁹ cells are listed (a fuzzer find)
⍴1000000001#1
⍝ error: LIMIT ERROR

⍝ reliability:squad-key-array — an array of keys as one selector selects by the keys' positions (it re-entered ⌷ until the stack limit: fuzz_eval)
((2 2⍴"aa" "bb" "bb" "aa") ∞)⌷"aa" "bb":2 3⍴⍳6   ⍝ 2 2 3⍴0 1 2 3 4 5 3 4 5 0 1 2

⍝ reliability:squad-key-array-missing — a key of that array that the axis lacks is an INDEX ERROR, not a LIMIT ERROR
[["a"⋄"b" "c"]]⌷"aa" "bb":2 2
⍝ error: INDEX ERROR

⍝ reliability:marked-no-result — a marked function whose call gives no result is a VALUE ERROR (fuzz_eval: ⍎ₛ"" asserted in Desc::of)
⍎ₛ""
⍝ error: VALUE ERROR

⍝ reliability:marked-dfn-no-result — the same for an empty dfn under a kind mark
{}ₓ 0
⍝ error: VALUE ERROR

⍝ reliability:rotate-empty-huge-axes — rotating an empty array whose other axes' product overflows int64 (⍳ of 65…0) keeps its shape (fuzz_eval: signed overflow in Mapping::count under UBSan)
≢⍴2⊖⍳⊖⍳66
66

⍝ reliability:rotate-counts-near-int64-max — a count per vector near INT64_MAX rotates by its remainder (the position j + k overflowed int64 and picked wrong items)
(9223372036854775807ₓ ¯9223372036854775807ₓ)⌽2 5⍴⍳10   ⍝ 2 5⍴2 3 4 0 1 8 9 5 6 7

⍝ reliability:rotate-first-counts-near-int64-max — the same along the first axis
(9223372036854775807ₓ ¯9223372036854775807ₓ)⊖5 2⍴⍳10   ⍝ 5 2⍴4 7 6 9 8 1 0 3 2 5

⍝ reliability:unwindows-empty-huge-axes — rebuilding an empty array of windows whose other axes' product overflows int64 (signed overflow in its strides under UBSan)
⍴3↕⁻⍳3 3 0,1+⍳40   ⍝ 5 0,1+⍳40

⍝ reliability:unwindows-axis-past-int64 — a rebuilt axis longer than int64 counts is a limit
9223372036854775807ₓ↕⁻⍳9223372036854775807ₓ 9223372036854775807ₓ 0
⍝ error: LIMIT ERROR

⍝ reliability:polynomial-exponent-int64-max — an exponent of INT64_MAX asks for more than 10⁹ coefficients (its count, exponent + 1, overflowed int64)
⌻⁻⊂1 2⍴3 9223372036854775807ₓ
⍝ error: LIMIT ERROR

⍝ reliability:huge-frame-reduce — an empty array whose frame counts past int64 (⍳ of 65…0) has too many rows to reduce one by one: a limit (a host row per frame position looped forever)
x←⍳⊖⍳66 ⋄ +/x
⍝ error: LIMIT ERROR

⍝ reliability:huge-frame-split — ↓ of it: one row value per frame position
x←⍳⊖⍳66 ⋄ ↓x
⍝ error: LIMIT ERROR

⍝ reliability:huge-frame-rank — ⍤ of it: one cell per frame position (UBSan: 256 × INT64_MAX in the cells' size)
x←⍳⊖⍳66 ⋄ {⍵}⍤1⊢x
⍝ error: LIMIT ERROR

⍝ reliability:huge-frame-inner — a host inner product with frames past int64 counts its result first
x←⍳⊖⍳66 ⋄ x+.×⍉x
⍝ error: LIMIT ERROR

⍝ reliability:huge-frame-inner-empty — no columns beside rows past int64: an empty result, not rows × 0 loops
x←⍳⊖⍳66 ⋄ ⍴x+.×0 0⍴0   ⍝ ⌽⍳66

⍝ reliability:huge-frame-display — displaying an empty numeric array with more than 10⁹ empty rows (UBSan: the rows' count overflowed int64)
⍕(⌽⍳66)⍴0
⍝ error: LIMIT ERROR

⍝ reliability:huge-frame-domino — ⌹ per matrix of a frame past int64
⌹(⌽⍳66)⍴0
⍝ error: LIMIT ERROR

⍝ reliability:huge-frame-squad — a selector of rank 2 or more applies per row: rows past int64 are a limit
x←⍳⊖⍳66 ⋄ x⌷1 2
⍝ error: LIMIT ERROR

⍝ reliability:huge-frame-decode — bases per row: rows past int64 are a limit
x←⍳⊖⍳66 ⋄ x⊥x
⍝ error: LIMIT ERROR

⍝ reliability:diagonal-huge-strides — a diagonal of an empty array whose strides saturate (UBSan: the summed strides overflowed int64)
⍴0 0⍉(0,⌽1+⍳40)⍴0   ⍝ 0,⌽1+⍳39

⍝ reliability:format-spec-past-int64 — a ⍕ width or precision no int64 holds (UBSan: the conversion was undefined; found by fuzz_eval as ⍕⊂⍠0 ! (1 36))
1E40 ⍕ 1
⍝ error: LIMIT ERROR

⍝ reliability:format-pair-past-int64 — the same in a width-precision pair
¯1E19 2 ⍕ 1
⍝ error: LIMIT ERROR
