"""The bestiary window and its template form (issue #21)."""
