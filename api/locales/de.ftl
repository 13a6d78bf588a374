# Die Seiten von arbitre auf Deutsch.

## Die Sprache
language-name = Deutsch
language-switch = Sprache
decimal-separator = ,

## Daten
date = { $day }. { $month } { $year }
date-span = { $start } – { $end }
moment = { $date }, { $time } Uhr
month-1 = Januar
month-2 = Februar
month-3 = März
month-4 = April
month-5 = Mai
month-6 = Juni
month-7 = Juli
month-8 = August
month-9 = September
month-10 = Oktober
month-11 = November
month-12 = Dezember

## Jede Seite
skip-to-content = Zum Inhalt springen
nav-account = Konto
nav-dashboard = Verwaltung
signed-in-as = Angemeldet als { $who }
signed-in-label-role = { $label } ({ $role })
sign-out = Abmelden
sign-in = Anmelden
role-admin = Administrator
role-organizer = Ausrichter
role-referee = Schiedsrichter
role-table = Brett

## Startseite
home-title = Turniere
home-empty = Noch kein Turnier.
home-older = { $count ->
    [one] Und { $count } älteres Turnier.
   *[other] Und { $count } ältere Turniere.
}

## Die öffentlichen Seiten eines Turniers
nav-tournament = Turnier
nav-rounds = Runden
tab-pairings = Paarungen
tab-standings = Tabelle
round-number = Runde { $round }
pairings-title = Runde { $round } · { $tournament }
find-board = Finde dein Brett
find-name = Dein Name
find-button = Suchen
find-nobody = Kein Spieler der Runde { $round } passt.
find-list = Spieler der Runde { $round } nach Namen
find-where = Brett { $table }, { $colour }, gegen { $opponent }
find-bye = spielfrei in dieser Runde
tables-title = Runde { $round } nach Brett
tables-unpaired = Runde { $round } ist noch nicht gepaart.
tables-caption = Partien der Runde { $round }, nach Brett
column-table = Brett
column-white = Weiß
column-black = Schwarz
column-handicap = Vorgabe
column-result = Ergebnis
column-place = Platz
column-player = Spieler
column-club = Verein
standings-title = Tabelle nach Runde { $round } · { $tournament }
standings-after = Tabelle nach Runde { $round }
colour-black = Schwarz
colour-white = Weiß

## Ergebnisse
result-black-wins = Schwarz gewinnt
result-black-wins-by-default = Schwarz gewinnt kampflos
result-white-wins = Weiß gewinnt
result-white-wins-by-default = Weiß gewinnt kampflos
result-jigo = Unentschieden (Jigo)
result-both-win = Beide gewinnen
result-both-lose = Beide verlieren
result-void = Annulliert

## Anmelden
sign-in-title = Anmelden
sign-in-explained = Füge den Schlüssel ein, den dir der Ausrichter gegeben hat. Er bleibt in diesem Browser, bis du dich abmeldest.
sign-in-token = Schlüssel
sign-in-invalid = Dieser Schlüssel ist ungültig: Prüfe ihn mit dem Ausrichter.
link-explained = Dieser Link meldet diesen Browser einmalig als { $label } an. Er bleibt angemeldet, bis er sich abmeldet oder die Turnierleitung ihn widerruft.
link-button = Als { $label } anmelden
link-used = Dieser Link wurde schon benutzt: Bitte die Turnierleitung um einen neuen.
link-expired = Dieser Link ist abgelaufen: Bitte die Turnierleitung um einen neuen.
link-invalid = Dieser Link ist ungültig: Bitte die Turnierleitung um einen neuen.

## Fehlerseiten
error-title = { $status ->
    [400] Ungültige Anfrage
    [401] Nicht angemeldet
    [403] Nicht erlaubt
    [404] Nicht gefunden
    [409] Konflikt
    [410] Nicht mehr verfügbar
    [422] Nicht ausgeführt
    [503] Server ausgelastet
   *[other] Fehler
}
error-server = Der Server konnte nicht antworten. Versuche es gleich noch einmal.
error-back = Zurück zu den Turnieren

## Wertungskriterien (neben den Kürzeln von OpenGotha)
criterion-cat = Kategorie
criterion-mms = McMahon-Punkte
criterion-bzs = Breizh-Punkte
criterion-nbw = Anzahl der Siege
criterion-sts = Straßburg-Punkte
criterion-sosts = Summe der Straßburg-Punkte der Gegner
criterion-cps = Pokalwertung
criterion-sos = { $basis ->
    [wins] Summe der Siege der Gegner
   [breizh] Summe der Breizh-Punkte der Gegner
   *[mms] Summe der McMahon-Punkte der Gegner
}
criterion-sos-minus-1 = { $basis ->
    [wins] Summe der Siege der Gegner ohne den schwächsten
   [breizh] Summe der Breizh-Punkte der Gegner ohne den schwächsten
   *[mms] Summe der McMahon-Punkte der Gegner ohne den schwächsten
}
criterion-sos-minus-2 = { $basis ->
    [wins] Summe der Siege der Gegner ohne die zwei schwächsten
   [breizh] Summe der Breizh-Punkte der Gegner ohne die zwei schwächsten
   *[mms] Summe der McMahon-Punkte der Gegner ohne die zwei schwächsten
}
criterion-sodos = { $basis ->
    [wins] Summe der Siege der besiegten Gegner
   [breizh] Summe der Breizh-Punkte der besiegten Gegner
   *[mms] Summe der McMahon-Punkte der besiegten Gegner
}
criterion-sosos = Summe der SOS der Gegner
criterion-cuss = { $basis ->
    [wins] Kumulierte Summe der Siege
   [breizh] Kumulierte Summe der Breizh-Punkte
   *[mms] Kumulierte Summe der McMahon-Punkte
}
criterion-ext = Versuchte Exploits
criterion-exr = Gelungene Exploits
criterion-dc = Direkter Vergleich
criterion-sdc = Vereinfachter direkter Vergleich
criterion-rank = Rang
criterion-rank-short = Rang
criterion-rating = Wertung
criterion-rating-short = Wertung

## Die Worte eines Problems auf einer Fehlerseite
problem-not-found-tournament = Dieses Turnier gibt es nicht.
problem-not-found-player = Diesen Spieler gibt es in diesem Turnier nicht.
problem-not-found-round = Dieses Turnier hat keine Runde mit dieser Nummer.
problem-not-found-pairing = Diese Partie gibt es in dieser Runde nicht.
problem-not-found-game = Diese Partie gibt es nicht.
problem-not-found-route = Unter dieser Adresse gibt es keine Seite.
problem-auth-missing-token = Bitte zuerst anmelden.
problem-auth-invalid-token = Diese Anmeldung gilt nicht mehr: Bitte neu anmelden.
problem-service-busy = Der Server ist ausgelastet: Versuche es gleich noch einmal.
problem-service-stopping = Der Server startet neu: Versuche es gleich noch einmal.
problem-database-unavailable = Der Server erreicht seine Datenbank nicht: Versuche es gleich noch einmal.
problem-round-started = Die Runde hat begonnen: Ihre Paarung ändert sich nur durch eine Schiedsrichterentscheidung, aus dem Saal des Schiedsrichters.
problem-round-not-paired = Diese Runde hat keine Paarung zum Zurückziehen.
problem-pairing-has-game = Die Partie dieses Bretts hat begonnen: Was gespielt wurde, bleibt, und ein Schiedsrichter korrigiert es durch eine Entscheidung.
problem-round-has-games = Diese Runde hat Partien oder Ergebnisse: Was gespielt wurde, bleibt.
problem-round-not-last = Nur die letzte Runde des Turniers kann gelöscht werden: Lösche zuerst die späteren Runden.

