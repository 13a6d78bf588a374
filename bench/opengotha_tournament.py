#!/usr/bin/env python3
"""Writes a synthetic McMahon tournament as an OpenGotha XML file, for pairing benchmarks.

    bench/opengotha_tournament.py PLAYERS [ROUNDS_PLAYED] > tournament.xml

PLAYERS players from 20k to 6d (most around 5k), in 60 clubs of 8 countries; ROUNDS_PLAYED
rounds (default 3) already played, each paired by McMahon score with neighbours and won by
the stronger player three times in four; the tournament has two more rounds to pair.
Deterministic: the same arguments write the same file.
"""
import sys

players = int(sys.argv[1])
played = int(sys.argv[2]) if len(sys.argv) > 2 else 3
state = 12345


def draw(limit):
    """A number in 0..limit from a linear congruential generator (deterministic)."""
    global state
    state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
    return (state >> 33) % limit


def rank_name(value):
    return f"{-value}K" if value < 0 else f"{value + 1}D"


def start_score(value):
    return max(-20, min(3, value)) + 30


# Eight countries, as two-letter codes: the import refuses any other country.
COUNTRIES = ["FR", "DE", "NL", "CZ", "PL", "UA", "RO", "HU"]
ranks = [max(-20, min(5, -5 + draw(13) - draw(13))) for _ in range(players)]
keys = [f"PLAYER{index:04}TEST" for index in range(players)]
wins = [0] * players
met = [set() for _ in range(players)]
games = []
for round_number in range(1, played + 1):
    order = sorted(range(players), key=lambda p: (-(start_score(ranks[p]) + wins[p]), draw(1000)))
    waiting = list(order)
    table = 0
    while len(waiting) >= 2:
        first = waiting.pop(0)
        partner = next((i for i, other in enumerate(waiting) if other not in met[first]), 0)
        second = waiting.pop(partner)
        met[first].add(second)
        met[second].add(first)
        stronger_wins = draw(4) != 0
        first_wins = (ranks[first] >= ranks[second]) == stronger_wins
        winner = first if first_wins else second
        wins[winner] += 1
        table += 1
        result = "RESULT_BLACKWINS" if winner == first else "RESULT_WHITEWINS"
        games.append(f'<Game blackPlayer="{keys[first]}" handicap="0" knownColor="true" '
                     f'result="{result}" roundNumber="{round_number}" tableNumber="{table}" '
                     f'whitePlayer="{keys[second]}"/>')
    for alone in waiting:
        games.append(f'<ByePlayer player="{keys[alone]}" roundNumber="{round_number}"/>')

out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
       '<Tournament dataVersion="201" fullVersionNumber="3.51" runningMode="SAL">', '<Players>']
for index in range(players):
    out.append(f'<Player club="C{draw(60):02}" country="{COUNTRIES[draw(8)]}" firstName="Test" '
               f'name="Player{index:04}" participating="{"1" * 20}" rank="{rank_name(ranks[index])}" '
               f'rating="{2100 + 100 * ranks[index] + draw(100)}" registeringStatus="FIN" smmsCorrection="0"/>')
out.append('</Players>')
out.append('<Games>')
out.extend(games)
out.append('</Games>')
# Every parameter set OpenGotha writes (its McMahon defaults), so that OpenGotha itself opens
# the file and the two engines can be timed on the same round.
out.append('<TournamentParameterSet>')
out.append('<GeneralParameterSet bInternet="false" basicTime="60" beginDate="2026-01-01" '
           'canByoYomiTime="300" complementaryTimeSystem="STDBYOYOMI" director="" endDate="2026-01-01" '
           'fischerTime="10" genCountNotPlayedGamesAsHalfPoint="false" genMMBar="4D" genMMFloor="20K" '
           'genMMS2ValueAbsent="1" genMMS2ValueBye="2" genMMZero="30K" genNBW2ValueAbsent="0" '
           'genNBW2ValueBye="2" genRoundDownNBWMMS="true" komi="7.5" location="Bench" '
           f'name="Synthetic {players}" nbMovesCanTime="15" numberOfCategories="1" '
           f'numberOfRounds="{played + 2}" shortName="synthetic{players}" size="19" stdByoYomiTime="30"/>')
out.append('<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="1D"/>')
out.append('<PlacementParameterSet><PlacementCriteria>'
           '<PlacementCriterion name="MMS" number="1"/><PlacementCriterion name="SOSM" number="2"/>'
           '<PlacementCriterion name="SOSOSM" number="3"/><PlacementCriterion name="NULL" number="4"/>'
           '<PlacementCriterion name="NULL" number="5"/><PlacementCriterion name="NULL" number="6"/>'
           '</PlacementCriteria></PlacementParameterSet>')
out.append('<PairingParameterSet paiBaAvoidDuplGame="500000000000000" paiBaBalanceWB="1000000" '
           'paiBaDeterministic="true" paiBaRandom="0" paiMaAdditionalPlacementCritSystem1="Rating" '
           'paiMaAdditionalPlacementCritSystem2="NULL" paiMaAvoidMixingCategories="0" '
           'paiMaCompensateDUDD="true" paiMaDUDDLowerMode="MID" paiMaDUDDUpperMode="MID" '
           'paiMaDUDDWeight="100000000" paiMaLastRoundForSeedSystem1="2" paiMaMaximizeSeeding="5000000" '
           'paiMaMinimizeScoreDifference="100000000000" paiMaSeedSystem1="SPLITANDRANDOM" '
           'paiMaSeedSystem2="SPLITANDSLIP" paiSeAvoidSameGeo="100000000000" paiSeBarThresholdActive="true" '
           'paiSeDefSecCrit="100000000000" paiSeMinimizeHandicap="0" paiSeNbWinsThresholdActive="false" '
           'paiSePreferMMSDiffRatherThanSameClub="3" paiSePreferMMSDiffRatherThanSameCountry="1" '
           'paiSeRankThreshold="1D" paiStandardNX1Factor="0.5"/>')
out.append('<DPParameterSet displayClCol="true" displayCoCol="true" displayIndGamesInMatches="true" '
           'displayNPPlayers="false" displayNumCol="true" displayPlCol="true" gameFormat="full" '
           'playerSortType="name" showByePlayer="true" showNotFinallyRegisteredPlayers="true" '
           'showNotPairedPlayers="true" showNotParticipatingPlayers="false" showPlayerClub="true" '
           'showPlayerCountry="false" showPlayerGrade="true"/>')
out.append('<PublishParameterSet exportToLocalFile="true" htmlAutoScroll="false" print="true"/>')
out.append('</TournamentParameterSet>')
out.append('<TeamTournamentParameterSet><TeamGeneralParameterSet teamSize="4"/>'
           '<TeamPlacementParameterSet><PlacementCriteria>'
           '<PlacementCriterion name="TEAMP" number="1"/><PlacementCriterion name="BDW" number="2"/>'
           '<PlacementCriterion name="BDW3U" number="3"/><PlacementCriterion name="BDW2U" number="4"/>'
           '<PlacementCriterion name="BDW1U" number="5"/><PlacementCriterion name="MNR" number="6"/>'
           '</PlacementCriteria></TeamPlacementParameterSet></TeamTournamentParameterSet>')
out.append('</Tournament>')
print("\n".join(out))
