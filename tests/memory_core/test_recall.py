"""The recall loop: query building, ranking, limits, reinforcement and hostile input."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from memory_core import Entity, Memory, Relation, ScopedMemory
from memory_core.jsonl import import_jsonl
from memory_core.ranking import FabricWeights, dedup_lines, fabric_score
from memory_core.recall import RecallOptions, recall
from memory_core.recall import terms as recall_terms
from memory_core.scope import Scope
from memory_core.search_index import SearchIndex

DATA = Path(__file__).resolve().parents[1] / "data"
QUERIES = [
    json.loads(line)
    for line in (DATA / "recall_queries.jsonl").read_text(encoding="utf-8").splitlines()
]
NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def graph(owner: ScopedMemory) -> ScopedMemory:
    with (DATA / "recall_graph.jsonl").open(encoding="utf-8") as f:
        await import_jsonl(owner, f)
    return owner


@pytest.mark.parametrize("case", QUERIES, ids=[q["query"] for q in QUERIES])
async def test_labelled_regression_set(graph: ScopedMemory, case: dict[str, Any]) -> None:
    """Each query finds one of its targets in the top 3; a no-match query finds nothing."""
    result = await recall(graph, case["query"], NO_WRITE)
    if case["targets"]:
        assert set(result.nodes[:3]) & set(case["targets"]), result.nodes
    else:
        assert result.nodes == ()
        assert result.lines == ()


class TestBuiltQuery:
    async def test_russian_inflection_and_stop_words(self, graph: ScopedMemory) -> None:
        result = await recall(graph, "что я говорил Ивану Петрову?", NO_WRITE)
        assert result.built_query == "Ивану Петрову"
        assert result.built.entities == ("Person:Иван Петров",)
        assert result.nodes[0] == "Person:Иван Петров"

    async def test_english_stop_words_and_3_to_8_tokens(self, graph: ScopedMemory) -> None:
        message = (
            "could you please tell me what we decided about the cursor pagination for ESO "
            "and the dashboard latency and the hiring plan and the backup strategy"
        )
        result = await recall(graph, message, NO_WRITE)
        assert 3 <= len(result.built.tokens) <= 8
        assert "please" not in result.built.tokens
        assert "the" not in result.built.tokens

    async def test_jira_key_comes_first(self, graph: ScopedMemory) -> None:
        result = await recall(graph, "что там с задачей ESO-159 по пагинации", NO_WRITE)
        assert result.built.tokens[0] == "eso-159"
        assert result.nodes[0] == "Jira:ESO-159"


class TestRanking:
    async def test_at_most_max_nodes_and_twelve_lines(self, owner: ScopedMemory) -> None:
        words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
        await owner.create_entities(
            [
                Entity(
                    f"Note:n{i}.md",
                    "Note",
                    tuple(
                        f"{w}: pagination {hashlib.sha256(f'{i}-{j}'.encode()).hexdigest()}"
                        for j, w in enumerate(words)
                    ),
                )
                for i in range(6)
            ]
        )
        result = await recall(owner, "pagination", NO_WRITE)
        assert 1 <= len(result.nodes) <= 3
        assert len(result.lines) == 12
        assert {line.entity for line in result.lines} <= set(result.nodes)

    async def test_options_limit_nodes_and_lines(self, graph: ScopedMemory) -> None:
        result = await recall(
            graph,
            "Дмитрий Богданов",
            RecallOptions(max_nodes=1, max_observations=2, reinforce=False),
        )
        assert result.nodes == ("Person:Дмитрий Богданов",)
        assert len(result.lines) <= 2

    async def test_lines_that_answer_come_first(self, graph: ScopedMemory) -> None:
        result = await recall(graph, "статус проекта ESO", NO_WRITE)
        assert result.lines[0].entity == "Project:ESO"
        assert result.lines[0].text.startswith("status: at_risk")

    async def test_two_hops_for_relationship_questions(self, graph: ScopedMemory) -> None:
        result = await recall(
            graph, "what did Дмитрий Богданов recommend about pagination?", NO_WRITE
        )
        texts = [line.text for line in result.lines]
        assert any("keyset" in t for t in texts)

    async def test_relations_of_the_nodes_come_along(self, graph: ScopedMemory) -> None:
        result = await recall(graph, "Иван Петров", NO_WRITE)
        assert Relation("Person:Иван Петров", "Project:ESO", "works_on") in result.relations

    @pytest.mark.parametrize("message", ["", "что ты помнишь?", "what do you remember"])
    async def test_recent_memories_only_when_asked_for(
        self, graph: ScopedMemory, message: str
    ) -> None:
        result = await recall(graph, message, NO_WRITE)
        assert result.recent
        assert result.built_query == ""
        assert 0 < len(result.lines) <= 12

    @pytest.mark.parametrize(
        "message", ["что ты обо мне знаешь", "what do you remember about me?", "обо мне"]
    )
    async def test_asked_about_oneself_the_speakers_entry_comes_whole(
        self, owner: ScopedMemory, message: str
    ) -> None:
        await owner.create_entities(
            [
                Entity("User:Alex", "User", ("pref: tea=sencha", "fact: lives in Porto")),
                Entity("Person:Bob", "Person", ("role: plumber",)),
            ]
        )
        await owner.create_relations([Relation("User:Alex", "Person:Bob", "knows")])
        result = await recall(owner, message, NO_WRITE)
        assert result.about_speaker
        assert not result.recent
        assert result.nodes == ("User:Alex",)
        assert [line.text for line in result.lines] == ["pref: tea=sencha", "fact: lives in Porto"]
        assert Relation("User:Alex", "Person:Bob", "knows") in result.relations

    async def test_about_oneself_in_a_shared_scope_is_the_speakers_entry(
        self, owner: ScopedMemory
    ) -> None:
        """Five members: the fifth asking sees the fifth's entry, whatever the order."""
        members = [Entity(f"User:M{i}", "User", (f"pref: tea=kind{i}",)) for i in range(5)]
        await owner.create_entities(members)
        mine = await recall(owner, "what do you know about me", NO_WRITE, speaker="User:M4")
        assert mine.nodes == ("User:M4",)
        assert [line.text for line in mine.lines] == ["pref: tea=kind4"]
        none = await recall(owner, "what do you know about me", NO_WRITE, speaker="User:New")
        assert none.about_speaker
        assert (none.nodes, none.lines) == ((), ())

    async def test_about_oneself_without_an_entry_shows_recent_memories(
        self, owner: ScopedMemory
    ) -> None:
        await owner.create_entities([Entity("Person:Bob", "Person", ("role: plumber",))])
        result = await recall(owner, "что ты обо мне знаешь", NO_WRITE)
        assert result.recent
        assert not result.about_speaker
        assert [line.text for line in result.lines] == ["role: plumber"]

    @pytest.mark.parametrize(
        "message",
        ["ну и что?", "ок, спс", "привет!", "thanks!", "👍", "хахах", "доброй ночи", "good night"],
    )
    async def test_small_talk_and_empty_questions_show_no_memory(
        self, graph: ScopedMemory, message: str
    ) -> None:
        result = await recall(graph, message, NO_WRITE)
        assert not result.recent
        assert (result.nodes, result.lines) == ((), ())

    async def test_other_scope_is_never_read(self, memory: Memory) -> None:
        owner = memory.scoped(Scope.owner())
        stranger = memory.scoped(Scope.parse("chat:42"))
        await owner.create_entities([Entity("Project:Secret", "Project", ("status: green",))])
        for message in ("Project Secret", "secret status", "Secrte", ""):
            result = await recall(stranger, message, NO_WRITE)
            assert result.nodes == ()
            assert result.lines == ()


