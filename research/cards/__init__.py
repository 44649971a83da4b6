"""Card photos: the first stage of reading Simple rummy\x27s cards (issue 29)."""