## Das Tablet am Brett: die Seite und die Worte seines Skripts
tablet-title = Brett
tablet-far-side = Ferne Seite des Tisches
tablet-near-side = Nahe Seite des Tisches
tablet-board-name = Das Brett
tablet-waiting = Warte auf die Runde.
tablet-start = Partie beginnen
tablet-beeps = Pieptöne in den letzten zehn Sekunden
tablet-swap = Seiten tauschen
tablet-link-connecting = verbinde…
tablet-link-online = online
tablet-link-offline = offline
tablet-link-reconnecting = verbinde neu…
tablet-after-start = dem Beginn der Partie
tablet-after-turn = Zug { $turn }
tablet-illegal-occupied = Ungültiger Zug: Dieser Punkt ist schon besetzt.
tablet-illegal-suicide = Ungültiger Zug: Selbstmord (der Stein hätte keine Freiheit und schlüge nichts).
tablet-illegal-ko = Ungültiger Zug: Ko. Sofortiges Zurückschlagen wiederholt die Stellung nach { $after }: Spiele zuerst woanders.
tablet-illegal-superko = Ungültiger Zug: Superko. Er wiederholte die Stellung nach { $after }.
tablet-illegal-handicap = Schwarz setzt zuerst die Vorgabesteine.
tablet-illegal-wrong-turn = { $who } ist am Zug.
tablet-illegal-off-board = Dieser Punkt liegt außerhalb des Bretts.
tablet-stale-turn = Die Partie war weiter: Das Brett ist jetzt aktuell.
tablet-game-paused = Der Schiedsrichter hatte die Partie unterbrochen.
tablet-game-finished = Die Partie ist beendet.
tablet-forbidden = Dieses Tablet darf in dieser Partie nicht mehr handeln.
tablet-signed-out = Dieses Tablet ist abgemeldet: Bitte die Turnierleitung um einen neuen Link.
tablet-refused = Der Server hat abgelehnt.
tablet-unreachable = Der Server ist nicht erreichbar: Versuche es gleich noch einmal.
tablet-black = Schwarz
tablet-white = Weiß
result-draw = Unentschieden (Jigo)
result-no-result = Kein Ergebnis (annulliert)
result-wins = { $winner } gewinnt
result-wins-resignation = { $winner } gewinnt durch Aufgabe
result-wins-time = { $winner } gewinnt durch Zeitüberschreitung
result-wins-forfeit = { $winner } gewinnt kampflos
result-wins-points = { $winner } gewinnt mit { $points } Punkten
tablet-then = : { $result }
tablet-ruling-warning = Verwarnung
tablet-ruling-warning-to = Verwarnung für { $who }
tablet-ruling-penalty = Strafe für { $who }
tablet-ruling-penalty-time = Strafe: { $who } verliert { $time }
tablet-ruling-time-gets = Zeitkorrektur: { $who } erhält { $time }
tablet-ruling-time-loses = Zeitkorrektur: { $who } verliert { $time }
tablet-ruling-pause = Uhren angehalten
tablet-ruling-resume = Uhren laufen wieder
tablet-ruling-dead-stones = Tote Steine vom Schiedsrichter bestimmt{ $then }
tablet-ruling-strict-count = Strenge Zählung (Regeln 5 und 6){ $then }
tablet-ruling-void = Die Partie ist annulliert (kein Ergebnis)
tablet-ruling-forfeit = { $who } verliert kampflos{ $then }
tablet-ruling-correction = Ergebnis korrigiert{ $then }
tablet-ruling-other = Eine Entscheidung des Schiedsrichters
tablet-ruling-banner = Entscheidung des Schiedsrichters: { $ruling }. Grund: { $reason }
tablet-board-one = Das Brett, { $count } Zug gespielt
tablet-board-other = Das Brett, { $count } Züge gespielt
tablet-board-last = , letzter Stein auf { $point }
tablet-board-chosen = , { $point } gewählt
tablet-tap-again = { $point }: Tippe noch einmal darauf oder drücke Spielen, um ihn zu spielen.
clock-no-limit = ohne Limit
clock-unlimited = ohne Zeitlimit
clock-out = Zeit abgelaufen
clock-main = Grundbedenkzeit
clock-fischer = Fischer, +{ $increment } pro Zug
clock-canadian = Kanadisch: { $stones } Steine in { $time }
clock-simple = { $time } pro Zug
clock-byo-yomi = Byo-Yomi { $period } von { $periods }
tablet-seat = { $colour }: { $name } ({ $rank })
tablet-prisoners-one = { $count } Gefangener
tablet-prisoners-other = { $count } Gefangene
tablet-accepted = Du akzeptierst diese toten Steine.
tablet-tap-dead = Tippe die toten Ketten an, dann akzeptiere.
tablet-accept = Zählung akzeptieren
tablet-dispute = Widersprechen: weiterspielen
tablet-paused-note = Der Schiedsrichter hat die Partie unterbrochen.
tablet-play = Spielen
tablet-play-point = { $point } spielen
tablet-pass = Passen
tablet-resign-confirm = Bestätigen: Ich gebe auf
tablet-keep-playing = Weiterspielen
tablet-resign = Aufgeben…
tablet-placing = Schwarz setzt Vorgabestein { $stone } von { $handicap }
tablet-to-play = { $colour } am Zug, Zug { $turn }
tablet-counting = Zählung (Regel 5 bis): Tippe jede tote Kette an, dann akzeptieren beide; ein Widerspruch setzt das Spiel fort
tablet-paused = Vom Schiedsrichter unterbrochen
tablet-over = Partie beendet: { $result }
tablet-over-ruling = Partie beendet: { $result } (Entscheidung des Schiedsrichters: { $reason })
tablet-round = Runde { $round }
tablet-table = Brett { $table }
tablet-no-game = Gerade keine Partie an diesem Brett: Die Partie der nächsten veröffentlichten Runde erscheint hier.
tablet-has-result = Die Partie dieses Bretts hat ihr Ergebnis: { $result }.
tablet-not-started = Die Partie hat nicht begonnen. Beginne sie, wenn die Runde beginnt.
tablet-terms-even = Ohne Vorgabe, Komi { $komi }
tablet-terms-handicap = Vorgabe { $handicap }, Komi { $komi }
tablet-not-recorded = Nicht gespeichert
tablet-counting-superseded = Die toten Steine wurden vor dem Senden geändert: Sieh dir den gezeigten Vorschlag an, dann akzeptiere oder bestreite ihn.
tablet-not-playing = Die Partie war für die Zählung angehalten.
tablet-not-counting = Die Partie wurde nicht mehr gezählt.
tablet-offline-since = Keine Verbindung zum Server seit { $since }.
tablet-offline-nothing = Nichts wartet auf das Senden.
tablet-offline-waiting-one = { $count } Schritt wartet auf diesem Tablet, in Reihenfolge, und wird von selbst gesendet.
tablet-offline-waiting-other = { $count } Schritte warten auf diesem Tablet, in Reihenfolge, und werden von selbst gesendet.
tablet-offline-keep-playing = Spielt weiter.
tablet-offline-kept = Die Seite ist auf diesem Tablet gespeichert: Neu laden ist sicher.
tablet-offline-do-not-reload = Diese Seite nicht neu laden: Sie erholt sich von selbst, wenn das Netz zurückkommt.
tablet-waiting-stones = , { $count } hier gespielt und noch nicht gesendet
tablet-both-passed = Beide Spieler haben gepasst: Die Zählung beginnt, wenn der Server die Pässe hat.
tablet-refused-step = Nicht gespeichert: { $what }. { $why }
tablet-behind = Er wartete hinter einem vom Server abgelehnten Schritt: Spiele ihn erneut, wenn er noch gilt.
tablet-seen = Gesehen
tablet-turn-pass = Pass von { $who } (Zug { $turn })
tablet-turn-resign = Aufgabe von { $who }
tablet-turn-move = { $who } auf { $point } (Zug { $turn })
tablet-step-propose = tote Steine von { $who }
tablet-step-accept = Annahme der Zählung durch { $who }
tablet-step-dispute = Widerspruch gegen die Zählung durch { $who }

## Regeln und Bedenkzeiten
rules-french = Französische Regeln (FFG)
rules-tromp-taylor = Tromp-Taylor
rules-chinese = Chinesische Regeln
rules-japanese = Japanische Regeln
rules-aga = AGA-Regeln
rules-new-zealand = Neuseeländische Regeln
time-none = Ohne Zeitlimit
time-absolute = { $main }, ohne Byo-Yomi
time-byo-yomi = { $main } + { $periods } × { $period } Byo-Yomi
time-canadian = { $main } + { $stones } Steine in { $period } (kanadisches Byo-Yomi)
time-fischer = Fischer { $main } + { $increment }
time-fischer-capped = { $fischer }, höchstens { $max }
time-simple = { $move } pro Zug
time-online-byo-yomi = { $main }, die letzten { $byo_yomi } als Byo-Yomi