class TestReinforcement:
    async def test_hits_raise_confidence_and_access_count(self, graph: ScopedMemory) -> None:
        result = await recall(graph, "ESO-159", RecallOptions())
        assert result.lines
        await graph.flush_hits()  # hits are written within a second; now, for the test
        async with (
            graph.read() as conn,
            conn.execute(
                "SELECT access_count, confidence FROM observation"
                " WHERE scope = 'owner' AND text = ?",
                (result.lines[0].text,),
            ) as cur,
        ):
            row = await cur.fetchone()
        assert row is not None
        assert row[0] == 1
        assert row[1] == pytest.approx(0.8 + 0.1 * 0.2)

    async def test_no_reinforce_leaves_rows_alone(self, graph: ScopedMemory) -> None:
        await recall(graph, "ESO-159", NO_WRITE)
        async with (
            graph.read() as conn,
            conn.execute("SELECT max(access_count) FROM observation") as cur,
        ):
            assert (await cur.fetchone()) == (0,)


HOSTILE = [
    '"',
    "NEAR(a b)",
    "OR *",
    "col:x",
    "^",
    'unbalanced "quote',
    "ESO AND OR NOT",
    "😀🔥 эмодзи",
    "مرحبا בעולם ESO",
    "<b>ESO</b> &amp; <script>",
    "x" * 4096,
    ("пагинация " * 500)[:4096],
    "-",
    "*",
    "'; DROP TABLE entity; --",
    "\x00\x01",
]


