"""The rules corpus: parsers for each source, cross-references, the SQLite store and the build."""