## Saal und Brett des Schiedsrichters
hall-title = Saal, Runde { $round } · { $tournament }
hall-heading = Der Saal · Runde { $round }
hall-waiting = { $count ->
    [0] Kein Brett braucht den Schiedsrichter
    [one] { $count } Brett braucht den Schiedsrichter
   *[other] { $count } Bretter brauchen den Schiedsrichter
}
hall-table = Brett { $table }
hall-white = Weiß: { $player }
hall-black = Schwarz: { $player }
hall-phase-turns = { $count ->
    [one] { $phase }, { $count } Zug
   *[other] { $phase }, { $count } Züge
}
hall-result = Ergebnis: { $result }
hall-open = Brett { $table } öffnen
hall-tablet-online = Tablet online
hall-tablet-back = Tablet wieder online, { $count ->
    [one] { $count } Sendung wartet
   *[other] { $count } Sendungen warten
}
hall-tablet-offline = Tablet offline seit { $for }
need-disputed-count = Zählung bestritten
need-flag-fallen = Zeit abgelaufen
need-paused = Unterbrochen
need-running-long = Läuft lange
need-not-started = Nicht begonnen
need-in-play = Läuft
need-finished = Beendet
need-finished-by-hand = Beendet (Ergebnis von Hand)
phase-no-game = noch keine Partie
phase-on-paper = auf Papier gespielt
phase-placing = Vorgabesteine werden gesetzt
phase-counting = Zählung (Regel 5 bis)
phase-paused = vom Schiedsrichter unterbrochen
phase-not-started = nicht begonnen
phase-playing = läuft
phase-finished = beendet
referee-table-title = Brett { $table }, Runde { $round } · { $tournament }
referee-table-heading = Brett { $table }, Runde { $round }
referee-state = { $need }: { $phase }
referee-turn = Zug { $turn }
referee-to-play = , { $who } am Zug
referee-board = Das Brett nach Zug { $turn }
referee-actions = Der Schiedsrichter
referee-why = Grund (Pflicht)
referee-resume = Fortsetzen
referee-pause = Unterbrechen
referee-apply-title = Eine Entscheidung treffen
referee-ruling = Entscheidung
referee-why-kept = Grund (Pflicht, wird mit der Entscheidung gespeichert)
referee-player = Betroffener Spieler (Strafe, Zeit, kampflos, Verwarnung)
referee-nobody = keiner
referee-seconds = Hinzugefügte Sekunden (negativ: abgezogen)
referee-new-result = Neues Ergebnis (Korrektur: B+R, W+2.5, 0, Void)
referee-dead = Tote Ketten: auf dem Brett antippen oder je einen Stein benennen wie auf dem Brett, etwa D4 Q16 (durch Leerzeichen getrennt)
referee-apply = Entscheidung anwenden
ruling-warning = Verwarnung (nur vermerkt)
ruling-penalty = Strafe (Zeit abgezogen, oder vermerkt)
ruling-time-adjustment = Zeitkorrektur (Grundzeit hinzugefügt oder abgezogen)
ruling-pause = Uhren anhalten
ruling-resume = Uhren fortsetzen
ruling-dead-stones = Tote Steine einer bestrittenen Zählung (die Partie wird gezählt)
ruling-strict-count = Strenge Zählung (Regeln 5 und 6)
ruling-void = Annulliert (kein Ergebnis)
ruling-forfeit = Kampflos (der genannte Spieler verliert)
ruling-result-correction = Ergebniskorrektur
log-title = Das Protokoll, neueste zuerst
log-caption = Jeder Eintrag des Protokolls der Partie: Züge, Uhren, Zählung, Entscheidungen
log-time = Uhrzeit
log-what = Was
log-by = Von
log-whom = Spieler
log-by-server = der Server
log-other = ein Eintrag anderer Art
log-started = Uhren gestartet
log-move = { $who } spielt { $point }
log-pass = { $who } passt
log-resign = { $who } gibt auf
log-flag = { $who }: Zeit abgelaufen
log-propose = { $who } schlägt { $count ->
    [0] keinen toten Stein vor
    [one] eine tote Kette vor: { $points }
   *[other] { $count } tote Ketten vor: { $points }
}
log-accept = { $who } akzeptiert die Zählung
log-dispute = { $who } bestreitet die Zählung (Regel 5 bis)
log-refused-turn = Zug { $turn }, { $what }
log-refused = NICHT AUFGEZEICHNET, vom Tablet verspätet gesendet: { $what } — { $why ->
    [game-stale_turn] die Partie war weitergegangen (der Zug wurde inzwischen gespielt)
    [game-paused] der Schiedsrichter hatte die Partie unterbrochen
    [game-finished] die Partie war beendet
    [game-not_playing] die Partie war für die Zählung angehalten
    [game-not_counting] die Zählung war beendet
    [counting-superseded] die toten Steine hatten sich inzwischen geändert
   *[other] { $why }
}
log-ruling = Entscheidung: { $kind ->
    [warning] Verwarnung
    [penalty] Strafe
    [time_adjustment] Zeitkorrektur
    [pause] Pause
    [resume] Fortsetzung
    [dead_stones] tote Steine { $points }
    [strict_count] strenge Zählung
    [void] Annullierung
    [forfeit] kampflos
    [result_correction] Ergebniskorrektur
   *[other] { $kind }
} — { $reason }
time-system-byo-yomi = Japanisches Byo-Yomi
time-system-canadian = Kanadisches Byo-Yomi
time-system-fischer = Fischer
time-system-absolute = Ohne Byo-Yomi
time-keep = Beibehalten: { $control }

## The dashboard's standings and exports
dashboard-standings-title = Tabelle nach Runde { $round } · { $tournament } · Übersicht
dashboard-standings-heading = Tabelle · { $tournament }
wall-chart-link = Die Aushangtabelle nach Runde { $round }
wall-chart-link-why = : die Kreuztabelle der Runden, zum Drucken.
exports-title = Exporte nach Runde { $round }
export-egd = EGD-Ergebnisse (.{ $extension })
export-ffg = FFG-Ergebnisse (.tou)
export-aga = AGA-Ergebnisse
export-csv = Tabellenkalkulation (CSV)
export-opengotha = OpenGotha-Datei (XML)
export-blocked = kann nach Runde { $round } nicht geschrieben werden:
export-blocker-result = Runde { $round }, Brett { $table }: das Ergebnis von { $black } (Schwarz) gegen { $white } (Weiß) ist nicht bekannt.
export-blocker-colours = Runde { $round }, Brett { $table }: die Farben von { $black } und { $white } wurden nicht erfasst.
export-blocker-aga-id = { $player } hat keine AGA-ID: die AGA lehnt die Ergebnisse eines Spielers ohne ID ab.
export-blocker-egd-pin = { $player }: die EGD-PIN „{ $pin }“ besteht nicht aus 8 Ziffern.
export-blocker-licence = { $player }: die FFG-Lizenz „{ $licence }“ besteht nicht aus 7 Ziffern oder Großbuchstaben.
export-blocker-start-date = Das Anfangsdatum „{ $value }“ ist kein Datum (JJJJ-MM-TT).
export-blocker-end-date = Das Enddatum „{ $value }“ ist kein Datum (JJJJ-MM-TT).
export-blocker-shared-key = { $player } hat den OpenGotha-Schlüssel „{ $key }“ von { $others }: OpenGotha findet Spieler über ihren Schlüssel und würde sie zusammenlegen.
export-blocker-other = { $reason }
export-fix-result = Ergebnis eintragen
export-fix-round = Runde öffnen
export-fix-player = Spieler bearbeiten
export-fix-settings = Einstellungen bearbeiten
export-complete = Die bisher vollständigen Runden herunterladen (bis Runde { $round })
export-complete-why = Runde { $round } hat { $count ->
    [one] ein Ergebnis
   *[other] { $count } Ergebnisse
}, die noch nicht bekannt sind, und dieses Format kann kein unbekanntes Ergebnis enthalten.
export-egd-choices = Die EGD-Datei, nach Ihrer Wahl
export-egd-rank-after = Wertung nach
export-egd-round-shown = Runde { $round } (die gezeigte Runde)
export-egd-round-declared = Runde { $round }, die angekündigte Rundenzahl: noch nicht gespielte Runden zählen als Runden ohne Partie (wie OpenGotha)
export-egd-by-default = Kampflos gewonnene Partien
export-egd-plus-minus = 0+ für den Sieger, 0- für den Verlierer: der freie Sieg und die freie Runde der EGD
export-egd-equals = 0= für beide (wie OpenGotha)
export-egd-download = Die EGD-Datei herunterladen
export-refused-title = { $format }: kann nach Runde { $round } nicht geschrieben werden
export-back = Zurück zur Tabelle und zu den Exporten