@pytest.mark.parametrize("message", HOSTILE, ids=[repr(m[:20]) for m in HOSTILE])
async def test_hostile_input_never_raises(graph: ScopedMemory, message: str) -> None:
    result = await recall(graph, message, NO_WRITE)
    assert len(result.lines) <= 12
    assert (await graph.stats()).entities == 12


class TestFabricScore:
    def test_weights_and_boost(self) -> None:
        w = FabricWeights()
        assert fabric_score(1.0, 1.0, 1.0, cross_reference=False, weights=w) == pytest.approx(1.0)
        assert fabric_score(1.0, 0.0, 0.0, cross_reference=False, weights=w) == pytest.approx(0.5)
        assert fabric_score(0.0, 1.0, 0.0, cross_reference=True, weights=w) == pytest.approx(0.36)

    def test_dedup_merges_near_duplicates(self) -> None:
        lines = [
            (0.9, "decided: use keyset cursors (as_of=2025-01-01, src=meeting)"),
            (0.8, "decided: use keyset cursor (as_of=2025-02-01, src=kb)"),
            (0.7, "status: accepted"),
        ]
        assert dedup_lines(lines, 0.85) == [(0, True), (2, False)]

    def test_dedup_up_to_a_limit_keeps_what_the_whole_run_keeps_first(self) -> None:
        rnd = random.Random(9)
        words = ["keyset", "cursor", "cursors", "use", "status", "ok", "deadline", "march"]
        for _ in range(300):
            lines = [
                (1.0, " ".join(rnd.choices(words, k=rnd.randint(1, 4))))
                for _ in range(rnd.randint(0, 25))
            ]
            limit = rnd.randint(1, 8)
            assert dedup_lines(lines, 0.8, limit) == dedup_lines(lines, 0.8)[:limit]


async def test_a_small_scope_finds_its_matches_when_another_scope_holds_many_more(
    memory: Memory,
) -> None:
    """The best matches of the whole index are another scope's: recall still finds this one's."""
    crowd = memory.scoped(Scope.parse("chat:-100"))
    await crowd.create_entities(
        [
            Entity(f"Project:Alpha {i}", "Project", ("status: alpha alpha alpha",))
            for i in range(200)
        ]
    )
    mine = memory.scoped(Scope.owner())
    await mine.create_entities(
        [
            Entity(
                "Person:Ann Lee",
                "Person",
                ("note: once worked on a long alpha migration project",),
            ),
            Entity(
                "Person:Bob Ray", "Person", ("note: alpha tester of the mobile app last spring",)
            ),
        ]
    )
    found = await recall(mine, "alpha", RecallOptions(reinforce=False, max_nodes=3))
    assert set(found.nodes) == {"Person:Ann Lee", "Person:Bob Ray"}
    theirs = await recall(crowd, "alpha", RecallOptions(reinforce=False, max_nodes=3))
    assert len(theirs.nodes) == 3
    assert all(n.startswith("Project:Alpha") for n in theirs.nodes)


