execute as @a[tag=demo] at @s run setblock ~ ~-1 ~ minecraft:white_concrete
scoreboard players add #turn demo 1
