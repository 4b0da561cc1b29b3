data remove entity @s interaction
execute store result storage gomoku:args cell int 1 run scoreboard players get @s gomoku.cell
execute store result storage gomoku:args x int 1 run scoreboard players get @s gomoku.cell
data modify storage gomoku:args z set value 7
execute unless score @s gomoku.cell matches 0..224 run return fail
execute if function gomoku:move/legal run function gomoku:move/place with storage gomoku:args
