"""The variants: Two-Headed Giant (810) and the start of the game (103), asked by the kernel through
hooks. The top layer: may import every layer below.
"""
