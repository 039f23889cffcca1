"""Query-side: a word for a kind of tool also finds the well-known tools of that kind.

A decision is written with the product's name ("warehouse on BigQuery", "SSO через
Keycloak") and asked about by its kind ("какую базу взяли", "which analytics database did
we pick", "через что логинимся"). Each kind word (a stem as :func:`language.stem` gives it,
in either language) lists the names of widely used products of that kind, as the index
folds them; a name is searched as a prefix ("postgres" finds "PostgreSQL"). The lists are
general knowledge of software and hardware, not any one memory's.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["product_names"]

_DATABASES = (
    "postgres", "mysql", "mariadb", "mongo", "clickhouse", "bigquery", "snowflake", "redshift",
    "oracle", "mssql", "sqlite", "cassandra", "dynamodb", "redis", "greenplum", "vertica",
    "cockroach", "duckdb", "timescale", "supabase", "firestore", "elasticsearch",
    "opensearch", "scylla", "couchbase", "neo4j", "постгрес", "кликхаус",
)  # fmt: skip
_WAREHOUSES = (
    "bigquery", "snowflake", "clickhouse", "redshift", "greenplum", "vertica", "databricks",
    "iceberg", "trino", "presto", "synapse", "кликхаус",
)  # fmt: skip
_QUEUES = ("kafka", "rabbitmq", "nats", "sqs", "pulsar", "activemq", "mqtt", "кафк")
_CLOUDS = (
    "aws", "gcp", "azure", "hetzner", "digitalocean", "selectel", "ovh",
    "cloudflare", "linode", "scaleway", "селектел",
)  # fmt: skip
_MONITORING = (
    "grafana", "prometheus", "datadog", "zabbix", "sentry", "pagerduty", "opsgenie",
    "victoriametrics", "newrelic", "графан", "заббикс",
)  # fmt: skip
_SIGN_IN = ("keycloak", "okta", "auth0", "ldap", "saml", "oauth", "oidc", "entra")
_CDN = ("cloudflare", "fastly", "akamai", "cloudfront", "bunny")
_PAYMENTS = (
    "stripe", "adyen", "paypal", "yookassa", "cloudpayments", "braintree", "mollie",
    "worldpay", "юкасс", "клаудпэйментс",
)  # fmt: skip
_WIRELESS = ("lorawan", "zigbee", "wifi", "bluetooth", "nbiot", "lte", "zwave", "лоравань")
_CI = ("jenkins", "teamcity", "circleci", "argocd", "gitlab", "github", "bamboo", "дженкинс")
_ORCHESTRATION = ("kubernetes", "k8s", "nomad", "openshift", "кубер")
_TRACKERS = ("jira", "youtrack", "trello", "asana", "clickup", "джир")
_MESSENGERS = ("slack", "telegram", "mattermost", "whatsapp", "discord", "телеграм")
_BI = ("tableau", "powerbi", "metabase", "superset", "looker", "datalens", "grafana")
_CRM = ("salesforce", "hubspot", "amocrm", "bitrix", "pipedrive", "битрикс", "амо")
_MOBILE = ("flutter", "kotlin", "swift", "kmp", "xamarin", "reactnative", "флаттер")
_WEB = ("reactjs", "vue", "angular", "nextjs", "nuxt", "svelte", "django", "rails", "laravel")
_ENGINES = ("trino", "presto", "spark", "duckdb", "flink", "druid", "clickhouse")
_REPOSITORIES = ("git", "github", "gitlab", "bitbucket", "perforce", "svn")

_KINDS: dict[str, tuple[str, ...]] = {
    # databases
    **dict.fromkeys(("баз", "бд", "субд", "databas", "db", "dbs", "dbms"), _DATABASES),
    # warehouses: "хранилище данных", "data warehouse", "DWH"
    **dict.fromkeys(("хранилищ", "warehous", "dwh", "двх"), _WAREHOUSES),
    **dict.fromkeys(("очеред", "брокер", "broker", "queue", "queu"), _QUEUES),
    **dict.fromkeys(("облак", "облачн", "cloud", "клауд", "хостинг", "hosting"), _CLOUDS),
    **dict.fromkeys(("мониторинг", "monitor", "алерт", "alert", "алертинг"), _MONITORING),
    **dict.fromkeys(("sso", "авторизац", "логин", "login", "логинимс", "логинит"), _SIGN_IN),
    **dict.fromkeys(("cdn", "сдн"), _CDN),
    **dict.fromkeys(("эквайринг", "acquir", "платежк", "платежн", "psp"), _PAYMENTS),
    **dict.fromkeys(("wireless", "беспроводн", "радиопротокол"), _WIRELESS),
    **dict.fromkeys(("ci", "cicd", "пайплайн", "pipelin"), _CI),
    **dict.fromkeys(("оркестратор", "orchestr", "оркестрац"), _ORCHESTRATION),
    **dict.fromkeys(("трекер", "tracker", "таскер"), _TRACKERS),
    **dict.fromkeys(("мессенджер", "messeng"), _MESSENGERS),
    **dict.fromkeys(("bi", "дашборд", "dashboard", "дэшборд"), _BI),
    **dict.fromkeys(("crm", "црм"), _CRM),
    **dict.fromkeys(("движок", "движк", "engin"), _ENGINES),
    **dict.fromkeys(("репозитор", "repositor", "repo", "репо"), _REPOSITORIES),
    **dict.fromkeys(("фреймворк", "framework", "стек", "stack"), (*_MOBILE, *_WEB)),
}


@lru_cache(maxsize=4096)
def product_names(word_stem: str) -> tuple[str, ...]:
    """Return the product names a kind word's stem also finds (empty for any other word)."""
    return _KINDS.get(word_stem, ())
