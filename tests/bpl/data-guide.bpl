⍝⍝ docs/data.md's first section, as written there: reading a CSV, summarising it by key, writing JSON

⍝ guide:columns — a CSV's columns are fields of its record
T←•csv "region,item,sales",(•ucs 10),"north,pen,10",(•ucs 10),"south,ink,5",(•ucs 10),"north,ink,7"
T.sales   ⍝ [10 5 7]ₓ

⍝ guide:summary — key groups one column by another; K:Y keys the sums
T←•csv "region,item,sales",(•ucs 10),"north,pen,10",(•ucs 10),"south,ink,5",(•ucs 10),"north,ink,7"
S←(∪T.region):(T.region {+/⍵}⌸ T.sales)
S   ⍝ ["north":17ₓ "south":5ₓ]

⍝ guide:write-json — the summary as a JSON object (json.dumps({"north": 17, "south": 5}, separators=(",", ":")))
T←•csv "region,item,sales",(•ucs 10),"north,pen,10",(•ucs 10),"south,ink,5",(•ucs 10),"north,ink,7"
S←(∪T.region):(T.region {+/⍵}⌸ T.sales)
•json⁻ S   ⍝ "{""north"":17,""south"":5}"

⍝ guide:round-trip — •csv of •csv⁻ gives the table back
T←•csv "region,item,sales",(•ucs 10),"north,pen,10",(•ucs 10),"south,ink,5",(•ucs 10),"north,ink,7"
T≡•csv •csv⁻ T   ⍝ $t

⍝ guide:missing — the options example
["missing":"NA" "fill":¯1ₓ] •csv "qty",(•ucs 10),"NA",(•ucs 10),"4"   ⍝ ["qty":[¯1 4]ₓ]

⍝ guide:separator — plain text on the left is the separator
";" •csv "a;b",(•ucs 10),"1;2"   ⍝ ["a":,1ₓ "b":,2ₓ]

⍝ guide:json-fill — null reads as the fill
["fill":0ₓ] •json "[1,null,3]"   ⍝ [1 0 3]ₓ

⍝ guide:regex — a pattern's two functions, by name
p←•r "([a-z]+)([0-9]+)" ⋄ "$2:$1" p.replace "ab12 cd3"   ⍝ "12:ab 3:cd"

⍝ guide:regex-table — the matches table's columns
q←•r "[0-9]+" ⋄ m←q.matches "abc123def45" ⋄ [m.text;m.position]   ⍝ ["123" "45";3 9]ₓ

⍝ guide:date-field — a calendar field by name
(•date⁻ 1714990830).weekday   ⍝ 1ₓ

⍝ guide:csv-text-columns — docs/data.md's forced text column
["text_columns":"id"] •csv "id,n",(•ucs 10),"007,5"   ⍝ ["id":,⊂"007" "n":,5ₓ]

⍝ guide:csv-headerless — docs/data.md's headerless, decimal-comma example
["header":0 "separator":";" "decimal":","] •csv "1,5;2",(•ucs 10),"2,25;3"   ⍝ [1.5 2.25;[2 3]ₓ]

⍝ guide:date-zone — docs/data.md's named zone (Python: datetime(...,tzinfo=ZoneInfo("Europe/Berlin")).timestamp())
["zone":"Europe/Berlin"] •date "2024-05-06T10:20:30"   ⍝ 1714983630

⍝ guide:date-locale — docs/data.md's German names (LC_ALL=de_DE.UTF-8 date)
["pattern":"%A %e %B" "locale":"de_DE"] •date⁻ 1714990830   ⍝ "Montag  6 Mai"

⍝ guide:decompose-eigen — docs/data.md's eigenvalues (λ²-4λ+3)
("eigen" •decompose 2 2⍴2 1 1 2).values   ⍝ 1 3

⍝ guide:decompose-cholesky — docs/data.md's Cholesky factor, by hand
("cholesky" •decompose 2 2⍴4 2 2 3).l   ⍝ [2 0⋄1 1.4142135623730951]

⍝ guide:decompose-inverse — docs/data.md's SVD multiplied back
"svd" •decompose⁻ "svd" •decompose 3 2⍴1 2 3 4 5 6   ⍝ [1 2⋄3 4⋄5 6]
