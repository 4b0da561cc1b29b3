# Annotated parse errors: a "# error: TEXT" line expects the next command
# line to fail to parse with a message containing TEXT; "# error@COL:" also
# pins the 1-based column. Every other line must parse.
scoreboard objectives add o dummy
# error: must not be less than 0
scoreboard players add #x o -1
# error@35: invalid operation
scoreboard players operation #x o ** #y o
# error: expected whitespace
scoreboard players set #x o 1x
# error@1: unknown command "scoreboards" (did you mean scoreboard?)
scoreboards players set #x o 1
# error: do not use a preceding forwards slash
/say hi
# error: use '#' not '//'
// comment
# error: min cannot be bigger than max
execute if score #x o matches 5..1 run say hi
# error: expected value or range
execute if score #x o matches .. run say hi
# error@9: incorrect argument "foo", expected align | anchored | as | at | facing | if | in | on
execute foo @s run say hi
# error@14: incomplete command, expected align | anchored | as | at
execute as @s
# error: expected compound
data merge storage t:s [1,2]
# error: invalid nbt path element
data get storage t:s a..b
# error: expected '}'
data modify storage t:s a set value {a:1
# error: invalid snbt
data modify storage t:s a set value 012
# error: expected whitespace to end one argument, but found trailing data
function T:Upper
# error: tick count must not be less than 0
schedule function t:x -1t
# error: invalid unit
schedule function t:x 1y
# error: only one entity is allowed
data get entity @e[type=marker] Pos
# error: only players may be affected
tellraw @e[type=marker] "x"
# error@10: incorrect argument "maxCommandChainLength", expected advance_time | advance_weather
gamerule maxCommandChainLength 5
# error@12: invalid text component: no content
tellraw @a {color:"red"}
# error@7: incorrect argument "^": invalid name or uuid; or cannot mix world & local coordinates
tp @s ^ ~ ^
# error: expected integer
setblock 1 2 stone
# error: unclosed quoted string
execute if entity @e[name="unterminated] run say hi