## Die Einstellungen eines Turniers
settings-language = Sprache seiner Seiten (wenn der Browser des Lesers keine davon verlangt)
settings-time-zone = Zeitzone seiner Uhrzeiten (zum Beispiel Europe/Berlin)

## The dashboard: its common words / Le tableau de bord
colon = :{" "}
confirm-cancel = Abbrechen: alles so lassen
problems-not-done = Nicht ausgeführt:
round-of = Runde { $round } · { $tournament }
search-button = Suchen
column-name = Name
column-country = Land
column-komi = Komi
field-country = Land (zwei Buchstaben)
player-surname = Nachname
player-first-name = Vorname
player-rank = Spielstärke (12k, 3d)
player-details = Angaben
player-save = Speichern
player-withdraw-title = Rückzug
player-withdraw-explained = Wer noch nicht gespielt hat, verlässt das Turnier; wer schon gespielt hat, behält seine Partien und wird in den späteren Runden als abwesend geführt.
player-withdraw = Diesen Spieler zurückziehen
settings-title = Einstellungen · { $tournament }
settings-heading = Einstellungen von { $tournament }
settings-form = Einstellungen
settings-save = Einstellungen speichern
import-title = Eine OpenGotha-Datei importieren
import-file = OpenGotha-Turnierdatei (.xml)
import-button = Importieren
create-title = Ein Turnier anlegen
create-button = Turnier anlegen
unfinished-warning = { $count ->
    [one] Runde { $round } hat { $count } Brett ohne Ergebnis (Brett { $tables }): ein jetzt erstellter Entwurf paart, als wäre diese Partie nicht gespielt worden.
   *[other] Runde { $round } hat { $count } Bretter ohne Ergebnis (Bretter { $tables }): ein jetzt erstellter Entwurf paart, als wären diese Partien nicht gespielt worden.
}
unfinished-warning-many = Runde { $round } hat { $count } Bretter ohne Ergebnis: ein jetzt erstellter Entwurf paart, als wären diese Partien nicht gespielt worden.
unfinished-link = Die Ergebnisse von Runde { $round }
copied-title = Kopierte Spieler · { $tournament }
copied-heading = Aus { $from } kopierte Spieler
copied-registered = Angemeldet ({ $count })
copied-nobody = Niemand: alle Spieler sind schon angemeldet.
copied-skipped = Übersprungen: schon angemeldet ({ $count })
copied-same-pin = dieselbe EGD-PIN
copied-same-licence = dieselbe FFG-Lizenz
copied-same-name = derselbe Name
copied-back = Zurück zu den Spielern
imported-title = Importiert
imported-heading = Turnier importiert
imported-players = { $count } Spieler
imported-rounds = { $rounds } Runden, { $pairings } Paarungen ({ $unknown } noch ohne Ergebnis)
imported-byes = { $byes } Freilose, { $absences } Abwesenheiten
imported-warnings = Zu prüfen
imported-open = Seine Übersicht öffnen

## A tournament's dashboard / Le tableau de bord d'un tournoi
tournament-public-pages = öffentliche Seiten
tournament-tablets = die Tablets der Bretter
tournament-staff = Team und Zugänge
tournament-rating-lists = Ratinglisten
tournament-settings = Einstellungen
tournament-change-settings = Einstellungen ändern
tournament-board = Brett
tournament-rules = Regeln
tournament-time-control = Bedenkzeit
tournament-egf-class = EGF-Klasse
egf-class = { $class }, bereinigte Zeit { $minutes } Minuten
egf-class-named = EGF-Klasse { $class }
tournament-mcmahon = McMahon-Balken und -Boden
tournament-bar-floor = { $bar } und { $floor }
tournament-handicap = höchstens { $ceiling } Steine, der Unterschied weniger { $reduction }, ohne Vorgabe ab { $even }
tournament-language = Sprache seiner Seiten
tournament-time-zone = Zeitzone
tournament-no-round = Noch keine Runde.
tournament-standings-link = Rangliste und Exporte
tournament-round-started = begonnen
tournament-players = Spieler ({ $count })
tournament-no-player = Noch kein Spieler.
tournament-no-player-matches = Kein Spieler passt.
tournament-players-caption = Spieler in der Reihenfolge der Anmeldung
tournament-register = Einen Spieler anmelden
tournament-rating-lists-search = Ratinglisten
tournament-from-list = Aus einer Ratingliste: Name, PIN oder Lizenz
tournament-search-lists = In den Listen suchen
tournament-register-button = Anmelden
tournament-copy-title = Die Spieler eines früheren Turniers übernehmen
tournament-copy-explained = Hier schon angemeldete Spieler (dieselbe EGD-PIN oder FFG-Lizenz, sonst derselbe Name) werden übersprungen.
tournament-copy-button = Spieler übernehmen

## A tournament's settings form / Le formulaire des réglages
fields-tournament = Das Turnier
fields-place = Ort
fields-first-day = Erster Tag
fields-last-day = Letzter Tag
fields-rounds = Anzahl der Runden
fields-board = Brettgröße (19: 19×19)
fields-time-system = System
fields-main-time = Grundbedenkzeit (Minuten)
fields-periods = Perioden (Byo-Yomi) oder Steine (kanadisch)
fields-period = Periode oder Zuschlag (Sekunden)
fields-mcmahon-handicap = McMahon und Vorgabe
fields-bar = McMahon-Balken
fields-floor = McMahon-Boden
fields-ceiling = Höchstens Vorgabesteine (0: ohne Vorgabe)
fields-reduction = Vom Unterschied abgezogene Steine (-1: einer mehr)
fields-even = Ohne Vorgabe ab Spielstärke
fields-komi-disputes = Komi und Einsprüche
fields-komi-rules = das Komi der Regeln
fields-komi-fixed = dieses Komi für Partien ohne Vorgabe
fields-komi = Komi der Partien ohne Vorgabe, wenn festgelegt
fields-dispute = Eine nach einer strittigen Zählung fortgesetzte Partie endet
dispute-strict = mit strenger Zählung (Regeln 5 und 6: jeder Stein auf dem Brett lebt)
dispute-agree-again = wenn die Spieler sich erneut über die toten Steine einigen (Regel 5 bis)
dispute-four-passes = nach vier Pässen, das Brett gezählt, wie es steht (Tromp-Taylor)
fields-criteria = Platzierungskriterien
fields-criterion = Kriterium { $number }
criterion-none = keines
fields-parameters = Paarungsparameter (Namen von OpenGotha)
fields-parameter-default = OpenGotha: { $value }
parameter-system = Paarungssystem
parameter-opengotha = Befolgte OpenGotha-Version
parameter-numerator = { $factor } (Zähler)
parameter-denominator = { $factor } (Nenner)
choice-mc-mahon = McMahon
choice-swiss = Schweizer System
choice-swiss-with-categories = Schweizer System mit Kategorien
choice-round-robin = Jeder gegen jeden
choice-split-and-fold = Teilen und falten
choice-split-and-random = Teilen und losen
choice-split-and-slip = Teilen und verschieben
choice-top = Oben
choice-middle = Mitte
choice-bottom = Unten
choice-none = Keines
choice-rating = Wertung
choice-rank = Rang
choice-yes = Ja
choice-no = Nein