async def test_recall_knows_names_and_words_written_after_its_last_query(
    memory: Memory, tmp_path: Path
) -> None:
    """Caches of names and index words catch up with inserts, deletes and other processes."""
    owner = memory.scoped(Scope.owner())
    await owner.create_entities([Entity("Project:ESO", "Project", ("status: green",))])
    assert (await recall(owner, "статус ESO", NO_WRITE)).nodes == ("Project:ESO",)

    # an insert: the new name is recognised inflected, its new words corrected from typos
    await owner.create_entities(
        [Entity("Person:Зоя Кукушкина", "Person", ("hobby: quokkaphile since 2019",))]
    )
    about = await recall(owner, "что я знаю о Зое Кукушкиной", NO_WRITE)
    assert about.built.entities == ("Person:Зоя Кукушкина",)
    assert about.nodes[0] == "Person:Зоя Кукушкина"
    assert (await recall(owner, "quokaphile", NO_WRITE)).nodes == ("Person:Зоя Кукушкина",)

    # a write in another scope changes nothing here
    await memory.scoped(Scope.parse("chat:-5")).create_entities(
        [Entity("Person:Зоя Кукушкина", "Person")]
    )
    assert (await recall(owner, "Зое Кукушкиной", NO_WRITE)).nodes[0] == "Person:Зоя Кукушкина"

    # another process adds a person; then this one deletes one
    async with Memory(tmp_path / "memory.db") as other:
        await other.scoped(Scope.owner()).create_entities(
            [Entity("Person:Глеб Журавлёв", "Person", ("role: tester",))]
        )
    found = await recall(owner, "кто такой Глеб Журавлёв", NO_WRITE)
    assert found.built.entities == ("Person:Глеб Журавлёв",)
    await owner.delete_entities(["Person:Зоя Кукушкина"])
    gone = await recall(owner, "что я знаю о Зое Кукушкиной", NO_WRITE)
    assert gone.built.entities == ()
    assert "Person:Зоя Кукушкина" not in gone.nodes


