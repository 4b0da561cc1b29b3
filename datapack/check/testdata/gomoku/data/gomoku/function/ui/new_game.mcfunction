title @a times 10 40 10
title @a title {text:"Gomoku",color:"gold",bold:true}
title @a subtitle [{text:"Black ",color:"dark_gray"},{text:"moves first"}]
tellraw @s [{text:"[New game]",color:"green",click_event:{action:"run_command",command:"/trigger gomoku.menu set 1"},hover_event:{action:"show_text",value:{text:"Start again"}}}," ",{text:"[Wand]",color:"aqua",click_event:{action:"run_command",command:"trigger gomoku.menu set 2"}}]
tellraw @a {translate:"%s joined Gomoku",with:[{selector:"@s"}],color:"yellow"}
tellraw @a {score:{name:"#moves",objective:"gomoku.tmp"},color:"white",extra:[{text:" moves"}]}
playsound minecraft:block.note_block.pling master @a ~ ~ ~ 1 2
playsound minecraft:ui.button.click master @s
particle minecraft:dust{color:[0.1f,0.1f,0.1f],scale:1.5f} ~ ~1 ~ 0.2 0.2 0.2 0 10
say a new game of Gomoku starts @s
function gomoku:board/build
