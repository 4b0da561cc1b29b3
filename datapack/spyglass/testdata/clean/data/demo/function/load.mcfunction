scoreboard objectives add demo dummy
scoreboard players set #turn demo 0
function demo:tick
