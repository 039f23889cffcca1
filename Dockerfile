# memory-bot: the Telegram bot with scoped knowledge-graph memory.
#   docker build -t memory-bot .
#   docker run -d --name memory-bot --restart unless-stopped --env-file .env \
#       -v memory-bot-data:/data memory-bot
# The token comes only from the environment (--env-file / -e); nothing secret is baked in.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# An unprivileged user owns the data volume; the code stays root-owned and read-only to it.
RUN useradd --create-home --uid 10001 --user-group --shell /usr/sbin/nologin memorybot \
    && mkdir -p /data \
    && chown memorybot:memorybot /data

# English-Russian dictionaries (dictd format) for Russian <-> English recall; without them
# recall falls back to the shipped glossary (memory_core/bilingual.py).
RUN apt-get update \
    && apt-get install -y --no-install-recommends mueller7-dict dict-freedict-eng-rus \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY memory_core ./memory_core
# The package and its runtime dependencies only: no test or lint tools in the image.
RUN pip install .

# The database (and `memory-bot backup`'s default backups/ directory) live on the volume.
ENV DATABASE_PATH=/data/memory.db
VOLUME ["/data"]
WORKDIR /data
USER memorybot
# Parse the dictionaries once now (~5 s) into ~/.cache/memory-bot rather than at first recall.
RUN python -c "from memory_core import bilingual; print(bilingual.status())"

# SIGTERM (docker stop) finishes the update in hand and closes the database.
STOPSIGNAL SIGTERM
CMD ["memory-bot", "run"]
