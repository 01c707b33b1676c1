"""The kernel: the game as a value, the primitive changes and their pipelines (replacement 614-616,
triggers 603, the 613 layers, SBAs 704), and the hook registry the higher layers plug into.
Imports nothing above itself.
"""
