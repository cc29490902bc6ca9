⍝⍝ •date's options zone and locale (operators-and-system.md §21.1). Oracle: Python's datetime
⍝⍝ with zoneinfo (timestamp, strftime, the earlier of a repeated local time: fold 0) and glibc's
⍝⍝ date(1) under LC_ALL for the locales' month and day names.

⍝ dates:zone-offset — a number is seconds east of UTC, placing text with no offset
["zone":3600] •date "2024-05-06T10:20:30"   ⍝ 1714987230

⍝ dates:zone-west — a negative offset is west of UTC
["zone":¯18000] •date "2024-05-06T10:20:30"   ⍝ 1715008830

⍝ dates:zone-name — a named zone in summer time (Europe/Berlin, CEST)
["zone":"Europe/Berlin"] •date "2024-05-06T10:20:30"   ⍝ 1714983630

⍝ dates:zone-name-winter — and in winter time (CET)
["zone":"Europe/Berlin"] •date "2024-01-15T12:00:00"   ⍝ 1705316400

⍝ dates:zone-gap — a local time skipped by the spring change reads with the offset before it
["zone":"Europe/Berlin"] •date "2024-03-31T02:30:00"   ⍝ 1711848600

⍝ dates:zone-repeated — a local time that occurs twice in autumn is the earlier
["zone":"Europe/Berlin"] •date "2024-10-27T02:30:00"   ⍝ 1729989000

⍝ dates:zone-own-offset — text with its own offset ignores the zone
["zone":"Asia/Tokyo"] •date "2024-05-06T10:20:30Z"   ⍝ 1714990830

⍝ dates:zone-write — the zone's local time, abbreviation and offset in text
["zone":"America/New_York" "pattern":"%Y-%m-%d %H:%M %Z %z"] •date⁻ 1714990830   ⍝ "2024-05-06 06:20 EDT -0400"

⍝ dates:zone-half-hour — a zone half an hour off the hour (Asia/Kolkata, +05:30)
["zone":"Asia/Kolkata" "pattern":"%H:%M"] •date⁻ 1714990830   ⍝ "15:50"

⍝ dates:zone-fields — •date⁻'s fields in the zone
R←["zone":"Asia/Tokyo"] •date⁻ 1714990830 ⋄ [R.day;R.hour]   ⍝ [6 19]ₓ

⍝ dates:pattern-offset — a %z in the pattern gives the text's own offset
"%d/%m/%Y %H:%M %z" •date "06/05/2024 10:20 +0200"   ⍝ 1714983600

⍝ dates:locale-write — the spec's case: German day and month names
["pattern":"%A %e %B" "locale":"de_DE"] •date⁻ 1714990830   ⍝ "Montag  6 Mai"

⍝ dates:locale-utf8 — a locale's names in UTF-8 (LC_ALL=de_DE.UTF-8 date +%B)
["pattern":"%B" "locale":"de_DE"] •date⁻ 1710000000   ⍝ "März"

⍝ dates:locale-french — another locale (LC_ALL=fr_FR.UTF-8 date +"%A %d %B")
["pattern":"%A %d %B" "locale":"fr_FR"] •date⁻ 1714990830   ⍝ "lundi 06 mai"

⍝ dates:locale-read — a pattern reads a locale's names
["pattern":"%d %B %Y" "locale":"de_DE"] •date "06 Mai 2024"   ⍝ 1714953600

⍝ dates:unknown-zone — a zone the tz database does not name is DOMAIN
["zone":"Mars/Olympus"] •date "2024-05-06"
⍝ error: DOMAIN ERROR

⍝ dates:zone-too-far — an offset of a day or more is DOMAIN
["zone":86400] •date "2024-05-06"
⍝ error: DOMAIN ERROR

⍝ dates:unknown-locale — a locale the system lacks is DOMAIN
["pattern":"%B" "locale":"xx_YY"] •date⁻ 0
⍝ error: DOMAIN ERROR

⍝ dates:unknown-option — an unknown option is DOMAIN
["calendar":"julian"] •date "2024-05-06"
⍝ error: DOMAIN ERROR

⍝ dates:fields-table — •date⁻ of several moments is a table: one column per field (Python: datetime.fromtimestamp(t, timezone.utc))
R←•date⁻ 0 1714990830 ⋄ [R.year;R.weekday;R.ordinal]   ⍝ [[1970 2024]ₓ;[4 1]ₓ;[1 127]ₓ]

⍝ dates:fields-table-shape — the columns keep the moments' shape
⍴(•date⁻ 2 2⍴0 86400 172800 1714990830).day   ⍝ [2 2]ₓ

⍝ dates:from-fields — •date of a record of fields is the moment; missing fields take their first value
•date ["year":2024 "month":5 "day":6 "hour":10]   ⍝ 1714989600

⍝ dates:from-fields-round-trip — •date of •date⁻'s table gives the moments back
t←0 1714990830.5 ¯1 ⋄ t≡•date •date⁻ t   ⍝ $t

⍝ dates:from-fields-zone — the zone places the fields (Python: ZoneInfo("Europe/Berlin"))
["zone":"Europe/Berlin"] •date ["year":2024 "month":5 "day":6 "hour":10 "minute":20 "second":30]   ⍝ 1714983630

⍝ dates:from-fields-no-year — a record needs a year
•date ["month":5]
⍝ error: DOMAIN ERROR

⍝ dates:from-fields-invalid — fields that name no day
•date ["year":2024 "month":2 "day":30]
⍝ error: DOMAIN ERROR
