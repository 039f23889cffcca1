import json
# type lists (copied verbatim from the capture-dev set's accepted lists)
REPORTS = ["reports_to", "works_under", "subordinate_of", "managed_by"]
MANAGES = ["manages", "lead_of", "team_lead_of", "manager_of", "leads", "supervises", "boss_of", "head_of"]
ROLE = ["pm_of", "owns", "manages", "leads", "lead_of", "product_owner_of", "product_manager_of", "team_lead_of", "tech_lead_of", "works_on", "head_of", "responsible_for", "member_of", "architect_of", "designer_of", "runs", "role_in", "works_in", "oversees", "contributes_to", "develops", "assigned_to", "part_of", "joined", "helps_with", "supports"]
ROLE_R = ["owned_by", "managed_by", "led_by", "has_pm", "has_owner", "has_lead", "has_member", "staffed_by"]
TEACH = ["coach_of", "trainer_of", "teaches", "tutor_of", "mentor_of", "teacher_of", "instructor_of", "educator_of", "caregiver_of"]
TEACH_R = ["trains_with", "student_of", "coached_by", "mentee_of", "taught_by", "learns_from", "mentored_by", "trained_by"]
WORK = ["works_on", "member_of", "contributes_to", "develops", "assigned_to", "part_of", "works_in", "joined", "role_in", "helps_with", "supports"]
WORK_R = ["has_member", "staffed_by"]
SPOUSE = ["married_to", "spouse_of", "wife_of", "husband_of", "partner_of"]
CHILD = ["child_of", "daughter_of", "son_of"]
CHILD_R = ["parent_of", "father_of", "mother_of", "has_child", "has_daughter", "has_son"]
DOC = ["doctor_of", "dentist_of", "treats", "physician_of", "therapist_of", "pediatrician_of", "provider_of"]
DOC_R = ["patient_of", "treated_by", "sees", "visits", "client_of"]
SIB = ["sibling_of", "sister_of", "brother_of"]
FRIEND = ["friend_of", "best_friend_of", "friends_with"]
DEC_P = ["decided_in", "decided_for", "applies_to", "about", "concerns", "affects", "relates_to", "for", "part_of", "belongs_to", "decided", "decision_of", "decision_for", "in_project", "scope_of", "impacts", "references", "mentions"]
DEC_P_R = ["decided", "has_decision", "decision", "made_decision", "adopted", "includes", "decided_on"]
WHO_DEC = ["decided", "proposed", "made", "recommends", "recommended", "suggested", "approved", "owns", "authored", "initiated", "made_decision", "decided_on", "agreed", "agreed_on", "participated_in"]
WHO_DEC_R = ["decided_by", "proposed_by", "made_by", "approved_by", "recommended_by", "suggested_by", "owned_by", "initiated_by", "agreed_by", "agreed_with"]
DEC_T = ["about", "concerns", "affects", "relates_to", "references", "mentions", "uses", "replaces", "drops", "removes", "adopts", "chooses", "selects", "involves", "applies_to", "decided_in", "rejects", "closes"]
DEC_T_R = ["decided", "has_decision", "used_by", "replaced_by", "dropped_by", "removed_by", "chosen_in", "referenced_by", "mentioned_in", "decided_in"]
USES = ["uses", "built_on", "built_with", "runs_on", "depends_on", "based_on", "powered_by", "stores_in", "integrates_with", "relies_on", "requires", "hosted_on", "deployed_on"]
USES_R = ["used_by", "used_in", "powers", "dependency_of", "hosts", "required_by"]
DEP = ["depends_on", "uses", "requires", "needs", "relies_on", "integrates_with", "consumes", "reads_from", "pulls_from", "fed_by", "calls"]
DEP_R = ["dependency_of", "required_by", "used_by", "needed_by", "feeds", "powers"]
ASSIGN = ["assigned", "assignee_of", "assigned_to", "owns", "works_on", "responsible_for", "handles"]
ASSIGN_R = ["assigned_to", "owned_by", "assignee", "handled_by"]

U = "User:Фёдор"
def E(name, lc=(), aliases=None, name_words=None, optional=False):
    d = {"name": name, "line_contains": list(lc)}
    if aliases: d["aliases"] = aliases
    if name_words: d["name_words"] = name_words
    if optional: d["optional"] = True
    return d
def R(frm, types, to, rev, optional=False):
    d = {"from": frm, "types": types, "to": to, "reverse_types": rev}
    if optional: d["optional"] = True
    return d
