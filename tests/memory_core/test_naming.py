"""Entity name prefixes, types, the relation vocabulary and name matching."""

from __future__ import annotations

import pytest

from memory_core import AmbiguousNameError, InvalidInputError, Scope
from memory_core.matching import fuzzy_resolve, name_key
from memory_core.naming import canonical_entity, normalize_relation_type


class TestCanonicalEntity:
    @pytest.mark.parametrize(
        ("name", "given", "expected"),
        [
            ("project:ESO", None, ("Project:ESO", "Project")),
            ("PERSON: Иван Петров", "person", ("Person:Иван Петров", "Person")),
            ("Jira:ESO-159", "Jira", ("Jira:ESO-159", "Jira")),
            ("John_Smith", "person", ("John_Smith", "person")),
        ],
    )
    def test_canonical_forms(
        self, name: str, given: str | None, expected: tuple[str, str]
    ) -> None:
        assert canonical_entity(name, given) == expected

    @pytest.mark.parametrize(
        ("name", "given"),
        [
            ("Project:ESO", "Person"),
            ("", "x"),
            ("Note:", "Note"),
            ("plain", None),
            ("a\x00b", "x"),
        ],
    )
    def test_refused(self, name: str, given: str | None) -> None:
        with pytest.raises(InvalidInputError):
            canonical_entity(name, given)

    def test_too_long(self) -> None:
        with pytest.raises(InvalidInputError, match="at most"):
            canonical_entity("Note:" + "x" * 400, None)


class TestRelationVerbs:
    @pytest.mark.parametrize(
        ("verb", "expected"),
        [
            ("works_on", "works_on"),
            ("worksOn", "works_on"),
            ("works on", "works_on"),
            ("refers_to", "references"),
            ("Mentions", "mentions"),
            ("reports-to", "reports_to"),
        ],
    )
    def test_vocabulary_and_synonyms(self, verb: str, expected: str) -> None:
        assert normalize_relation_type(verb) == expected

    def test_unknown_verb_refused_when_strict(self) -> None:
        with pytest.raises(InvalidInputError, match="unknown relation type"):
            normalize_relation_type("is best friends with")

    def test_unknown_verb_kept_snake_case_when_lenient(self) -> None:
        assert normalize_relation_type("isBestFriend with", strict=False) == "is_best_friend_with"
        assert normalize_relation_type("дружит с", strict=False) == "дружит_с"


class TestMatching:
    def test_name_key_ignores_case_punctuation_and_yo(self) -> None:
        assert name_key("project: eso") == name_key("Project:ESO")
        assert name_key("Person:Фёдор") == name_key("person:федор")
        assert name_key("Project:ESO") != name_key("Project:EOS")

    def test_fuzzy_finds_a_typo(self) -> None:
        names = ["Billing-v2", "Orion", "Atlas"]
        assert fuzzy_resolve("Billnig-v2", names) == "Billing-v2"
        assert fuzzy_resolve("Something else", names) is None

    def test_fuzzy_refuses_to_guess_between_equals(self) -> None:
        with pytest.raises(AmbiguousNameError) as info:
            fuzzy_resolve("Orion-1", ["Orion-2", "Orion-3"], cutoff=80)
        assert set(info.value.candidates) == {"Orion-2", "Orion-3"}


class TestScope:
    @pytest.mark.parametrize("value", ["owner", "chat:123", "chat:-1001234567890"])
    def test_valid(self, value: str) -> None:
        assert Scope.parse(value).value == value

    @pytest.mark.parametrize(
        "value", ["", "Owner", "chat:", "chat:abc", "all", "*", "chat:1 OR 1"]
    )
    def test_invalid(self, value: str) -> None:
        with pytest.raises(InvalidInputError):
            Scope(value)

    def test_constructors(self) -> None:
        assert Scope.chat(-100) == Scope("chat:-100")
        assert str(Scope.owner()) == "owner"