## Rounds, results, standings, staff / Rondes, résultats, classement, équipe
round-draft = Paarung entwerfen
round-who-plays = Wer spielt Runde { $round }
round-who-plays-explained = Nicht markierte Spieler werden gepaart; markieren Sie vor dem Entwurf die als abwesend, die nicht spielen.
round-participation-caption = Spieler und ihre Teilnahme an Runde { $round }
round-status = Status
round-change = Ändern
participation-present = anwesend
participation-absent = abwesend
participation-not-marked = nicht markiert
participation-mark-present = Als anwesend markieren
participation-mark-absent = Als abwesend markieren
round-print-link = Paarungsliste zum Drucken
round-sheets-link = Ergebniszettel zum Drucken
round-hall-link = Der Saal: alle Bretter live, für den Schiedsrichter
round-not-started = Runde { $round } hat nicht begonnen: ihre Ergebnisse werden erfasst, sobald sie begonnen hat.
round-start = Runde { $round } beginnen
round-tables = Bretter
round-tables-caption = Partien der Runde { $round }, nach Brett, mit ihren Ergebnissen
round-enter-result = Ergebnis eingeben oder berichtigen
round-result-of = von Brett { $table }
undo-table = Brett { $table } ({ $white } – { $black })
undo-table-change = Vor dem Beginn
undo-unpublish-title = Die Paarung der Runde { $round } zurückziehen
undo-unpublish-question = Die Paarung der Runde { $round } zurückziehen? Jedes Brett wird zurückgenommen (in den Löschungen aufbewahrt) und die Runde neu gepaart; bereits gedruckte Listen gelten nicht mehr.
undo-unpublish-button = Die Paarung der Runde { $round } zurückziehen
undo-unpublish-explained = Ein Fehler in der Paarung? Solange die Runde nicht begonnen hat, kann sie zurückgezogen und neu gemacht werden.
undo-delete-round-title = Runde { $round } löschen
undo-delete-round-question = Runde { $round }, die letzte des Turniers, löschen? Ihre Paarung und die Teilnahme ihrer Spieler gehen mit ihr, und das Turnier kündigt eine Runde weniger an.
undo-delete-round-button = Runde { $round } löschen
undo-delete-round-explained = Eine versehentlich angelegte Runde: Die letzte Runde ohne gespielte Partie kann gelöscht werden.
undo-unpair = Entpaaren
undo-unpair-title = Ein Brett entpaaren
undo-unpair-question = { $table } entpaaren? Seine beiden Spieler bleiben in dieser Runde ohne Partie, von Hand zu paaren oder mit Freilos.
undo-unpair-button = { $table } entpaaren
undo-terms-change = Ändern
undo-terms-title = Handicap oder Komi eines Bretts ändern
undo-terms-question = { $table } von Handicap { $handicap-before }, Komi { $komi-before } auf Handicap { $handicap }, Komi { $komi } ändern?
undo-terms-button = Brett { $table } ändern
undo-terms-komi-by-rule = das Komi des Turniers für dieses Handicap
result-why = Warum (mit der Änderung gespeichert)
result-why-example = von Hand erfasstes Ergebnis
result-record = Erfassen
result-changes = Änderungen
result-no-change = Keine von Hand erfasste Änderung.
result-changes-caption = Alle Änderungen dieses Ergebnisses, die älteste zuerst
column-when = Wann
column-who = Wer
column-why = Warum
column-before = Vorher
column-after = Nachher
column-what = Was
column-whom = Wen
column-role = Rolle
column-since = Seit
staff-credentials = Zugänge
staff-title = Team und Zugänge
staff-explained = Jeder Organisator, Schiedsrichter und jedes Brett meldet sich mit einem eigenen Zugang an, der hier mit einem Namen erstellt wird, der sagt, wer ihn hat: das Protokoll unten und der Verlauf der Ergebnisse nennen sie so.
staff-make = Einen Zugang erstellen
staff-role-referee = Schiedsrichter: Anmeldungen, Rundenbeginn, Ergebnisse, Entscheidungen
staff-role-organizer = Organisator: alles für dieses Turnier
staff-role-table = Brett: das Tablet eines Bretts
staff-who = Wer ihn hat
staff-table = Brett (für ein Brett)
staff-handover = Übergeben als
staff-handover-link = Ein einmaliger Anmeldelink und sein QR-Code ({ $hours } Stunden gültig)
staff-handover-secret = Das Geheimnis eines Tokens (für ein Skript oder die API)
staff-make-button = Zugang erstellen
staff-active = Aktive Zugänge
staff-none = Noch kein Zugang.
staff-revoke = Widerrufen
staff-revoke-of = Den Zugang von { $label } ({ $role }) widerrufen
staff-audit = Protokoll
staff-audit-none = Noch nichts entzogen oder rückgängig gemacht.
confirm-withdraw-title = Einen Spieler zurückziehen
confirm-withdraw-question = { $player } aus dem Turnier zurückziehen? Die Anmeldung und alles für ihn Eingegebene werden entfernt; ihn erneut anzumelden heißt, alles erneut einzugeben.
confirm-withdraw-button = { $player } zurückziehen
confirm-revoke-title = Einen Zugang widerrufen
confirm-revoke-question = Den Zugang von { $whom } widerrufen? Jeder damit angemeldete Browser, jedes Tablet und jedes Skript wird bei seiner nächsten Anfrage abgemeldet; für eine neue Anmeldung ist ein neuer Zugang nötig.
confirm-revoke-button = { $whom } widerrufen
audit-credential-revoked = hat den Zugang widerrufen
audit-player-withdrawn = hat den Spieler zurückgezogen
audit-player-changed = hat die Daten des Spielers geändert
audit-round-unpublished = hat die Paarung der Runde zurückgezogen
audit-table-unpaired = hat das Brett entpaart
audit-table-terms-changed = hat Handicap oder Komi geändert
audit-round-deleted = hat die Runde gelöscht
audit-change = { $field } { $before } → { $after }
audit-yes = ja
audit-no = nein
audit-field-surname = Nachname
audit-field-first-name = Vorname
audit-field-rank = Rang
audit-field-rating = Wertung
audit-field-country = Land
audit-field-club = Verein
audit-field-egd-pin = EGD-PIN
audit-field-ffg-licence = FFG-Lizenz
audit-field-aga-id = AGA-Kennung
audit-field-mcmahon-correction = McMahon-Korrektur
audit-field-preliminary = vorläufige Anmeldung
audit-field-paid = bezahlt
audit-field-comment = Kommentar
audit-field-handicap = Handicap
audit-field-komi = Komi
audit-field-tables = Bretter

## Examples / Exemples
staff-who-example = Maria

## Credentials, tablets, print pages / Accès, tablettes, pages à imprimer
made-title = Ein Zugang
made-heading = Der Zugang von { $who }
made-link = Geben Sie diesen Link { $who } oder lassen Sie den QR-Code scannen: er meldet einen Browser einmal an, bis { $expires }. Er wird nur jetzt gezeigt.
made-secret = Das Geheimnis des Tokens, nur jetzt gezeigt: fügen Sie es auf der Anmeldeseite ein oder senden Sie es als
made-back = Zurück zu den Zugängen
links-title = Anmeldelinks
links-heading = Anmeldelinks von { $tournament }
links-explained = Jeder Link meldet ein Tablet für sein Brett einmal an, bis { $expires }. Drucken Sie diese Seite jetzt: die Links werden nicht wieder gezeigt.
links-qr = QR-Code des Anmeldelinks von Brett { $table }
tablets-title = Die Tablets der Bretter
tablets-short = Tablets
tablets-loopback = Kein Tablet erreicht diesen Dienst: er lauscht nur auf einer Loopback-Adresse, die nur diesen Rechner erreicht. Beenden Sie ihn und starten Sie ihn neu mit
tablets-loopback-then = (alle Netze dieses Rechners) oder mit einer der Adressen dieses Rechners unten, und öffnen Sie diese Seite unter dieser Adresse: die Links tragen die Adresse, unter der die Seite geöffnet wurde.
tablets-opened-at = Diese Seite wurde geöffnet unter
tablets-opened-at-then = , einer Loopback-Adresse: die von dort gedruckten Links und QR-Codes würden jedes Tablet zu sich selbst schicken. Öffnen Sie diese Seite unter einer der Adressen dieses Rechners unten, im Netz des Saals, und drucken Sie die Links von dort.
tablets-no-address = Dieser Rechner hat keine andere Netzadresse: verbinden Sie ihn zuerst mit dem Netz des Saals.
tablets-explained = Ein Tablet wird einmal für ein Brett angemeldet und zeigt Runde für Runde die Partie, die die veröffentlichte Paarung an dieses Brett setzt. Drucken Sie für jedes Brett einen einmaligen Link und öffnen Sie jeden auf dem Tablet seines Bretts (QR-Code scannen): ein Link meldet ein Tablet an, innerhalb von { $hours } Stunden.
tablets-print-links = Anmeldelinks drucken
tablets-replace = Ein Tablet kaputt oder verloren: widerrufen Sie unten die Tablets seines Bretts und drucken Sie dann den Link dieses Bretts allein für das Ersatztablet.
tablets-print-one = Den Link dieses Bretts drucken
tablets-signed-in = Angemeldete Tablets
tablets-none = Noch kein Tablet angemeldet.
tablets-new-link = Ein neuer Link
tablets-new-link-button = Neuer Link
tablets-revoke-of = Die Tablets von Brett { $table } widerrufen
tablets-new-link-of = Einen neuen Link für Brett { $table } drucken
sheets-title = Ergebniszettel der Runde { $round } · { $tournament }
sheets-print = nutzen Sie die Druckfunktion des Browsers: ein Zettel pro Seite
sheets-heading = Ergebniszettel · { $tournament }, Runde { $round }
sheets-sheet = Runde { $round } · Brett { $table }
sheets-handicap = { $stones ->
    [0] keine
   *[other] { $stones } Steine
}
sheets-komi-tournament = das des Turniers
sheets-circle = Kreisen Sie den Sieger ein:
sheets-signature-white = Unterschrift Weiß
sheets-signature-black = Unterschrift Schwarz
print-title = Paarungen der Runde { $round } · { $tournament }
print-back = Zurück zu Runde { $round }
print-use = nutzen Sie die Druckfunktion des Browsers
print-heading = { $tournament }: Runde { $round }
print-by-table = Nach Brett
print-bye = spielfrei
print-by-name = Nach Name
column-colour = Farbe
column-opponent = Gegner

