"""Word lists for extraction: roles and kin words, and the links each kind of role makes.

A role word ("тимлид", "product owner", "стоматолог", "daughter") has a :class:`RoleKind`
that says which line it makes and how it links the person to the project named with it and
to whoever owns it ("мой тимлид" links to the owner, "у Маши учительница" to Маша). Terms
ending in ``*`` take any ending, so Russian case forms ("техлидом", "руководительница")
match; a space in a term matches spaces or a hyphen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from memory_core.language import is_cyrillic

__all__ = ["KIN_OF", "PERSONAL_KINDS", "ROLE_RE", "ROLE_SEARCH", "RoleKind", "kind_of_role"]


@dataclass(frozen=True, slots=True)
class RoleKind:
    """What a role means for the graph.

    Attributes:
        name: the kind (``boss``, ``pm``, ``member``, ``doctor``, ``child``...).
        line_kind: the line it makes on the person: ``role`` or ``fact``.
        to_project: the link from the person to a project named with the role, if any.
        to_holder: the link between the person and the one whose role it is (the owner for
            "my ..."), or ``None``.
        holder_first: ``True`` when that link goes from the holder to the person
            (``User -[reports_to]-> boss``), else from the person (``doctor -[doctor_of]->``).
    """

    name: str
    line_kind: str
    to_project: str | None
    to_holder: str | None
    holder_first: bool = False


_KINDS: Final[tuple[tuple[RoleKind, str], ...]] = (
    (
        RoleKind("teacher", "role", None, "teacher_of"),
        "классн* руководител* | классн* | учител* | репетитор* | преподавател* | воспитател*"
        " | педагог*"
        " | class teacher | homeroom teacher | teacher | tutor | professor",
    ),
    (
        RoleKind("owner", "role", "owns", None),
        "product owner | owner | владел*",
    ),
    (
        RoleKind("pm", "role", "pm_of", None),
        "product manager | project manager | program manager | продакт* | проджект* | pm | пм",
    ),
    (
        RoleKind("member", "role", "works_on", None),
        "account manager | sales manager | office manager | hr business partner | hrbp"
        " | scrum master"
        # whom to reach for something: "our contact for invoices", "наш контакт по договорам"
        " | point of contact | contact person | contact | контактн* лиц* | контакт | контакта"
        " | counterpart | coordinator* | координатор* | dispatcher* | диспетчер*"
        " | контактом"
        " | скрам* мастер* | agile coach | аджайл* коуч*"
        " | backend dev* | frontend dev* | fullstack dev* | mobile dev* | data scientist*"
        " | data engineer* | ml engineer* | qa engineer* | product designer* | ux designer*"
        " | developer* | dev | devs | engineer* | backend | frontend | fullstack | designer*"
        " | architect* | qa | tester* | analyst* | scientist* | devops | sre"
        " | middle | senior | recruiter* | hr | consultant* | advisor* | adviser* | советник*"
        " | marketer* | freelancer* | contractor* | фрилансер* | подрядчик* | stakeholder*"
        " | сайентист* | дата-сайентист*"
        " | разработчик* | программист* | бэкенд* | бекенд*"
        " | фронтенд* | фулстек* | дизайнер* | архитектор* | тестировщик* | аналитик*"
        " | девопс* | админ* | сисадмин* | мидл* | сеньор* | синьор*"
        " | инженер* | эйчар* | рекрутер* | маркетолог* | консультант* | nurse* | медсестр*"
        " | медбрат* | учёный | ученый"
        # a developer by platform or language, as said in chat: "iOS-ник", "бэкендер"
        " | ios-ник* | айосник* | андроидчик* | андроидщик* | андроидер* | мобильщик*"
        " | бэкендер* | бекендер* | фронтендер* | фронтер* | питонист* | джавист* | гошник*"
        " | тестер* | qa-шник* | кьюэйщик*"
        # an officer a law or a policy asks for: "наш DPO", "compliance officer"
        " | officer* | dpo | комплаенс* | офицер*"
        # who keeps the databases: "приходит как DBA", "our database administrator"
        " | dba | dbas | database administrator* | администратор* баз* данных | дба"
        # the feminine forms a masculine prefix does not cover: "тестировщица", "разработчица"
        " | тестировщиц[аыеу]* | разработчиц[аыеу]*"
        # who assists or tests from outside: "an executive assistant", "a pentester"
        " | assistant* | executive assistant* | ассистент* | pentester* | пентестер*",
    ),
    (
        RoleKind("lead", "role", "manages", "reports_to", holder_first=True),
        "team lead* | tech lead* | teamlead* | techlead* | lead | leader | тимлид* | техлид*"
        " | лид | лида | лиду | лидом | лидер*",
    ),
    (
        RoleKind("boss", "role", "manages", "reports_to", holder_first=True),
        "line manager | engineering manager | manager | boss | head | director | supervisor"
        " | chief | cto | ceo | coo | cio | cfo | ciso | cso | cpo | cmo | cdo | cro | chro | vp"
        " | руководител* | начальни* | шеф* | босс*"
        " | директор* | менеджер* | финдир* | гендир* | техдир* | коммерческ* директор*",
    ),
    (
        RoleKind("sponsor", "role", "oversees", None),
        "sponsor | спонсор* | куратор* | curator",
    ),
    (  # someone who learns under the holder: "my intern X" reports to the owner
        RoleKind("trainee", "role", "works_on", "manages", holder_first=True),
        "intern* | trainee* | junior | стаж[её]р* | практикант* | джун*",
    ),
    (  # "у меня в команде новенькая — X": someone new in the holder's team
        RoleKind("newcomer", "role", "works_on", "manages", holder_first=True),
        "newcomer | new hire | new joiner | новеньк* | новичок | новичк*",
    ),
    (  # "мой зам", "deputy head of P": the holder manages the deputy
        RoleKind("deputy", "role", "works_on", "manages", holder_first=True),
        "deputy | deputy head | deputy director | deputy manager | deputy lead | заместител*"
        " | зам | зама | заму | замом | заме | замы | second-in-command | second in command"
        " | right hand | right-hand man | right-hand woman | правая рука | правой рукой",
    ),
    (
        RoleKind("report", "role", "works_on", "manages", holder_first=True),
        "direct report | в подчинении | подчин[её]нн*",
    ),
    (
        RoleKind("caregiver", "role", None, "caregiver_of"),
        "nanny | babysitter | caregiver | au pair | governess | няня | няню | няней | нянь*"
        " | сиделк* | гувернант*",
    ),
    (
        RoleKind("provider", "role", "works_on", "provider_of"),
        "lawyer* | accountant* | hairdresser* | barber* | realtor* | vet | veterinarian*"
        " | financial advisor* | юрист* | адвокат* | нотариус* | бухгалтер* | парикмахер*"
        " | барбер* | риелтор* | риэлтор* | ветеринар* | массажист* | косметолог*"
        " | plumber* | electrician* | handyman | сантехник* | электрик*"
        # trades a household or a fleet calls on: "our mechanic", "уборщица — X"
        " | mechanic* | car mechanic* | механик* | автомеханик* | автослесар* | слесар*"
        " | locksmith* | cleaner* | cleaning lady | уборщиц* | клинер* | groomer* | грумер*"
        " | notary | gardener* | садовник* | tiler* | плиточник* | tailor* | портн* | швея"
        " | швеи | швею"
        # whom a household rents its home from: "our landlord", "новый арендодатель — X"
        " | landlord* | landlady | landladies | арендодател*",
    ),
    (
        RoleKind("mentor", "role", None, "mentor_of"),
        "mentor | ментор* | наставни*",
    ),
    (
        RoleKind("coach", "role", None, "coach_of"),
        "personal trainer | trainer | coach | тренер* | инструктор*",
    ),
    (
        RoleKind("doctor", "role", None, "doctor_of"),
        "doctor | dentist | therapist | physician | pediatrician | psychologist"
        " | psychotherapist | gp | physio | physiotherapist | osteopath | физиотерапевт*"
        " | остеопат* | врач* | стоматолог* | терапевт* | педиатр* | психолог*"
        " | психотерапевт* | дерматолог* | окулист* | офтальмолог* | гинеколог* | кардиолог*"
        " | невролог* | ортодонт* | ортопед* | логопед* | speech therapist | surgeon"
        " | cardiologist | dermatologist | neurologist | orthodontist | хирург* | уролог*"
        " | эндокринолог* | лор | лора | лору | лором | зубной | зубного | зубному | зубным"
        " | allergist | аллерголог* | ent doctor | отоларинголог* | оториноларинголог*"
        " | gastroenterologist | гастроэнтеролог* | pulmonologist | пульмонолог*"
        " | ophthalmologist | optometrist | nutritionist | dietitian | диетолог*"
        " | нутрициолог* | psychiatrist | психиатр* | chiropractor | хиропрактик*",
    ),
    (
        RoleKind("spouse", "fact", None, "married_to"),
        "wife | husband | girlfriend | boyfriend | жена | жены | жене | жену | женой | муж"
        " | мужа | мужу | мужем",
    ),
    (  # engaged: "жених — Павел", "my fiancée Ana"
        RoleKind("fiance", "fact", None, "partner_of"),
        "fiancé | fiancée | fiance | fiancee | жених | жениха | женихом | невеста | невесты"
        " | невестой",
    ),
    (  # looks after a pet, not after the owner: "our dog sitter is Basia"
        RoleKind("pet_sitter", "role", None, None),
        "dog sitter | dog walker | pet sitter | cat sitter | догситтер* | петситтер* | выгульщи*"
        " | дог-ситтер* | пет-ситтер* | кэт-ситтер* | кэтситтер* | кет-ситтер*",
    ),
    (
        RoleKind("child", "fact", None, "child_of"),
        "daughter | son | kid | дочь | дочка | дочки | дочке | дочку | доча | дочери | сын"
        " | сына | сыну | сыном | сынок",
    ),
    (
        RoleKind("parent", "fact", None, "parent_of"),
        "mother | mom | mum | father | dad | мама | мамы | маме | маму | мать | матери | папа"
        " | папы | папе | папу | отец | отца | отцу",
    ),
    (
        RoleKind("sibling", "fact", None, "sibling_of"),
        "sister | brother | сестра | сестры | сестре | сестру | брат | брата | брату | братом",
    ),
    (
        RoleKind("neighbour", "fact", None, "neighbor_of"),
        "neighbour | neighbor | сосед | соседа | соседу | соседом | соседе | соседка | соседки"
        " | соседке | соседку | соседкой",
    ),
    (
        RoleKind("acquaintance", "fact", None, None),
        "neighbours | neighbors | colleague | classmate | соседи | соседей | соседям | соседями"
        " | соседн* | коллег* | одноклассни* | однокурсни*",
    ),
    (
        RoleKind("relative", "fact", None, None),
        "grandmother | grandma | granny | grandfather | grandpa | grandson | granddaughter"
        " | sister-in-law | brother-in-law | бабушк* | бабул* | дедушк* | дед | деда | внук*"
        " | внучк* | зят[ья] | невестк* | снох*",
    ),
    (  # kin beside the line of descent: "my cousin X" is the owner's relative
        RoleKind("relative", "fact", None, "relative_of"),
        "aunt | uncle | cousin | nephew | niece | тётя | тетя | тёти | тети | дядя | дяди"
        " | племянни* | кузен* | кузин*",
    ),
    (  # the spouse's parent: the holder is the owner's wife or husband
        RoleKind("parent_in_law", "fact", None, "parent_of"),
        "mother-in-law | father-in-law | т[её]щ* | свекров* | св[её]кр* | св[её]кор | тест[ьяю]",
    ),
    (
        RoleKind("godparent", "fact", None, "godparent_of"),
        "godmother | godfather | godparent | крёстн* | крестн*",
    ),
    (
        RoleKind("friend", "fact", None, "friend_of"),
        "best friend | friend | друг | друга | другу | другом | подруга | подруги | подруге",
    ),
)


KIN_OF: Final[dict[str, str]] = {
    "мам": "mother", "мат": "mother", "mom": "mother", "mum": "mother", "mot": "mother",
    "пап": "father", "бат": "father", "pop": "father", "отц": "father", "оте": "father",
    "dad": "father", "fat": "father", "mam": "mother", "pap": "father",
    "жен": "wife", "wif": "wife", "муж": "husband", "hus": "husband", "доч": "daughter",
    "dau": "daughter", "сын": "son", "son": "son", "сес": "sister", "sis": "sister",
    "бра": "brother", "bro": "brother", "kid": "child", "chi": "child", "реб": "child",
}  # fmt: skip
"""The kin a word names, by its first three letters: "мам" (мама, маме), "dad", "бра"."""


def _term(term: str) -> str:
    words = term.strip().split()
    # a letter class ("т[её]щ*", "тест[ьяю]") stays a class, the rest is literal
    parts = [re.sub(r"\\\[(\w+)\\\]", r"[\1]", re.escape(w.rstrip("*"))) for w in words]
    parts = [p + (r"\w*" if w.endswith("*") else "") for p, w in zip(parts, words, strict=True)]
    return r"[\s-]+".join(parts)


def _alternation() -> tuple[str, list[tuple[re.Pattern[str], RoleKind]]]:
    terms: list[tuple[str, RoleKind]] = []
    for kind, block in _KINDS:
        terms += [(t, kind) for t in block.split("|")]
    terms.sort(key=lambda tk: len(tk[0].strip()), reverse=True)
    compiled = [(re.compile(rf"(?i)(?<![\w-]){_term(t)}(?![\w])"), k) for t, k in terms]
    joined = "|".join(_term(t) for t, _ in terms)
    # a compound's first part qualifies the role word: "бизнес-аналитик", "ML-инженер"
    return rf"(?<![\w-])(?:[^\W\d_]+-)?(?:{joined})(?!\w)", compiled


PERSONAL_KINDS = frozenset(
    {
        "child",
        "caregiver",
        "doctor",
        "teacher",
        "coach",
        "provider",
        "parent",
        "sibling",
        "neighbour",
    }
)
"""Kinds whose "our" ("наш педиатр", "our nanny") includes the owner, unlike "our CTO"."""

ROLE_RE, _COMPILED = _alternation()
"""A regular expression (source text) matching any role word, longest terms first."""
ROLE_SEARCH = re.compile(ROLE_RE, re.IGNORECASE)
"""The compiled :data:`ROLE_RE`."""


def kind_of_role(phrase: str) -> RoleKind | None:
    """Return the kind of the main role word of ``phrase``, or ``None`` when it has none.

    The main word is the first one in a Russian phrase ("лид QA") and the last one in an
    English phrase ("QA lead"), where the head noun comes last.
    """
    found = [m.group(0) for m in ROLE_SEARCH.finditer(phrase)]
    if not found:
        return None
    word = found[0] if is_cyrillic(phrase) else found[-1]
    for form in (word, word.partition("-")[2]):  # a compound's kind is its role word's
        kind = next((kind for pattern, kind in _COMPILED if pattern.fullmatch(form)), None)
        if kind is not None:
            return kind
    return None
