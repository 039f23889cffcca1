"""The recall caches after a write: only the word counts the new rows change are counted again."""

from __future__ import annotations

from memory_core import Entity, Memory
from memory_core.caches import TermCounts
from memory_core.recall import RecallOptions, recall
from memory_core.scope import Scope

NO_WRITE = RecallOptions(reinforce=False)


async def counting(memory: Memory) -> list[str]:
    """Record every statement of the read connection; return the list that fills up."""
    statements: list[str] = []
    async with memory.db.read() as conn:
        await conn.set_trace_callback(statements.append)
    return statements


def word_counts(statements: list[str]) -> int:
    return sum("sum(doc)" in s or "count(*) FROM entity_doc" in s for s in statements)


async def test_a_write_of_other_words_keeps_the_counts(memory: Memory) -> None:
    owner = memory.scoped(Scope.owner())
    await owner.create_entities(
        [
            Entity("Project:Atlas", "Project", ("status: green", "pagination: cursor based")),
            Entity("Person:Dana", "Person", ("role: designer",)),
        ]
    )
    statements = await counting(memory)
    first = await recall(owner, "Atlas pagination", NO_WRITE)
    assert first.nodes[0] == "Project:Atlas"
    assert word_counts(statements) > 0
    statements.clear()
    await owner.add_observations([("Person:Dana", ["hobby: climbing mountains"])])
    again = await recall(owner, "Atlas pagination", NO_WRITE)
    # no word of the new line is in the question: no count is read again, not even of the
    # question's words no document holds (a new row brings its words with a new id)
    assert word_counts(statements) == 0
    assert again.nodes == first.nodes
    assert again.lines == first.lines


async def test_a_write_of_a_question_word_counts_it_again(memory: Memory) -> None:
    owner = memory.scoped(Scope.owner())
    await owner.create_entities(
        [
            Entity("Project:Atlas", "Project", ("pagination: cursor based",)),
            Entity("Project:Borealis", "Project", ("status: red",)),
        ]
    )
    statements = await counting(memory)
    await recall(owner, "pagination", NO_WRITE)
    statements.clear()
    await owner.add_observations([("Project:Borealis", ["paginated exports are slow"])])
    found = await recall(owner, "pagination", NO_WRITE)
    assert word_counts(statements) > 0, "a new word begins with the question's prefix"
    assert set(found.nodes) == {"Project:Atlas", "Project:Borealis"}


async def test_a_word_counted_absent_is_found_once_written(memory: Memory) -> None:
    owner = memory.scoped(Scope.owner())
    await owner.create_entities([Entity("Project:Atlas", "Project", ("status: green",))])
    assert (await recall(owner, "Atlas xylophone", NO_WRITE)).nodes == ("Project:Atlas",)
    assert (await recall(owner, "xylophone", NO_WRITE)).nodes == ()
    await owner.create_entities([Entity("Person:Dana", "Person", ("plays the xylophone",))])
    assert (await recall(owner, "xylophone", NO_WRITE)).nodes == ("Person:Dana",)
    assert (await recall(owner, "xylophone Dana", NO_WRITE)).nodes[0] == "Person:Dana"


def test_new_words_drop_the_counts_of_terms_they_are_or_begin_with() -> None:
    counts = TermCounts()
    counts["\x01pagin\x00пагинац"] = 3  # prefixes
    counts["\x01atlas"] = 1
    counts["\x01repo"] = 0  # absent until now
    counts["иван\x00петров\x01"] = 2  # a phrase
    counts["eso\x00159\x01"] = 4  # digits: a date or key may match its index word too
    counts["a key of another shape"] = 5
    counts.forget({"paginated", "report"})
    assert dict(counts) == {"\x01atlas": 1, "иван\x00петров\x01": 2}
    counts.forget({"петровой"})
    assert dict(counts) == {"\x01atlas": 1}
    counts["\x01repo"] = 1  # counted again, filed again
    counts.forget({"reporting"})
    assert dict(counts) == {"\x01atlas": 1}


def test_a_term_with_whole_words_is_filed_under_each_prefix_and_word() -> None:
    counts = TermCounts()
    key = "\x01стоматолог\x00dentist\x02дантиста\x00дантисту"
    counts[key] = 0  # asked in Russian before any line held it
    counts.forget({"dentists"})  # an English line with the last prefix
    assert key not in counts
    counts[key] = 1
    counts.forget({"дантисту"})  # one of its whole words
    assert key not in counts
    counts[key] = 1
    counts.forget({"dental"})
    assert dict(counts) == {key: 1}
