"""Drop a vendor's name proposed beside its own product ("Cloudflare" beside "Cloudflare R2").

One rule may read a product's whole name ("keeps photos in Cloudflare R2") while another reads
only its first word: the proposal then holds a new ``Project:`` that is just the maker of the
product it already names. :func:`without_vendors` leaves such a name out, with its lines and
links; a name the memory already holds is kept.
"""

from __future__ import annotations

__all__ = ["without_vendors"]

Link = tuple[str, str, str]


def without_vendors(
    lines: dict[str, list[str]], new: set[str], links: list[Link]
) -> tuple[dict[str, list[str]], set[str], list[Link]]:
    """``lines``, ``new`` and ``links`` without each new ``Project:`` whose name begins a
    longer new ``Project:`` of the same proposal ("Project:Google" beside "Project:Google
    Sheets"), nor the lines and links of that shorter name."""
    projects = [name for name in new if name.startswith("Project:")]
    vendors = {short for short in projects for long in projects if long.startswith(short + " ")}
    if not vendors:
        return lines, new, links
    kept = {name: added for name, added in lines.items() if name not in vendors}
    return (
        kept,
        new - vendors,
        [link for link in links if link[0] not in vendors and link[2] not in vendors],
    )