## Wall chart, rating lists / Tableau mural, listes de classement
wall-title = Wandtabelle nach Runde { $round }
wall-after = nach Runde { $round }
wall-key-reads = Eine Runde liest sich
wall-key-1 = : gegen den Spieler der Zeile 12, gewonnen (
wall-key-lost = verloren
wall-key-drawn = unentschieden
wall-key-unknown = noch nicht bekannt
wall-key-2 = ), mit Weiß (
wall-key-black = Schwarz
wall-key-3 = ), 3 Vorgabesteine;
wall-key-instead = statt
wall-key-default = für eine kampflos entschiedene Partie;
wall-key-bye = ein Freilos oder eine Abwesenheit und was sie zählt. Drucken Sie sie im Querformat auf A4 oder A3.
wall-line = Zeile
wall-wins = Siege
wall-round = R{ $round }
from-list-title = Aus einer Ratingliste anmelden
from-list-search = Name, PIN oder Lizenz
from-list-nobody = Niemand in den Listen des Turniers passt.
from-list-caption = Die besten Treffer zuerst, in den Listen des Turniers
from-list-list = Liste
refresh-title = Aktualisierung aus der { $list }-Liste
refresh-heading = Aktualisierung aus der { $list }-Liste vom { $date }
refresh-summary = { $changes } Änderungen vorgeschlagen; { $missing } Spieler nicht in der Liste gefunden.
refresh-in-list = In der Liste
refresh-apply = Die { $changes } Änderungen übernehmen

## Der Entwurf einer Runde
draft-title = Entwurf der Runde { $round }
draft-heading = Entwurf: nichts wird gespeichert, bevor Sie veröffentlichen
draft-caption = Die Paarung der Maschine und ihr Bericht
draft-caption-release = Die Paarung der Maschine (wie OpenGotha { $release } paart) und ihr Bericht
draft-report = Bericht
draft-change = Ändern
draft-swapped = Farben von Hand getauscht
draft-swap = Farben tauschen
draft-of-table = an Tisch { $table }
draft-why = Warum dieses Paar
question-mark = ?
draft-at-table = an Tisch { $table }
draft-bye = Spielfrei: { $player } ({ $rank })
draft-kept = Behaltene Paare: { $pairs }
draft-left-out = Aus diesem Entwurf genommen: { $players }
draft-why-title = Warum Tisch { $table }: { $white } gegen { $black }
draft-why-explained = Die Maschine paart die Runde so, dass alle Paare zusammen die Kriterien der Paarungseinstellungen von OpenGotha am besten erfüllen (seine Bewertungsfunktion): für { $white } allein ist { $black } die Wahl Nr. { $place } von { $candidates }.
draft-why-explained-rematch = Die Maschine paart die Runde so, dass alle Paare zusammen die Kriterien der Paarungseinstellungen von OpenGotha am besten erfüllen (seine Bewertungsfunktion): für { $white } allein ist { $black } die Wahl Nr. { $place } von { $candidates }, obwohl die beiden schon gegeneinander gespielt haben.
draft-criteria-caption = Das Paar, Kriterium für Kriterium (Paarungseinstellungen von OpenGotha)
draft-criterion = Kriterium
draft-this-pair = Dieses Paar
draft-costlier = Besser für { $white } allein, anderen überlassen, damit die ganze Runde am besten gepaart ist: { $others }.
draft-a-rematch = { $player } (schon gespielt)
draft-choice = { $player }, Tisch { $table }
draft-tables-legend = Tische: eine Partie an einen anderen Tisch verlegen (die Partie dort, falls es eine gibt, nimmt ihren Platz ein), oder die Tische nach den besten Punktständen neu nummerieren, wie die Maschine es tut
draft-to-table = an Tisch
draft-move = Verlegen
draft-renumber = Tische neu nummerieren
draft-two-legend = Zwei Spieler: sie tauschen (die Maschine entwirft neu und behält die zwei neuen Partien), oder sie miteinander paaren (die Maschine entwirft neu um diese Partie herum)
draft-with = mit
draft-exchange = Tauschen
draft-fix = Miteinander paaren
draft-leave-out-legend = Einen Spieler aus diesem Entwurf nehmen (die Anmeldung bleibt, wie sie ist)
draft-leave-out = Herausnehmen
draft-publish = Runde { $round } veröffentlichen
draft-again = Von vorn neu entwerfen
pairing-rematch = Dasselbe Paar nicht zweimal paaren
pairing-colours = Weiß und Schwarz ausgleichen
pairing-category = Kategorien nicht mischen
pairing-score = Punktunterschied minimieren
pairing-draw-up-down = Auf- und Abpaarung
pairing-seeding = Setzsystem
pairing-handicap = Vorgabe minimieren
pairing-geography = Paarungen im selben Land, Verein oder in derselben Gruppe vermeiden
pair-rematch = eine schon gespielte Begegnung
pair-first-meeting = eine erste Begegnung
pair-colours-balanced = Farben ausgeglichen
pair-colours-unbalanced = Farben nicht ausgeglichen
pair-same-category = dieselbe Kategorie
pair-near-categories = benachbarte Kategorien
pair-distant-categories = entfernte Kategorien
pair-same-score = derselbe Punktstand
pair-close-scores = nahe Punktstände
pair-distant-scores = weit auseinanderliegende Punktstände
pair-no-draw-up-down = weder Auf- noch Abpaarung
pair-draw-up-down = eine Auf- oder Abpaarung
pair-seeding-placed = platziert, wie das Setzsystem es verlangt
pair-seeding-near = nahe am Platz des Setzsystems
pair-seeding-away = fern vom Platz des Setzsystems
pair-least-handicap = die geringste Vorgabe
pair-some-handicap = etwas Vorgabe
pair-large-handicap = eine große Vorgabe
pair-apart = verschiedene Vereine und Länder
pair-apart-partly = ein Verein, eine Gruppe oder ein Land gemeinsam, auseinandergehalten
pair-same-club = derselbe Verein oder dasselbe Land

