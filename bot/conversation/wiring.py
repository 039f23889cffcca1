"""Build the conversation from the settings, the same way for Telegram and the terminal.

:func:`pipeline_from` maps the recall settings (``RECALL_*``, ``MEMORY_FABRIC_*``),
``PROPOSALS``, ``KB_*`` and the optional language model (``LLM_*``) to one
:class:`~bot.conversation.pipeline.Pipeline`, so ``memory-bot chat`` answers exactly as the bot
does. The model's HTTP client is opened and closed by the caller. The pipeline and the model
client are imported only when built, so ``memory-bot recall`` can use :func:`recall_options`
without loading an HTTP client.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.settings import Settings
from memory_core.ranking import FabricWeights
from memory_core.recall import RecallOptions

if TYPE_CHECKING:
    from bot.conversation.language_model import LanguageModel
    from bot.conversation.pipeline import Pipeline

__all__ = ["language_model", "pipeline_from", "recall_options"]


def recall_options(settings: Settings) -> RecallOptions:
    """Map the recall settings to the recall loop's options."""
    return RecallOptions(
        max_nodes=settings.recall_max_nodes,
        max_observations=settings.recall_max_observations,
        max_results=settings.memory_fabric_max_results,
        weights=FabricWeights(
            boost_factor=settings.memory_fabric_boost_factor,
            dedup_threshold=settings.memory_fabric_dedup_threshold,
        ),
    )


def language_model(settings: Settings) -> LanguageModel | None:
    """Return the configured language model client, or ``None`` without ``LLM_BASE_URL``."""
    if settings.llm_base_url is None or settings.llm_model is None:
        return None
    from bot.conversation.language_model import LanguageModel  # noqa: PLC0415 - loads httpx

    return LanguageModel(
        settings.llm_base_url,
        settings.llm_model,
        api_key=settings.llm_api_key,
        timeout=settings.llm_timeout,
    )


def pipeline_from(settings: Settings, model: LanguageModel | None) -> Pipeline:
    """Return the pipeline the settings describe, answering with ``model`` when given."""
    from bot.conversation.answering import ModelAnswers  # noqa: PLC0415 - see the docstring
    from bot.conversation.expansion import ModelSearchTerms  # noqa: PLC0415
    from bot.conversation.index import kb_setup  # noqa: PLC0415
    from bot.conversation.pipeline import Pipeline  # noqa: PLC0415

    return Pipeline(
        recall_options(settings),
        answerer=ModelAnswers(model) if model is not None else None,
        expander=ModelSearchTerms(model) if model is not None else None,
        proposals=settings.proposals == "on",
        kb=kb_setup(settings),
    )
