"""Human seats in the browser: a FastAPI app, per-seat capability tokens, websockets.

``present`` and ``ui_text`` are plain Python (no web imports) and are shared with
the terminal human agent; ``app`` builds the FastAPI application.
"""
