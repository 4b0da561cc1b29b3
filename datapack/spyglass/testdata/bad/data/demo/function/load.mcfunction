scoreboard objectives add demo dummy
scorebord players set #turn demo 0
function demo:no_such_function
execute in minecraft:overworlds run say a dimension no world has
