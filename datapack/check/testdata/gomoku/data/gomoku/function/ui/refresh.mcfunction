execute as @e[type=text_display,tag=gomoku.ui] run data modify entity @s text set value {text:"Your turn",color:"white"}
effect give @a[distance=..20] minecraft:night_vision 30 0 true
team add gomoku.black
team modify gomoku.black color dark_gray
bossbar add gomoku:turn {text:"Turn"}
bossbar set gomoku:turn players @a
item replace entity @p weapon.offhand with minecraft:torch 1
tp @s ~ ~ ~ 90 0
