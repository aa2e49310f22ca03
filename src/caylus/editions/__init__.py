"""The editions of the Caylus family, side by side, each with the same module names."""
