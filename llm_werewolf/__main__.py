from llm_werewolf.cli import main

main()
