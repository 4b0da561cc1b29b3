execute if score #thinking gomoku.ai matches 1 run return 0
execute store result score #cell gomoku.tmp run data get storage gomoku:args cell
execute unless score #cell gomoku.tmp matches 0..224 run return fail
return run execute unless data storage gomoku:state {winner:1b}
