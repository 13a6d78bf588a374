#!/usr/bin/env python3
"""Writes the pairing golden cases: OpenGotha tournament files in the shape OpenGotha
3.51.02 saves them (attributes in its order), with invented players.

    generate.py new NAME SYSTEM VERSION PLAYERS ROUNDS SEED > NAME.xml
        SYSTEM: mcmahon | swiss | swisscat; VERSION: 348 | 3.49.05 | 3.50.01 | 3.51.02 | 3.52.03
    generate.py play FILE.xml ROUND PAIRS.tsv SEED > NEXT.xml
        adds the games (and bye) of PAIRS.tsv (`table white black handicap` lines, then
        `BYE name`), as `arbitre pair` or OpenGotha prints a pairing, with results drawn
        from SEED (the stronger player wins more often).

The pairings the cases are built from are OpenGotha's own (see SOURCES.md)."""

import random
import sys
import xml.etree.ElementTree as ET

SURNAMES = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand",
            "Leroy", "Moreau", "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "David",
            "Bertrand", "Roux", "Vincent", "Fournier", "Morel", "Girard", "Andre", "Mercier",
            "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker",
            "de Vries", "Jansen", "Bakker", "Visser", "Smit", "Meijer", "Mulder", "Bos",
            "Éluard", "Œhmichen", "Zhang", "Wang", "Li", "Chen", "Liu", "Yang"]
FIRST = ["Anne", "Paul", "Marie", "Luc", "Jean", "Claire", "Hugo", "Léa", "Tom", "Eva",
         "Max", "Ida", "Noé", "Zoé", "Ugo", "Lou", "Jan", "Kees", "Sven", "Ute"]
CLUBS = {"FR": ["Pari", "Lyon", "Lill", "Toul"], "DE": ["Berl", "Hamb"],
         "NL": ["Amst", "Utre"], "CH": ["Gene"]}

DEFAULTS = {
    "mcmahon": dict(bar="4D", floor="20K", hd=("true", "9", "1", "1D"),
                    crit=["MMS", "SOSM", "SOSOSM"], cats=[],
                    pai=dict(add2="NULL", mix="0", seed1="SPLITANDRANDOM", seed2="SPLITANDSLIP",
                             geo="100000000000", defsec="100000000000", hd="0", wins="false",
                             club="3", country="1", thr="1D")),
    "swiss": dict(bar="9D", floor="30K", hd=("false", "0", "0", "30K"),
                  crit=["NBW", "SOSW", "SOSOSW"], cats=[],
                  pai=dict(add2="Rating", mix="0", seed1="SPLITANDSLIP", seed2="SPLITANDSLIP",
                           geo="0", defsec="20000000000000", hd="0", wins="true",
                           club="0", country="0", thr="30K")),
    "swisscat": dict(bar="9D", floor="30K", hd=("true", "9", "1", "9D"),
                     crit=["CAT", "NBW", "EXT", "EXR"], cats=["1D", "5K"],
                     pai=dict(add2="NULL", mix="20000000000000", seed1="SPLITANDRANDOM",
                              seed2="SPLITANDFOLD", geo="20000000000000",
                              defsec="20000000000000", hd="20000000000000", wins="true",
                              club="3", country="1", thr="1D")),
}


def rank_name(value):
    """30K = -30 ... 1D = 0 ... 9D = 8."""
    return f"{value + 1}D" if value >= 0 else f"{-value}K"


