# Le pagine di arbitre in italiano.

## La lingua
language-name = Italiano
language-switch = Lingua
decimal-separator = ,

## Date
date = { $day } { $month } { $year }
date-span = dal { $start } al { $end }
moment = { $date } alle { $time }
month-1 = gennaio
month-2 = febbraio
month-3 = marzo
month-4 = aprile
month-5 = maggio
month-6 = giugno
month-7 = luglio
month-8 = agosto
month-9 = settembre
month-10 = ottobre
month-11 = novembre
month-12 = dicembre

## Ogni pagina
skip-to-content = Vai al contenuto
nav-account = Account
nav-dashboard = Pannello
signed-in-as = Connesso come { $who }
signed-in-label-role = { $label } ({ $role })
sign-out = Esci
sign-in = Accedi
role-admin = amministratore
role-organizer = organizzatore
role-referee = arbitro
role-table = tavolo

## Home
home-title = Tornei
home-empty = Ancora nessun torneo.
home-older = { $count ->
    [one] E { $count } torneo precedente.
   *[other] E { $count } tornei precedenti.
}

## Le pagine pubbliche di un torneo
nav-tournament = Torneo
nav-rounds = Turni
tab-pairings = Abbinamenti
tab-standings = Classifica
round-number = Turno { $round }
pairings-title = Turno { $round } · { $tournament }
find-board = Trova il tuo tavolo
find-name = Il tuo nome
find-button = Cerca
find-nobody = Nessun giocatore del turno { $round } corrisponde.
find-list = Giocatori del turno { $round } per nome
find-where = tavolo { $table }, { $colour }, contro { $opponent }
find-bye = riposa in questo turno
tables-title = Turno { $round } per tavolo
tables-unpaired = Il turno { $round } non è ancora abbinato.
tables-caption = Partite del turno { $round }, per tavolo
column-table = Tavolo
column-white = Bianco
column-black = Nero
column-handicap = Handicap
column-result = Risultato
column-place = Posizione
column-player = Giocatore
column-club = Club
standings-title = Classifica dopo il turno { $round } · { $tournament }
standings-after = Classifica dopo il turno { $round }
colour-black = Nero
colour-white = Bianco

## Risultati
result-black-wins = Vince il Nero
result-black-wins-by-default = Vince il Nero a tavolino
result-white-wins = Vince il Bianco
result-white-wins-by-default = Vince il Bianco a tavolino
result-jigo = Patta (jigo)
result-both-win = Vittoria per entrambi
result-both-lose = Sconfitta per entrambi
result-void = Partita annullata

## Accesso
sign-in-title = Accesso
sign-in-explained = Incolla il token che ti ha dato l'organizzatore. Resta in questo browser finché non esci.
sign-in-token = Token
sign-in-invalid = Questo token non è valido: verificalo con l'organizzatore.
link-explained = Questo link fa accedere questo browser come { $label }, una sola volta. Resta connesso finché non esce o lo staff non lo revoca.
link-button = Accedi come { $label }
link-used = Questo link è già stato usato: chiedine uno nuovo allo staff.
link-expired = Questo link è scaduto: chiedine uno nuovo allo staff.
link-invalid = Questo link non è valido: chiedine uno nuovo allo staff.

## Pagine di errore
error-title = { $status ->
    [400] Richiesta non valida
    [401] Accesso non effettuato
    [403] Non consentito
    [404] Non trovato
    [409] Conflitto
    [410] Non più disponibile
    [422] Non eseguito
    [503] Server occupato
   *[other] Errore
}
error-server = Il server non ha potuto rispondere. Riprova tra un momento.
error-back = Torna ai tornei

## Criteri di classifica (accanto alle sigle di OpenGotha)
criterion-cat = Categoria
criterion-mms = Punteggio McMahon
criterion-bzs = Punteggio Breizh
criterion-nbw = Numero di vittorie
criterion-sts = Punteggio Strasburgo
criterion-sosts = Somma dei punteggi Strasburgo degli avversari
criterion-cps = Punteggio di coppa
criterion-sos = { $basis ->
    [wins] Somma delle vittorie degli avversari
   [breizh] Somma dei punteggi Breizh degli avversari
   *[mms] Somma dei punteggi McMahon degli avversari
}
criterion-sos-minus-1 = { $basis ->
    [wins] Somma delle vittorie degli avversari, tolta la più bassa
   [breizh] Somma dei punteggi Breizh degli avversari, tolto il più basso
   *[mms] Somma dei punteggi McMahon degli avversari, tolto il più basso
}
criterion-sos-minus-2 = { $basis ->
    [wins] Somma delle vittorie degli avversari, tolte le due più basse
   [breizh] Somma dei punteggi Breizh degli avversari, tolti i due più bassi
   *[mms] Somma dei punteggi McMahon degli avversari, tolti i due più bassi
}
criterion-sodos = { $basis ->
    [wins] Somma delle vittorie degli avversari battuti
   [breizh] Somma dei punteggi Breizh degli avversari battuti
   *[mms] Somma dei punteggi McMahon degli avversari battuti
}
criterion-sosos = Somma dei SOS degli avversari
criterion-cuss = { $basis ->
    [wins] Somma cumulata delle vittorie
   [breizh] Somma cumulata dei punteggi Breizh
   *[mms] Somma cumulata dei punteggi McMahon
}
criterion-ext = Imprese tentate
criterion-exr = Imprese riuscite
criterion-dc = Scontro diretto
criterion-sdc = Scontro diretto semplificato
criterion-rank = Livello
criterion-rank-short = Livello
criterion-rating = Rating
criterion-rating-short = Rating

## Le parole di un problema su una pagina di errore
problem-not-found-tournament = Questo torneo non esiste.
problem-not-found-player = Questo giocatore non è nel torneo.
problem-not-found-round = Il torneo non ha un turno con questo numero.
problem-not-found-pairing = Questa partita non è in questo turno.
problem-not-found-game = Questa partita non esiste.
problem-not-found-route = Non c'è nessuna pagina a questo indirizzo.
problem-auth-missing-token = Accedi prima.
problem-auth-invalid-token = Questo accesso non è più valido: accedi di nuovo.
problem-service-busy = Il server è occupato: riprova tra un momento.
problem-service-stopping = Il server si sta riavviando: riprova tra un momento.
problem-database-unavailable = Il server non raggiunge il suo database: riprova tra un momento.
problem-round-started = Il turno è iniziato: il suo abbinamento cambia solo con una decisione arbitrale, dalla sala dell'arbitro.
problem-round-not-paired = Questo turno non ha un abbinamento da ritirare.
problem-pairing-has-game = La partita di questo tavolo è iniziata: ciò che è stato giocato resta, e un arbitro lo corregge con una decisione.
problem-round-has-games = Questo turno ha partite o risultati: ciò che è stato giocato resta.
problem-round-not-last = Si può eliminare solo l'ultimo turno del torneo: elimina prima i turni successivi.

