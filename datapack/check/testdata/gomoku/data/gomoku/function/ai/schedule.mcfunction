scoreboard players set #thinking gomoku.ai 1
schedule function gomoku:ai/step 1t replace
schedule function gomoku:ai/step 2t append
