"""python -m tolaria"""

from .cli.program import run

run()
