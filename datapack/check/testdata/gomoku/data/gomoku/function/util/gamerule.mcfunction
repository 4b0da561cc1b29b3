# Game rule names differ between releases, so they are only ever written on
# macro lines, which the game parses when the line runs.
$gamerule $(rule) $(value)
