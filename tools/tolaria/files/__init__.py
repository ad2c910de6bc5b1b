"""Files written whole: the one atomic writer, below every other package."""
