"""How the board's player colours look to colour-blind players, and how far apart they stay.

The simulation is Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for Simulation of Color
Vision Deficiency", at full severity (dichromacy: protanopia, deuteranopia, tritanopia): a 3x3 matrix applied to
linear RGB. Distances are CIELAB ΔE*ab (1976, D65 white). Two colours a player must tell apart at a glance, on a
small disc or cube, should be far more than just noticeably different (ΔE about 2.3): the board asks at least
`MIN_DISTANCE` between every two player colours of an edition, under every simulation and in normal vision.
The colours are read from the board's own script (js/svg.js), so the check follows any change of palette.
"""

from __future__ import annotations

import re
from importlib import resources

# Machado et al. 2009, severity 1.0, for linear RGB (rows: output R, G, B).
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *SIMULATIONS)

# Every two player colours of an edition at least this far apart (ΔE*ab) in every vision: about eight times a
# just-noticeable difference, the gap between clearly different hues of one lightness in normal vision.
MIN_DISTANCE = 20.0


def player_colours() -> dict[str, str]:
    """The board's player colours, {engine's player name: "#rrggbb"}, as js/svg.js draws them."""
    text = resources.files("caylus.web").joinpath("js/svg.js").read_text(encoding="utf-8")
    table = re.search(r"const COLOURS = \{(.*?)\n\};", text, re.S)
    if table is None:
        raise ValueError("js/svg.js has no COLOURS table")
    found = dict(re.findall(r"(\w+): \{ fill: \"(#[0-9a-fA-F]{6})\"", table.group(1)))
    if not found:
        raise ValueError("js/svg.js's COLOURS table holds no colour")
    return found


def to_linear(c: float) -> float:
    """An sRGB channel (0-1) as linear light."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def hex_rgb(colour: str) -> tuple[float, float, float]:
    """"#rrggbb" as sRGB channels 0-1."""
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def simulate(rgb: tuple[float, float, float], vision: str) -> tuple[float, float, float]:
    """The sRGB colour (0-1 channels) as seen with `vision` ("normal" or a key of SIMULATIONS)."""
    if vision == "normal":
        return rgb
    if vision not in SIMULATIONS:
        raise ValueError(f"unknown vision {vision!r} (visions: {', '.join(VISIONS)})")
    lin = [to_linear(c) for c in rgb]
    return tuple(to_srgb(sum(m * v for m, v in zip(row, lin))) for row in SIMULATIONS[vision])


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (to_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: str, b: str, vision: str = "normal") -> float:
    """ΔE*ab between two "#rrggbb" colours as seen with `vision`."""
    la, lb = lab(simulate(hex_rgb(a), vision)), lab(simulate(hex_rgb(b), vision))
    return sum((p - q) ** 2 for p, q in zip(la, lb)) ** 0.5