def role(p, proj, opt=False): return R(p, ROLE, proj, ROLE_R, opt)
def work(p, proj, opt=False): return R(p, WORK, proj, WORK_R, opt)
def dec_p(d, proj, opt=False): return R(d, DEC_P, proj, DEC_P_R, opt)
def who(p, d, opt=False): return R(p, WHO_DEC, d, WHO_DEC_R, opt)
def dec_t(d, t, opt=True): return R(d, DEC_T, t, DEC_T_R, opt)
def uses(a, b, opt=False): return R(a, USES, b, USES_R, opt)
def dep(a, b, opt=False): return R(a, DEP, b, DEP_R, opt)

S = []
def add(lang, kind, text, ents=(), rels=()):
    skip = kind in ("worklog", "questions", "smalltalk", "no_durable")
    S.append({"id": f"c13-{len(S)+1:03d}", "lang": lang, "kind": kind, "text": text,
              "expect": {"skip": skip, "entities": list(ents), "relations": list(rels)}})

P = lambda n: "Person:" + n
J = lambda n: "Project:" + n

# ---- role_of_person (12)
k = "role_of_person"
add("ru", k, "наш новый продакт на Fares — Лиана Мартиросян, пришла к нам из лоукостера",
    [E(P("Лиана Мартиросян"), ["продакт", "product", "pm", "менеджер"])], [role(P("Лиана Мартиросян"), J("Fares"))])
add("en", k, "Chloe Whitfield is our new VP of Operations (came over from ground handling)",
    [E(P("Chloe Whitfield"), ["vp", "operations", "операц"])])
add("ru", k, "Алина Гарипова с марта весь QA в компании возглавит",
    [E(P("Алина Гарипова"), ["qa", "тестир"])])
add("en", k, "new direct report for me: Jonas Berg, senior backend dev on Cargo",
    [E(P("Jonas Berg"), ["senior", "backend", "бэкенд", "бекенд"])],
    [R(U, MANAGES, P("Jonas Berg"), REPORTS), role(P("Jonas Berg"), J("Cargo"))])
add("ru", k, "Рахул теперь архитектор ещё и на Cargo",
    [E(P("Rahul Mehta"), ["архитект", "architect"])], [role(P("Rahul Mehta"), J("Cargo"))])
add("en", k, "Miles finaly has a tech lead - Bogdan Iliev, starts monday",
    [E(P("Bogdan Iliev"), ["tech lead", "lead", "лид"])], [role(P("Bogdan Iliev"), J("Miles"))])
add("ru", k, "в Boarding новая дизайнерка пришла, Ксюша Лемешева",
    [E(P("Ксюша Лемешева"), ["дизайн", "design"])], [role(P("Ксюша Лемешева"), J("Boarding"))])
add("en", k, "Hannah Weiss got promoted to Chief Product Officer",
    [E(P("Hannah Weiss"), ["chief product", "cpo", "product officer"])])
add("ru", k, "Олег Сабиров теперь мой заместитель (до этого лидил CrewDesk)",
    [E(P("Олег Сабиров"), ["заместит", "deputy", "зам"])],
    [R(U, MANAGES, P("Олег Сабиров"), REPORTS), role(P("Олег Сабиров"), J("CrewDesk"), True)])
add("en", k, "Fatima Osei joins Bagtrack nxt week as an SRE",
    [E(P("Fatima Osei"), ["sre", "reliability"])], [role(P("Fatima Osei"), J("Bagtrack"))])
add("ru", k, "скрам-мастером у Skyline и Boarding теперь будет Вера Лукина",
    [E(P("Вера Лукина"), ["скрам", "scrum"])], [role(P("Вера Лукина"), J("Skyline")), role(P("Вера Лукина"), J("Boarding"))])
add("en", k, "our external PCI auditor is Gareth Lyle from Brightwell Audit",
    [E(P("Gareth Lyle"), ["auditor", "аудит", "pci"])])

# ---- family_personal (10)
k = "family_personal"
add("ru", k, "у Лёвы теперь репетитор по матеше — Аркадий Семёнович, по вторникам и четвергам",
    [E(P("Аркадий Семёнович"), ["матем", "матеш", "репетит", "tutor", "math", "вторник"])],
    [R(P("Аркадий Семёнович"), TEACH, P("Лёва"), TEACH_R)])
