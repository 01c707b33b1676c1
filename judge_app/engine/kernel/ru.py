"""Russian wording helpers."""


def plural(n: int, one: str, few: str, many: str) -> str:
    """plural(1, 'повреждение', 'повреждения', 'повреждений') → 'повреждение'."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def dmg(n: int) -> str:
    return f"{n} {plural(n, 'повреждение', 'повреждения', 'повреждений')}"


def life(n: int) -> str:
    return f"{n} {plural(n, 'жизнь', 'жизни', 'жизней')}"
