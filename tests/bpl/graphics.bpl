⍝⍝ Graphics and rich display (operators-and-system.md §22). Oracles: the PNG and APNG
⍝⍝ specifications (signature, chunk layout, fcTL fields, worked by hand), the spec's examples, and
⍝⍝ 8-bit samples k÷255. Python's zlib/struct and PIL check the same bytes in tests/python.

⍝ image:spec-png — the spec's example: a grey picture survives PNG
•image "png" •image⁻ 0.2×[0 1⋄2 3]   ⍝ 0.2×[0 1⋄2 3]

⍝ image:signature — PNG bytes start with the signature, then the IHDR chunk: 13 bytes, width 3, height 2
b←•image⁻ 2 3⍴0.5
[8↑b ⋄ 8↑8↓b ⋄ 8↑16↓b]
⍝ =>
[137 80 78 71 13 10 26 10⋄0 0 0 13 73 72 68 82⋄0 0 0 3 0 0 0 2]

⍝ image:eight-bit — samples are 8 bits: 0.5 reads back as 128÷255
•image •image⁻ 1 1⍴0.5   ⍝ 1 1⍴128÷255

⍝ image:rgba — four channels keep alpha
p←0.2×2 2 4⍴5|⍳16
p≡•image •image⁻ p   ⍝ $t

⍝ image:rgb-jpeg — JPEG keeps colour close and drops alpha
q←•image "jpeg" •image⁻ 8 8 4⍴0.8 0.2 0.2 0.5
(⍴q) (∧/,0.05>|q-8 8 3⍴0.8 0.2 0.2)   ⍝ [8 8 3]ₓ $t

⍝ image:animation — a rank-4 array is an animation and reads back as its frames
f←0.2×3 2 2 3⍴5|⍳36
f≡•image •image⁻ f   ⍝ $t

⍝ image:actl — an animation's bytes hold acTL with its frame count, then one fcTL per frame
b←•image⁻ 3 2 2 1⍴0.5
t←⍸"acTL"⍷•ucs b
(256⊥4↑(4+⊃t)↓b) (+/"fcTL"⍷•ucs b)   ⍝ 3 3ₓ

⍝ image:still-no-actl — a still picture has no animation chunks
+/"acTL"⍷•ucs •image⁻ 2 2⍴0.5   ⍝ 0ₓ

⍝ image:numbers — •image of numbers is the picture itself
(•image 2 2⍴0.25)≡2 2⍴0.25   ⍝ $t

⍝ image:path — a PNG file read by path
_←"graphics-test.png" •nput •image⁻ 2 2⍴0 1 1 0
r←•image "graphics-test.png"
_←•remove "graphics-test.png"
r   ⍝ 2 2⍴0 1 1 0

⍝ image:missing-file — a file that cannot be read is a file error
•image "no-such-picture.png"
⍝ error: IO ERROR

⍝ image:bad-bytes — bytes that are neither PNG nor JPEG
•image 1 2 3 4
⍝ error: DOMAIN ERROR

⍝ image:truncated — PNG bytes cut short
•image 40↑•image⁻ 4 4⍴0.5
⍝ error: DOMAIN ERROR

⍝ image:values — values outside 0–1
•image⁻ 2 2⍴0 1 2 0
⍝ error: DOMAIN ERROR

⍝ image:text-values — characters are not a picture
•image⁻ 2 2⍴"abcd"
⍝ error: DOMAIN ERROR

⍝ image:shape — five channels is not a picture
•image⁻ 2 2 5⍴0.5
⍝ error: RANK ERROR

⍝ image:rank-5 — nor is rank 5
•image⁻ 1 1 2 2 1⍴0.5
⍝ error: RANK ERROR

⍝ image:format — only png and jpeg
"gif" •image⁻ 2 2⍴0.5
⍝ error: DOMAIN ERROR

⍝ image:jpeg-animation — only PNG holds an animation
"jpeg" •image⁻ 2 2 2 3⍴0.5
⍝ error: DOMAIN ERROR

