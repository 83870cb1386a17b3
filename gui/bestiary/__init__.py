"""The bestiary window and its template form."""
