"""The recall loop: from one chat message to the few memories that matter (DESIGN §5).

1. :func:`memory_core.query.build_query` turns the message into 3-8 terms.
2. :mod:`.terms`: each term becomes an FTS5 expression (every user token quoted; word
   prefixes; concept words of both languages; a typo is corrected against the index
   vocabulary with rapidfuzz) and is weighed by its rarity; :mod:`.senses` adds a word's
   later dictionary senses where an entity holds them beside another word of the question.
3. :mod:`.candidates`: candidates come from an AND query, then an OR fallback.
4. :mod:`.scoring`: candidates are scored by the memory-fabric formula
   ``0.5*relevance + 0.3*recency + 0.2*source_authority``; relevance is the share of the
   query (weighted by rarity) an entity covers, in its name above all.
5. :mod:`.loop`: the top 1-3 nodes are opened with their relations (a second hop for
   relationship questions), and at most 12 lines are returned, best first; near-duplicate
   lines (over 85% similar) are merged.

What the loop keeps between calls (names, index words) is in :mod:`memory_core.caches`.
"""

from memory_core.recall.loop import mentioned_names, rank_graph, recall, warm_up
from memory_core.recall.results import RankedGraph, RecalledLine, RecallOptions, RecallResult

__all__ = [
    "RankedGraph",
    "RecallOptions",
    "RecallResult",
    "RecalledLine",
    "mentioned_names",
    "rank_graph",
    "recall",
    "warm_up",
]
