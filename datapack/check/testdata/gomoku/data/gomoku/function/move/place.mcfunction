$data modify storage gomoku:state cells append value $(cell)
$scoreboard players set #cell_$(cell) gomoku.board 1
$execute positioned ~$(x) ~ ~$(z) run summon block_display ~ ~0.1 ~ {block_state:{Name:"minecraft:black_concrete"},Tags:["gomoku.stone"]}
$tellraw @a [{text:"Stone at ",color:"gray"},{text:"$(cell)",color:"yellow"}]
scoreboard players add #moves gomoku.tmp 1
execute store success storage gomoku:state changed byte 1 run scoreboard players set #turn gomoku.tmp 2
function #gomoku:on_move