add("en", k, "Bublik's vet is Dr Anelia Todorova from Vitosha Vet, she's great with dogs",
    [E(P("Anelia Todorova"), ["vet", "ветеринар", "bublik", "бублик"],
       aliases=[P("Dr Anelia Todorova"), P("Dr. Anelia Todorova"), P("Анелия Тодорова"), P("доктор Анелия Тодорова")])])
add("ru", k, "сестра Светы, Даша, стоматолог — теперь всей семьёй у неё лечимся",
    [E(P("Даша"), ["стоматолог", "dentist"], aliases=[P("Dasha")])],
    [R(P("Даша"), DOC, U, DOC_R), R(P("Даша"), SIB, P("Света"), SIB, True)])
add("ru", k, "наш юрист по квратире — Мирослав Пенев, берёт 80 лв в час",
    [E(P("Мирослав Пенев"), ["юрист", "lawyer", "адвокат"])])
add("ru", k, "тёща (Людмила Андреевна) до осени живёт у нас",
    [E(P("Людмила Андреевна"), ["тещ", "mother-in-law", "осен", "живет у нас"])],
    [R(P("Света"), CHILD, P("Людмила Андреевна"), CHILD_R, True)])
add("en", k, "Lyova's football coach is Emil Danchev, practice mon and wed at 6",
    [E(P("Emil Danchev"), ["coach", "football", "футбол", "тренер"], aliases=[P("Эмил Данчев"), P("Эмиль Данчев")])],
    [R(P("Emil Danchev"), TEACH, P("Лёва"), TEACH_R)])
add("ru", k, "хожу к дерматологу Розе Ильиничне, клиника на Графа Игнатиева",
    [E(P("Роза Ильинична"), ["дерматолог", "dermatolog"])], [R(P("Роза Ильинична"), DOC, U, DOC_R)])
add("en", k, "Misha Gordeev, my old friend from Samara, moved to Sofia too - works as a sound engineer now",
    [E(P("Misha Gordeev"), ["sound", "звук"], aliases=[P("Миша Гордеев")])], [R(P("Misha Gordeev"), FRIEND, U, FRIEND)])
add("ru", k, "Света теперь работает фармацевтом в аптечной сети",
    [E(P("Света"), ["фармацевт", "аптек", "pharmac"])])
add("ru", k, "сантехник, который нам ванну переделывал, — Христо, номер у Светы есть",
    [E(P("Христо"), ["сантехник", "plumber", "ванн"], aliases=[P("Hristo")])])

# ---- works_on_project (8)
k = "works_on_project"
add("ru", k, "Камилу до конца квартала перекинули на Miles", [], [work(P("Камила Абдуллаева"), J("Miles"))])
add("en", k, "I'm spending most of my time on CrewDesk now (the roster rewrite)", [], [work(U, J("CrewDesk"))])
add("ru", k, "Арсений и Томаш вдвоём теперь мобилку для Miles пилят", [],
    [work(P("Арсений Волков"), J("Miles")), work(P("Tomasz Wrona"), J("Miles"))])
add("en", k, "Noah Lindqvist started on Fares this week as a data analyst",
    [E(P("Noah Lindqvist"), ["analyst", "аналит"])], [work(P("Noah Lindqvist"), J("Fares"))])
add("ru", k, "Desi теперь ещё и на Boarding помогает — дизайн чекина", [], [work(P("Desislava Koleva"), J("Boarding"))])
add("ru", k, "ivo marinov теперь тоже в Bagtrack, как стейкхолдер от опса", [], [work(P("Ivo Marinov"), J("Bagtrack"))])
add("ru", k, "с понедельника сам сажусь в Bagtrack, там всё горит", [], [work(U, J("Bagtrack"))])
add("ru", k, "Мирон Лапин из платформенной команды к Cargo подключился",
    [E(P("Мирон Лапин"), ["платформ", "platform"])], [work(P("Мирон Лапин"), J("Cargo"))])

# ---- decision (10)
k = "decision"
d = "Decision:skyline-react"
add("ru", k, "решили с Тимой: Skyline до конца года переезжает с Angular на React",
    [E(d, ["react"], name_words=[["react"]]), E(J("React"), optional=True), E(J("Angular"), optional=True)],
    [dec_p(d, J("Skyline")), who(P("Тимофей Руденко"), d), who(U, d, True),
     dec_t(d, J("React")), dec_t(d, J("Angular")), uses(J("Skyline"), J("React"), True)])
