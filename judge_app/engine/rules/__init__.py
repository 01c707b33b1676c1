"""The rules: combat, costs, targets, keywords, prevention, copy and control, the stack, zones, and the
turn, priority and the player's actions. Imports only the kernel; names no mechanism (it asks the hooks).
"""
