"""The rulebook as it stands today: loader (the one entry: the rule texts read by
rulebook.reading, completed with today's view from the rule history, kept as a snapshot in
the user's cache while no file changed)."""
