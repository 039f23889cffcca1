"""Query-side: a word for a kind of thing also finds the well-known things of that kind.

A memory names the thing ("warehouse on BigQuery", "SSO через Keycloak", "баскетбол 3 раза
в неделю") and a question asks by its kind ("какую базу взяли", "через что логинимся",
"what sport does my boy do"). Each kind word (a stem as :func:`language.stem` gives it, in
either language) lists widely known members of its kind, as the index folds them: software
products, sports, musical instruments, school subjects, languages, pets. A member is
searched as a prefix ("postgres" finds "PostgreSQL", "плаван" finds "плаванием"), so the
lists leave out short stems that begin everyday words. They are general knowledge, not any
one memory's.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["members"]

_DATABASES = (
    "postgres", "mysql", "mariadb", "mongodb", "clickhouse", "bigquery", "snowflake",
    "redshift", "oracle", "mssql", "sqlite", "dynamodb", "redis", "greenplum", "cockroach",
    "duckdb", "timescale", "supabase", "firestore", "elasticsearch", "opensearch", "scylla",
    "couchbase", "neo4j", "постгрес", "кликхаус",
)  # fmt: skip
_WAREHOUSES = (
    "bigquery", "snowflake", "clickhouse", "redshift", "greenplum", "databricks",
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
_SIGN_IN = ("keycloak", "okta", "auth0", "ldap", "saml", "oauth", "oidc")
_CDN = ("cloudflare", "fastly", "akamai", "cloudfront")
_PAYMENTS = (
    "stripe", "adyen", "paypal", "yookassa", "cloudpayments", "braintree", "mollie",
    "worldpay", "юкасс", "клаудпэйментс",
)  # fmt: skip
_WIRELESS = ("lorawan", "zigbee", "wifi", "bluetooth", "lte", "лоравань")
_CI = ("teamcity", "circleci", "argocd", "gitlab", "github", "дженкинс")
_ORCHESTRATION = ("kubernetes", "k8s", "openshift", "кубер")
_TRACKERS = ("jira", "youtrack", "trello", "asana", "clickup", "джир")
_MESSENGERS = ("slack", "telegram", "mattermost", "whatsapp", "discord", "телеграм")
_BI = ("tableau", "powerbi", "metabase", "superset", "looker", "datalens", "grafana")
_CRM = ("salesforce", "hubspot", "amocrm", "bitrix", "pipedrive", "битрикс")
_MOBILE = ("flutter", "kotlin", "swift", "kmp", "xamarin", "reactnative", "флаттер")
_WEB = ("reactjs", "vue", "angular", "nuxt", "svelte", "django", "laravel")
_ENGINES = ("trino", "presto", "duckdb", "flink", "druid", "clickhouse")
_REPOSITORIES = ("git", "github", "gitlab", "bitbucket", "perforce", "svn")

_SPORTS = (
    "football", "soccer", "basketball", "volleyball", "hockey", "tennis", "swimming",
    "gymnastics", "karate", "judo", "boxing", "wrestling", "skiing", "skating", "yoga",
    "dancing", "ballet", "fencing", "climbing", "chess", "badminton", "rugby", "golf",
    "taekwondo", "футбол", "баскетбол", "волейбол", "хоккей", "теннис", "плаван", "бассейн",
    "гимнастик", "карате", "дзюдо", "бокс", "самбо", "лыж", "коньк", "фигурн", "йог",
    "танц", "балет", "фехтован", "скалолаз", "шахмат", "бадминтон", "регби", "тхэквондо",
)  # fmt: skip
_INSTRUMENTS = (
    "piano", "guitar", "violin", "cello", "flute", "drum", "saxophone", "ukulele", "пианино",
    "фортепиано", "гитар", "скрипк", "виолончел", "флейт", "барабан", "саксофон", "укулеле",
    "синтезатор", "домр", "балалайк",
)  # fmt: skip
_SUBJECTS = (
    "math", "physics", "chemistry", "informatics", "biology", "literature", "geography",
    "математик", "физик", "хими", "информатик", "биолог", "литератур", "географи",
)  # fmt: skip
_LANGUAGES = (
    "english", "german", "french", "spanish", "italian", "chinese", "japanese", "turkish",
    "arabic", "portuguese", "английск", "немецк", "французск", "испанск", "итальянск",
    "китайск", "японск", "польск", "турецк", "арабск", "python", "java",
    "kotlin", "rust", "typescript", "golang", "php", "elixir", "csharp",
)  # fmt: skip
_PETS = (
    "dog", "puppy", "kitten", "parrot", "hamster", "собак", "щен", "кошк", "котен", "котик",
    "попуга", "хомяк", "хомяч",
)  # fmt: skip
_DOGS = (
    "beagle", "labrador", "retriever", "corgi", "husky", "spaniel", "terrier", "poodle",
    "shepherd", "dachshund", "pug", "chihuahua", "bulldog", "collie", "samoyed", "бигл",
    "лабрадор", "ретривер", "корги", "хаски", "спаниел", "терьер", "пудел", "овчарк", "мопс",
    "чихуахуа", "бульдог", "колли", "самоед", "шпиц",
)  # fmt: skip
_CARS = (
    "tesla", "skoda", "kia", "hyundai", "toyota", "bmw", "volkswagen", "renault",
    "nissan", "ford", "volvo", "mercedes", "mazda", "honda", "byd", "polestar", "peugeot",
    "citroen", "opel", "subaru", "lexus", "mitsubishi", "geely", "тесл", "шкод", "киа",
    "хендай", "хенде", "тойот", "бмв", "фольксваген", "ниссан", "вольво", "мерседес",
    "мазд", "хонд",
)  # fmt: skip

_KINDS: dict[str, tuple[str, ...]] = {
    # everyday kinds
    **dict.fromkeys(("sport", "спорт", "секц", "кружок", "кружк"), _SPORTS),
    **dict.fromkeys(("instrument", "инструмент"), _INSTRUMENTS),
    **dict.fromkeys(("предмет", "subject"), _SUBJECTS),
    **dict.fromkeys(("язык", "languag"), _LANGUAGES),
    **dict.fromkeys(("питомец", "питомц", "pet", "животн"), _PETS),
    **dict.fromkeys(("собак", "пес", "пс", "псин", "dog", "doggi"), _DOGS),
    **dict.fromkeys(("машин", "авт", "автомобил", "car", "тачк", "электромобил"), _CARS),
    # software and hardware
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
def members(word_stem: str) -> tuple[str, ...]:
    """Return what a kind word's stem also finds (empty for any other word)."""
    return _KINDS.get(word_stem, ())
