fill ~-1 ~-1 ~-1 ~15 ~-1 ~15 minecraft:smooth_stone replace minecraft:air
fill ~ ~-1 ~ ~14 ~-1 ~14 minecraft:oak_planks
setblock ~-1 ~ ~-1 minecraft:oak_stairs[facing=north,half=bottom,waterlogged=false]
setblock ~-2 ~ ~-2 minecraft:chest{CustomName:{text:"Gomoku"}} replace
clone ~ ~-1 ~ ~14 ~-1 ~14 ~ ~-5 ~ replace force
clone ~ ~-1 ~ ~1 ~-1 ~1 ~ ~-6 ~ filtered #minecraft:planks move
kill @e[type=minecraft:interaction,tag=gomoku.cell]
kill @e[type=text_display,tag=gomoku.ui]
summon minecraft:interaction ~0.5 ~ ~0.5 {width:1f,height:0.2f,response:1b,Tags:["gomoku.cell","gomoku.new"]}
execute as @e[type=interaction,tag=gomoku.new,limit=1] run scoreboard players set @s gomoku.cell 0
tag @e[tag=gomoku.new] remove gomoku.new
summon text_display ~7.5 ~3 ~7.5 {text:{text:"Gomoku",color:"gold",bold:true},billboard:"center",background:0,Tags:["gomoku.ui"]}
summon block_display ~ ~ ~ {block_state:{Name:"minecraft:black_concrete"},transformation:{left_rotation:[0f,0f,0f,1f],right_rotation:[0f,0f,0f,1f],translation:[0.05f,0f,0.05f],scale:[0.9f,0.1f,0.9f]},Tags:["gomoku.stone"]}
execute positioned ~7 ~ ~7 run particle minecraft:happy_villager ~ ~1 ~ 3 0.5 3 0 40 normal
execute align xyz positioned ~0.5 ~ ~0.5 facing entity @p eyes run tp @e[type=text_display,tag=gomoku.ui,limit=1,sort=nearest] ~ ~3 ~
