"""CLI commands; every module here defines ``register(app: typer.Typer) -> None``."""