## Die Ratinglisten eines Turniers
lists-title = Ratinglisten
lists-explained = Die Anmeldung sucht in den Listen der Verbände, die dieses Turnier verwendet: für jede die hier festgelegte Liste, sonst die neueste importierte. Die Aktualisierung vergleicht die angemeldeten Spieler mit ihr und übernimmt, was sich geändert hat (Wertung, Rang, Verein, Lizenz, Kennungen); jede Änderung wird festgehalten.
lists-in-use = In Gebrauch: die Liste vom { $date }, { $count } Spieler (die neueste).
lists-in-use-pinned = In Gebrauch: die Liste vom { $date }, { $count } Spieler, festgelegt.
lists-use = Verwenden
lists-newest = die neueste Liste, welche es auch sei
lists-pinned-choice = die Liste vom { $date } ({ $count } Spieler), festgelegt
lists-use-button = Diese Liste verwenden
lists-refresh = Die Spieler aus dieser Liste aktualisieren
lists-none = Noch keine { $source }-Liste importiert.
lists-import = Eine Liste importieren
lists-import-explained = Laden Sie die Datei hoch, wie der Verband sie veröffentlicht (eine EGD-Liste darf als .zip gepackt sein):
lists-import-after = Eine neuere Liste wird sofort verwendet, außer eine ältere ist oben festgelegt; dieselbe Datei zweimal ändert nichts.
lists-list = Liste
lists-file = Datei
lists-import-button = Die Liste importieren
lists-admins-import = Listen importiert ein Administrator dieses Dienstes, einmal für alle seine Turniere.
lists-imported = Die { $source }-Liste vom { $date } importiert: { $count } Spieler.
lists-imported-already = Diese { $source }-Liste vom { $date } war schon importiert: nichts hat sich geändert.
lists-applied = { $count } Änderungen aus der { $source }-Liste übernommen.
list-egd = EGD (European Go Database)
list-ffg = FFG (Fédération Française de Go)
list-aga = AGA (American Go Association)
found-by-id = über die Kennung gefunden
found-by-name = über den Namen gefunden
found-not = nicht in der Liste
found-ambiguous = mehrere Personen dieses Namens: geben Sie die Kennung des Spielers an
found-id-not-in-list = die Kennung des Spielers ist nicht in der Liste
refresh-none = keine
refresh-field-rating = Wertung
refresh-field-rank = Rang
refresh-field-club = Verein
refresh-field-licence-status = Lizenzstatus
refresh-field-egd-pin = EGD-PIN
refresh-field-ffg-licence = FFG-Lizenz
refresh-field-aga-id = AGA-Kennung

## Der Eintrag eines Spielers im Dashboard

player-rating = Wertung (EGD-Skala: 2100 ist 1d)
player-ffg-licence = FFG-Lizenz
player-egd-pin = EGD-PIN
player-aga-id = AGA-Nummer
player-mms-correction = McMahon-Korrektur (Punkte zum Startwert)
player-preliminary = Vorläufige Anmeldung (in der Tabelle, bis zur Bestätigung nicht gepaart)
player-paid = Startgeld bezahlt
player-comment = Bemerkung
player-record-more = Lizenz, PIN, Wertung, McMahon-Korrektur, Zahlung, Bemerkung

## Das Ergebnisraster: die Zettel einer Runde allein mit der Tastatur erfasst

results-grid-title = Ergebnisse der Runde { $round }
results-grid-caption = Die Tische der Runde { $round } und ihre Ergebnisse
results-grid-entry = Tisch und Ergebnis
results-grid-record = Erfassen
results-grid-help = Die Tischnummer, dann das Ergebnis, dann Eingabe: 12b (Schwarz gewinnt), 12w (Weiß gewinnt), 12= (Jigo), 12 0 (beide verlieren), 12# (beide gewinnen), 12x (annulliert), 12? (noch kein Ergebnis); Vorsprung oder Art nach b oder w: 12b3.5, 12wr (Aufgabe), 12bt (Zeit), 12wf (kampflos). Ein erneut erfasster Tisch wird berichtigt.
results-grid-last = Tisch { $table } ({ $players }): { $result }
results-grid-players = { $black } gegen { $white }
results-grid-missing = { $count ->
    [0] Jeder Tisch hat sein Ergebnis.
    [one] { $count } Tisch ohne Ergebnis.
   *[other] { $count } Tische ohne Ergebnis.
}
results-grid-no-number = Zuerst die Tischnummer (12b: Tisch 12, Schwarz gewinnt).
results-grid-no-result = Nach der Tischnummer das Ergebnis: b, w, =, 0, #, x oder ?.
results-grid-unknown = „{ $keys }“ ist kein Ergebnis: b, w, = (Jigo), 0 (beide verlieren), # (beide gewinnen), x (annulliert), ? (noch kein Ergebnis), ein Vorsprung nach b oder w (b3.5).
results-grid-no-table = Die Runde hat keinen Tisch { $table }.
results-grid-link = Ergebnisraster
result-none-yet = Noch kein Ergebnis
result-choose = Ergebnis wählen

## A refused form's problems, field by field (the field's name is the form's label).
form-field-problem = { $field }: { $problem }
issue-not-a-rank = „{ $value }“ ist keine Spielstärke (1k–50k, 1d–9d oder 1p–9p)
issue-too-long = darf höchstens { $max } Zeichen lang sein
issue-empty = darf nicht leer sein
issue-control-character = darf keine Steuerzeichen enthalten
issue-egd-pin = muss eine EGD-PIN sein: 8 Ziffern
issue-ffg-licence = muss eine FFG-Lizenz sein: 7 Ziffern oder Großbuchstaben
issue-rating = muss zwischen -900 und 3200 liegen
issue-country = muss ein zweibuchstabiger Ländercode sein (FR, IT, DE)
issue-aga-id = muss 1 bis 12 Ziffern haben
issue-mcmahon-correction = muss zwischen -1 und 2 liegen

issue-not-a-whole-number = muss eine ganze Zahl sein
issue-not-a-number = muss eine Zahl sein
issue-out-of-range = muss zwischen { $min } und { $max } liegen
issue-not-chosen = wählen Sie eine der Möglichkeiten des Formulars
issue-two-players = wählen Sie zwei Spieler
issue-required = diese Entscheidung verlangt es
issue-not-taken = nur eine Ergebniskorrektur nimmt ein Ergebnis
issue-end-before-start = darf nicht vor dem ersten Tag liegen
issue-not-a-result = ist kein Ergebnis (B+R, W+2.5, 0, Void)
issue-no-file = Wählen Sie zuerst eine Datei zum Senden.
issue-file-too-large = Die Datei ist größer als { $megabytes } MB.
issue-unreadable = Ein Wert des Formulars hat nicht die erwartete Form (ein Datum, eine Spielstärke wie 3k oder 1d, eine Zeitzone wie Europe/Berlin): korrigieren Sie ihn und speichern Sie erneut.
issue-board-side = muss zwischen 2 und 25 liegen
issue-handicap = muss zwischen 0 und 9 Steinen liegen
issue-handicap-correction = muss zwischen -1 und 9 liegen
issue-komi = muss ein Vielfaches von 0,5 zwischen -150 und 150 sein
issue-mcmahon-floor-below-zero = muss 30k oder stärker sein: die Startpunkte zählen ab 30k
issue-mcmahon-floor-above-bar = darf nicht stärker als die McMahon-Bar sein
issue-not-a-point = „{ $point }“ ist kein Punkt des Bretts: nennen Sie ihn wie an seinen Rändern (D4, Q16).
issue-not-a-date = „{ $value }“ ist kein Datum
issue-unknown-colours = ihre Farben sind unbekannt: der Dienst speichert, wer Schwarz hatte
issue-another-game = { $player } hat eine weitere Partie in Runde { $round }: der Dienst speichert eine Partie je Spieler und Runde
issue-at-most = darf höchstens { $max } sein
issue-over-a-year = darf höchstens ein Jahr nach dem ersten Tag liegen
issue-over-a-day = keine Dauer darf 24 Stunden überschreiten
issue-time-zero-main = braucht eine Hauptzeit größer als null
issue-time-zero-periods = braucht mindestens eine Periode (oder einen Stein je Periode)
issue-time-zero-period = braucht eine Periode (oder ein Inkrement) größer als null
issue-time-unplayable = kann so nicht gespielt werden
issue-criteria-count = muss 1 bis 12 Kriterien nennen
issue-repeated-criterion = darf kein Kriterium zweimal nennen
issue-fraction = Der Konkavitätsfaktor (paiStandardNX1Factor) muss ein Bruch zwischen 0 und 1 mit positivem Nenner sein.
issue-search-text = muss 1 bis 100 Zeichen haben, ohne Steuerzeichen
issue-no-rank-in-list = die Liste gibt diesem Spieler weder Wertung noch Grad: geben Sie die Spielstärke an
form-file-problem = In der Datei, { $place }: { $problem }

