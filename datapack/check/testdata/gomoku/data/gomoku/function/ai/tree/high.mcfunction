execute unless entity @e[type=minecraft:block_display,tag=gomoku.stone,distance=..20] run return 0
execute if block ~ ~-1 ~ minecraft:oak_planks if blocks ~ ~-1 ~ ~1 ~-1 ~1 ~ ~-6 ~ all run return 1
execute if items entity @p weapon.mainhand minecraft:stick[minecraft:custom_data~{gomoku:1b}] run return 2
return fail