async def test_the_whole_word_list_is_read_again_only_after_writes_and_a_minute(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading every index word costs ~60 ms at 50k entities: never twice for nothing."""
    owner = memory.scoped(Scope.owner())
    await owner.create_entities([Entity("Project:ESO", "Project", ("status: green",))])
    clock = [1000.0]
    monkeypatch.setattr("memory_core.caches.time.monotonic", lambda: clock[0])
    statements: list[str] = []
    async with memory.db.read() as conn:
        await conn.set_trace_callback(statements.append)

    def full_reads() -> int:
        return sum("FROM temp.entity_doc_vocab" in s and "sum(doc)" not in s for s in statements)

    await recall(owner, "статус ESO", NO_WRITE)
    assert full_reads() == 1
    clock[0] += 3600  # an hour with no write: the list is still current
    await recall(owner, "статус ESO", NO_WRITE)
    assert full_reads() == 1
    await owner.add_observations([("Project:ESO", ["owner: Ann Lee"])])
    await recall(owner, "статус ESO", NO_WRITE)  # an hour since the last full read, a write
    assert full_reads() == 2
    await owner.add_observations([("Project:ESO", ["deadline: March"])])
    await recall(owner, "ESO deadlnie", NO_WRITE)  # a write a moment later: words added only
    assert full_reads() == 2
    assert (await recall(owner, "ESO deadlnie", NO_WRITE)).nodes == ("Project:ESO",)


@pytest.fixture
def searched(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every full-text expression the recalls of a test send to the index, in order."""
    sent: list[str] = []
    best_entities = SearchIndex.best_entities

    async def recording(index: SearchIndex, conn: Any, match: str, want: int) -> list[int]:
        sent.append(match)
        return await best_entities(index, conn, match, want)

    monkeypatch.setattr(SearchIndex, "best_entities", recording)
    return sent


async def test_an_alternative_word_that_many_hold_is_left_to_scoring(
    owner: ScopedMemory, monkeypatch: pytest.MonkeyPatch, searched: list[str]
) -> None:
    """ "live" also stands for "location": held by 1 in 13 (over the costly count), it is
    not searched, yet scored."""
    monkeypatch.setattr(recall_terms, "COSTLY_DOCS", 100)
    await owner.create_entities(
        [Entity("User:me", "User", ("location: Lisbon (src=user)",))]
        + [Entity(f"Person:Someone {i}", "Person", (f"location: City {i}",)) for i in range(150)]
        + [Entity(f"Person:Other {i}", "Person", (f"team: Team {i}",)) for i in range(1_800)]
    )
    found = await recall(owner, "where do I live", NO_WRITE)
    assert found.nodes[0] == "User:me"
    assert any("location: Lisbon" in line.text for line in found.lines)
    assert searched
    assert not any("location" in match for match in searched)
    searched.clear()
    monkeypatch.setattr(recall_terms, "COSTLY_DOCS", 1_000)  # 151 holders: cheap to search
    await recall(owner, "where do I live", NO_WRITE)
    assert any("location" in match for match in searched)


async def test_an_alternative_word_no_entry_holds_is_not_searched_until_one_does(
    owner: ScopedMemory, searched: list[str]
) -> None:
    """Searching it finds nothing and ranks nothing, but costs a look-up in every index
    segment; the word as typed is always searched, and a line that brings the other word
    brings its search back."""
    await owner.create_entities([Entity("User:me", "User", ("location: Lisbon (src=user)",))])
    found = await recall(owner, "where do I live", NO_WRITE)
    assert found.nodes == ("User:me",)
    assert any('"location"' in match for match in searched)
    assert not any('"жив' in match or '"city"' in match for match in searched)
    assert any('"live"' in match for match in searched)  # as typed, though nobody holds it
    await owner.create_entities([Entity("Person:Ann", "Person", ("fact: живет в Порту",))])
    searched.clear()
    found = await recall(owner, "where do I live", NO_WRITE)
    assert any('"жив' in match for match in searched)
    assert set(found.nodes) >= {"User:me"}


async def test_an_edited_line_brings_back_the_search_of_a_word_it_now_holds(
    memory: Memory, owner: ScopedMemory, searched: list[str]
) -> None:
    """An edit adds no row (the largest ids stay): the edit counters tell the counts of
    words no document held to be read again."""
    await owner.create_entities(
        [
            Entity("User:me", "User", ("location: Lisbon (src=user)",)),
            Entity("Person:Ann", "Person", ("fact: plays chess",)),
        ]
    )
    await recall(owner, "where do I live", NO_WRITE)
    assert not any('"жив' in match for match in searched)
    async with memory.db.write() as conn:
        await conn.execute(
            "UPDATE observation SET text = 'fact: живет в Порту' WHERE text = 'fact: plays chess'"
        )
    searched.clear()
    await recall(owner, "where do I live", NO_WRITE)
    assert any('"жив' in match for match in searched)


@pytest.mark.parametrize(
    ("entity", "change"),
    [
        (  # a softly forgotten line restored: its words are back in the index
            Entity("Person:Ann", "Person", ("fact: живет в Порту",)),
            (
                "UPDATE observation SET forgotten_at = 1 WHERE text = 'fact: живет в Порту'",
                "UPDATE observation SET forgotten_at = NULL WHERE text = 'fact: живет в Порту'",
            ),
        ),
        (  # an entity renamed to a name that holds the word
            Entity("Person:Живая Ann", "Person", ("fact: plays chess",)),
            (
                "UPDATE entity SET name = 'Person:Ann' WHERE name = 'Person:Живая Ann'",
                "UPDATE entity SET name = 'Person:Живая Ann' WHERE name = 'Person:Ann'",
            ),
        ),
    ],
    ids=["restored", "renamed"],
)
async def test_a_text_back_in_place_brings_back_the_search_of_a_word_it_holds(
    memory: Memory,
    owner: ScopedMemory,
    searched: list[str],
    entity: Entity,
    change: tuple[str, str],
) -> None:
    """A restore or a rename adds no row either: the edit counters tell the counts of words
    no document held to be read again."""
    await owner.create_entities(
        [Entity("User:me", "User", ("location: Lisbon (src=user)",)), entity]
    )
    hide, bring_back = change
    async with memory.db.write() as conn:
        await conn.execute(hide)
    await recall(owner, "where do I live", NO_WRITE)
    assert not any('"жив' in match for match in searched)
    async with memory.db.write() as conn:
        await conn.execute(bring_back)
    searched.clear()
    await recall(owner, "where do I live", NO_WRITE)
    assert any('"жив' in match for match in searched)


@pytest.mark.parametrize(
    "question",
    ["ипотека где лежит", "что нового по ипотеке", "спросить про ипотеку", "скинь про ипотеку"],
)
async def test_words_that_frame_a_request_are_not_what_it_is_about(
    owner: ScopedMemory, question: str
) -> None:
    """ "Где лежит", "что нового", "спросить", "скинь" say what is wanted, not about what: a
    memory that happens to hold one of their translations ("rest" of "лежит", in "REST API")
    must not make them outweigh the subject."""
    await owner.create_entities(
        [
            Entity("Note:notes/personal/mortgage.md", "Note", ("pointer: ипотека, платежи",)),
            Entity("Project:Gateway", "Project", ("fact: REST API for new partners, news feed",)),
        ]
    )
    found = await recall(owner, question, NO_WRITE)
    assert found.nodes[:1] == ("Note:notes/personal/mortgage.md",)


async def test_a_hyphenated_question_word_no_memory_holds_is_read_as_its_words(
    owner: ScopedMemory,
) -> None:
    """ "андроид-разработчики" as one phrase is in no memory; its words, each stemmed like
    any word of a question, are: the developer answers, not the phone's owner."""
    await owner.create_entities(
        [
            Entity("Person:Эмре Йылмаз", "Person", ("role: андроид разработчик",)),
            Entity("Person:Ира Лис", "Person", ("fact: андроид на старом телефоне",)),
        ]
    )
    found = await recall(owner, "кто у нас андроид-разработчики", NO_WRITE)
    assert found.nodes[:1] == ("Person:Эмре Йылмаз",)


async def test_a_compound_no_memory_holds_is_read_as_its_parts(owner: ScopedMemory) -> None:
    """ "видеоконсультации" is in no memory; "видео" and "консультации" are."""
    await owner.create_entities(
        [
            Entity(
                "Decision:telemed-jitsi", "Decision", ("decision: видео консультации на Jitsi",)
            ),
            Entity("Person:Ира Лис", "Person", ("fact: ведёт консультации по налогам",)),
        ]
    )
    found = await recall(owner, "на чём крутятся видеоконсультации", NO_WRITE)
    assert found.nodes[:1] == ("Decision:telemed-jitsi",)


async def test_a_month_finds_the_lines_dated_in_it(owner: ScopedMemory) -> None:
    """A month narrows the index search to the lines dated in it, so they reach the ranking
    even when more entities than it weighs match the other words (here 60 Atlas syncs)."""
    filler = " ".join(f"point{n}" for n in range(30))  # long lines: bm25 ranks them low
    december = {"Note:atlas-dec-1.md", "Note:atlas-dec-2.md"}
    await owner.create_entities(
        [
            Entity(
                f"Note:atlas-{i}.md",
                "Note",
                (f"summary: Atlas sync {i} (as_of=2025-0{1 + i % 4}-1{i % 10}, src=meeting)",),
            )
            for i in range(60)
        ]
        + [
            Entity(
                name, "Note", (f"summary: Atlas sync, {filler} (as_of=2025-12-1{n}, src=meeting)",)
            )
            for n, name in enumerate(sorted(december))
        ]
    )
    for message in ("Atlas sync in December", "синк Atlas декабрь"):
        result = await recall(owner, message, NO_WRITE)
        assert set(result.nodes[:2]) == december, (message, result.nodes)


async def test_a_number_is_never_corrected_into_another(owner: ScopedMemory) -> None:
    """A mistyped word is corrected against the index's words; a number is not a typo."""
    await owner.create_entities(
        [
            Entity(
                "Jira:OPS-1",
                "Jira",
                ("fact: invoice 47113 refunded (as_of=2025-04-09, src=jira)",),
            )
        ]
    )
    assert (await recall(owner, "invoice 47113", NO_WRITE)).nodes == ("Jira:OPS-1",)
    assert (await recall(owner, "invocie 47113", NO_WRITE)).nodes == ("Jira:OPS-1",)
    assert (await recall(owner, "invoice 47114", NO_WRITE)).nodes == ()
    assert (await recall(owner, "invoice 20250408", NO_WRITE)).nodes == ()
