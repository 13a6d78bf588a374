# arbitre's pages in English. Each language is one file like this one, named for its
# language code (docs/pages.md: adding a language).

## The language itself
language-name = English
language-switch = Language
decimal-separator = .

## Dates
date = { $day } { $month } { $year }
date-span = { $start } – { $end }
moment = { $date }, { $time }
month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December

## Every page
skip-to-content = Skip to content
nav-account = Account
nav-dashboard = Dashboard
signed-in-as = Signed in as { $who }
signed-in-label-role = { $label } ({ $role })
sign-out = Sign out
sign-in = Sign in
role-admin = administrator
role-organizer = organizer
role-referee = referee
role-table = table

## Home
home-title = Tournaments
home-empty = No tournament yet.
home-older = { $count ->
    [one] And { $count } older tournament.
   *[other] And { $count } older tournaments.
}

## A tournament's public pages
nav-tournament = Tournament
nav-rounds = Rounds
tab-pairings = Pairings
tab-standings = Standings
round-number = Round { $round }
pairings-title = Round { $round } · { $tournament }
find-board = Find your board
find-name = Your name
find-button = Find
find-nobody = No player of round { $round } matches.
find-list = Players of round { $round } by name
find-where = table { $table }, { $colour }, against { $opponent }
find-bye = bye this round
tables-title = Round { $round } by table
tables-unpaired = Round { $round } is not paired yet.
tables-caption = Games of round { $round }, by table
column-table = Table
column-white = White
column-black = Black
column-handicap = Handicap
column-result = Result
column-place = Place
column-player = Player
column-club = Club
standings-title = Standings after round { $round } · { $tournament }
standings-after = Standings after round { $round }
colour-black = Black
colour-white = White

## Results
result-black-wins = Black wins
result-black-wins-by-default = Black wins by default
result-white-wins = White wins
result-white-wins-by-default = White wins by default
result-jigo = Jigo
result-both-win = Both win
result-both-lose = Both lose
result-void = Annulled

## Signing in
sign-in-title = Sign in
sign-in-explained = Paste the token the organizer gave you. It stays in this browser until you sign out.
sign-in-token = Token
sign-in-invalid = This token is not valid: check it with the organizer.
link-explained = This link signs this browser in as { $label }, once. It stays signed in until it signs out or the staff revoke it.
link-button = Sign in as { $label }
link-used = This link was used already: ask the staff for a new one.
link-expired = This link has expired: ask the staff for a new one.
link-invalid = This link is not valid: ask the staff for a new one.

## Error pages
error-title = { $status ->
    [400] Bad request
    [401] Not signed in
    [403] Not allowed
    [404] Not found
    [409] Conflict
    [410] Gone
    [422] Not done
    [503] Busy
   *[other] Error
}
error-server = The server could not answer. Try again in a moment.
error-back = Back to the tournaments

## Placement criteria (OpenGotha's short names are kept beside these)
criterion-cat = Category
criterion-mms = McMahon score
criterion-bzs = Breizh score
criterion-nbw = Number of wins
criterion-sts = Strasbourg score
criterion-sosts = Sum of opponents' Strasbourg scores
criterion-cps = Cup score
criterion-sos = { $basis ->
    [wins] Sum of opponents' wins
   [breizh] Sum of opponents' Breizh scores
   *[mms] Sum of opponents' McMahon scores
}
criterion-sos-minus-1 = { $basis ->
    [wins] Sum of opponents' wins, the lowest left out
   [breizh] Sum of opponents' Breizh scores, the lowest left out
   *[mms] Sum of opponents' McMahon scores, the lowest left out
}
criterion-sos-minus-2 = { $basis ->
    [wins] Sum of opponents' wins, the two lowest left out
   [breizh] Sum of opponents' Breizh scores, the two lowest left out
   *[mms] Sum of opponents' McMahon scores, the two lowest left out
}
criterion-sodos = { $basis ->
    [wins] Sum of defeated opponents' wins
   [breizh] Sum of defeated opponents' Breizh scores
   *[mms] Sum of defeated opponents' McMahon scores
}
criterion-sosos = Sum of opponents' SOS
criterion-cuss = { $basis ->
    [wins] Cumulative sum of wins
   [breizh] Cumulative sum of Breizh scores
   *[mms] Cumulative sum of McMahon scores
}
criterion-ext = Exploits attempted
criterion-exr = Exploits achieved
criterion-dc = Direct confrontation
criterion-sdc = Simplified direct confrontation
criterion-rank = Rank
criterion-rank-short = Rank
criterion-rating = Rating
criterion-rating-short = Rating

## A problem's own words on an error page (its code, `.` and `_` as `-`)
problem-not-found-tournament = There is no such tournament.
problem-not-found-player = There is no such player in this tournament.
problem-not-found-round = This tournament has no round with this number.
problem-not-found-pairing = There is no such game in this round.
problem-not-found-game = There is no such game.
problem-not-found-route = There is no page at this address.
problem-auth-missing-token = Sign in first.
problem-auth-invalid-token = This sign-in is no longer valid: sign in again.
problem-service-busy = The server is busy: try again in a moment.
problem-service-stopping = The server is restarting: try again in a moment.
problem-database-unavailable = The server cannot reach its database: try again in a moment.
problem-round-started = The round has started: its pairing changes only by a referee's ruling, from the referee's hall.
problem-round-not-paired = This round has no pairing to withdraw.
problem-pairing-has-game = This table's game has started: what was played stands, and a referee corrects it by a ruling.
problem-round-has-games = This round has games or results: what was played stands.
problem-round-not-last = Only the tournament's last round can be deleted: delete the later rounds first.

