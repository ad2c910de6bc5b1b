"""A small game engine that runs worked examples: the rules of turns, priority, state-based
actions, triggers, ending the game, ending turns and phases, and phasing, by edition.

    game = execute(given, actions, edition)       # given: the example's state
    mismatch = expect.check(game, name, args)     # None when the expectation holds
"""

from __future__ import annotations

from datetime import date

from .actions import run_actions
from .setup import build_game
from .state import Action, EngineError, Game


def execute(given: dict, actions, edition: date) -> Game:
    """Build the game the example describes and run its actions in order. The turn code
    resolves objects on the stack with the same runner, handed to it on the game."""
    game = build_game(given, edition)
    game.run_actions = run_actions
    run_actions(game, actions)
    return game


__all__ = ["Action", "EngineError", "Game", "execute"]
