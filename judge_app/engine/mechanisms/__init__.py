"""The mechanisms: one verb or one kind of effect of the card vocabulary each. Each module declares
what it handles in the hook registry (kernel/hooks.py); imports the kernel and the rules only.
"""