d = "Decision:crewdesk-or-tools-solver"
add("en", k, "we agreed to replace the hand-written roster heuristics in CrewDesk with an OR-Tools solver",
    [E(d, ["or-tools", "ortools", "or tools", "solver", "солвер"], name_words=[["or-tools", "ortools", "or_tools", "solver", "солвер"]]),
     E(J("OR-Tools"), optional=True, aliases=[J("ortools")])],
    [dec_p(d, J("CrewDesk")), who(U, d, True), dec_t(d, J("OR-Tools")), uses(J("CrewDesk"), J("OR-Tools"), True)])
d = "Decision:fares-price-cache-15min"
add("ru", k, "договорились что в Fares цены кешируем не дольше 15 минут",
    [E(d, ["15 мин", "15 min", "15m", "15-min"], name_words=[["кэш", "кеш", "cache", "kesh", "ttl"]])],
    [dec_p(d, J("Fares")), who(U, d, True)])
d = "Decision:bagtrack-nats"
add("en", k, "decision from today's arch review with Rahul: Bagtrack events go via NATS, not RabbitMQ",
    [E(d, ["nats"], name_words=[["nats"]]), E(J("NATS"), optional=True), E(J("RabbitMQ"), optional=True)],
    [dec_p(d, J("Bagtrack")), who(P("Rahul Mehta"), d), who(U, d, True),
     dec_t(d, J("NATS")), dec_t(d, J("RabbitMQ")), uses(J("Bagtrack"), J("NATS"), True)])
d = "Decision:boarding-weekly-releases"
add("ru", k, "Зайцев утвердил — мобильные релизы Boarding раз в неделю, по средам",
    [E(d, ["недел", "week", "сред", "wednesday"], name_words=[["релиз", "release", "reliz"]])],
    [dec_p(d, J("Boarding")), who(P("Виктор Зайцев"), d), who(U, d, True)])
d = "Decision:miles-drop-soap-gateway"
add("en", k, "we're killing the legacy SOAP gateway in Miles by Q3, decided with Zhenya",
    [E(d, ["soap"], name_words=[["soap"]])],
    [dec_p(d, J("Miles")), who(P("Евгения Лаптева"), d), who(U, d, True)])
d = "Decision:sky-214-postpone"
add("ru", k, "решено — SKY-214 откладываем до конца летнего сезона",
    [E(d, ["отклад", "отлож", "postpon", "defer", "сезон", "season"], name_words=[["214"]])],
    [dec_t(d, "Jira:SKY-214", False), dec_p(d, J("Skyline"), True), who(U, d, True)])
d = "Decision:cargo-awb-s3-retention"
add("en", k, "Cargo keeps AWB scans in S3 with 7-year retention - Gogi and I signed off on it yesterday",
    [E(d, ["s3"], name_words=[["s3", "retention", "awb", "хранен"]]), E(J("S3"), optional=True, aliases=[J("AWS S3"), J("Amazon S3")])],
    [dec_p(d, J("Cargo")), who(P("Георгий Церетели"), d), who(U, d, True),
     dec_t(d, J("S3")), uses(J("Cargo"), J("S3"), True)])
d = "Decision:keycloak-sso"
add("ru", k, "свой SSO не пишем, решили взять Keycloak для CrewDesk и Bagtrack",
    [E(d, ["keycloak"], name_words=[["keycloak", "sso"]]), E(J("Keycloak"), optional=True)],
    [dec_p(d, J("CrewDesk")), dec_p(d, J("Bagtrack")), who(U, d, True), dec_t(d, J("Keycloak")),
     uses(J("CrewDesk"), J("Keycloak"), True), uses(J("Bagtrack"), J("Keycloak"), True)])
d = "Decision:boarding-unleash-flags"
add("en", k, "Boarding goes with Unleash for feature flags - Alina pushed for it and we agreed",
    [E(d, ["unleash"], name_words=[["unleash", "flag", "флаг"]]), E(J("Unleash"), optional=True)],
    [dec_p(d, J("Boarding")), who(P("Алина Гарипова"), d), who(U, d, True), dec_t(d, J("Unleash")),
     uses(J("Boarding"), J("Unleash"), True)])

# ---- uses_depends (7)
k = "uses_depends"
add("en", k, "Skyline uses Algolia for the airport/city search box",
    [E(J("Algolia"))], [uses(J("Skyline"), J("Algolia"))])
