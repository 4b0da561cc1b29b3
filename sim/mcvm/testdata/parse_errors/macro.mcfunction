# Macro line errors are load errors too.
# error: unterminated macro variable
$say $(name
# error: invalid macro variable name "na-me"
$say $(na-me)
# error: no variables in macro
$say plain
