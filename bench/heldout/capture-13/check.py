import json, collections, sys
g = [json.loads(l) for l in open("graph.jsonl")]
names = {o["name"] for o in g if o["type"] == "entity"}
owner = [n for n in names if n.startswith("User:")][0]
probs = []; ids = set(); kinds = collections.Counter(); langs = collections.Counter(); items = 0
for i, l in enumerate(open("statements.jsonl"), 1):
    s = json.loads(l)
    if s["id"] in ids: probs.append(f"dup id {s['id']}")
    ids.add(s["id"]); kinds[s["kind"]] += 1; langs[s["lang"]] += 1
    e = s["expect"]; en = {x["name"] for x in e["entities"]}
    for x in e["entities"]:
        if not x.get("optional"): items += 1
    for r in e["relations"]:
        if not r.get("optional"): items += 1
        for end in (r["from"], r["to"]):
            if end != owner and end not in names and end not in en:
                probs.append(f"{s['id']}: {end} neither in graph nor expected")
            if end.startswith("User:") and end != owner: probs.append(f"{s['id']}: owner {end}")
print("problems:", probs or "none")
print("kinds:", dict(kinds)); print("langs:", dict(langs)); print("recall items:", items)
print("graph:", len(names), "entities,", sum(o["type"] == "relation" for o in g), "relations,",
      sum(n.startswith("Person:") for n in names), "people,", sum(n.startswith("Project:") for n in names), "projects")
