"""What was done to a person is no report of the owner's day: the worklog check lets it pass.

"Заре Остаповой сделали операцию" names whom a plural verb of work was done to, in the
dative: a lasting fact about her. The owner's own work ("закрыла ORN-5", "сделали примерно
половину", "вчера выкатили релиз") stays worklog.
"""

from __future__ import annotations

import pytest

from memory_core.extraction_skip import is_worklog


@pytest.mark.parametrize(
    "text",
    [
        "Заре Остаповой сделали операцию на плече, месяц без тенниса",
        "Тимофею поставили брекеты",
        "брату закрыли визу в Канаду",
        "маме сделали МРТ, всё чисто",
    ],
)
def test_what_was_done_to_someone_is_no_worklog(text: str) -> None:
    assert not is_worklog(text)


@pytest.mark.parametrize(
    "text",
    [
        "закрыла ORN-5, завтра ревью",
        "QRM-12 — сделали примерно половину",
        "вчера выкатили релиз Quokka",
        "Тимофей закрыл три тикета",
        "сделали ревью для Тимофея",
    ],
)
def test_the_days_work_stays_worklog(text: str) -> None:
    assert is_worklog(text)
