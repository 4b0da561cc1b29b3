scoreboard players enable @a gomoku.menu
execute as @a[scores={gomoku.menu=1..}] at @s run function gomoku:ui/menu
execute if score #thinking gomoku.ai matches 1 run function gomoku:ai/step
