"""Independent re-implementations of the rules, written straight from docs/rules.md to check the engines.

They import nothing from ``pygame_rules``, and use a different board model and a different move
search than the engines, so one misreading of the rules is unlikely to be made twice.
"""
