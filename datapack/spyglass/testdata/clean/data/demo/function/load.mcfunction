scoreboard objectives add demo dummy
scoreboard players set #turn demo 0
function demo:tick
execute in minecraft:the_nether run say a dimension every world has