add("ru", k, "Boarding тянет брони из Skyline через внутренний API", [], [dep(J("Boarding"), J("Skyline"))])
add("ru", k, "CrewDesk у нас крутится на OpenShift в своём ДЦ",
    [E(J("OpenShift"))], [uses(J("CrewDesk"), J("OpenShift"))])
add("ru", k, "Fares зависит от Miles — оттуда скидки для участников программы", [], [dep(J("Fares"), J("Miles"))])
add("ru", k, "для сканеров на ленте Bagtrack использует EMQX (MQTT-брокер)",
    [E(J("EMQX"))], [uses(J("Bagtrack"), J("EMQX"))])
add("en", k, "Cargo pulls flight schedules from CrewDesk and pushes invoices into SAP",
    [E(J("SAP"))], [dep(J("Cargo"), J("CrewDesk")), uses(J("Cargo"), J("SAP"))])
add("ru", k, "Камила все рассчёты по Fares гоняет в Databricks",
    [E(J("Databricks"))],
    [uses(P("Камила Абдуллаева"), J("Databricks")), work(P("Камила Абдуллаева"), J("Fares"), True),
     uses(J("Fares"), J("Databricks"), True)])

# ---- existing_entity_resolution (7)
k = "existing_entity_resolution"
add("ru", k, "Руденко теперь тимлид ещё и в Boarding",
    [E(P("Тимофей Руденко"), ["тимлид", "лид", "lead"])], [role(P("Тимофей Руденко"), J("Boarding"))])
add("en", k, "stefan is my mentor in the leadership program now",
    [E(P("Stefan Dimitrov"), ["mentor", "ментор"])], [R(P("Stefan Dimitrov"), TEACH, U, TEACH_R)])
add("ru", k, "Ханна Вайс теперь курирует Cargo", [], [role(P("Hannah Weiss"), J("Cargo"))])
add("ru", k, "Ростиславу передали CRW-88", [], [R(P("Ростислав Бондар"), ASSIGN, "Jira:CRW-88", ASSIGN_R)])
add("en", k, "Gogi is the backend lead on Cargo now",
    [E(P("Георгий Церетели"), ["lead", "лид"])], [role(P("Георгий Церетели"), J("Cargo"))])
add("ru", k, "Женя Лаптева с мая уходит в декрет",
    [E(P("Евгения Лаптева"), ["декрет", "maternity", "parental"])])
add("en", k, "Lukas from security reports to me now", [], [R(P("Lukas Brandt"), REPORTS, U, MANAGES)])

# ---- worklog (6)
k = "worklog"
for lang, t in [("ru", "сегодня полдня ковырял SKY-214 вместе с Тимой"),
                ("en", "plan for tomorrow: 1:1s with Alina and Stefan, then the budget review"),
                ("ru", "CRW-88 процентов на 70 готов, завтра добьём"),
                ("en", "spent 2h writing the Bagtrack incident postmortem"),
                ("ru", "с утра созвон с Зайцевым, потом ревью архитектуры Fares"),
                ("ru", "закрыл три тикета по Miles, посмотрел PR от Ноа")]:
    add(lang, k, t)
# ---- questions (5)
k = "questions"
for lang, t in [("ru", "кто сейчас продакт на Fares?"),
                ("en", "when is Lyova's next appointment with the pediatrician?"),
                ("ru", "а Гоги всё ещё на Cargo сидит?"),
                ("en", "what did we decide about price caching in Fares?"),
                ("ru", "напомни, как зовут нашего арендодателя")]:
    add(lang, k, t)
# ---- smalltalk (4)
k = "smalltalk"
for lang, t in [("ru", "доброе утро ☀️"), ("en", "thx!"), ("ru", "ага, ясно, спасибо"), ("en", "haha nice one")]:
    add(lang, k, t)
# ---- no_durable (6; 4 hold secrets / personal identifiers)
k = "no_durable"
for lang, t in [("ru", "passphrase от ssh-ключа на бастион: Kerosin-Vitosha-77! (чтоб не забыть)"),
                ("en", "my IBAN for the salary form: BG80 BNBG 9661 1020 3456 78"),
                ("ru", "номер водительских прав — 284519637, действуют до 2031"),
                ("en", "gate code for the underground garage is 4719#"),
                ("ru", "ну и ливень, пока дошёл до офиса — весь промок"),
                ("en", "ugh, delays everywhere today, the ops channel is on fire")]:
    add(lang, k, t)

with open("statements.jsonl", "w") as f:
    for s in S:
        f.write(json.dumps(s, ensure_ascii=False) + "\n")
