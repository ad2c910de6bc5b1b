"""The commands: each one's module under tolaria.cli, and those whose --lang is their own."""

# command name -> module under tolaria.cli
COMMANDS = {"show": "show", "export": "export", "validate": "validate", "fmt": "fmt",
            "import": "import_", "check": "check", "site": "site", "serve": "serve",
            "audit": "audit", "history": "history", "search": "search", "index": "index",
            "po": "po", "status": "status", "changes": "changes"}
# commands whose --lang is their own (the rules' language, or po's per action)
OWN_LANG = ("show", "search", "audit", "po", "status")


def command_module(name: str):
    """The module of the command name (imported now)."""
    # (__import__, not importlib.import_module: importing importlib costs each start
    # about 0.2 ms, python -X importtime)
    return __import__(f"{__package__}.{COMMANDS[name]}", fromlist=["run"])
