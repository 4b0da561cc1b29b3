# A trailing backslash joins lines; at the end of the file it is an error.
scoreboard players set \
  #x o 1
# error: line continuation at end of file
say \
