# A pack written for 1.12 and the 1.20 JSON text era.
execute @a ~ ~ ~ detect ~ ~-1 ~ stone 0 say hi
scoreboard players add @a[score_gomoku_min=1] gomoku 1
tellraw @a {"text":"Click","clickEvent":{"action":"run_command","value":"/trigger t"}}
execute as @e[type=minecraft:armor_stand,tag=cell] at @s \
    if block ~ ~-1 ~ minecraft:wool \
    run function b:macro
summon minecraft:armor_stand ~ ~ ~ {Tags:["cell"],CustomName:'"Cell"'
give @s minecraft:stick{display:{Name:'"Wand"'}} 1
swing @s
time set noon
function b:macro {x:1}
schedule function b:macro 1t