def new(name, system, version, count, rounds, seed):
    rng = random.Random(seed)
    d = DEFAULTS[system]
    root = ET.Element("Tournament")
    if version == "348":
        root.set("dataVersion", "201")
        root.set("externalIPAddress", "")
        root.set("gothaMinorVersion", "5")
        root.set("gothaVersion", "348")
    else:
        root.set("dataVersion", "201")
        root.set("externalIPAddress", "")
        root.set("fullVersionNumber", version)
        root.set("runningMode", "SAL")
    root.set("saveDT", "20250101120000")
    players = ET.SubElement(root, "Players")
    seen = set()
    for number in range(count):
        while True:
            surname, first = rng.choice(SURNAMES), rng.choice(FIRST)
            key = (surname + first).replace(" ", "").upper()
            if key not in seen:
                seen.add(key)
                break
        value = max(-30, min(8, int(rng.gauss(-6, 8))))
        country = rng.choice(["FR"] * 5 + ["DE", "NL", "CH"])
        club = rng.choice(CLUBS[country] + [""])
        participating = "".join("0" if rng.random() < 0.04 else "1" for _ in range(20))
        rating = 2100 + 100 * value + rng.randint(-49, 49)
        ET.SubElement(players, "Player", dict(
            agaExpirationDate="", agaId="", club=club, country=country, egfPin="",
            ffgLicence="", ffgLicenceStatus="", firstName=first, grade=rank_name(value),
            name=surname, participating=participating, rank=rank_name(value),
            rating=str(rating), ratingOrigin="", registeringStatus=
            "PRE" if rng.random() < 0.03 else "FIN", smmsCorrection="0"))
    ET.SubElement(root, "Games")
    ET.SubElement(root, "ByePlayers")
    tps = ET.SubElement(root, "TournamentParameterSet")
    general = ET.SubElement(tps, "GeneralParameterSet", dict(
        bInternet="false", basicTime="60", beginDate="2025-01-01", canByoYomiTime="300",
        complementaryTimeSystem="STDBYOYOMI", director="", endDate="2025-01-02",
        fischerTime="10", genCountNotPlayedGamesAsHalfPoint="false", genMMBar=d["bar"],
        genMMFloor=d["floor"], genMMS2ValueAbsent="1", genMMS2ValueBye="2", genMMZero="30K",
        genNBW2ValueAbsent="0", genNBW2ValueBye="2", genRoundDownNBWMMS="true", komi="7.5",
        location="Nowhere", name=name, nbMovesCanTime="15",
        numberOfCategories=str(len(d["cats"]) + 1), numberOfRounds=str(rounds),
        shortName=name, size="19", stdByoYomiTime="30"))
    if d["cats"]:
        cats = ET.SubElement(general, "Categories")
        for number, limit in enumerate(d["cats"], 1):
            ET.SubElement(cats, "Category", dict(lowerLimit=limit, number=str(number)))
    based, ceiling, correction, threshold = d["hd"]
    ET.SubElement(tps, "HandicapParameterSet", dict(
        hdBasedOnMMS=based, hdCeiling=ceiling, hdCorrection=correction,
        hdNoHdRankThreshold=threshold))
    criteria = ET.SubElement(ET.SubElement(tps, "PlacementParameterSet"), "PlacementCriteria")
    for number in range(6):
        crit = d["crit"][number] if number < len(d["crit"]) else "NULL"
        ET.SubElement(criteria, "PlacementCriterion", dict(name=crit, number=str(number + 1)))
    p = d["pai"]
    ET.SubElement(tps, "PairingParameterSet", dict(
        paiBaAvoidDuplGame="500000000000000", paiBaBalanceWB="1000000",
        paiBaDeterministic="true", paiBaRandom="0",
        paiMaAdditionalPlacementCritSystem1="Rating",
        paiMaAdditionalPlacementCritSystem2=p["add2"], paiMaAvoidMixingCategories=p["mix"],
        paiMaCompensateDUDD="true", paiMaDUDDLowerMode="MID", paiMaDUDDUpperMode="MID",
        paiMaDUDDWeight="100000000", paiMaLastRoundForSeedSystem1="2",
        paiMaMaximizeSeeding="5000000", paiMaMinimizeScoreDifference="100000000000",
        paiMaSeedSystem1=p["seed1"], paiMaSeedSystem2=p["seed2"], paiSeAvoidSameGeo=p["geo"],
        paiSeBarThresholdActive="true", paiSeDefSecCrit=p["defsec"],
        paiSeMinimizeHandicap=p["hd"], paiSeNbWinsThresholdActive=p["wins"],
        paiSePreferMMSDiffRatherThanSameClub=p["club"],
        paiSePreferMMSDiffRatherThanSameCountry=p["country"], paiSeRankThreshold=p["thr"],
        paiStandardNX1Factor="0.5"))
    return root


def rank_value(text):
    number = int(text[:-1])
    return number - 1 if text[-1].upper() == "D" else -number


def play(path, round_number, pairs, seed):
    tree = ET.parse(path)
    root = tree.getroot()
    rng = random.Random(seed * 1000 + round_number)
    by_name = {}
    for player in root.iter("Player"):
        key = (player.get("name") + player.get("firstName")).replace(" ", "").upper()
        by_name[player.get("name") + " " + player.get("firstName")] = (key, player)
    games = root.find("Games")
    for line in open(pairs, encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        if fields[0] == "table":
            continue
        if fields[0] == "BYE":
            ET.SubElement(root.find("ByePlayers"), "ByePlayer", dict(
                player=by_name[fields[1]][0], roundNumber=str(round_number)))
            continue
        table, white, black, handicap = fields[0], fields[1], fields[2], int(fields[3])
        (wkey, wp), (bkey, bp) = by_name[white], by_name[black]
        edge = rank_value(wp.get("rank")) - rank_value(bp.get("rank")) - handicap
        white_wins = rng.random() < min(0.9, max(0.1, 0.5 + 0.08 * edge))
        result = "RESULT_WHITEWINS" if white_wins else "RESULT_BLACKWINS"
        ET.SubElement(games, "Game", dict(
            blackPlayer=bkey, handicap=str(handicap), knownColor="true", result=result,
            roundNumber=str(round_number), tableNumber=str(int(table)), whitePlayer=wkey))
    return root


def write(root):
    ET.indent(root, "    ")
    sys.stdout.write('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n')
    sys.stdout.write(ET.tostring(root, encoding="unicode").replace(" />", "/>"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    if sys.argv[1] == "new":
        _, _, name, system, version, count, rounds, seed = sys.argv
        write(new(name, system, version, int(count), int(rounds), int(seed)))
    elif sys.argv[1] == "play":
        _, _, path, round_number, pairs, seed = sys.argv
        write(play(path, int(round_number), pairs, int(seed)))
    else:
        sys.exit(__doc__)
