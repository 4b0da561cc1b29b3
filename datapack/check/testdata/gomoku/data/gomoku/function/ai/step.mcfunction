# One slice of the search per tick.
execute store result score #pick gomoku.ai run random value 0..224
scoreboard players operation #best gomoku.ai = #pick gomoku.ai
scoreboard players operation #best gomoku.ai *= #10 gomoku.tmp
scoreboard players operation #best gomoku.ai %= #cells gomoku.tmp
scoreboard players operation #best gomoku.ai > #-1 gomoku.tmp
scoreboard players operation #a gomoku.ai >< #b gomoku.ai
execute if score #best gomoku.ai >= #pick gomoku.ai run scoreboard players remove #best gomoku.ai 1
execute if score #best gomoku.ai matches ..111 run function gomoku:ai/tree/low
execute if score #best gomoku.ai matches 112.. run function gomoku:ai/tree/high
execute store result storage gomoku:args cell int 1 run scoreboard players get #best gomoku.ai
execute store result storage gomoku:args x int 1 run scoreboard players operation #x gomoku.ai = #best gomoku.ai
execute store result storage gomoku:args z double 0.5 run scoreboard players get #best gomoku.ai
function gomoku:move/place with storage gomoku:args
scoreboard players reset #thinking gomoku.ai
return 1
