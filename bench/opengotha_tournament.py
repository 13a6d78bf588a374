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
       '<Tournament dataVersion="201">', '<Players>']
for index in range(players):
    out.append(f'<Player club="C{draw(60):02}" country="K{draw(8)}" firstName="Test" '
               f'name="Player{index:04}" participating="{"1" * 20}" rank="{rank_name(ranks[index])}" '
               f'rating="{2100 + 100 * ranks[index] + draw(100)}" registeringStatus="FIN"/>')
out.append('</Players>')
out.append('<Games>')
out.extend(games)
out.append('</Games>')
out.append('<TournamentParameterSet>')
out.append(f'<GeneralParameterSet genMMBar="4D" genMMFloor="20K" genMMZero="30K" komi="7.5" '
           f'name="Synthetic {players}" numberOfRounds="{played + 2}" shortName="synthetic{players}" size="19"/>')
out.append('<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="1D"/>')
out.append('<PlacementParameterSet><PlacementCriteria>'
           '<PlacementCriterion name="MMS" number="1"/><PlacementCriterion name="SOSM" number="2"/>'
           '<PlacementCriterion name="SOSOSM" number="3"/></PlacementCriteria></PlacementParameterSet>')
out.append('</TournamentParameterSet>')
out.append('</Tournament>')
print("\n".join(out))
