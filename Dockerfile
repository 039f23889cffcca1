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

# SIGTERM (docker stop) finishes the update in hand and closes the database.
STOPSIGNAL SIGTERM
CMD ["memory-bot", "run"]
