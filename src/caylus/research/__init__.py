"""Caylus for AI research: the engine as an OpenSpiel game, a PettingZoo AEC environment, a Gymnasium
environment and a fixed-size numpy encoding of a player's view.

    import caylus.research.openspiel        # registers python_caylus, python_caylus_1303, python_magna_carta
    from caylus.research import pettingzoo  # pettingzoo.env(edition="caylus", players=4)
    import caylus.research.gym              # gymnasium.make("caylus/Caylus-v0", ...)
    from caylus.research.encoding import Encoding

Every module here needs the `rl` extra (``pip install 'caylus[rl]'``); see docs/research.md.
"""