## The table's tablet: the page, and the words its script shows (`{ $name }` filled by
## the script; a key ending in -one/-other is a count's plural, picked by the script)
tablet-title = Table
tablet-far-side = Far side of the table
tablet-near-side = Near side of the table
tablet-board-name = The board
tablet-waiting = Waiting for the round.
tablet-start = Start the game
tablet-beeps = Beeps in the last ten seconds
tablet-swap = Swap sides
tablet-link-connecting = connecting
tablet-link-online = online
tablet-link-offline = offline
tablet-link-reconnecting = reconnecting
tablet-after-start = the start of the game
tablet-after-turn = turn { $turn }
tablet-illegal-occupied = Illegal move: that point is already occupied.
tablet-illegal-suicide = Illegal move: suicide (the stone would have no liberty and capture nothing).
tablet-illegal-ko = Illegal move: ko. Retaking at once repeats the position after { $after }: play elsewhere first.
tablet-illegal-superko = Illegal move: superko. It would repeat the position after { $after }.
tablet-illegal-handicap = Black places the handicap stones first.
tablet-illegal-wrong-turn = It is { $who }'s turn.
tablet-illegal-off-board = That point is off the board.
tablet-stale-turn = The game had moved on: the board is up to date now.
tablet-game-paused = The referee had paused the game.
tablet-game-finished = The game is over.
tablet-forbidden = This tablet may not act on that game any more.
tablet-signed-out = This tablet is signed out: ask the staff for a new link.
tablet-refused = The server refused this.
tablet-unreachable = The server cannot be reached: try again in a moment.
tablet-black = Black
tablet-white = White
result-draw = Draw (jigo)
result-no-result = No result (void)
result-wins = { $winner } wins
result-wins-resignation = { $winner } wins by resignation
result-wins-time = { $winner } wins on time
result-wins-forfeit = { $winner } wins by forfeit
result-wins-points = { $winner } wins by { $points } points
tablet-then = : { $result }
tablet-ruling-warning = Warning
tablet-ruling-warning-to = Warning to { $who }
tablet-ruling-penalty = Penalty to { $who }
tablet-ruling-penalty-time = Penalty: { $who } loses { $time }
tablet-ruling-time-gets = Time adjustment: { $who } gets { $time }
tablet-ruling-time-loses = Time adjustment: { $who } loses { $time }
tablet-ruling-pause = Clocks paused
tablet-ruling-resume = Clocks resumed
tablet-ruling-dead-stones = Dead stones decided by the referee{ $then }
tablet-ruling-strict-count = Strict count (rules 5 and 6){ $then }
tablet-ruling-void = The game is void (no result)
tablet-ruling-forfeit = { $who } forfeits{ $then }
tablet-ruling-correction = Result corrected{ $then }
tablet-ruling-other = A ruling of the referee
tablet-ruling-banner = The referee's ruling: { $ruling }. Why: { $reason }
tablet-board-one = The board, { $count } turn played
tablet-board-other = The board, { $count } turns played
tablet-board-last = , the last stone at { $point }
tablet-board-chosen = , { $point } chosen
tablet-tap-again = { $point }: tap it again, or press Play, to play it.
clock-no-limit = no limit
clock-unlimited = no time limit
clock-out = out of time
clock-main = main time
clock-fischer = Fischer, +{ $increment } a move
clock-canadian = Canadian: { $stones } stones in { $time }
clock-simple = { $time } per move
clock-byo-yomi = byo-yomi { $period } of { $periods }
tablet-seat = { $colour }: { $name } ({ $rank })
tablet-prisoners-one = { $count } prisoner
tablet-prisoners-other = { $count } prisoners
tablet-accepted = You accept these dead stones.
tablet-tap-dead = Tap the dead chains, then accept.
tablet-accept = Accept the count
tablet-dispute = Dispute: resume play
tablet-paused-note = The referee paused the game.
tablet-play = Play
tablet-play-point = Play { $point }
tablet-pass = Pass
tablet-resign-confirm = Confirm: I resign
tablet-keep-playing = Keep playing
tablet-resign = Resign…
tablet-placing = Black places handicap stone { $stone } of { $handicap }
tablet-to-play = { $colour } to play, turn { $turn }
tablet-counting = Counting (rule 5 bis): tap each dead chain, then both accept; a dispute resumes play
tablet-paused = Paused by the referee
tablet-over = Game over: { $result }
tablet-over-ruling = Game over: { $result } (the referee's ruling: { $reason })
tablet-round = round { $round }
tablet-table = table { $table }
tablet-no-game = No game at this table now: the next published round's game will appear here.
tablet-has-result = This table's game has its result: { $result }.
tablet-not-started = The game has not started. Start it when the round starts.
tablet-terms-even = No handicap, komi { $komi }
tablet-terms-handicap = Handicap { $handicap }, komi { $komi }
tablet-not-recorded = Not recorded
tablet-counting-superseded = The dead stones were changed before this was sent: look at the proposal now shown, then accept or dispute it.
tablet-not-playing = The game had paused for the count.
tablet-not-counting = The game was no longer being counted.
tablet-offline-since = No connection to the server for { $since }.
tablet-offline-nothing = Nothing waits to be sent.
tablet-offline-waiting-one = { $count } step waits on this tablet, in order, and will be sent by itself.
tablet-offline-waiting-other = { $count } steps wait on this tablet, in order, and will be sent by itself.
tablet-offline-keep-playing = Keep playing.
tablet-offline-kept = The page is kept on this tablet: a reload is safe.
tablet-offline-do-not-reload = Do not reload this page: it recovers by itself when the network returns.
tablet-waiting-stones = , { $count } played here and not sent yet
tablet-both-passed = Both players passed: the count starts when the server has the passes.
tablet-refused-step = Not recorded: { $what }. { $why }
tablet-behind = It waited behind a step the server refused: play it again if it still stands.
tablet-seen = Seen
tablet-turn-pass = { $who }'s pass (turn { $turn })
tablet-turn-resign = { $who }'s resignation
tablet-turn-move = { $who } at { $point } (turn { $turn })
tablet-step-propose = { $who }'s dead stones
tablet-step-accept = { $who }'s acceptance of the count
tablet-step-dispute = { $who }'s dispute of the count

## Rules and time controls
rules-french = French rules (FFG)
rules-tromp-taylor = Tromp-Taylor
rules-chinese = Chinese rules
rules-japanese = Japanese rules
rules-aga = AGA rules
rules-new-zealand = New Zealand rules
time-none = No time limit
time-absolute = { $main }, sudden death
time-byo-yomi = { $main } + { $periods } × { $period } byo-yomi
time-canadian = { $main } + { $stones } stones in { $period } (Canadian byo-yomi)
time-fischer = Fischer { $main } + { $increment }
time-fischer-capped = { $fischer }, at most { $max }
time-simple = { $move } per move
time-online-byo-yomi = { $main }, the last { $byo_yomi } as byo-yomi

## The referee's hall and table
hall-title = Hall, round { $round } · { $tournament }
hall-heading = The hall · round { $round }
hall-waiting = { $count ->
    [0] No table needs a referee
    [one] { $count } table needs a referee
   *[other] { $count } tables need a referee
}
hall-table = Table { $table }
hall-white = White: { $player }
hall-black = Black: { $player }
hall-phase-turns = { $count ->
    [one] { $phase }, { $count } turn
   *[other] { $phase }, { $count } turns
}
hall-result = Result { $result }
hall-open = Open table { $table }
hall-tablet-online = Tablet online
hall-tablet-back = Tablet back online, { $count } waiting to arrive
hall-tablet-offline = Tablet offline for { $for }
need-disputed-count = Count disputed
need-flag-fallen = Flag fallen
need-paused = Paused
need-running-long = Running long
need-not-started = Not started
need-in-play = In play
need-finished = Finished
need-finished-by-hand = Finished (result by hand)
phase-no-game = no game yet
phase-on-paper = played on paper
phase-placing = placing handicap stones
phase-counting = counting (rule 5 bis)
phase-paused = paused by the referee
phase-not-started = not started
phase-playing = playing
phase-finished = finished
referee-table-title = Table { $table }, round { $round } · { $tournament }
referee-table-heading = Table { $table }, round { $round }
referee-state = { $need }: { $phase }
referee-turn = Turn { $turn }
referee-to-play = , { $who } to play
referee-board = The board after turn { $turn }
referee-actions = The referee
referee-why = Why (required)
referee-resume = Resume
referee-pause = Pause
referee-apply-title = Apply a ruling
referee-ruling = Ruling
referee-why-kept = Why (required, kept with the ruling)
referee-player = Player concerned (penalty, time, forfeit, warning)
referee-nobody = none
referee-seconds = Seconds added (negative: removed)
referee-new-result = New result (result correction: B+R, W+2.5, 0, Void)
referee-dead = Dead chains: tap them on the board, or name a stone of each as on the board, like D4 Q16 (spaces between)
referee-apply = Apply the ruling
ruling-warning = Warning (recorded only)
ruling-penalty = Penalty (time taken off with a delta, or noted)
ruling-time-adjustment = Time adjustment (main time added or removed)
ruling-pause = Pause the clocks
ruling-resume = Resume the clocks
ruling-dead-stones = Dead stones of a disputed count (the game is counted)
ruling-strict-count = Strict count (rules 5 and 6)
ruling-void = Void (no result)
ruling-forfeit = Forfeit (the player named loses)
ruling-result-correction = Result correction
log-title = The log, latest first
log-caption = Every entry of the game's log: moves, presses of the clock, counting, rulings
log-time = Time
log-what = What
log-by = By
log-whom = Player
log-by-server = the server
log-other = an entry of another kind
log-started = clocks started
log-move = { $who } plays { $point }
log-pass = { $who } passes
log-resign = { $who } resigns
log-flag = { $who }'s flag fell
log-propose = { $who } proposes { $count ->
    [0] no dead stone
    [one] one dead chain: { $points }
   *[other] { $count } dead chains: { $points }
}
log-accept = { $who } accepts the count
log-dispute = { $who } disputes the count (rule 5 bis)
log-refused-turn = turn { $turn }, { $what }
log-refused = NOT RECORDED, sent late by the tablet: { $what } — { $why ->
    [game-stale_turn] the game had moved on (the turn was played meanwhile)
    [game-paused] the referee had paused the game
    [game-finished] the game was over
    [game-not_playing] the game had paused for the count
    [game-not_counting] the game was no longer being counted
    [counting-superseded] the dead stones had changed meanwhile
   *[other] { $why }
}
log-ruling = ruling: { $kind ->
    [warning] warning
    [penalty] penalty
    [time_adjustment] time adjustment
    [pause] pause
    [resume] resume
    [dead_stones] dead stones { $points }
    [strict_count] strict count
    [void] void
    [forfeit] forfeit
    [result_correction] result correction
   *[other] { $kind }
} — { $reason }
time-system-byo-yomi = Japanese byo-yomi
time-system-canadian = Canadian byo-yomi
time-system-fischer = Fischer
time-system-absolute = Sudden death
time-keep = Keep: { $control }

## The dashboard's standings and exports
dashboard-standings-title = Standings after round { $round } · { $tournament } · dashboard
dashboard-standings-heading = Standings · { $tournament }
wall-chart-link = The wall chart after round { $round }
wall-chart-link-why = : the cross-table of the rounds, to print.
exports-title = Exports after round { $round }
export-egd = EGD results (.{ $extension })
export-ffg = FFG results (.tou)
export-aga = AGA results
export-csv = Spreadsheet (CSV)
export-opengotha = OpenGotha file (XML)
export-blocked = cannot be written after round { $round }:
export-blocker-result = Round { $round }, table { $table }: the result of { $black } (black) against { $white } (white) is not known.
export-blocker-colours = Round { $round }, table { $table }: the colours of { $black } and { $white } were not recorded.
export-blocker-aga-id = { $player } has no AGA id: the AGA refuses the results of a player without one.
export-blocker-egd-pin = { $player }: the EGD PIN “{ $pin }” is not 8 digits.
export-blocker-licence = { $player }: the FFG licence “{ $licence }” is not 7 digits or capital letters.
export-blocker-start-date = The start date “{ $value }” is not a date (YYYY-MM-DD).
export-blocker-end-date = The end date “{ $value }” is not a date (YYYY-MM-DD).
export-blocker-shared-key = { $player } has the OpenGotha key “{ $key }” of { $others }: OpenGotha finds players by key and would merge them.
export-blocker-other = { $reason }
export-fix-result = Record the result
export-fix-round = Open the round
export-fix-player = Edit the player
export-fix-settings = Edit the settings
export-complete = Download the rounds complete so far (after round { $round })
export-complete-why = round { $round } has { $count ->
    [one] a result
   *[other] { $count } results
} not known yet, and this format cannot hold an unknown result.
export-egd-choices = The EGD file, as you choose
export-egd-rank-after = Rank after
export-egd-round-shown = round { $round } (the round shown)
export-egd-round-declared = round { $round }, the declared number of rounds: rounds not played yet count as rounds without a game (OpenGotha's way)
export-egd-by-default = Games won by default
export-egd-plus-minus = 0+ for the winner, 0- for the loser: the EGD's free win and free round
export-egd-equals = 0= for both (OpenGotha's way)
export-egd-download = Download the EGD file
export-refused-title = { $format }: cannot be written after round { $round }
export-back = Back to the standings and the exports

## A tournament's settings
settings-language = Language of its pages (when the reader's browser asks for none of them)
settings-time-zone = Time zone of its times (such as Europe/Paris)

## The dashboard: its common words / Le tableau de bord
colon = :{" "}
confirm-cancel = Cancel: keep everything as it is
problems-not-done = Not done:
round-of = Round { $round } · { $tournament }
search-button = Search
column-name = Name
column-country = Country
column-komi = Komi
field-country = Country (two letters)
player-surname = Surname
player-first-name = First name
player-rank = Rank (12k, 3d)
player-details = Details
player-save = Save
player-withdraw-title = Withdraw
player-withdraw-explained = A player who has not played yet leaves the tournament; one who has keeps their games and is marked absent in the later rounds instead.
player-withdraw = Withdraw this player
settings-title = Settings · { $tournament }
settings-heading = Settings of { $tournament }
settings-form = Settings
settings-save = Save the settings
import-title = Import an OpenGotha file
import-file = OpenGotha tournament file (.xml)
import-button = Import
create-title = Create a tournament
create-button = Create the tournament
unfinished-warning = { $count ->
    [one] Round { $round } has { $count } table without a result (table { $tables }): a draft made now pairs as if that game was not played.
   *[other] Round { $round } has { $count } tables without a result (tables { $tables }): a draft made now pairs as if those games were not played.
}
unfinished-warning-many = Round { $round } has { $count } tables without a result: a draft made now pairs as if those games were not played.
unfinished-link = Round { $round }'s results
copied-title = Players copied · { $tournament }
copied-heading = Players copied from { $from }
copied-registered = Registered ({ $count })
copied-nobody = Nobody: every player is registered already.
copied-skipped = Skipped: registered already ({ $count })
copied-same-pin = the same EGD PIN
copied-same-licence = the same FFG licence
copied-same-name = the same name
copied-back = Back to the players
imported-title = Imported
imported-heading = Tournament imported
imported-players = { $count } players
imported-rounds = { $rounds } rounds, { $pairings } pairings ({ $unknown } without a result yet)
imported-byes = { $byes } byes, { $absences } absences
imported-warnings = To look at
imported-open = Open its dashboard

## A tournament's dashboard / Le tableau de bord d'un tournoi
tournament-public-pages = public pages
tournament-tablets = the tables' tablets
tournament-staff = staff and credentials
tournament-rating-lists = rating lists
tournament-settings = Settings
tournament-change-settings = Change the settings
tournament-board = Board
tournament-rules = Rules
tournament-time-control = Time control
tournament-egf-class = EGF class
egf-class = { $class }, adjusted time { $minutes } minutes
egf-class-named = EGF class { $class }
tournament-mcmahon = McMahon bar and floor
tournament-bar-floor = { $bar } and { $floor }
tournament-handicap = at most { $ceiling } stones, the difference less { $reduction }, even from { $even }
tournament-language = Language of its pages
tournament-time-zone = Time zone
tournament-no-round = No round yet.
tournament-standings-link = Standings and exports
tournament-round-started = started
tournament-players = Players ({ $count })
tournament-no-player = No player yet.
tournament-no-player-matches = No player matches.
tournament-players-caption = Players, in registration order
tournament-register = Register a player
tournament-rating-lists-search = Rating lists
tournament-from-list = From a rating list: name, PIN or licence
tournament-search-lists = Search the lists
tournament-register-button = Register
tournament-copy-title = Copy the players of an earlier tournament
tournament-copy-explained = Players already registered here (the same EGD PIN or FFG licence, else the same name) are skipped.
tournament-copy-button = Copy the players

## A tournament's settings form / Le formulaire des réglages
fields-tournament = The tournament
fields-place = Place
fields-first-day = First day
fields-last-day = Last day
fields-rounds = Number of rounds
fields-board = Board size (19: 19×19)
fields-time-system = System
fields-main-time = Main time (minutes)
fields-periods = Periods (byo-yomi) or stones (Canadian)
fields-period = Period or increment (seconds)
fields-mcmahon-handicap = McMahon and handicap
fields-bar = McMahon bar
fields-floor = McMahon floor
fields-ceiling = Most handicap stones (0: even games)
fields-reduction = Stones taken off the difference (-1: one more)
fields-even = Even games from rank
fields-komi-disputes = Komi and disputes
fields-komi-rules = the rules' komi
fields-komi-fixed = this komi for even games
fields-komi = Komi of even games, when fixed
fields-dispute = A game resumed after a disputed count ends
dispute-strict = with a strict count (rules 5 and 6: every stone on the board is alive)
dispute-agree-again = when the players agree on the dead stones again (rule 5 bis)
dispute-four-passes = after four passes, the board counted as it stands (Tromp-Taylor)
fields-criteria = Placement criteria
fields-criterion = Criterion { $number }
criterion-none = none
fields-parameters = Pairing parameters (OpenGotha's names)
fields-parameter-default = OpenGotha: { $value }
parameter-system = Pairing system
parameter-opengotha = OpenGotha version followed
parameter-numerator = { $factor } (numerator)
parameter-denominator = { $factor } (denominator)
choice-mc-mahon = McMahon
choice-swiss = Swiss
choice-swiss-with-categories = Swiss with categories
choice-round-robin = Round robin
choice-split-and-fold = Split and fold
choice-split-and-random = Split and random
choice-split-and-slip = Split and slip
choice-top = Top
choice-middle = Middle
choice-bottom = Bottom
choice-none = None
choice-rating = Rating
choice-rank = Rank
choice-yes = Yes
choice-no = No

## Rounds, results, standings, staff / Rondes, résultats, classement, équipe
round-draft = Draft the pairing
round-who-plays = Who plays round { $round }
round-who-plays-explained = Players not marked are paired; mark those who do not play absent before drafting.
round-participation-caption = Players and their participation in round { $round }
round-status = Status
round-change = Change
participation-present = present
participation-absent = absent
participation-not-marked = not marked
participation-mark-present = Mark present
participation-mark-absent = Mark absent
round-print-link = Pairing list to print
round-sheets-link = Result sheets to print
round-hall-link = The hall: every table live, for the referee
round-not-started = Round { $round } has not started: its results are recorded once it has.
round-start = Start round { $round }
round-tables = Tables
round-tables-caption = Games of round { $round }, by table, with their results
round-enter-result = Enter or correct the result
round-result-of = of table { $table }
undo-table = table { $table } ({ $white } – { $black })
undo-table-change = Before the start
undo-unpublish-title = Withdraw the pairing of round { $round }
undo-unpublish-question = Withdraw the pairing of round { $round }? Every table is taken back (kept in the deletions) and the round is drafted again; the lists already printed no longer hold.
undo-unpublish-button = Withdraw the pairing of round { $round }
undo-unpublish-explained = A mistake in the pairing? Until the round starts, it can be withdrawn and drafted again.
undo-delete-round-title = Delete round { $round }
undo-delete-round-question = Delete round { $round }, the tournament's last? Its pairing and its players' participation go with it, and the tournament announces one round fewer.
undo-delete-round-button = Delete round { $round }
undo-delete-round-explained = A round added by mistake: the last round, with no game played, can be deleted.
undo-unpair = Unpair
undo-unpair-title = Unpair a table
undo-unpair-question = Unpair { $table }? Its two players are left without a game in this round, to be paired by hand or given a bye.
undo-unpair-button = Unpair { $table }
undo-terms-change = Change
undo-terms-title = Change a table's handicap or komi
undo-terms-question = Change { $table } from handicap { $handicap-before }, komi { $komi-before } to handicap { $handicap }, komi { $komi }?
undo-terms-button = Change table { $table }
undo-terms-komi-by-rule = the tournament's komi for this handicap
result-why = Why (kept with the change)
result-why-example = result recorded by hand
result-record = Record
result-changes = Changes
result-no-change = No change recorded by hand.
result-changes-caption = Every change of this result, oldest first
column-when = When
column-who = Who
column-why = Why
column-before = Before
column-after = After
column-what = What
column-whom = Whom
column-role = Role
column-since = Since
staff-credentials = Credentials
staff-title = Staff and credentials
staff-explained = Each organizer, referee and table signs in with a credential of their own, made here with a label that says who holds it: the audit below, and the results' history, name them by it.
staff-make = Make a credential
staff-role-referee = Referee: registrations, round starts, results, rulings
staff-role-organizer = Organizer: everything for this tournament
staff-role-table = Table: one table's tablet
staff-who = Who holds it
staff-table = Table (for a table)
staff-handover = Hand it over as
staff-handover-link = A one-time sign-in link and its QR code (valid { $hours } hours)
staff-handover-secret = A token's secret (for a script or the API)
staff-make-button = Make the credential
staff-active = Active credentials
staff-none = No credential yet.
staff-revoke = Revoke
staff-revoke-of = Revoke the credential of { $label } ({ $role })
staff-audit = Audit
staff-audit-none = Nothing taken away or undone yet.
confirm-withdraw-title = Withdraw a player
confirm-withdraw-question = Withdraw { $player } from the tournament? Their registration and everything typed for them are removed; registering them again means typing them again.
confirm-withdraw-button = Withdraw { $player }
confirm-revoke-title = Revoke a credential
confirm-revoke-question = Revoke the credential of { $whom }? Every browser, tablet and script signed in with it is signed out at its next request; a new credential is needed to sign in again.
confirm-revoke-button = Revoke { $whom }
audit-credential-revoked = revoked the credential
audit-player-withdrawn = withdrew the player
audit-player-changed = changed the player's record
audit-round-unpublished = withdrew the pairings of the round
audit-table-unpaired = unpaired the table
audit-table-terms-changed = changed the handicap or komi
audit-round-deleted = deleted the round
audit-change = { $field } { $before } → { $after }
audit-yes = yes
audit-no = no
audit-field-surname = surname
audit-field-first-name = first name
audit-field-rank = rank
audit-field-rating = rating
audit-field-country = country
audit-field-club = club
audit-field-egd-pin = EGD PIN
audit-field-ffg-licence = FFG licence
audit-field-aga-id = AGA id
audit-field-mcmahon-correction = McMahon correction
audit-field-preliminary = preliminary
audit-field-paid = paid
audit-field-comment = comment
audit-field-handicap = handicap
audit-field-komi = komi
audit-field-tables = tables

## Examples / Exemples
staff-who-example = Marie

## Credentials, tablets, print pages / Accès, tablettes, pages à imprimer
made-title = A credential
made-heading = The credential of { $who }
made-link = Give this link to { $who }, or let them scan its QR code: it signs one browser in, once, until { $expires }. It is shown only now.
made-secret = The token's secret, shown only now: paste it on the sign-in page, or send it as
made-back = Back to the credentials
links-title = Sign-in links
links-heading = Sign-in links of { $tournament }
links-explained = Each link signs in one tablet for its table, once, until { $expires }. Print this page now: the links are not shown again.
links-qr = QR code of table { $table }'s sign-in link
tablets-title = The tables' tablets
tablets-short = Tablets
tablets-loopback = No tablet can reach this service: it listens on a loopback address only, which reaches this machine and no other. Stop it and start it again with
tablets-loopback-then = (every network of this machine) or with one of this machine's addresses below, then open this page at that address: the links carry the address the page was opened with.
tablets-opened-at = This page was opened at
tablets-opened-at-then = , a loopback address: the links and QR codes printed from it would send every tablet to itself. Open this page at one of this machine's addresses below, on the hall's network, and print the links from there.
tablets-no-address = This machine has no other network address: connect it to the hall's network first.
tablets-explained = A tablet is signed in once for a table and shows, round after round, the game the published pairing puts at that table. Print a one-time link for every table, then open each on its table's tablet (scan its QR code): a link signs in one tablet, within { $hours } hours.
tablets-print-links = Print the sign-in links
tablets-replace = A tablet broken or lost: revoke its table's tablets below, then print the link of that table alone for the tablet that replaces it.
tablets-print-one = Print this table's link
tablets-signed-in = Signed-in tablets
tablets-none = No tablet is signed in yet.
tablets-new-link = A new link
tablets-new-link-button = New link
tablets-revoke-of = Revoke the tablets of table { $table }
tablets-new-link-of = Print a new link for table { $table }
sheets-title = Result sheets of round { $round } · { $tournament }
sheets-print = use your browser's Print: one sheet a page
sheets-heading = Result sheets · { $tournament }, round { $round }
sheets-sheet = round { $round } · table { $table }
sheets-handicap = { $stones ->
    [0] none
   *[other] { $stones } stones
}
sheets-komi-tournament = the tournament's
sheets-circle = Circle the winner:
sheets-signature-white = White's signature
sheets-signature-black = Black's signature
print-title = Pairings of round { $round } · { $tournament }
print-back = Back to round { $round }
print-use = use your browser's Print
print-heading = { $tournament }: round { $round }
print-by-table = By table
print-bye = bye
print-by-name = By name
column-colour = Colour
column-opponent = Opponent

## Wall chart, rating lists / Tableau mural, listes de classement
wall-title = Wall chart after round { $round }
wall-after = after round { $round }
wall-key-reads = A round reads
wall-key-1 = : against the player of line 12, won (
wall-key-lost = lost
wall-key-drawn = drawn
wall-key-unknown = not yet known
wall-key-2 = ), with white (
wall-key-black = black
wall-key-3 = ), 3 handicap stones;
wall-key-instead = instead of
wall-key-default = for a game decided by default;
wall-key-bye = a bye or an absence and what it counts. Print it in landscape, on A4 or A3.
wall-line = Line
wall-wins = Wins
wall-round = R{ $round }
from-list-title = Register from a rating list
from-list-search = Name, PIN or licence
from-list-nobody = Nobody in the tournament's lists matches.
from-list-caption = Best matches first, in the lists the tournament uses
from-list-list = List
refresh-title = Refresh from the { $list } list
refresh-heading = Refresh from the { $list } list of { $date }
refresh-summary = { $changes } changes proposed; { $missing } players not found in the list.
refresh-in-list = In the list
refresh-apply = Apply the { $changes } changes

## The draft of a round / Le brouillon d'une ronde
draft-title = Draft of round { $round }
draft-heading = Draft: nothing is stored until you publish
draft-caption = The engine's pairing and its report
draft-caption-release = The engine's pairing (as OpenGotha { $release } pairs) and its report
draft-report = Report
draft-change = Change
draft-swapped = colours swapped by hand
draft-swap = Swap colours
draft-of-table = of table { $table }
draft-why = Why this pair
question-mark = ?
draft-at-table = at table { $table }
draft-bye = Bye: { $player } ({ $rank })
draft-kept = Pairs kept: { $pairs }
draft-left-out = Left out of this draft: { $players }
draft-why-title = Why table { $table }: { $white } against { $black }
draft-why-explained = The engine pairs the round so that the pairs, all together, meet the criteria of OpenGotha's pairing settings best (its evaluation function): { $black } is { $white }'s choice { $place } of { $candidates } alone.
draft-why-explained-rematch = The engine pairs the round so that the pairs, all together, meet the criteria of OpenGotha's pairing settings best (its evaluation function): { $black } is { $white }'s choice { $place } of { $candidates } alone, though the two have met before.
draft-criteria-caption = The pair, criterion by criterion (OpenGotha's pairing settings)
draft-criterion = Criterion
draft-this-pair = This pair
draft-costlier = Better for { $white } alone, left to others so that the whole round is paired best: { $others }.
draft-a-rematch = { $player } (a rematch)
draft-choice = { $player }, table { $table }
draft-tables-legend = Tables: move a game to another table (the game there, if any, takes its place), or number them again by best score order, as the engine does
draft-to-table = to table
draft-move = Move
draft-renumber = Renumber tables
draft-two-legend = Two players: exchange them (the engine drafts again, keeping the two new games), or pair them together (the engine drafts again around that game)
draft-with = with
draft-exchange = Exchange
draft-fix = Pair them together
draft-leave-out-legend = Leave a player out of this draft (the registration stays as it is)
draft-leave-out = Leave out
draft-publish = Publish round { $round }
draft-again = Draft again from scratch
pairing-rematch = Avoid pairing same pair twice
pairing-colours = Balance White and Black
pairing-category = Avoid mixing categories
pairing-score = Minimize score difference
pairing-draw-up-down = Draw-up/draw-down
pairing-seeding = Seeding system
pairing-handicap = Minimize handicap
pairing-geography = Avoid intra-country and intra-clubs/groups pairing
pair-rematch = a rematch
pair-first-meeting = a first meeting
pair-colours-balanced = colours balanced
pair-colours-unbalanced = colours not balanced
pair-same-category = the same category
pair-near-categories = neighbouring categories
pair-distant-categories = distant categories
pair-same-score = the same score
pair-close-scores = close scores
pair-distant-scores = scores far apart
pair-no-draw-up-down = no draw-up or draw-down
pair-draw-up-down = a draw-up or draw-down
pair-seeding-placed = placed as the seeding system asks
pair-seeding-near = near the seeding system's place
pair-seeding-away = away from the seeding system's place
pair-least-handicap = the least handicap
pair-some-handicap = some handicap
pair-large-handicap = a large handicap
pair-apart = different clubs and countries
pair-apart-partly = a club, group or country in common, set apart
pair-same-club = the same club or country

## A tournament's rating lists / Les listes de classement d'un tournoi
lists-title = Rating lists
lists-explained = The registration desk searches the federations' lists this tournament uses: for each, the list pinned here, else the newest imported. Refreshing compares the registered players with it and applies what changed (rating, rank, club, licence, ids), each change recorded.
lists-in-use = In use: the list of { $date }, { $count } players (the newest).
lists-in-use-pinned = In use: the list of { $date }, { $count } players, pinned.
lists-use = Use
lists-newest = the newest list, whichever it is
lists-pinned-choice = the list of { $date } ({ $count } players), pinned
lists-use-button = Use this list
lists-refresh = Refresh the players from this list
lists-none = No { $source } list imported yet.
lists-import = Import a list
lists-import-explained = Upload the file as the federation publishes it (an EGD list may be zipped):
lists-import-after = A newer list is used at once unless an older one is pinned above; the same file twice changes nothing.
lists-list = List
lists-file = File
lists-import-button = Import the list
lists-admins-import = Lists are imported by an admin of this service, once for every tournament it runs.
lists-imported = Imported the { $source } list of { $date }: { $count } players.
lists-imported-already = This { $source } list of { $date } was imported already: nothing changed.
lists-applied = Applied { $count } changes from the { $source } list.
list-egd = EGD (European Go Database)
list-ffg = FFG (Fédération Française de Go)
list-aga = AGA (American Go Association)
found-by-id = found by id
found-by-name = found by name
found-not = not in the list
found-ambiguous = several people of this name: give the player's id
found-id-not-in-list = the player's id is not in the list
refresh-none = none
refresh-field-rating = rating
refresh-field-rank = rank
refresh-field-club = club
refresh-field-licence-status = licence status
refresh-field-egd-pin = EGD PIN
refresh-field-ffg-licence = FFG licence
refresh-field-aga-id = AGA id

## A player's record on the dashboard

player-rating = Rating (EGD scale: 2100 is 1d)
player-ffg-licence = FFG licence
player-egd-pin = EGD PIN
player-aga-id = AGA id
player-mms-correction = McMahon correction (points added to the start score)
player-preliminary = Preliminary registration (in the standings, not paired until confirmed)
player-paid = Entry fee paid
player-comment = Comment
player-record-more = Licence, PIN, rating, McMahon correction, payment, comment

## The results grid: a round's paper sheets typed with the keyboard alone

results-grid-title = Results of round { $round }
results-grid-caption = The tables of round { $round } and their results
results-grid-entry = Table and result
results-grid-record = Record
results-grid-help = The table's number, then the result, then Enter: 12b (Black wins), 12w (White wins), 12= (jigo), 12 0 (both lose), 12# (both win), 12x (annulled), 12? (no result yet); a margin or the way after b or w: 12b3.5, 12wr (resignation), 12bt (time), 12wf (by default). A table typed again is corrected.
results-grid-last = Table { $table } ({ $players }): { $result }
results-grid-players = { $black } against { $white }
results-grid-missing = { $count ->
    [0] Every table has its result.
    [one] { $count } table without a result.
   *[other] { $count } tables without a result.
}
results-grid-no-number = Start with the table's number (12b: table 12, Black wins).
results-grid-no-result = Give the result after the table's number: b, w, =, 0, #, x or ?.
results-grid-unknown = “{ $keys }” is not a result: b, w, = (jigo), 0 (both lose), # (both win), x (annulled), ? (no result yet), a margin after b or w (b3.5).
results-grid-no-table = Round has no table { $table }.
results-grid-link = Results grid
result-none-yet = No result yet
result-choose = Choose the result

## A refused form's problems, field by field (the field's name is the form's label).
form-field-problem = { $field }: { $problem }
issue-not-a-rank = “{ $value }” is not a rank (1k–50k, 1d–9d or 1p–9p)
issue-too-long = must be at most { $max } characters
issue-empty = must not be empty
issue-control-character = must not contain control characters
issue-egd-pin = must be an EGD PIN: 8 digits
issue-ffg-licence = must be an FFG licence: 7 digits or capital letters
issue-rating = must be between -900 and 3200
issue-country = must be a two-letter country code (FR, IT, DE)
issue-aga-id = must be 1 to 12 digits
issue-mcmahon-correction = must be between -1 and 2

issue-not-a-whole-number = must be a whole number
issue-not-a-number = must be a number
issue-out-of-range = must be between { $min } and { $max }
issue-not-chosen = choose one of the form's choices
issue-two-players = choose two players
issue-required = this ruling needs it
issue-not-taken = only a result correction takes a result
issue-end-before-start = must not be before the first day
issue-not-a-result = is not a result (B+R, W+2.5, 0, Void)
issue-no-file = Choose a file to send first.
issue-file-too-large = The file is larger than { $megabytes } MB.
issue-unreadable = A value of the form cannot be read (a date, a rank such as 3k or 1d, a time zone such as Europe/Paris): correct it and save again.
issue-board-side = must be between 2 and 25
issue-handicap = must be between 0 and 9 stones
issue-handicap-correction = must be between -1 and 9
issue-komi = must be a multiple of 0.5 between -150 and 150
issue-mcmahon-floor-below-zero = must be 30k or stronger: start scores count from 30k
issue-mcmahon-floor-above-bar = must not be stronger than the McMahon bar
issue-not-a-point = “{ $point }” is not a point of the board: name it as on its edges (D4, Q16).
issue-not-a-date = “{ $value }” is not a date
issue-unknown-colours = its colours are unknown: the service records who had Black
issue-another-game = { $player } has another game in round { $round }: the service records one game per player and round
issue-at-most = must be at most { $max }
issue-over-a-year = must be at most a year after the first day
issue-over-a-day = no time may be longer than 24 hours
issue-time-zero-main = needs a main time greater than zero
issue-time-zero-periods = needs at least one period (or one stone per period)
issue-time-zero-period = needs a period (or an increment) greater than zero
issue-time-unplayable = cannot be played as set
issue-criteria-count = must list 1 to 12 criteria
issue-repeated-criterion = must not list a criterion twice
issue-fraction = The concavity factor (paiStandardNX1Factor) must be a fraction between 0 and 1 with a positive denominator.
issue-search-text = must be 1 to 100 characters, without control characters
issue-no-rank-in-list = the list gives this player neither a rating nor a grade: give the rank
form-file-problem = In the file, { $place }: { $problem }

## A draft's hand edit the pairing refused.
edit-no-table = The draft has no table { $table }.
edit-table-out-of-range = Table { $table } is not a table number: choose one from 1 to { $max }.
edit-not-in-draft = A player chosen plays no game of the draft.
edit-same-table = Choose two players of different tables.
edit-inconsistent = The change would give a table two games or a player two tables.

## A refusal of a whole form, by its code (a conflict with what the tournament holds).
problem-conflict-concurrent-update = Someone changed this in the meantime: look at it again, then change it.
problem-conflict-referenced = Other records still refer to this: it stays.
problem-draft-stale = The round changed since this draft (a result, a registration, a player or a setting): a fresh draft is shown, look at it again.
problem-game-contended = Another action on this game was being recorded at the same moment: try again.
problem-game-exists = This table already has a game.
problem-idempotency-key-reused = This request was already sent with other content.
problem-player-already-registered = A player with this FFG licence or AGA id is already registered.
problem-player-has-played = This player has games or results in the tournament: withdraw the player rather than delete them.
problem-rating-list-not-imported = No list of this federation is imported yet: import one first.
problem-rating-refresh-not-proposed = This change is not one the list proposes (any more): look at the proposals again.
problem-registration-player-paired = This player is paired in the round: take the player out of the pairing first.
problem-result-game-played = This table's game is played on a tablet: its result comes from the game, and a referee corrects it by a ruling.
problem-tournament-full = The tournament has as many players as a tournament may have.
problem-tournament-has-games = Games were recorded on this board size: it can no longer change.
problem-tournament-rounds-exist = The tournament has more rounds than that, with pairings or results: delete them first.
problem-round-not-started = The round has not started yet.
problem-round-already-paired = This round is already paired: withdraw its pairing first to pair it again.
problem-terms-board-size = This game is on another board than the tournament's.
problem-tournament-board-size-locked = Games were recorded on this board size: it can no longer change.
problem-game-not-started = The game has not started yet.
problem-game-stale-turn = The game moved on meanwhile (it awaits move { $turn }): look at it again.
problem-game-started = The game has already started.
problem-game-finished = The game is over: a referee changes its result by a result correction.
problem-game-paused = The game is paused: resume the clocks first.
problem-game-not-playing = The game is not being played now.
problem-game-not-counting = The game is not being counted now.
problem-game-not-paused = The game is not paused.
problem-game-already-paused = The game is already paused.
problem-game-turn-cap = The game has reached { $cap } moves, the most a game may have: a referee's ruling ends it.
problem-game-counting-cap = The count has taken { $cap } steps, the most it may: the referee decides the dead stones.
problem-counting-superseded = A newer proposal of dead stones replaced this one.
problem-clock-flag-due = { $colour }'s time is up: the clock falls first.
problem-game-clock = The clock refused this change of time.
problem-game-both-out-of-time = Both players are out of time.
problem-game-dead-stones = { $why ->
        [empty] The point { $point } is empty: only stones can be dead.
       *[off-board] The point { $point } is not on the board.
    } Name one stone of each dead chain, as on the board (D4 Q16).
problem-ruling-reason = Give the ruling's reason.
problem-ruling-delta-ms = A time adjustment needs a number of seconds other than zero.
problem-ruling-corrects = This game's log has no entry { $entry }: it has { $entries ->
        [one] one entry
       *[other] { $entries } entries
    }.
problem-terms-komi = This komi is not one the rules allow.
problem-terms-time-control = This time control cannot be played.
problem-terms-handicap = This handicap cannot be placed on this board.
problem-result-unknown = Give the result.
problem-result-margin = The margin does not fit the komi (a half point where the komi has one, none where it has none).
problem-result-draw = A jigo needs a komi without a half point.

## A file refused, with the place at fault.
file-problem-opengotha-malformed-xml = Line { $line }, column { $column }: the file is not well-formed XML.
file-problem-opengotha-unknown-encoding = The file's text encoding ({ $encoding }) is not one arbitre reads.
file-problem-opengotha-malformed-text = Line { $line }, column { $column }: bytes that are not { $encoding }.
file-problem-opengotha-missing-element = This is not an OpenGotha tournament: the file has no <{ $element }> element.
file-problem-opengotha-invalid-attribute = Line { $line }: <{ $element } { $attribute }="{ $value }">: this value is not valid.
file-problem-opengotha-invalid-text = Line { $line }: <{ $element } { $attribute }>: { $problem }.
file-problem-opengotha-too-large = Line { $line }: the file holds more than an OpenGotha file can.
file-problem-opengotha-unknown-criterion = Line { $line }: the placement criterion { $name } is not one arbitre knows.
file-problem-opengotha-duplicate-player = Line { $line }: the player { $player } is registered twice.
file-problem-opengotha-unknown-player = Line { $line }: round { $round } names a player the file does not register ({ $player }).
file-problem-rating-list-empty = The file is empty.
file-problem-rating-list-binary = Line { $line }, column { $column }: this is a binary file, not a rating list.
file-problem-rating-list-wrong-encoding = Line { $line }, column { $column }: the text is not in the list's encoding.
file-problem-rating-list-truncated-line = Line { $line } is cut short ({ $length } characters, the list's lines have at least { $expected }).
file-problem-rating-list-malformed-line = Line { $line }, column { $column }: the line is not one of the list's.
file-problem-rating-list-missing-header = Line { $line }: the list's header is missing.
file-problem-rating-list-bad-zip = The zip archive cannot be read.
file-problem-rating-list-no-players = No player in the file: is it the { $source } list?

## Who issued a ruling, for a credential made without a label.
issuer-unlabelled = { $role } (credential …{ $end })
