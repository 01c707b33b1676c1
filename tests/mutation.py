"""Shared by the mutation property tests: every path into a YAML document, and setting one."""


def paths(node, prefix=()):
    """Every path (a tuple of keys and indexes) into ``node``, the empty one first."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def set_at(node, path, value):
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
