"""Colour-blind versions of the board's screenshots, to look at: can each player be told apart?

    .venv/bin/python scripts/colourblind.py [SCREENSHOT.png ...]   # needs numpy and Pillow (the rl/arena extras)

Each screenshot (default: each edition's desktop one in docs/screenshots/) is written again beside it as
NAME-protanopia.png, NAME-deuteranopia.png and NAME-tritanopia.png, simulated with the matrices of Machado et al.
2009 at full severity (caylus/web/colourblind.py; tests/web/test_colourblind.py checks the palette by numbers).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from PIL import Image

from caylus.web.colourblind import SIMULATIONS

SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
DEFAULT = ["caylus-desktop.png", "caylus-1303-desktop.png", "magna-carta-desktop.png"]


def simulated(image: Image.Image, vision: str) -> Image.Image:
    """The picture as seen with `vision`: the matrix applied in linear light, per pixel."""
    srgb = np.asarray(image.convert("RGB"), dtype=np.float64) / 255
    linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
    seen = np.clip(linear @ np.array(SIMULATIONS[vision]).T, 0, 1)
    back = np.where(seen <= 0.0031308, seen * 12.92, 1.055 * seen ** (1 / 2.4) - 0.055)
    return Image.fromarray(np.round(back * 255).astype(np.uint8), "RGB")


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or [SHOTS / name for name in DEFAULT]
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(f"no such screenshot: {', '.join(missing)}", file=sys.stderr)
        return 2
    for path in paths:
        with Image.open(path) as image:
            for vision in SIMULATIONS:
                out = path.with_name(f"{path.stem}-{vision}.png")
                simulated(image, vision).save(out, optimize=True)
                print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