## A draft's hand edit the pairing refused.
edit-no-table = Der Entwurf hat keinen Tisch { $table }.
edit-table-out-of-range = { $table } ist keine Tischnummer: wählen Sie eine von 1 bis { $max }.
edit-not-in-draft = Ein gewählter Spieler spielt keine Partie des Entwurfs.
edit-same-table = Wählen Sie zwei Spieler verschiedener Tische.
edit-inconsistent = Die Änderung gäbe einem Tisch zwei Partien oder einem Spieler zwei Tische.

## A refusal of a whole form, by its code (a conflict with what the tournament holds).
problem-conflict-concurrent-update = Jemand hat es inzwischen geändert: sehen Sie es sich erneut an und ändern Sie es dann.
problem-conflict-referenced = Andere Einträge verweisen noch darauf: es bleibt.
problem-draft-stale = Die Runde hat sich seit diesem Entwurf geändert (ein Ergebnis, eine Anmeldung, ein Spieler oder eine Einstellung): ein neuer Entwurf wird gezeigt, sehen Sie ihn sich erneut an.
problem-game-contended = Eine andere Aktion an dieser Partie wurde im selben Moment gespeichert: versuchen Sie es erneut.
problem-game-exists = Dieser Tisch hat schon eine Partie.
problem-idempotency-key-reused = Diese Anfrage wurde schon mit anderem Inhalt gesendet.
problem-player-already-registered = Ein Spieler mit dieser FFG-Lizenz oder AGA-Nummer ist schon angemeldet.
problem-player-has-played = Dieser Spieler hat Partien oder Ergebnisse im Turnier: ziehen Sie ihn zurück, statt ihn zu löschen.
problem-rating-list-not-imported = Noch keine Liste dieses Verbands ist importiert: importieren Sie zuerst eine.
problem-rating-refresh-not-proposed = Diese Änderung schlägt die Liste nicht (mehr) vor: sehen Sie sich die Vorschläge erneut an.
problem-registration-player-paired = Dieser Spieler ist in der Runde gepaart: nehmen Sie ihn zuerst aus der Paarung.
problem-result-game-played = Die Partie dieses Tisches wird auf einem Tablet gespielt: ihr Ergebnis kommt aus der Partie, und ein Schiedsrichter korrigiert es durch eine Entscheidung.
problem-tournament-full = Das Turnier hat so viele Spieler, wie ein Turnier haben darf.
problem-tournament-has-games = Auf dieser Brettgröße wurden Partien gespeichert: sie kann sich nicht mehr ändern.
problem-tournament-rounds-exist = Das Turnier hat mehr Runden, mit Paarungen oder Ergebnissen: löschen Sie sie zuerst.
problem-round-not-started = Die Runde hat noch nicht begonnen.
problem-round-already-paired = Diese Runde ist schon gepaart: ziehen Sie zuerst ihre Paarung zurück, um sie neu zu paaren.
problem-terms-board-size = Diese Partie ist auf einem anderen Brett als dem des Turniers.
problem-tournament-board-size-locked = Auf dieser Brettgröße wurden Partien gespeichert: sie kann sich nicht mehr ändern.
problem-game-not-started = Die Partie hat noch nicht begonnen.
problem-game-stale-turn = Die Partie ist inzwischen weitergegangen (sie erwartet Zug { $turn }): sehen Sie sie sich erneut an.
problem-game-started = Die Partie hat schon begonnen.
problem-game-finished = Die Partie ist beendet: ein Schiedsrichter ändert ihr Ergebnis durch eine Ergebniskorrektur.
problem-game-paused = Die Partie ist unterbrochen: starten Sie zuerst die Uhren wieder.
problem-game-not-playing = Die Partie wird gerade nicht gespielt.
problem-game-not-counting = Die Partie wird gerade nicht gezählt.
problem-game-not-paused = Die Partie ist nicht unterbrochen.
problem-game-already-paused = Die Partie ist schon unterbrochen.
problem-game-turn-cap = Die Partie hat { $cap } Züge erreicht, die größte Zahl, die eine Partie haben darf: eine Entscheidung des Schiedsrichters beendet sie.
problem-game-counting-cap = Die Zählung hat { $cap } Schritte gebraucht, so viele wie erlaubt: der Schiedsrichter entscheidet über die toten Steine.
problem-counting-superseded = Ein neuerer Vorschlag toter Steine hat diesen ersetzt.
problem-clock-flag-due = Die Zeit von { $colour } ist abgelaufen: zuerst fällt das Blättchen.
problem-game-clock = Die Uhr lehnt diese Zeitänderung ab.
problem-game-both-out-of-time = Beide Spieler haben keine Zeit mehr.
problem-game-dead-stones = { $why ->
        [empty] Der Punkt { $point } ist leer: nur Steine können tot sein.
       *[off-board] Der Punkt { $point } liegt nicht auf dem Brett.
    } Nennen Sie einen Stein jeder toten Kette, wie am Brett (D4 Q16).
problem-ruling-reason = Geben Sie den Grund der Entscheidung an.
problem-ruling-delta-ms = Eine Zeitkorrektur braucht eine Zahl von Sekunden ungleich null.
problem-ruling-corrects = Das Protokoll dieser Partie hat keinen Eintrag { $entry }: es hat { $entries }.
problem-terms-komi = Die Regeln erlauben dieses Komi nicht.
problem-terms-time-control = Diese Bedenkzeit kann nicht gespielt werden.
problem-terms-handicap = Dieses Handicap lässt sich auf diesem Brett nicht setzen.
problem-result-unknown = Geben Sie das Ergebnis an.
problem-result-margin = Der Abstand passt nicht zum Komi (ein halber Punkt, wenn das Komi einen hat, sonst keiner).
problem-result-draw = Ein Jigo braucht ein Komi ohne halben Punkt.

## A file refused, with the place at fault.
file-problem-opengotha-malformed-xml = Zeile { $line }, Spalte { $column }: die Datei ist kein wohlgeformtes XML.
file-problem-opengotha-unknown-encoding = Die Textkodierung der Datei ({ $encoding }) ist keine, die arbitre liest.
file-problem-opengotha-malformed-text = Zeile { $line }, Spalte { $column }: Bytes, die kein { $encoding } sind.
file-problem-opengotha-missing-element = Das ist kein OpenGotha-Turnier: die Datei hat kein Element <{ $element }>.
file-problem-opengotha-invalid-attribute = Zeile { $line }: <{ $element } { $attribute }="{ $value }">: dieser Wert ist ungültig.
file-problem-opengotha-invalid-text = Zeile { $line }: <{ $element } { $attribute }>: { $problem }.
file-problem-opengotha-too-large = Zeile { $line }: die Datei enthält mehr, als eine OpenGotha-Datei enthalten kann.
file-problem-opengotha-unknown-criterion = Zeile { $line }: das Platzierungskriterium { $name } kennt arbitre nicht.
file-problem-opengotha-duplicate-player = Zeile { $line }: der Spieler { $player } ist zweimal angemeldet.
file-problem-opengotha-unknown-player = Zeile { $line }: Runde { $round } nennt einen Spieler, den die Datei nicht anmeldet ({ $player }).
file-problem-rating-list-empty = Die Datei ist leer.
file-problem-rating-list-binary = Zeile { $line }, Spalte { $column }: das ist eine Binärdatei, keine Ratingliste.
file-problem-rating-list-wrong-encoding = Zeile { $line }, Spalte { $column }: der Text ist nicht in der Kodierung der Liste.
file-problem-rating-list-truncated-line = Zeile { $line } ist abgeschnitten ({ $length } Zeichen, die Zeilen der Liste haben mindestens { $expected }).
file-problem-rating-list-malformed-line = Zeile { $line }, Spalte { $column }: die Zeile hat nicht die Form der Zeilen der Liste.
file-problem-rating-list-missing-header = Zeile { $line }: der Kopf der Liste fehlt.
file-problem-rating-list-bad-zip = Das ZIP-Archiv kann nicht gelesen werden.
file-problem-rating-list-no-players = Kein Spieler in der Datei: ist es wirklich die { $source }-Liste?

## Who issued a ruling, for a credential made without a label.
issuer-unlabelled = { $role } (Zugang …{ $end })
