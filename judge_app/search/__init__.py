"""Full-text search over the rules corpus (Whoosh): analysers, keyboard layout, index, query."""
from judge_app.search.index import build_index
from judge_app.search.query import QueryError, SearchResult, search

__all__ = ["build_index", "search", "SearchResult", "QueryError"]
