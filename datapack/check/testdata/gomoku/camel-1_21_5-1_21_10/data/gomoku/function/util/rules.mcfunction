# The command limits, in the camelCase gamerule names before 1.21.11.
function gomoku:util/gamerule {rule:"maxCommandChainLength",value:200000}
data modify storage gomoku:config rules set value {rule:"maxCommandForkCount",value:65536}
function gomoku:util/gamerule with storage gomoku:config rules
