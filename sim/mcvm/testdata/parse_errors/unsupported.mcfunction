# Forms mcvm does not model are load errors naming the line.
# error: not implemented by mcvm: command 'weather'
weather clear
# error: not implemented by mcvm: selector option 'team'
kill @e[team=red]
# error: not implemented by mcvm: execute if predicate
execute if predicate t:p run say hi
# error: not implemented by mcvm: data access to blocks
data get block 0 0 0
# error: not implemented by mcvm: objective criterion "deathCount"
scoreboard objectives add d deathCount
# error: not implemented by mcvm: summoning entity type minecraft:zombie
summon zombie
# error@10: not implemented by mcvm: game rule "drowning_damage"
gamerule drowning_damage false
# error: not implemented by mcvm: execute positioned over
execute positioned over world_surface run say hi
