#!/usr/bin/env python3
"""Write a large, valid hoard export (JSON lines) for the scale benchmarks.

    benches/make_campaign.py EVENTS ITEMS_EXPORT > campaign.jsonl

ITEMS_EXPORT is an export of a campaign made by `hoard generate any` (its item_created lines
give real items). The campaign: CHARACTERS characters (20 unless a third argument says), the items shared among them, three benchmark
props (a character "Bench" of 9,999 HP, a wand "Bench Wand" with 10,000 charges, a sentient sword
"Bench Sword"), then play until EVENTS events: sessions, damage and healing, rolls, the clock,
items changing hands, charges spent, sword checks and uses. Every event is one the projector
accepts, so `hoard import` loads it and `hoard check` passes.
"""
import json
import random
import sys

events_wanted = int(sys.argv[1])
items_source = sys.argv[2]
characters = int(sys.argv[3]) if len(sys.argv) > 3 else 20
rng = random.Random(7)
out = sys.stdout
seq = 0
clock = 0
session = None
sessions = 0
wall = "2026-01-01T00:00:00.000Z"


def emit(event, cause=None):
    global seq
    seq += 1
    line = {
        "seq": seq,
        "cause": cause,
        "session": session,
        "game_time": clock,
        "wall_time": wall,
        "event": event,
    }
    out.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False))
    out.write("\n")
    return seq


body = []  # events are buffered so the header can announce their number


def character(cid, name, alignment, hp=30):
    return {
        "id": cid, "name": name, "alignment": alignment, "class": "fighter", "level": 3,
        "str": 12, "wis": 11, "hp": hp, "hp_max": hp, "reads_magic": False, "literate": True,
    }