## Il tablet del tavolo: la pagina e le parole del suo script
tablet-title = Tavolo
tablet-far-side = Lato lontano del tavolo
tablet-near-side = Lato vicino del tavolo
tablet-board-name = Il goban
tablet-waiting = In attesa del turno.
tablet-start = Inizia la partita
tablet-beeps = Segnali acustici negli ultimi dieci secondi
tablet-swap = Scambia i lati
tablet-link-connecting = connessione…
tablet-link-online = in linea
tablet-link-offline = non in linea
tablet-link-reconnecting = riconnessione…
tablet-after-start = l'inizio della partita
tablet-after-turn = la mossa { $turn }
tablet-illegal-occupied = Mossa illegale: questo punto è già occupato.
tablet-illegal-suicide = Mossa illegale: suicidio (la pietra non avrebbe libertà e non catturerebbe nulla).
tablet-illegal-ko = Mossa illegale: ko. Riprendere subito ripete la posizione dopo { $after }: gioca prima altrove.
tablet-illegal-superko = Mossa illegale: superko. Ripeterebbe la posizione dopo { $after }.
tablet-illegal-handicap = Il Nero posa prima le pietre di handicap.
tablet-illegal-wrong-turn = Tocca a { $who } giocare.
tablet-illegal-off-board = Questo punto è fuori dal goban.
tablet-stale-turn = La partita era andata avanti: ora il goban è aggiornato.
tablet-game-paused = L'arbitro aveva sospeso la partita.
tablet-game-finished = La partita è finita.
tablet-forbidden = Questo tablet non può più agire su questa partita.
tablet-signed-out = Questo tablet è disconnesso: chiedi un nuovo link allo staff.
tablet-refused = Il server ha rifiutato.
tablet-unreachable = Il server non è raggiungibile: riprova tra un momento.
tablet-black = Nero
tablet-white = Bianco
result-draw = Patta (jigo)
result-no-result = Nessun risultato (partita annullata)
result-wins = Vince { $winner }
result-wins-resignation = Vince { $winner } per abbandono
result-wins-time = Vince { $winner } per tempo
result-wins-forfeit = Vince { $winner } a tavolino
result-wins-points = Vince { $winner } di { $points } punti
tablet-then = : { $result }
tablet-ruling-warning = Ammonimento
tablet-ruling-warning-to = Ammonimento a { $who }
tablet-ruling-penalty = Penalità a { $who }
tablet-ruling-penalty-time = Penalità: { $who } perde { $time }
tablet-ruling-time-gets = Correzione del tempo: { $who } riceve { $time }
tablet-ruling-time-loses = Correzione del tempo: { $who } perde { $time }
tablet-ruling-pause = Orologi fermati
tablet-ruling-resume = Orologi ripartiti
tablet-ruling-dead-stones = Pietre morte decise dall'arbitro{ $then }
tablet-ruling-strict-count = Conteggio rigoroso (regole 5 e 6){ $then }
tablet-ruling-void = La partita è annullata (nessun risultato)
tablet-ruling-forfeit = { $who } perde a tavolino{ $then }
tablet-ruling-correction = Risultato corretto{ $then }
tablet-ruling-other = Una decisione dell'arbitro
tablet-ruling-banner = Decisione dell'arbitro: { $ruling }. Motivo: { $reason }
tablet-board-one = Il goban, { $count } mossa giocata
tablet-board-other = Il goban, { $count } mosse giocate
tablet-board-last = , ultima pietra in { $point }
tablet-board-chosen = , { $point } scelto
tablet-tap-again = { $point }: toccalo di nuovo, o premi Gioca, per giocarlo.
clock-no-limit = senza limite
clock-unlimited = senza limite di tempo
clock-out = tempo scaduto
clock-main = tempo principale
clock-fischer = Fischer, +{ $increment } a mossa
clock-canadian = Canadese: { $stones } pietre in { $time }
clock-simple = { $time } a mossa
clock-byo-yomi = byo-yomi { $period } di { $periods }
tablet-seat = { $colour }: { $name } ({ $rank })
tablet-prisoners-one = { $count } prigioniero
tablet-prisoners-other = { $count } prigionieri
tablet-accepted = Accetti queste pietre morte.
tablet-tap-dead = Tocca le catene morte, poi accetta.
tablet-accept = Accetta il conteggio
tablet-dispute = Contesta: riprendi il gioco
tablet-paused-note = L'arbitro ha sospeso la partita.
tablet-play = Gioca
tablet-play-point = Gioca { $point }
tablet-pass = Passo
tablet-resign-confirm = Conferma: abbandono
tablet-keep-playing = Continua a giocare
tablet-resign = Abbandona…
tablet-placing = Il Nero posa la pietra di handicap { $stone } di { $handicap }
tablet-to-play = Muove { $colour }, mossa { $turn }
tablet-counting = Conteggio (regola 5 bis): tocca ogni catena morta, poi entrambi accettano; una contestazione riprende il gioco
tablet-paused = Sospesa dall'arbitro
tablet-over = Partita finita: { $result }
tablet-over-ruling = Partita finita: { $result } (decisione dell'arbitro: { $reason })
tablet-round = turno { $round }
tablet-table = tavolo { $table }
tablet-no-game = Nessuna partita a questo tavolo ora: la partita del prossimo turno pubblicato apparirà qui.
tablet-has-result = La partita di questo tavolo ha il suo risultato: { $result }.
tablet-not-started = La partita non è iniziata. Iniziala quando inizia il turno.
tablet-terms-even = Senza handicap, komi { $komi }
tablet-terms-handicap = Handicap { $handicap }, komi { $komi }
tablet-not-recorded = Non registrato
tablet-counting-superseded = Le pietre morte sono cambiate prima dell'invio: guarda la proposta ora mostrata, poi accettala o contestala.
tablet-not-playing = La partita si era fermata per il conteggio.
tablet-not-counting = La partita non era più in conteggio.
tablet-offline-since = Nessuna connessione al server da { $since }.
tablet-offline-nothing = Niente attende di essere inviato.
tablet-offline-waiting-one = { $count } azione attende su questo tablet, in ordine, e sarà inviata da sola.
tablet-offline-waiting-other = { $count } azioni attendono su questo tablet, in ordine, e saranno inviate da sole.
tablet-offline-keep-playing = Continuate a giocare.
tablet-offline-kept = La pagina è conservata su questo tablet: ricaricarla è sicuro.
tablet-offline-do-not-reload = Non ricaricare questa pagina: riprende da sola quando torna la rete.
tablet-waiting-stones = , { $count } giocate qui e non ancora inviate
tablet-both-passed = Entrambi i giocatori hanno passato: il conteggio inizia quando il server ha i passi.
tablet-refused-step = Non registrato: { $what }. { $why }
tablet-behind = Attendeva dietro un'azione rifiutata dal server: rigiocala se vale ancora.
tablet-seen = Visto
tablet-turn-pass = passo del { $who } (mossa { $turn })
tablet-turn-resign = abbandono del { $who }
tablet-turn-move = { $who } in { $point } (mossa { $turn })
tablet-step-propose = pietre morte del { $who }
tablet-step-accept = accettazione del conteggio del { $who }
tablet-step-dispute = contestazione del conteggio del { $who }

## Regole e tempi di gioco
rules-french = Regole francesi (FFG)
rules-tromp-taylor = Tromp-Taylor
rules-chinese = Regole cinesi
rules-japanese = Regole giapponesi
rules-aga = Regole AGA
rules-new-zealand = Regole neozelandesi
time-none = Senza limite di tempo
time-absolute = { $main }, tempo assoluto
time-byo-yomi = { $main } + { $periods } × { $period } byo-yomi
time-canadian = { $main } + { $stones } pietre in { $period } (byo-yomi canadese)
time-fischer = Fischer { $main } + { $increment }
time-fischer-capped = { $fischer }, al massimo { $max }
time-simple = { $move } a mossa
time-online-byo-yomi = { $main }, gli ultimi { $byo_yomi } in byo-yomi

## La sala e il tavolo dell'arbitro
hall-title = Sala, turno { $round } · { $tournament }
hall-heading = La sala · turno { $round }
hall-waiting = { $count ->
    [0] Nessun tavolo chiama l'arbitro
    [one] { $count } tavolo chiama l'arbitro
   *[other] { $count } tavoli chiamano l'arbitro
}
hall-table = Tavolo { $table }
hall-white = Bianco: { $player }
hall-black = Nero: { $player }
hall-phase-turns = { $count ->
    [one] { $phase }, { $count } mossa
   *[other] { $phase }, { $count } mosse
}
hall-result = Risultato: { $result }
hall-open = Apri il tavolo { $table }
hall-tablet-online = Tablet in linea
hall-tablet-back = Tablet di nuovo in linea, { $count ->
    [one] { $count } invio in attesa
   *[other] { $count } invii in attesa
}
hall-tablet-offline = Tablet non in linea da { $for }
need-disputed-count = Conteggio contestato
need-flag-fallen = Tempo scaduto
need-paused = Sospesa
need-running-long = Partita lunga
need-not-started = Non iniziata
need-in-play = In corso
need-finished = Finita
need-finished-by-hand = Finita (risultato a mano)
phase-no-game = ancora nessuna partita
phase-on-paper = giocata su carta
phase-placing = posa delle pietre di handicap
phase-counting = conteggio (regola 5 bis)
phase-paused = sospesa dall'arbitro
phase-not-started = non iniziata
phase-playing = in corso
phase-finished = finita
referee-table-title = Tavolo { $table }, turno { $round } · { $tournament }
referee-table-heading = Tavolo { $table }, turno { $round }
referee-state = { $need }: { $phase }
referee-turn = Mossa { $turn }
referee-to-play = , muove { $who }
referee-board = Il goban dopo la mossa { $turn }
referee-actions = L'arbitro
referee-why = Motivo (obbligatorio)
referee-resume = Riprendi
referee-pause = Sospendi
referee-apply-title = Prendi una decisione
referee-ruling = Decisione
referee-why-kept = Motivo (obbligatorio, conservato con la decisione)
referee-player = Giocatore interessato (penalità, tempo, sconfitta a tavolino, ammonimento)
referee-nobody = nessuno
referee-seconds = Secondi aggiunti (negativo: tolti)
referee-new-result = Nuovo risultato (correzione: B+R, W+2.5, 0, Void)
referee-dead = Catene morte: toccatele sul goban, o indicate una pietra di ciascuna come sul goban, per esempio D4 Q16 (separate da spazi)
referee-apply = Applica la decisione
ruling-warning = Ammonimento (solo registrato)
ruling-penalty = Penalità (tempo tolto, o annotata)
ruling-time-adjustment = Correzione del tempo (tempo principale aggiunto o tolto)
ruling-pause = Ferma gli orologi
ruling-resume = Riavvia gli orologi
ruling-dead-stones = Pietre morte di un conteggio contestato (la partita è contata)
ruling-strict-count = Conteggio rigoroso (regole 5 e 6)
ruling-void = Partita annullata (nessun risultato)
ruling-forfeit = Sconfitta a tavolino (il giocatore indicato perde)
ruling-result-correction = Correzione del risultato
log-title = Il registro, dal più recente
log-caption = Ogni voce del registro della partita: mosse, orologi, conteggio, decisioni
log-time = Ora
log-what = Cosa
log-by = Da
log-whom = Giocatore
log-by-server = il server
log-other = una voce di altro tipo
log-started = orologi avviati
log-move = { $who } gioca { $point }
log-pass = { $who } passa
log-resign = { $who } abbandona
log-flag = { $who }: tempo scaduto
log-propose = { $who } propone { $count ->
    [0] nessuna pietra morta
    [one] una catena morta: { $points }
   *[other] { $count } catene morte: { $points }
}
log-accept = { $who } accetta il conteggio
log-dispute = { $who } contesta il conteggio (regola 5 bis)
log-refused-turn = mossa { $turn }, { $what }
log-refused = NON REGISTRATO, inviato in ritardo dal tablet: { $what } — { $why ->
    [game-stale_turn] la partita era andata avanti (la mossa è stata giocata nel frattempo)
    [game-paused] l'arbitro aveva sospeso la partita
    [game-finished] la partita era finita
    [game-not_playing] la partita si era fermata per il conteggio
    [game-not_counting] il conteggio era finito
    [counting-superseded] le pietre morte erano cambiate nel frattempo
   *[other] { $why }
}
log-ruling = decisione: { $kind ->
    [warning] ammonimento
    [penalty] penalità
    [time_adjustment] correzione del tempo
    [pause] pausa
    [resume] ripresa
    [dead_stones] pietre morte { $points }
    [strict_count] conteggio rigoroso
    [void] annullamento
    [forfeit] sconfitta a tavolino
    [result_correction] correzione del risultato
   *[other] { $kind }
} — { $reason }
time-system-byo-yomi = Byo-yomi giapponese
time-system-canadian = Byo-yomi canadese
time-system-fischer = Fischer
time-system-absolute = Tempo assoluto
time-keep = Mantieni: { $control }

## The dashboard's standings and exports
dashboard-standings-title = Classifica dopo il turno { $round } · { $tournament } · pannello
dashboard-standings-heading = Classifica · { $tournament }
wall-chart-link = Il tabellone dopo il turno { $round }
wall-chart-link-why = : la tabella incrociata dei turni, da stampare.
exports-title = Esportazioni dopo il turno { $round }
export-egd = Risultati EGD (.{ $extension })
export-ffg = Risultati FFG (.tou)
export-aga = Risultati AGA
export-csv = Foglio di calcolo (CSV)
export-opengotha = File OpenGotha (XML)
export-blocked = non può essere scritto dopo il turno { $round }:
export-blocker-result = Turno { $round }, tavolo { $table }: il risultato di { $black } (nero) contro { $white } (bianco) non è noto.
export-blocker-colours = Turno { $round }, tavolo { $table }: i colori di { $black } e di { $white } non sono stati registrati.
export-blocker-aga-id = { $player } non ha un ID AGA: l'AGA rifiuta i risultati di un giocatore senza.
export-blocker-egd-pin = { $player }: il PIN EGD «{ $pin }» non è di 8 cifre.
export-blocker-licence = { $player }: la licenza FFG «{ $licence }» non è di 7 cifre o lettere maiuscole.
export-blocker-start-date = La data di inizio «{ $value }» non è una data (AAAA-MM-GG).
export-blocker-end-date = La data di fine «{ $value }» non è una data (AAAA-MM-GG).
export-blocker-shared-key = { $player } ha la chiave OpenGotha «{ $key }» di { $others }: OpenGotha trova i giocatori per chiave e li confonderebbe.
export-blocker-other = { $reason }
export-fix-result = Registra il risultato
export-fix-round = Apri il turno
export-fix-player = Modifica il giocatore
export-fix-settings = Modifica le impostazioni
export-complete = Scarica i turni completi finora (fino al turno { $round })
export-complete-why = il turno { $round } ha { $count ->
    [one] un risultato
   *[other] { $count } risultati
} non ancora noti, e questo formato non può contenere un risultato sconosciuto.
export-egd-choices = Il file EGD, come preferisci
export-egd-rank-after = Classifica dopo
export-egd-round-shown = il turno { $round } (il turno mostrato)
export-egd-round-declared = il turno { $round }, il numero di turni annunciato: i turni non ancora giocati contano come turni senza partita (come OpenGotha)
export-egd-by-default = Partite vinte a tavolino
export-egd-plus-minus = 0+ al vincitore, 0- al perdente: la vittoria gratuita e il turno libero dell'EGD
export-egd-equals = 0= per entrambi (come OpenGotha)
export-egd-download = Scarica il file EGD
export-refused-title = { $format }: non può essere scritto dopo il turno { $round }
export-back = Torna alla classifica e alle esportazioni

## Le impostazioni di un torneo
settings-language = Lingua delle sue pagine (quando il browser del lettore non ne chiede nessuna)
settings-time-zone = Fuso orario dei suoi orari (per esempio Europe/Rome)

## The dashboard: its common words / Le tableau de bord
colon = :{" "}
confirm-cancel = Annulla: lascia tutto com'è
problems-not-done = Non fatto:
round-of = Turno { $round } · { $tournament }
search-button = Cerca
column-name = Nome
column-country = Paese
column-komi = Komi
field-country = Paese (due lettere)
player-surname = Cognome
player-first-name = Nome
player-rank = Livello (12k, 3d)
player-details = Dati
player-save = Salva
player-withdraw-title = Ritiro
player-withdraw-explained = Un giocatore che non ha ancora giocato lascia il torneo; chi ha giocato conserva le sue partite ed è segnato assente nei turni successivi.
player-withdraw = Ritira questo giocatore
settings-title = Impostazioni · { $tournament }
settings-heading = Impostazioni di { $tournament }
settings-form = Impostazioni
settings-save = Salva le impostazioni
import-title = Importa un file OpenGotha
import-file = File di torneo OpenGotha (.xml)
import-button = Importa
create-title = Crea un torneo
create-button = Crea il torneo
unfinished-warning = { $count ->
    [one] Il turno { $round } ha { $count } tavolo senza risultato (tavolo { $tables }): una bozza fatta ora abbina come se quella partita non fosse stata giocata.
   *[other] Il turno { $round } ha { $count } tavoli senza risultato (tavoli { $tables }): una bozza fatta ora abbina come se quelle partite non fossero state giocate.
}
unfinished-warning-many = Il turno { $round } ha { $count } tavoli senza risultato: una bozza fatta ora abbina come se quelle partite non fossero state giocate.
unfinished-link = I risultati del turno { $round }
copied-title = Giocatori copiati · { $tournament }
copied-heading = Giocatori copiati da { $from }
copied-registered = Iscritti ({ $count })
copied-nobody = Nessuno: tutti i giocatori sono già iscritti.
copied-skipped = Saltati: già iscritti ({ $count })
copied-same-pin = lo stesso PIN EGD
copied-same-licence = la stessa licenza FFG
copied-same-name = lo stesso nome
copied-back = Torna ai giocatori
imported-title = Importato
imported-heading = Torneo importato
imported-players = { $count } giocatori
imported-rounds = { $rounds } turni, { $pairings } abbinamenti ({ $unknown } ancora senza risultato)
imported-byes = { $byes } riposi, { $absences } assenze
imported-warnings = Da controllare
imported-open = Apri il suo pannello

## A tournament's dashboard / Le tableau de bord d'un tournoi
tournament-public-pages = pagine pubbliche
tournament-tablets = i tablet dei tavoli
tournament-staff = staff e credenziali
tournament-rating-lists = liste di classifica
tournament-settings = Impostazioni
tournament-change-settings = Modifica le impostazioni
tournament-board = Goban
tournament-rules = Regole
tournament-time-control = Tempo di riflessione
tournament-egf-class = Classe EGF
egf-class = { $class }, tempo corretto { $minutes } minuti
egf-class-named = Classe EGF { $class }
tournament-mcmahon = Barra e pavimento McMahon
tournament-bar-floor = { $bar } e { $floor }
tournament-handicap = al massimo { $ceiling } pietre, la differenza meno { $reduction }, partite alla pari da { $even }
tournament-language = Lingua delle sue pagine
tournament-time-zone = Fuso orario
tournament-no-round = Ancora nessun turno.
tournament-standings-link = Classifica ed esportazioni
tournament-round-started = iniziato
tournament-players = Giocatori ({ $count })
tournament-no-player = Ancora nessun giocatore.
tournament-no-player-matches = Nessun giocatore corrisponde.
tournament-players-caption = Giocatori, in ordine di iscrizione
tournament-register = Iscrivi un giocatore
tournament-rating-lists-search = Liste di classifica
tournament-from-list = Da una lista di classifica: nome, PIN o licenza
tournament-search-lists = Cerca nelle liste
tournament-register-button = Iscrivi
tournament-copy-title = Copia i giocatori di un torneo precedente
tournament-copy-explained = I giocatori già iscritti qui (stesso PIN EGD o licenza FFG, altrimenti stesso nome) sono saltati.
tournament-copy-button = Copia i giocatori

## A tournament's settings form / Le formulaire des réglages
fields-tournament = Il torneo
fields-place = Luogo
fields-first-day = Primo giorno
fields-last-day = Ultimo giorno
fields-rounds = Numero di turni
fields-board = Dimensione del goban (19: 19×19)
fields-time-system = Sistema
fields-main-time = Tempo principale (minuti)
fields-periods = Periodi (byo-yomi) o pietre (canadese)
fields-period = Periodo o incremento (secondi)
fields-mcmahon-handicap = McMahon e handicap
fields-bar = Barra McMahon
fields-floor = Pavimento McMahon
fields-ceiling = Massimo di pietre di handicap (0: partite alla pari)
fields-reduction = Pietre tolte dalla differenza (-1: una in più)
fields-even = Partite alla pari dal livello
fields-komi-disputes = Komi e contestazioni
fields-komi-rules = il komi delle regole
fields-komi-fixed = questo komi per le partite alla pari
fields-komi = Komi delle partite alla pari, se fissato
fields-dispute = Una partita ripresa dopo un conteggio contestato finisce
dispute-strict = con un conteggio rigoroso (regole 5 e 6: ogni pietra sul goban è viva)
dispute-agree-again = quando i giocatori si accordano di nuovo sulle pietre morte (regola 5 bis)
dispute-four-passes = dopo quattro passaggi, il goban contato così com'è (Tromp-Taylor)
fields-criteria = Criteri di classifica
fields-criterion = Criterio { $number }
criterion-none = nessuno
fields-parameters = Parametri di abbinamento (nomi di OpenGotha)
fields-parameter-default = OpenGotha: { $value }
parameter-system = Sistema di abbinamento
parameter-opengotha = Versione di OpenGotha seguita
parameter-numerator = { $factor } (numeratore)
parameter-denominator = { $factor } (denominatore)
choice-mc-mahon = McMahon
choice-swiss = Svizzero
choice-swiss-with-categories = Svizzero con categorie
choice-round-robin = Girone all'italiana
choice-split-and-fold = Dividi e ripiega
choice-split-and-random = Dividi e sorteggia
choice-split-and-slip = Dividi e scorri
choice-top = Alto
choice-middle = Centro
choice-bottom = Basso
choice-none = Nessuno
choice-rating = Rating
choice-rank = Livello
choice-yes = Sì
choice-no = No

## Rounds, results, standings, staff / Rondes, résultats, classement, équipe
round-draft = Prepara l'abbinamento
round-who-plays = Chi gioca il turno { $round }
round-who-plays-explained = I giocatori non segnati sono abbinati; segna assenti quelli che non giocano prima di preparare l'abbinamento.
round-participation-caption = Giocatori e la loro partecipazione al turno { $round }
round-status = Stato
round-change = Cambia
participation-present = presente
participation-absent = assente
participation-not-marked = non segnato
participation-mark-present = Segna presente
participation-mark-absent = Segna assente
round-print-link = Lista degli abbinamenti da stampare
round-sheets-link = Fogli dei risultati da stampare
round-hall-link = La sala: tutti i tavoli in diretta, per l'arbitro
round-not-started = Il turno { $round } non è iniziato: i suoi risultati si registrano una volta iniziato.
round-start = Inizia il turno { $round }
round-tables = Tavoli
round-tables-caption = Partite del turno { $round }, per tavolo, con i risultati
round-enter-result = Inserisci o correggi il risultato
round-result-of = del tavolo { $table }
undo-table = il tavolo { $table } ({ $white } – { $black })
undo-table-change = Prima dell'inizio
undo-unpublish-title = Ritira l'abbinamento del turno { $round }
undo-unpublish-question = Ritirare l'abbinamento del turno { $round }? Ogni tavolo viene ritirato (conservato tra le cancellazioni) e il turno viene abbinato di nuovo; le liste già stampate non valgono più.
undo-unpublish-button = Ritira l'abbinamento del turno { $round }
undo-unpublish-explained = Un errore nell'abbinamento? Finché il turno non è iniziato, si può ritirare e rifare.
undo-delete-round-title = Elimina il turno { $round }
undo-delete-round-question = Eliminare il turno { $round }, l'ultimo del torneo? Il suo abbinamento e la partecipazione dei suoi giocatori se ne vanno con esso, e il torneo annuncia un turno in meno.
undo-delete-round-button = Elimina il turno { $round }
undo-delete-round-explained = Un turno aggiunto per errore: l'ultimo turno, senza partite giocate, si può eliminare.
undo-unpair = Separa
undo-unpair-title = Separa un tavolo
undo-unpair-question = Separare { $table }? I suoi due giocatori restano senza partita in questo turno, da abbinare a mano o da esentare.
undo-unpair-button = Separa { $table }
undo-terms-change = Cambia
undo-terms-title = Cambia l'handicap o il komi di un tavolo
undo-terms-question = Cambiare { $table } da handicap { $handicap-before }, komi { $komi-before } a handicap { $handicap }, komi { $komi }?
undo-terms-button = Cambia il tavolo { $table }
undo-terms-komi-by-rule = il komi del torneo per questo handicap
result-why = Perché (conservato con la modifica)
result-why-example = risultato inserito a mano
result-record = Registra
result-changes = Modifiche
result-no-change = Nessuna modifica inserita a mano.
result-changes-caption = Tutte le modifiche di questo risultato, la più vecchia per prima
column-when = Quando
column-who = Chi
column-why = Perché
column-before = Prima
column-after = Dopo
column-what = Cosa
column-whom = Chi è interessato
column-role = Ruolo
column-since = Da
staff-credentials = Credenziali
staff-title = Staff e credenziali
staff-explained = Ogni organizzatore, arbitro e tavolo accede con una credenziale propria, creata qui con un nome che dice chi la detiene: il registro qui sotto e la storia dei risultati li indicano con quel nome.
staff-make = Crea una credenziale
staff-role-referee = Arbitro: iscrizioni, inizio dei turni, risultati, decisioni
staff-role-organizer = Organizzatore: tutto per questo torneo
staff-role-table = Tavolo: il tablet di un tavolo
staff-who = Chi la detiene
staff-table = Tavolo (per un tavolo)
staff-handover = Consegnarla come
staff-handover-link = Un link di accesso monouso e il suo codice QR (valido { $hours } ore)
staff-handover-secret = Il segreto di un token (per uno script o l'API)
staff-make-button = Crea la credenziale
staff-active = Credenziali attive
staff-none = Ancora nessuna credenziale.
staff-revoke = Revoca
staff-revoke-of = Revoca la credenziale di { $label } ({ $role })
staff-audit = Registro
staff-audit-none = Ancora niente tolto o annullato.
confirm-withdraw-title = Ritira un giocatore
confirm-withdraw-question = Ritirare { $player } dal torneo? La sua iscrizione e tutto ciò che è stato inserito per lui sono cancellati; iscriverlo di nuovo significa inserire tutto di nuovo.
confirm-withdraw-button = Ritira { $player }
confirm-revoke-title = Revoca un accesso
confirm-revoke-question = Revocare l'accesso di { $whom }? Ogni browser, tablet e script collegato con esso è scollegato alla sua prossima richiesta; servirà un nuovo accesso per collegarsi di nuovo.
confirm-revoke-button = Revoca { $whom }
audit-credential-revoked = ha revocato l'accesso
audit-player-withdrawn = ha ritirato il giocatore
audit-player-changed = ha modificato la scheda del giocatore
audit-round-unpublished = ha ritirato l'abbinamento del turno
audit-table-unpaired = ha separato il tavolo
audit-table-terms-changed = ha cambiato l'handicap o il komi
audit-round-deleted = ha eliminato il turno
audit-change = { $field } { $before } → { $after }
audit-yes = sì
audit-no = no
audit-field-surname = cognome
audit-field-first-name = nome
audit-field-rank = livello
audit-field-rating = rating
audit-field-country = paese
audit-field-club = club
audit-field-egd-pin = PIN EGD
audit-field-ffg-licence = tessera FFG
audit-field-aga-id = identificativo AGA
audit-field-mcmahon-correction = correzione McMahon
audit-field-preliminary = iscrizione provvisoria
audit-field-paid = pagato
audit-field-comment = commento
audit-field-handicap = handicap
audit-field-komi = komi
audit-field-tables = tavoli

## Examples / Exemples
staff-who-example = Maria

## Credentials, tablets, print pages / Accès, tablettes, pages à imprimer
made-title = Una credenziale
made-heading = La credenziale di { $who }
made-link = Dai questo link a { $who }, o fagli scansionare il suo codice QR: fa accedere un browser, una volta, fino al { $expires }. È mostrato solo ora.
made-secret = Il segreto del token, mostrato solo ora: incollalo nella pagina di accesso, o invialo come
made-back = Torna alle credenziali
links-title = Link di accesso
links-heading = Link di accesso di { $tournament }
links-explained = Ogni link fa accedere un tablet per il suo tavolo, una volta, fino al { $expires }. Stampa questa pagina ora: i link non sono più mostrati.
links-qr = Codice QR del link di accesso del tavolo { $table }
tablets-title = I tablet dei tavoli
tablets-short = Tablet
tablets-loopback = Nessun tablet può raggiungere questo servizio: ascolta solo su un indirizzo di loopback, che raggiunge solo questa macchina. Fermalo e riavvialo con
tablets-loopback-then = (tutte le reti di questa macchina) o con uno degli indirizzi di questa macchina qui sotto, poi apri questa pagina a quell'indirizzo: i link portano l'indirizzo con cui la pagina è stata aperta.
tablets-opened-at = Questa pagina è stata aperta a
tablets-opened-at-then = , un indirizzo di loopback: i link e i codici QR stampati da lì manderebbero ogni tablet a se stesso. Apri questa pagina a uno degli indirizzi di questa macchina qui sotto, sulla rete della sala, e stampa i link da lì.
tablets-no-address = Questa macchina non ha altri indirizzi di rete: collegala prima alla rete della sala.
tablets-explained = Un tablet accede una volta per un tavolo e mostra, turno dopo turno, la partita che l'abbinamento pubblicato mette a quel tavolo. Stampa un link monouso per ogni tavolo, poi apri ciascuno sul tablet del suo tavolo (scansiona il codice QR): un link fa accedere un tablet, entro { $hours } ore.
tablets-print-links = Stampa i link di accesso
tablets-replace = Un tablet rotto o perso: revoca qui sotto i tablet del suo tavolo, poi stampa il link di quel solo tavolo per il tablet che lo sostituisce.
tablets-print-one = Stampa il link di questo tavolo
tablets-signed-in = Tablet collegati
tablets-none = Ancora nessun tablet collegato.
tablets-new-link = Un nuovo link
tablets-new-link-button = Nuovo link
tablets-revoke-of = Revoca i tablet del tavolo { $table }
tablets-new-link-of = Stampa un nuovo link per il tavolo { $table }
sheets-title = Fogli dei risultati del turno { $round } · { $tournament }
sheets-print = usa la stampa del browser: un foglio per pagina
sheets-heading = Fogli dei risultati · { $tournament }, turno { $round }
sheets-sheet = turno { $round } · tavolo { $table }
sheets-handicap = { $stones ->
    [0] nessuno
   *[other] { $stones } pietre
}
sheets-komi-tournament = quello del torneo
sheets-circle = Cerchia il vincitore:
sheets-signature-white = Firma del Bianco
sheets-signature-black = Firma del Nero
print-title = Abbinamenti del turno { $round } · { $tournament }
print-back = Torna al turno { $round }
print-use = usa la stampa del browser
print-heading = { $tournament }: turno { $round }
print-by-table = Per tavolo
print-bye = riposo
print-by-name = Per nome
column-colour = Colore
column-opponent = Avversario

## Wall chart, rating lists / Tableau mural, listes de classement
wall-title = Tabellone dopo il turno { $round }
wall-after = dopo il turno { $round }
wall-key-reads = Un turno si legge
wall-key-1 = : contro il giocatore della riga 12, vinta (
wall-key-lost = persa
wall-key-drawn = patta
wall-key-unknown = non ancora nota
wall-key-2 = ), con il Bianco (
wall-key-black = Nero
wall-key-3 = ), 3 pietre di handicap;
wall-key-instead = invece di
wall-key-default = per una partita decisa a tavolino;
wall-key-bye = un riposo o un'assenza e quanto conta. Stampalo in orizzontale, su A4 o A3.
wall-line = Riga
wall-wins = Vittorie
wall-round = T{ $round }
from-list-title = Iscrivi da una lista di classifica
from-list-search = Nome, PIN o licenza
from-list-nobody = Nessuno corrisponde nelle liste del torneo.
from-list-caption = Le migliori corrispondenze per prime, nelle liste del torneo
from-list-list = Lista
refresh-title = Aggiornamento dalla lista { $list }
refresh-heading = Aggiornamento dalla lista { $list } del { $date }
refresh-summary = { $changes } modifiche proposte; { $missing } giocatori non trovati nella lista.
refresh-in-list = Nella lista
refresh-apply = Applica le { $changes } modifiche

## La bozza di un turno
draft-title = Bozza del turno { $round }
draft-heading = Bozza: nulla è salvato finché non la pubblichi
draft-caption = L'abbinamento del motore e il suo resoconto
draft-caption-release = L'abbinamento del motore (come abbina OpenGotha { $release }) e il suo resoconto
draft-report = Resoconto
draft-change = Modifica
draft-swapped = colori scambiati a mano
draft-swap = Scambia i colori
draft-of-table = del tavolo { $table }
draft-why = Perché questa coppia
question-mark = ?
draft-at-table = al tavolo { $table }
draft-bye = Riposo: { $player } ({ $rank })
draft-kept = Coppie mantenute: { $pairs }
draft-left-out = Esclusi da questa bozza: { $players }
draft-why-title = Perché il tavolo { $table }: { $white } contro { $black }
draft-why-explained = Il motore abbina il turno in modo che le coppie, tutte insieme, soddisfino al meglio i criteri delle impostazioni di abbinamento di OpenGotha (la sua funzione di valutazione): per { $white } da solo, { $black } è la scelta n. { $place } su { $candidates }.
draft-why-explained-rematch = Il motore abbina il turno in modo che le coppie, tutte insieme, soddisfino al meglio i criteri delle impostazioni di abbinamento di OpenGotha (la sua funzione di valutazione): per { $white } da solo, { $black } è la scelta n. { $place } su { $candidates }, benché i due si siano già incontrati.
draft-criteria-caption = La coppia, criterio per criterio (impostazioni di abbinamento di OpenGotha)
draft-criterion = Criterio
draft-this-pair = Questa coppia
draft-costlier = Migliori per { $white } da solo, lasciati ad altri perché l'intero turno sia abbinato al meglio: { $others }.
draft-a-rematch = { $player } (già incontrato)
draft-choice = { $player }, tavolo { $table }
draft-tables-legend = Tavoli: sposta una partita a un altro tavolo (la partita che vi si trova prende il suo posto), o rinumera i tavoli per ordine dei punteggi migliori, come fa il motore
draft-to-table = al tavolo
draft-move = Sposta
draft-renumber = Rinumera i tavoli
draft-two-legend = Due giocatori: scambiali (il motore rifà la bozza mantenendo le due nuove partite), o abbinali tra loro (il motore rifà la bozza attorno a quella partita)
draft-with = con
draft-exchange = Scambia
draft-fix = Abbinali tra loro
draft-leave-out-legend = Escludi un giocatore da questa bozza (l'iscrizione resta com'è)
draft-leave-out = Escludi
draft-publish = Pubblica il turno { $round }
draft-again = Rifai la bozza da capo
pairing-rematch = Evitare di abbinare due volte la stessa coppia
pairing-colours = Bilanciare Bianco e Nero
pairing-category = Evitare di mescolare le categorie
pairing-score = Minimizzare la differenza di punteggio
pairing-draw-up-down = Abbinamento verso l'alto o verso il basso
pairing-seeding = Sistema di piazzamento
pairing-handicap = Minimizzare l'handicap
pairing-geography = Evitare abbinamenti nello stesso paese, club o gruppo
pair-rematch = un incontro già giocato
pair-first-meeting = un primo incontro
pair-colours-balanced = colori bilanciati
pair-colours-unbalanced = colori non bilanciati
pair-same-category = la stessa categoria
pair-near-categories = categorie vicine
pair-distant-categories = categorie lontane
pair-same-score = lo stesso punteggio
pair-close-scores = punteggi vicini
pair-distant-scores = punteggi lontani
pair-no-draw-up-down = né verso l'alto né verso il basso
pair-draw-up-down = un abbinamento verso l'alto o verso il basso
pair-seeding-placed = piazzati come chiede il sistema di piazzamento
pair-seeding-near = vicino al posto del sistema di piazzamento
pair-seeding-away = lontano dal posto del sistema di piazzamento
pair-least-handicap = il minimo handicap
pair-some-handicap = un po' di handicap
pair-large-handicap = un forte handicap
pair-apart = club e paesi diversi
pair-apart-partly = un club, un gruppo o un paese in comune, tenuti a distanza
pair-same-club = lo stesso club o paese

## Le liste di classifica di un torneo
lists-title = Liste di classifica
lists-explained = L'accoglienza cerca nelle liste delle federazioni che questo torneo usa: per ognuna, la lista fissata qui, altrimenti la più recente importata. L'aggiornamento confronta i giocatori iscritti con essa e applica ciò che è cambiato (rating, livello, club, tessera, identificativi), ogni modifica registrata.
lists-in-use = In uso: la lista del { $date }, { $count } giocatori (la più recente).
lists-in-use-pinned = In uso: la lista del { $date }, { $count } giocatori, fissata.
lists-use = Usa
lists-newest = la lista più recente, qualunque sia
lists-pinned-choice = la lista del { $date } ({ $count } giocatori), fissata
lists-use-button = Usa questa lista
lists-refresh = Aggiorna i giocatori da questa lista
lists-none = Nessuna lista { $source } ancora importata.
lists-import = Importa una lista
lists-import-explained = Carica il file come la federazione lo pubblica (una lista EGD può essere compressa in .zip):
lists-import-after = Una lista più recente è usata subito, a meno che una più vecchia sia fissata sopra; lo stesso file due volte non cambia nulla.
lists-list = Lista
lists-file = File
lists-import-button = Importa la lista
lists-admins-import = Le liste sono importate da un amministratore di questo servizio, una volta per tutti i suoi tornei.
lists-imported = Importata la lista { $source } del { $date }: { $count } giocatori.
lists-imported-already = Questa lista { $source } del { $date } era già importata: nulla è cambiato.
lists-applied = Applicate { $count } modifiche dalla lista { $source }.
list-egd = EGD (European Go Database)
list-ffg = FFG (Fédération Française de Go)
list-aga = AGA (American Go Association)
found-by-id = trovato per identificativo
found-by-name = trovato per nome
found-not = non nella lista
found-ambiguous = più persone con questo nome: indica l'identificativo del giocatore
found-id-not-in-list = l'identificativo del giocatore non è nella lista
refresh-none = nessuno
refresh-field-rating = rating
refresh-field-rank = livello
refresh-field-club = club
refresh-field-licence-status = stato della tessera
refresh-field-egd-pin = PIN EGD
refresh-field-ffg-licence = tessera FFG
refresh-field-aga-id = identificativo AGA

## La scheda di un giocatore, nel cruscotto

player-rating = Rating (scala EGD: 2100 è 1d)
player-ffg-licence = Tessera FFG
player-egd-pin = PIN EGD
player-aga-id = Codice AGA
player-mms-correction = Correzione McMahon (punti aggiunti al punteggio iniziale)
player-preliminary = Iscrizione provvisoria (in classifica, non abbinato fino alla conferma)
player-paid = Quota pagata
player-comment = Commento
player-record-more = Tessera, PIN, rating, correzione McMahon, pagamento, commento

## La griglia dei risultati: i foglietti di un turno inseriti con la sola tastiera

results-grid-title = Risultati del turno { $round }
results-grid-caption = I tavoli del turno { $round } e i loro risultati
results-grid-entry = Tavolo e risultato
results-grid-record = Registra
results-grid-help = Il numero del tavolo, poi il risultato, poi Invio: 12b (vince il Nero), 12w (vince il Bianco), 12= (patta), 12 0 (perdono entrambi), 12# (vincono entrambi), 12x (annullata), 12? (ancora nessun risultato); lo scarto o il modo dopo b o w: 12b3.5, 12wr (abbandono), 12bt (tempo), 12wf (a tavolino). Un tavolo inserito di nuovo viene corretto.
results-grid-last = Tavolo { $table } ({ $players }): { $result }
results-grid-players = { $black } contro { $white }
results-grid-missing = { $count ->
    [0] Ogni tavolo ha il suo risultato.
    [one] { $count } tavolo senza risultato.
   *[other] { $count } tavoli senza risultato.
}
results-grid-no-number = Iniziare con il numero del tavolo (12b: tavolo 12, vince il Nero).
results-grid-no-result = Dare il risultato dopo il numero del tavolo: b, w, =, 0, #, x o ?.
results-grid-unknown = «{ $keys }» non è un risultato: b, w, = (patta), 0 (perdono entrambi), # (vincono entrambi), x (annullata), ? (ancora nessun risultato), uno scarto dopo b o w (b3.5).
results-grid-no-table = Il turno non ha un tavolo { $table }.
results-grid-link = Griglia dei risultati
result-none-yet = Ancora nessun risultato
result-choose = Scegliere il risultato

## A refused form's problems, field by field (the field's name is the form's label).
form-field-problem = { $field }: { $problem }
issue-not-a-rank = «{ $value }» non è un livello (1k–50k, 1d–9d o 1p–9p)
issue-too-long = deve avere al massimo { $max } caratteri
issue-empty = non deve essere vuoto
issue-control-character = non deve contenere caratteri di controllo
issue-egd-pin = deve essere un PIN EGD: 8 cifre
issue-ffg-licence = deve essere una licenza FFG: 7 cifre o lettere maiuscole
issue-rating = deve essere tra -900 e 3200
issue-country = deve essere un codice di paese di due lettere (FR, IT, DE)
issue-aga-id = deve avere da 1 a 12 cifre
issue-mcmahon-correction = deve essere tra -1 e 2

issue-not-a-whole-number = deve essere un numero intero
issue-not-a-number = deve essere un numero
issue-out-of-range = deve essere tra { $min } e { $max }
issue-not-chosen = scegliete una delle scelte del modulo
issue-two-players = scegliete due giocatori
issue-required = questa decisione lo richiede
issue-not-taken = solo una correzione del risultato prende un risultato
issue-end-before-start = non deve precedere il primo giorno
issue-not-a-result = non è un risultato (B+R, W+2.5, 0, Void)
issue-no-file = Scegliete prima un file da inviare.
issue-file-too-large = Il file supera { $megabytes } MB.
issue-unreadable = Un valore del modulo non ha la forma attesa (una data, un livello come 3k o 1d, un fuso orario come Europe/Rome): correggetelo e salvate di nuovo.
issue-board-side = deve essere tra 2 e 25
issue-handicap = deve essere tra 0 e 9 pietre
issue-handicap-correction = deve essere tra -1 e 9
issue-komi = deve essere un multiplo di 0,5 tra -150 e 150
issue-mcmahon-floor-below-zero = deve essere 30k o più forte: i punteggi di partenza contano da 30k
issue-mcmahon-floor-above-bar = non deve essere più forte della barra McMahon
issue-not-a-point = «{ $point }» non è un punto del goban: nominatelo come sui suoi bordi (D4, Q16).
issue-not-a-date = «{ $value }» non è una data
issue-unknown-colours = i suoi colori sono sconosciuti: il servizio registra chi aveva il Nero
issue-another-game = { $player } ha un'altra partita al turno { $round }: il servizio registra una partita per giocatore e turno
issue-at-most = deve essere al massimo { $max }
issue-over-a-year = deve essere al massimo un anno dopo il primo giorno
issue-over-a-day = nessuna durata può superare 24 ore
issue-time-zero-main = richiede un tempo principale maggiore di zero
issue-time-zero-periods = richiede almeno un periodo (o una pietra per periodo)
issue-time-zero-period = richiede un periodo (o un incremento) maggiore di zero
issue-time-unplayable = non si può giocare così
issue-criteria-count = deve elencare da 1 a 12 criteri
issue-repeated-criterion = non deve elencare due volte lo stesso criterio
issue-fraction = Il fattore di concavità (paiStandardNX1Factor) deve essere una frazione tra 0 e 1 con denominatore positivo.
issue-search-text = deve avere da 1 a 100 caratteri, senza caratteri di controllo
issue-no-rank-in-list = la lista non dà a questo giocatore né punteggio né grado: indicate il livello
form-file-problem = Nel file, { $place }: { $problem }

## A draft's hand edit the pairing refused.
edit-no-table = La bozza non ha il tavolo { $table }.
edit-table-out-of-range = { $table } non è un numero di tavolo: sceglietene uno da 1 a { $max }.
edit-not-in-draft = Un giocatore scelto non gioca nessuna partita della bozza.
edit-same-table = Scegliete due giocatori di tavoli diversi.
edit-inconsistent = La modifica darebbe due partite a un tavolo o due tavoli a un giocatore.

## A refusal of a whole form, by its code (a conflict with what the tournament holds).
problem-conflict-concurrent-update = Qualcuno l'ha modificato nel frattempo: guardatelo di nuovo, poi modificatelo.
problem-conflict-referenced = Altre schede vi fanno ancora riferimento: resta.
problem-draft-stale = Il turno è cambiato da questa bozza (un risultato, un'iscrizione, un giocatore o un'impostazione): è mostrata una nuova bozza, guardatela di nuovo.
problem-game-contended = Un'altra azione su questa partita veniva registrata nello stesso momento: riprovate.
problem-game-exists = Questo tavolo ha già una partita.
problem-idempotency-key-reused = Questa richiesta è già stata inviata con un altro contenuto.
problem-player-already-registered = Un giocatore con questa licenza FFG o questo numero AGA è già iscritto.
problem-player-has-played = Questo giocatore ha partite o risultati nel torneo: ritiratelo invece di eliminarlo.
problem-rating-list-not-imported = Nessuna lista di questa federazione è ancora importata: importatene prima una.
problem-rating-refresh-not-proposed = Questa modifica non è (più) proposta dalla lista: guardate di nuovo le proposte.
problem-registration-player-paired = Questo giocatore è abbinato nel turno: toglietelo prima dall'abbinamento.
problem-result-game-played = La partita di questo tavolo si gioca su un tablet: il suo risultato viene dalla partita, e un arbitro lo corregge con una decisione.
problem-tournament-full = Il torneo ha tanti giocatori quanti un torneo può averne.
problem-tournament-has-games = Sono state registrate partite su questa dimensione del goban: non può più cambiare.
problem-tournament-rounds-exist = Il torneo ha più turni di così, con abbinamenti o risultati: eliminateli prima.
problem-round-not-started = Il turno non è ancora iniziato.
problem-round-already-paired = Questo turno è già abbinato: ritirate prima il suo abbinamento per abbinarlo di nuovo.
problem-terms-board-size = Questa partita è su un goban diverso da quello del torneo.
problem-tournament-board-size-locked = Sono state registrate partite su questa dimensione del goban: non può più cambiare.
problem-game-not-started = La partita non è ancora iniziata.
problem-game-stale-turn = La partita è andata avanti nel frattempo (attende la mossa { $turn }): guardatela di nuovo.
problem-game-started = La partita è già iniziata.
problem-game-finished = La partita è finita: un arbitro cambia il suo risultato con una correzione del risultato.
problem-game-paused = La partita è in pausa: riavviate prima gli orologi.
problem-game-not-playing = La partita non è in gioco.
problem-game-not-counting = La partita non è in conteggio.
problem-game-not-paused = La partita non è in pausa.
problem-game-already-paused = La partita è già in pausa.
problem-game-turn-cap = La partita ha raggiunto { $cap } mosse, il massimo che una partita può avere: una decisione dell'arbitro la conclude.
problem-game-counting-cap = Il conteggio ha richiesto { $cap } passi, il massimo consentito: l'arbitro decide le pietre morte.
problem-counting-superseded = Una proposta di pietre morte più recente ha sostituito questa.
problem-clock-flag-due = Il tempo di { $colour } è scaduto: prima cade la bandierina.
problem-game-clock = L'orologio rifiuta questa modifica del tempo.
problem-game-both-out-of-time = Entrambi i giocatori hanno esaurito il tempo.
problem-game-dead-stones = { $why ->
        [empty] Il punto { $point } è vuoto: solo le pietre possono essere morte.
       *[off-board] Il punto { $point } non è sul goban.
    } Nominate una pietra di ogni catena morta, come sul goban (D4 Q16).
problem-ruling-reason = Date il motivo della decisione.
problem-ruling-delta-ms = Una correzione del tempo richiede un numero di secondi diverso da zero.
problem-ruling-corrects = Il registro di questa partita non ha la voce { $entry }: ne ha { $entries }.
problem-terms-komi = Le regole non permettono questo komi.
problem-terms-time-control = Questo tempo di riflessione non si può giocare.
problem-terms-handicap = Questo handicap non si può piazzare su questo goban.
problem-result-unknown = Date il risultato.
problem-result-margin = Il margine non corrisponde al komi (un mezzo punto quando il komi ne ha uno, nessuno altrimenti).
problem-result-draw = Una patta (jigo) richiede un komi senza mezzo punto.

## A file refused, with the place at fault.
file-problem-opengotha-malformed-xml = Riga { $line }, colonna { $column }: il file non è un XML ben formato.
file-problem-opengotha-unknown-encoding = La codifica del testo del file ({ $encoding }) non è tra quelle che arbitre legge.
file-problem-opengotha-malformed-text = Riga { $line }, colonna { $column }: byte che non sono { $encoding }.
file-problem-opengotha-missing-element = Non è un torneo OpenGotha: il file non ha l'elemento <{ $element }>.
file-problem-opengotha-invalid-attribute = Riga { $line }: <{ $element } { $attribute }="{ $value }">: questo valore non è valido.
file-problem-opengotha-invalid-text = Riga { $line }: <{ $element } { $attribute }>: { $problem }.
file-problem-opengotha-too-large = Riga { $line }: il file contiene più di quanto un file OpenGotha possa contenere.
file-problem-opengotha-unknown-criterion = Riga { $line }: il criterio di classifica { $name } non è tra quelli che arbitre conosce.
file-problem-opengotha-duplicate-player = Riga { $line }: il giocatore { $player } è iscritto due volte.
file-problem-opengotha-unknown-player = Riga { $line }: il turno { $round } nomina un giocatore che il file non iscrive ({ $player }).
file-problem-rating-list-empty = Il file è vuoto.
file-problem-rating-list-binary = Riga { $line }, colonna { $column }: è un file binario, non una lista di classifica.
file-problem-rating-list-wrong-encoding = Riga { $line }, colonna { $column }: il testo non è nella codifica della lista.
file-problem-rating-list-truncated-line = La riga { $line } è troncata ({ $length } caratteri, le righe della lista ne hanno almeno { $expected }).
file-problem-rating-list-malformed-line = Riga { $line }, colonna { $column }: la riga non ha la forma di quelle della lista.
file-problem-rating-list-missing-header = Riga { $line }: manca l'intestazione della lista.
file-problem-rating-list-bad-zip = L'archivio zip non si può leggere.
file-problem-rating-list-no-players = Nessun giocatore nel file: è proprio la lista { $source }?

## Who issued a ruling, for a credential made without a label.
issuer-unlabelled = { $role } (credenziale …{ $end })
