"""Tell whether an unknown all-capitals word is a project's acronym ("ESO", "CRM2").

:class:`~memory_core.extraction_text.Reading` makes a new ``Project:`` of such a word,
unless it is a common abbreviation ("OK", "PM"), qualifies a role ("ML engineer",
"архитектор DWH"), or is a thing made for a named project ("the SDK for Lumen").
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import kind_of_role

__all__ = ["called_a_project", "for_a_project", "is_acronym", "qualifies_role"]

_ACRONYM_RE = re.compile(r"[A-Z](?=[A-Z0-9]*[A-Z])[A-Z0-9]{1,9}")
_NOT_PROJECTS = frozenset(
    ("OK", "FYI", "BTW", "ASAP", "TODO", "EOD", "ETA", "PR", "MR", "PS", "TBD", "WIP", "LGTM",
     "IMO", "IMHO", "AFAIK", "UTC", "GMT", "MSK", "CET", "USA", "UK", "EU", "RU", "EN", "US",
     "OOO", "AM", "PM", "AI", "ID", "URL", "UI", "UX", "PDF",
     "GPU", "CPU", "TPU", "RAM", "SSD", "HDD", "VM", "VPN", "KPI", "OKR", "SLA", "ROI",
     "DB", "API", "B2B", "B2C", "IC", "PTO", "WFH")
) | frozenset(
    ("GPS", "GSM", "LTE", "SMS", "MMS", "OTP", "MFA", "SSO", "PIN", "QR", "NFC", "RFID", "VIN",
     "OBD", "IOT", "USB", "OCR", "PII", "CSV", "TSV", "JSON", "XML", "YAML", "HTML", "CSS", "PNG",
     "JPG", "JPEG", "GIF", "SVG", "XLS", "XLSX", "DOCX", "HTTP", "HTTPS", "REST", "SOAP", "FTP",
     "SFTP", "SSH", "SMTP", "IMAP", "DNS", "TLS", "SSL", "TCP", "UDP", "IP", "CDN", "DC", "SDK",
     "CLI", "JWT", "VAT", "KYC", "AML", "FAQ", "HQ", "EV", "ETL", "CI", "CD", "PWA")
) | frozenset(
    ("GDPR", "HIPAA", "PCI", "DSS", "SOX", "ISO", "CCPA", "NDA", "RFC", "RFP", "MVP", "POC",
     "AR", "VR", "XR", "NPS", "SEO", "B2G")
)  # fmt: skip
"""Common abbreviations, then generic technical nouns (a channel, a format, a protocol, a
kind of device or data): "pulls GPS from the trackers", "sends SMS codes via Vonage" name no
project; the vendor or tool does. Last, rules and paperwork (a regulation, a standard, an NDA),
kinds of product or feature ("an MVP", "the AR overlays", "an NPS survey") and the like."""


_FIELDS = frozenset(
    ("DWH", "BI", "ML", "MLOPS", "AI", "DS", "DE", "ETL", "ELT", "IT", "QA", "HR", "SEO", "SMM",
     "NLP", "CV", "GIS", "ERP", "IOS", "SAP", "SQL", "DBA", "IAM", "SOC")
)  # fmt: skip
"""Fields of work, not projects, when they follow a role word: "архитектор DWH", "lead BI"."""


def qualifies_role(text: str, words: list[re.Match[str]], i: int) -> bool:
    """Tell whether the ``i``-th word is part of a role: right before the role word it
    qualifies ("ML engineer", "ML-инженер", "BI analyst"), or a field of work right after
    one ("архитектор DWH", "инженер по ML")."""
    if i + 1 < len(words):
        gap = text[words[i].end() : words[i + 1].start()]
        if gap in (" ", "-") and kind_of_role(words[i + 1].group(0)) is not None:
            return True
    if i < 1 or words[i].group(0).upper() not in _FIELDS:
        return False
    before = [w.group(0) for w in words[max(0, i - 2) : i]]
    return kind_of_role(before[-1]) is not None or (
        len(before) == 2
        and before[-1].lower() in ("по", "of", "in")
        and kind_of_role(before[0]) is not None
    )


def for_a_project(text: str, words: list[re.Match[str]], i: int) -> bool:
    """Tell whether the ``i``-th word is a thing made for a named project: the "CI" of
    "пилит CI для Kite", "the SDK for Lumen" is a common noun, not a project of its own."""
    if i + 2 >= len(words):
        return False
    after = words[i + 2].group(0)
    return words[i + 1].group(0).lower() in ("для", "for") and after[:1].isupper()


def is_acronym(word: str) -> bool:
    """Tell whether a word is an unknown project's acronym: "ESO", "CRM2", not "OK" or "PM"."""
    return (
        _ACRONYM_RE.fullmatch(word) is not None
        and word not in _NOT_PROJECTS
        and kind_of_role(word) is None
    )


_PROJECT_WORD = re.compile(r"(?:проект(?:а|е|ом|у|ы|ов)?|project)", re.IGNORECASE)
_NAME_LIKE = re.compile(r"[A-ZА-ЯЁ][\w-]*")


def called_a_project(text: str, words: list[re.Match[str]], i: int) -> bool:
    """Tell whether the ``i``-th word is a capitalised name the message calls a project:
    "работает над проектом Atlas", "the Atlas project", "проект Сокол": a project not yet
    known, whatever its name."""
    word = words[i].group(0)
    if _NAME_LIKE.fullmatch(word) is None or word.isupper():
        return False  # acronyms have a rule of their own
    before = words[i - 1] if i > 0 else None
    after = words[i + 1] if i + 1 < len(words) else None
    if (
        before is not None
        and text[before.end() : words[i].start()] == " "
        and _PROJECT_WORD.fullmatch(before.group(0))
        and before.group(0)[:1].islower()
    ):
        return True
    if after is not None and text[words[i].end() : after.start()] == " ":
        return after.group(0).lower() == "project"
    return False
