execute if score @s gomoku.menu matches 1 run function gomoku:ui/new_game
execute if score @s gomoku.menu matches 2 run give @s minecraft:stick[minecraft:custom_data={gomoku:1b},minecraft:item_name={text:"Gomoku wand",italic:false},minecraft:lore=[{text:"Right-click a cell"}]] 1
scoreboard players reset @s gomoku.menu
