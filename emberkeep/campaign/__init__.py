"""The campaign document: its model, its file format, its migrations and its checks."""
