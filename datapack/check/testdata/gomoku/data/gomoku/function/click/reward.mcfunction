# Runs as the player who clicked a cell.
advancement revoke @s only gomoku:click
tag @s add gomoku.clicker
execute as @e[type=minecraft:interaction,tag=gomoku.cell,distance=..8] if data entity @s interaction on target if entity @s[tag=gomoku.clicker] as @e[type=interaction,tag=gomoku.cell,distance=..8,limit=1,sort=nearest] run function gomoku:click/cell
tag @s remove gomoku.clicker
