execute if score #best gomoku.ai matches 0..55 run return run scoreboard players set #side gomoku.ai 0
return run scoreboard players set #side gomoku.ai 1
