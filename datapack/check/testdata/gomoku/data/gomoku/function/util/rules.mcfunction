# The command limits, in the snake_case gamerule names of 1.21.11 on; the
# overlay camel-1_21_5-1_21_10 replaces this file with the older names.
function gomoku:util/gamerule {rule:"max_command_sequence_length",value:200000}
data modify storage gomoku:config rules set value {rule:"max_command_forks",value:65536}
function gomoku:util/gamerule with storage gomoku:config rules
