execute as @e[type=text_display,tag=gomoku.ui] run data modify entity @s text set value {text:"Your turn",color:"white"}
effect give @a[distance=..20] minecraft:night_vision 30 0 true
team add gomoku.black
team modify gomoku.black color dark_gray
bossbar add gomoku:turn {text:"Turn"}
bossbar set gomoku:turn players @a
item replace entity @p weapon.offhand with minecraft:torch 1
tp @s ~ ~ ~ 90 0
execute on attacker run tag @s add gomoku.attacker
data modify storage gomoku:state last set from storage gomoku:args cell
execute if data storage gomoku:state {turn:1} run scoreboard players reset * gomoku.tmp
execute unless entity @a[tag=gomoku.player,gamemode=!spectator] run return fail
execute in minecraft:overworld run forceload remove all
stopsound @a master minecraft:block.note_block.pling
execute summon minecraft:marker run tag @s add gomoku.marker
random roll 1..6
scoreboard players display name #moves gomoku.tmp {text:"Moves",color:"gray"}
execute rotated as @p anchored eyes positioned ^ ^ ^2 run particle minecraft:end_rod ~ ~ ~ 0 0 0 0 1 force @a
