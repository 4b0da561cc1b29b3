$tp @s ~$(x) ~ ~$(z)
$scoreboard players set #$(x) gomoku $(x)
