# Objectives, storage defaults and game rules.
scoreboard objectives add gomoku.board dummy
scoreboard objectives add gomoku.tmp dummy
scoreboard objectives add gomoku.cell dummy
scoreboard objectives add gomoku.menu trigger {text:"Gomoku menu",color:"gold"}
scoreboard objectives add gomoku.ai dummy "AI"
scoreboard objectives setdisplay sidebar gomoku.ai
scoreboard players set #size gomoku.tmp 15
scoreboard players set #cells gomoku.tmp 225
scoreboard players set #-1 gomoku.tmp -1
scoreboard players set #10 gomoku.tmp 10
data modify storage gomoku:state turn set value 1
data modify storage gomoku:state cells set value []
data merge storage gomoku:config {sequence:200000,forks:65536,name:"gomoku"}
function gomoku:util/rules
function gomoku:board/build
forceload add ~ ~