def main():
    global clock, session, sessions, out
    real_out = out
    out = open("/dev/null", "w") if False else _Buffer()
    names = ["Bench"] + [f"Hero {i}" for i in range(1, characters)]
    ids = [f"00000000-0000-4000-8000-{i:012d}" for i in range(characters)]
    alignments = ["lawful", "neutral", "chaotic"]
    emit({"kind": "campaign_created", "name": "bench"})
    for i, (cid, name) in enumerate(zip(ids, names)):
        # Bench takes every benchmark's blows (`character damage Bench 1`, hundreds of times).
        hp = 9999 if name == "Bench" else 30
        emit({"kind": "character_added", "character": character(cid, name, alignments[i % 3], hp)})
    holders = {}
    wands = {}
    with open(items_source) as f:
        f.readline()
        for line in f:
            ev = json.loads(line)["event"]
            if ev["kind"] != "item_created":
                continue
            item = ev["item"]
            holder = rng.choice(ids)
            item["holder"] = holder
            holders[item["id"]] = holder
            if item.get("charges") and item["category"] in ("wand", "rod", "staff"):
                wands[item["id"]] = item["charges"]
            emit({"kind": "item_created", "item": item, "origin": ev["origin"]})
    wand = {"id": "00000000-0000-4000-9000-000000000001", "name": "Bench Wand", "name_fr": "Bench Wand",
            "category": "wand", "holder": ids[0], "charges": 10000, "status": "intact", "identity": {}}
    emit({"kind": "item_created", "item": wand, "origin": {"how": "added"}})
    sword_id = "00000000-0000-4000-9000-000000000002"
    power = lambda pid, name, uses: {"id": pid, "name": name, "name_fr": name, "uses": uses}
    sword = {"id": sword_id, "name": "Bench Sword", "name_fr": "Bench Sword", "category": "sword",
             "holder": ids[1], "charges": None, "status": "intact",
             "identity": {"initiative": 3, "level": 12, "sentience": {
                 "int": 7, "ego": 1, "alignment": "lawful", "communication": "empathy", "reads": False,
                 "languages": 0, "sensory_powers": [power("detect-slopes", "Detect slopes", "at-will")],
                 "extraordinary_powers": [], "special_purpose": None}}}
    emit({"kind": "item_created", "item": sword, "origin": {"how": "added"}})
    holders[sword_id] = ids[1]
    movable = [i for i in holders if i != sword_id]
    hp = {who: 30 for who in range(1, characters)}
    while seq < events_wanted - 2:
        if session is None:
            sessions += 1
            # A session's start is stamped with the session it starts, as hoard records it.
            session = sessions
            emit({"kind": "session_started", "number": sessions, "title": f"Session {sessions}"})
            continue
        r = rng.random()
        who = rng.randrange(1, characters)
        # Wounds that never fell anyone (the fallen cannot act, and the benchmarks have the
        # heroes act), nor Hero 1, who wields the benchmark's sword (a wounded wielder calls for
        # another check): a blow leaves at least 1 HP, else the hero is healed instead.
        amount = rng.randint(1, 6)
        if r < 0.25 and who != 1 and hp[who] > amount:
            hp[who] -= amount
            emit({"kind": "character_damaged", "character": ids[who], "name": names[who], "amount": amount, "hp": 0})
        elif r < 0.45:
            hp[who] = min(hp[who] + amount, 30)
            emit({"kind": "character_healed", "character": ids[who], "name": names[who], "amount": amount, "hp": 0})
        elif r < 0.60:
            face = rng.randint(1, 20)
            emit({"kind": "dice_rolled", "roll": {"expr": "1d20", "faces": [face], "total": face}})
        elif r < 0.68:
            rounds = rng.randint(1, 10)
            # Stamped with the clock it starts from, as hoard records it; the clock moves after.
            emit({"kind": "time_advanced", "rounds": rounds, "clock": clock + rounds})
            clock += rounds
        elif r < 0.85 and movable:
            item = rng.choice(movable)
            to = rng.choice([i for i in ids[1:] if i != holders[item]])
            emit({"kind": "item_passed", "item": item, "item_name": "item", "item_name_fr": "objet",
                  "from": holders[item], "to": to, "to_name": names[ids.index(to)]})
            holders[item] = to
        elif r < 0.95 and wands:
            wid = rng.choice(list(wands))
            if wands[wid] > 1:
                wands[wid] -= 1
                act = {"item": wid, "item_name": "wand", "item_name_fr": "baguette",
                       "character": holders[wid], "character_name": names[ids.index(holders[wid])]}
                emit({"kind": "charges_spent", **act, "charges": 1, "remaining": wands[wid],
                      "backfired": False, "drained": False, "crumble": None})
            else:
                del wands[wid]
        else:
            holder = holders[sword_id]
            act = {"item": sword_id, "item_name": "Bench Sword", "item_name_fr": "Bench Sword",
                   "character": holder, "character_name": names[ids.index(holder)]}
            used = emit({"kind": "sword_wielded", **act})
            d10 = rng.randint(1, 10)
            emit({"kind": "control_checked", **act, "trigger": "alignment",
                  "sword_will": {"int": 7, "ego": 1, "extraordinary": 0,
                                 "alignment_roll": {"expr": "1d10", "faces": [d10], "total": d10},
                                 "total": 8 + d10},
                  "character_will": {"str": 12, "wis": 11, "penalty": None, "total": 23},
                  "controlled": False}, cause=used)
        if seq % 5000 == 0:
            emit({"kind": "session_ended", "number": session})
            session = None
    if session is not None:
        emit({"kind": "session_ended", "number": session})
    header = {"hoard": "campaign", "format": 1, "campaign": "bench", "events": seq, "voided": [],
              "tables": {"source": "shipped", "tables": []}}
    real_out.write(json.dumps(header, separators=(",", ":")) + "\n")
    out.flush_to(real_out)


class _Buffer:
    """Events go to a temporary file first: the header, written last, goes first."""

    def __init__(self):
        import tempfile
        self.file = tempfile.TemporaryFile("w+", encoding="utf-8")

    def write(self, text):
        self.file.write(text)

    def flush_to(self, target):
        self.file.seek(0)
        while True:
            chunk = self.file.read(1 << 20)
            if not chunk:
                break
            target.write(chunk)


if __name__ == "__main__":
    main()
