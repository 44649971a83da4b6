from remi.cli import main

main()
