#!/usr/bin/env python3
"""Writes random tournament files in the shape OpenGotha 3.51 writes, full of the cases that
decide standings, and the list of rounds to record OpenGotha's standings after.

    generate.py OUTDIR N SEED

N files OUTDIR/gSEED_I.xml (4 to 16 players, 2 to 6 rounds declared, some played): absences
(some still paired), byes, players left unpaired, every result (unknown, jigo, both win, both
lose, by default), handicaps, McMahon corrections, bar and floor, categories, every credit
for byes and absences, genRoundDownNBWMMS and genCountNotPlayedGamesAsHalfPoint at random,
and a main criterion followed by one to five others. OUTDIR/list.txt lists
`file<TAB>round<TAB>table` for the rounds to record. Deterministic: the same arguments
write the same files. Environment: OFF=abs,bye,unpaired,unknown,bydef,both,jigo,hd,half,cat
leaves cases out; CORE=C1,C2,... draws the two criteria after the first from that list.
The golden files g6_* were written with SEED 6 and
CORE=SOSM,SOSW,SOSOSM,SOSOSW,SOSM-1,SOSW-1,SOSM-2,SOSW-2,SODOSM,SODOSW,CUSSM,CUSSW,EXT,EXR,DC,SDC,CAT,Rating,Rank
(N 400), g1_* with SEED 1 (N 300), g26_* with SEED 26 and CORE=CPS,STS,SOSTS (N 10; kept: 1, 2
and 8, the cup score with byes before the last round).
"""
import random, sys, os
out, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
R = random.Random(seed)
OFF = set(os.environ.get("OFF","").split(","))
CORE = os.environ.get("CORE")
SURN = ["Martin","Bernard","Dubois","Thomas","Robert","Richard","Petit","Durand","Leroy","Moreau","Simon","Laurent","Lefebvre","Michel","Garcia","David","Bertrand","Roux","Vincent","Fournier","Morel","Girard","Andre","Mercier","Dupont","Lambert","Bonnet","Francois","Martinez","Legrand"]
FIRST = ["Anna","Boris","Chloe","Denis","Emma","Felix","Gina","Hugo","Ines","Jules","Karl","Lea","Marc","Nina","Oscar","Paul"]
CRITS = ["SOSM","SOSW","SOSOSM","SOSOSW","SOSM-1","SOSW-1","SOSM-2","SODOSM","SODOSW","CUSSM","CUSSW","EXT","EXR","DC","SDC","CPS","Rating","Rank","SOSTS","STS","CAT","MMS","NBW"]
RESULTS = ["RESULT_WHITEWINS","RESULT_BLACKWINS","RESULT_EQUAL","RESULT_UNKNOWN","RESULT_BOTHWIN","RESULT_BOTHLOSE"]
def rank_name(v): return f"{-v}K" if v < 0 else f"{v+1}D"
def one(idx, mode):
    np = R.randint(4, 16)
    nr = R.randint(2, 6)
    names = set()
    players = []
    while len(players) < np:
        s, f = R.choice(SURN), R.choice(FIRST)
        if (s, f) in names: continue
        names.add((s, f))
        rank = R.randint(-20, 5)
        players.append(dict(name=s, first=f, key=(s+f).upper(), rank=rank, rating=R.randint(-900, 2700),
                            corr=R.choice([0,0,0,0,1,-1,2]), part=['1']*20))
    played = R.randint(1, nr)
    games, byes = [], []
    for r in range(1, played+1):
        avail = list(range(np))
        R.shuffle(avail)
        # absences
        for p in list(avail):
            if 'abs' not in OFF and R.random() < 0.12:
                players[p]['part'][r-1] = '0'
                if R.random() < 0.8: avail.remove(p)   # absent players usually not paired
        if len(avail) % 2 == 1 and 'bye' not in OFF and R.random() < 0.8:
            b = avail.pop()
            byes.append((r, b))
        # leave some unpaired
        while len(avail) >= 2 and ('unpaired' not in OFF or len(avail) % 2 == 1) and R.random() < (0.1 if 'unpaired' not in OFF else 1):
            avail.pop()
        t = 0
        while len(avail) >= 2:
            a, b = avail.pop(), avail.pop()
            t += 1
            res = R.choices(RESULTS, weights=[30,30,0 if "jigo" in OFF else 5,0 if "unknown" in OFF else 8,0 if "both" in OFF else 4,0 if "both" in OFF else 4])[0]
            if res != "RESULT_UNKNOWN" and "bydef" not in OFF and R.random() < 0.12: res += "_BYDEF"
            hd = 0 if "hd" in OFF else R.choice([0,0,0,0,1,2,3])
            games.append((r, t, a, b, res, hd))
    if mode == "mms":
        main = "MMS"
    elif mode == "nbw":
        main = "NBW"
    else:
        main = R.choice(["MMS","NBW","CAT","SOSM","Rating"])
    crit = [main] + R.sample([c for c in CRITS if c != main], R.randint(1, 5))
    if CORE: crit = [main] + R.sample(CORE.split(","), 2)
    g = dict(absM=R.randint(0,2), absN=R.randint(0,2), byeM=R.randint(0,2), byeN=R.randint(0,2),
             rd=R.choice(["true","false"]), half=("false" if "half" in OFF else R.choice(["true","false"])),
             bar=rank_name(R.randint(-5,5)), floor=rank_name(R.randint(-20,-8)))
    cats = ""
    ncat = 1
    if "cat" not in OFF and R.random() < 0.3:
        lims = sorted(R.sample(range(-15, 3), R.randint(1, 2)), reverse=True)
        ncat = len(lims) + 1
        cats = "<Categories>\n" + "".join(f'<Category lowerLimit="{rank_name(v)}" number="{i+1}"/>\n' for i, v in enumerate(lims)) + "</Categories>\n"
    L = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
         '<Tournament dataVersion="201" externalIPAddress="127.0.0.1" fullVersionNumber="3.51.02" runningMode="SAL" saveDT="20240101120000">',
         '<Players>']
    for p in players:
        L.append(f'<Player agaExpirationDate="" agaId="" club="Cl{R.randint(1,4)}" country="FR" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="{p["first"]}" grade="{rank_name(p["rank"])}" name="{p["name"]}" participating="{"".join(p["part"])}" rank="{rank_name(p["rank"])}" rating="{p["rating"]}" ratingOrigin="MAN" registeringStatus="FIN" smmsCorrection="{p["corr"]}"/>')
    L.append('</Players>\n<Games>')
    for (r, t, a, b, res, hd) in games:
        L.append(f'<Game blackPlayer="{players[a]["key"]}" handicap="{hd}" knownColor="true" result="{res}" roundNumber="{r}" tableNumber="{t}" whitePlayer="{players[b]["key"]}"/>')
    L.append('</Games>\n<ByePlayers>')
    for (r, b) in byes:
        L.append(f'<ByePlayer player="{players[b]["key"]}" roundNumber="{r}"/>')
    L.append('</ByePlayers>\n<TournamentParameterSet>')
    L.append(f'<GeneralParameterSet bInternet="false" basicTime="60" beginDate="2024-01-01" canByoYomiTime="300" complementaryTimeSystem="CANBYOYOMI" director="" endDate="2024-01-02" fischerTime="10" genCountNotPlayedGamesAsHalfPoint="{g["half"]}" genMMBar="{g["bar"]}" genMMFloor="{g["floor"]}" genMMS2ValueAbsent="{g["absM"]}" genMMS2ValueBye="{g["byeM"]}" genMMZero="30K" genNBW2ValueAbsent="{g["absN"]}" genNBW2ValueBye="{g["byeN"]}" genRoundDownNBWMMS="{g["rd"]}" komi="7.5" location="Paris" name="Gen {idx}" nbMovesCanTime="15" numberOfCategories="{ncat}" numberOfRounds="{nr}" shortName="gen{idx}" size="19" stdByoYomiTime="30">')
    L.append(cats + '</GeneralParameterSet>')
    L.append('<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="1D"/>')
    L.append('<PlacementParameterSet>\n<PlacementCriteria>')
    for i in range(6):
        L.append(f'<PlacementCriterion name="{crit[i] if i < len(crit) else "NULL"}" number="{i+1}"/>')
    L.append('</PlacementCriteria>\n</PlacementParameterSet>')
    L.append('<PairingParameterSet paiBaAvoidDuplGame="500000000000000" paiBaBalanceWB="1000000" paiBaDeterministic="true" paiBaRandom="0" paiMaAdditionalPlacementCritSystem1="RATING" paiMaAdditionalPlacementCritSystem2="NULL" paiMaAvoidMixingCategories="0" paiMaCompensateDUDD="true" paiMaDUDDLowerMode="MID" paiMaDUDDUpperMode="MID" paiMaDUDDWeight="100000000" paiMaLastRoundForSeedSystem1="1" paiMaMaximizeSeeding="5000000" paiMaMinimizeScoreDifference="100000000000" paiMaSeedSystem1="SPLITANDRANDOM" paiMaSeedSystem2="SPLITANDFOLD" paiSeAvoidSameGeo="100000000000" paiSeBarThresholdActive="true" paiSeDefSecCrit="100000000000" paiSeMinimizeHandicap="0" paiSeNbWinsThresholdActive="true" paiSePreferMMSDiffRatherThanSameClub="3" paiSePreferMMSDiffRatherThanSameCountry="1" paiSeRankThreshold="4D" paiStandardNX1Factor="0.5"/>')
    L.append('<DPParameterSet displayClCol="true" displayCoCol="true" displayIndGamesInMatches="true" displayNPPlayers="false" displayNumCol="true" displayPlCol="true" gameFormat="short" playerSortType="2" showByePlayer="true" showNotFinallyRegisteredPlayers="true" showNotPairedPlayers="true" showNotParticipatingPlayers="false" showPlayerClub="true" showPlayerCountry="false" showPlayerGrade="true"/>')
    L.append('<PublishParameterSet exportToLocalFile="true" htmlAutoScroll="false" print="false"/>')
    L.append('</TournamentParameterSet>\n<TeamTournamentParameterSet>\n<TeamGeneralParameterSet teamSize="4"/>\n<TeamPlacementParameterSet>\n<PlacementCriteria>\n<PlacementCriterion name="TEAMP" number="1"/>\n<PlacementCriterion name="BDW" number="2"/>\n<PlacementCriterion name="BDW3U" number="3"/>\n<PlacementCriterion name="BDW2U" number="4"/>\n<PlacementCriterion name="BDW1U" number="5"/>\n<PlacementCriterion name="MNR" number="6"/>\n</PlacementCriteria>\n</TeamPlacementParameterSet>\n</TeamTournamentParameterSet>\n</Tournament>')
    return "\n".join(L) + "\n", played, nr
lines = []
for i in range(n):
    mode = ["mms","nbw","any"][i % 3]
    text, played, nr = one(i, mode)
    p = os.path.join(out, f"g{seed}_{i}.xml")
    open(p, "w").write(text)
    for r in sorted({played, R.randint(1, played), nr}):
        lines.append(f"{p}\t{r}\t{p}.r{r}.tsv")
open(os.path.join(out, "list.txt"), "w").write("\n".join(lines) + "\n")