⍝ image:fps — fps gives every frame 1/fps seconds (fcTL's delay_num 1, delay_den 12)
b←["fps":12]•image⁻ 2 2 2⍴0.5
t←⍸"fcTL"⍷•ucs b
{256⊥2 2⍴⍵}⍤1 (⊂t+⊗24+⍳4)⌷b   ⍝ [1 12⋄1 12]

⍝ image:options — an unknown option
["speed":2]•image⁻ 2 2 2⍴0.5
⍝ error: DOMAIN ERROR

⍝ image:fps-positive — fps is a positive number
["fps":0]•image⁻ 2 2 2⍴0.5
⍝ error: DOMAIN ERROR

⍝⍝ XML and elements

⍝ xml:spec — the spec's round trip
•xml⁻ •xml "<a href=""x"">hi</a>"   ⍝ "<a href=""x"">hi</a>"

⍝ xml:element-record — an element function gives the record of tag, attrs and children
p←•element "p"
e←["class":"x"] p "hi"
e.tag e.children (e.attrs.class)   ⍝ "p" "hi" "x"

⍝ xml:nested — children may be a vector of text and elements; the empty tag closes itself
[p b br]←•element "p" "b" "br"
•xml⁻ p ["a " (b "bold") (br ⍬) " c"]   ⍝ "<p>a <b>bold</b><br/> c</p>"

⍝ xml:read — •xml reads attributes, entities and nested elements into records
r←•xml "<a x='1 &amp; 2'><b/>t&lt;</a>"
r.attrs.x (≢r.children) (1⊃r.children)   ⍝ "1 & 2" 2ₓ "t<"

⍝ xml:svg — •svg adds the SVG namespace and the view box
c←•element "circle"
•xml⁻ •svg c ⍬
⍝ =>
"<svg xmlns=""http://www.w3.org/2000/svg"" viewBox=""0 0 100 100""><circle/></svg>"

⍝ xml:malformed — text that is not well-formed XML
•xml "<a><b></a>"
⍝ error: DOMAIN ERROR

⍝ xml:not-element — •xml⁻ takes an element record
•xml⁻ ["x":1]
⍝ error: DOMAIN ERROR

⍝ xml:attrs-record — an element's attributes are a record
p←•element "p"
1 2 p "x"
⍝ error: DOMAIN ERROR

⍝⍝ MIME bundles and renderers

⍝ mime:plain — every value's bundle has text/plain, its display
•mime 1 2 3   ⍝ ["text/plain":"1 2 3"]

⍝ mime:element — an element shows as HTML, an svg element as SVG
b←•element "b"
c←•element "circle"
m←•mime •svg c ⍬
("text/html"⊃•mime b "x") (≢m) (∨/"<circle/>"⍷"image/svg+xml"⊃m)   ⍝ "<b>x</b>" 2ₓ $t

⍝ mime:type — a MIME type shows the text as that type
m←•mime "text/markdown" •mime "*a*"
(≢m) ("text/markdown"⊃m)   ⍝ 2ₓ "*a*"

⍝ mime:type-shared — one MIME type given by separate calls is one renderer: a catenation keeps it
a←"text/markdown" •mime "*a*"
b←"text/markdown" •mime "b"
"text/markdown"⊃•mime a,b   ⍝ "*a*b"

⍝ mime:type-differ — two MIME types differ: a catenation keeps neither
a←"text/markdown" •mime "*a*"
b←"text/html" •mime "b"
≢•mime a,b   ⍝ 1ₓ

⍝ mime:pictures-differ — two pictures' renderers are their own: a catenation keeps neither
≢•mime (•image 1 2⍴0.5),•image 1 2⍴0.25   ⍝ 1ₓ

⍝ mime:renderer — a function renderer's record joins the bundle
f←{["text/html":"<i>",(⍕+/⍵),"</i>"]}ᵘ •mime 1 2 3
"text/html"⊃•mime f   ⍝ "<i>6</i>"

⍝ mime:failing-renderer — a renderer that fails falls back to text
g←{1÷⍵.nokey}ᵘ •mime 1 2 3
(≢•mime g) ("text/plain"⊃•mime g)   ⍝ 1ₓ "1 2 3"

⍝ mime:image — a picture shows as PNG bytes
8↑"image/png"⊃•mime •image 2 2⍴0.5   ⍝ 137 80 78 71 13 10 26 10

⍝ mime:bad-type — a MIME type names a type and a subtype
"markdown" •mime "x"
⍝ error: DOMAIN ERROR

⍝ mime:scalar — a renderer attaches to an array
"text/plain" •mime 5
⍝ error: DOMAIN ERROR

⍝⍝ Plots

⍝ plot:spec — the spec holds the data and the settings; text on the left is the mark
p←"point" •plot 3 1 4
(≢p) p.data p.mark   ⍝ 2ₓ [3 1 4] "point"

⍝ plot:lines — a matrix draws a line per row, named by its keys (the spec's example)
p←["legend":"end"] •plot ["city":"NY" "LA";"month":"Jan" "Feb" "Mar"]:[10 20 30⋄40 50 60]
s←"image/svg+xml"⊃•mime p
(+/"<polyline"⍷s) (∨/">NY<"⍷s) (∨/">LA<"⍷s) (∨/">Feb<"⍷s)   ⍝ 2ₓ $t $t $t

⍝ plot:points — the point mark draws a circle per value
+/"<circle"⍷"image/svg+xml"⊃•mime "point" •plot 3 1 4 1 5   ⍝ 5ₓ

⍝ plot:bars — the bar mark draws a bar per value
s←"image/svg+xml"⊃•mime ["mark":"bar" "title":"Sales"] •plot ["a":3 "b":5]
(+/"<rect"⍷s) (∨/">Sales<"⍷s) (∨/">b<"⍷s)   ⍝ 3ₓ $t $t

⍝ plot:cells — the cell mark shades each cell of a matrix
+/"<rect"⍷"image/svg+xml"⊃•mime ["mark":"cell" "colorbar":$f] •plot 2 3⍴⍳6   ⍝ 7ₓ

⍝ plot:table — a table's column x gives x values, each other column a series
s←"image/svg+xml"⊃•mime •plot ["x":(1 2 4) "a":(1 4 16) "b":(1 2 3)]
+/"<polyline"⍷s   ⍝ 2ₓ

⍝ plot:figure — an array of plots is a figure with a picture each
q←•plot 1 2 3
+/"<svg"⍷"image/svg+xml"⊃•mime •plot 2 2⍴⊂q   ⍝ 5ₓ

⍝ plot:settings — axis, grid and series settings are read
s←"image/svg+xml"⊃•mime ["grid":$t "x":["label":"time"] "y":["scale":"log"] "series":["a":["color":"red"]]] •plot ["x":(1 2 3) "a":(1 10 100)]
(∨/"class=""grid"""⍷s) (∨/">time<"⍷s) (∨/"stroke=""red"""⍷s)   ⍝ $t $t $t

⍝ plot:unknown — an unknown setting is DOMAIN when rendered
•mime ["titel":"x"] •plot 1 2 3
⍝ error: DOMAIN ERROR

⍝ plot:mark — an unknown mark
•mime "pie" •plot 1 2 3
⍝ error: DOMAIN ERROR

⍝ plot:length — one x value per row
•mime •plot ["x":(1 2) "a":(1 2 3)]
⍝ error: LENGTH ERROR

⍝ plot:rank — data of rank 3
•mime •plot 2 2 2⍴1
⍝ error: RANK ERROR

⍝ plot:cell-rank — the cell mark draws a matrix
•mime "cell" •plot 1 2 3
⍝ error: RANK ERROR

⍝ plot:log — a log scale needs positive values
•mime ["y":["scale":"log"]] •plot 0 1 2
⍝ error: DOMAIN ERROR

⍝⍝ Canvas

⍝ canvas:record — a drawing function's result is a record of source, options and data
d←•canvas "(ctx, data) => ctx.fillRect(0, 0, data, data)"
c←["height":30] d 9
(≢c) c.source c.options.height c.data (∨/"c.height = 30"⍷"text/html"⊃•mime c)
⍝ =>
3ₓ "(ctx, data) => ctx.fillRect(0, 0, data, data)" 30 9 $t

⍝ xml:spec-names — the spec's example: several element functions at once
[text circle]←•element "text" "circle"
•xml⁻ text (circle ⍬) "t"   ⍝ "<text><circle/>t</text>"
