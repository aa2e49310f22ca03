"""The terminal game: play Caylus against bots or friends (`caylus play`)."""
