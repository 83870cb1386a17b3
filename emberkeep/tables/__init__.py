"""Rules tables as data: models for rolled tables and the loaders for each shipped table."""
