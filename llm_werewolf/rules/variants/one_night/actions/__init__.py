"""One small module per night role. Each action step takes the acting seat (``actor``)
so the Doppelganger can run the same step at once for the role she copied."""
