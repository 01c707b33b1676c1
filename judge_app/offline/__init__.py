"""The offline app (issue 28): what a phone keeps so the reference works without the network.

``pack.build_pack`` turns the built corpus into a *pack*: JSON files under
``<instance>/offline/<pack id>/`` (rules of the offline releases, the glossary, the M2011 FAQ,
the 1998 rulebook, the scenario library's events, the search index and the lookup tables),
each also gzipped. The pack id is a hash of the corpus build (its ``corpus_hash`` and
``built_at``), the scenario files and this package's code, so a rebuild or an imported release
is a new pack and a phone never mixes two. ``judge_app.web.offline_routes`` serves the pack,
the service worker (Workbox, from npm) and the web app manifest; the pages render the pack in
the browser when the server cannot be reached (``web/static/offline/``).
"""
