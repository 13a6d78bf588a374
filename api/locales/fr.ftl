# Les pages d'arbitre en français : la langue première d'arbitre, avec le vocabulaire des
# règles de la FFG (komi, handicap, pierres mortes, décompte, règle 6 bis).

## La langue
language-name = Français
language-switch = Langue
decimal-separator = ,

## Dates
date = { $day ->
    [1] 1er
   *[other] { $day }
} { $month } { $year }
date-span = du { $start } au { $end }
moment = { $date } à { $time }
month-1 = janvier
month-2 = février
month-3 = mars
month-4 = avril
month-5 = mai
month-6 = juin
month-7 = juillet
month-8 = août
month-9 = septembre
month-10 = octobre
month-11 = novembre
month-12 = décembre

## Chaque page
skip-to-content = Aller au contenu
nav-account = Compte
nav-dashboard = Tableau de bord
signed-in-as = Connecté : { $who }
signed-in-label-role = { $label } ({ $role })
sign-out = Se déconnecter
sign-in = Se connecter
role-admin = administrateur
role-organizer = organisateur
role-referee = arbitre
role-table = table

## Accueil
home-title = Tournois
home-empty = Aucun tournoi pour l'instant.
home-older = { $count ->
    [one] Et { $count } tournoi plus ancien.
   *[other] Et { $count } tournois plus anciens.
}

## Les pages publiques d'un tournoi
nav-tournament = Tournoi
nav-rounds = Rondes
tab-pairings = Appariements
tab-standings = Classement
round-number = Ronde { $round }
pairings-title = Ronde { $round } · { $tournament }
find-board = Trouver sa table
find-name = Votre nom
find-button = Chercher
find-nobody = Aucun joueur de la ronde { $round } ne correspond.
find-list = Joueurs de la ronde { $round } par nom
find-where = table { $table }, { $colour }, contre { $opponent }
find-bye = exempt à cette ronde
tables-title = Ronde { $round } par table
tables-unpaired = La ronde { $round } n'est pas encore appariée.
tables-caption = Parties de la ronde { $round }, par table
column-table = Table
column-white = Blanc
column-black = Noir
column-handicap = Handicap
column-result = Résultat
column-place = Place
column-player = Joueur
column-club = Club
standings-title = Classement après la ronde { $round } · { $tournament }
standings-after = Classement après la ronde { $round }
colour-black = Noir
colour-white = Blanc

## Résultats
result-black-wins = Noir gagne
result-black-wins-by-default = Noir gagne par forfait
result-white-wins = Blanc gagne
result-white-wins-by-default = Blanc gagne par forfait
result-jigo = Partie nulle
result-both-win = Victoire pour les deux
result-both-lose = Défaite pour les deux
result-void = Partie annulée

## Connexion
sign-in-title = Connexion
sign-in-explained = Collez le jeton que l'organisateur vous a donné. Il reste dans ce navigateur jusqu'à la déconnexion.
sign-in-token = Jeton
sign-in-invalid = Ce jeton n'est pas valable : vérifiez-le avec l'organisateur.
link-explained = Ce lien connecte ce navigateur en tant que { $label }, une seule fois. Il reste connecté jusqu'à sa déconnexion ou jusqu'à ce que l'équipe d'arbitrage le révoque.
link-button = Se connecter en tant que { $label }
link-used = Ce lien a déjà servi : demandez-en un nouveau à l'équipe d'arbitrage.
link-expired = Ce lien a expiré : demandez-en un nouveau à l'équipe d'arbitrage.
link-invalid = Ce lien n'est pas valable : demandez-en un nouveau à l'équipe d'arbitrage.

## Pages d'erreur
error-title = { $status ->
    [400] Demande incorrecte
    [401] Non connecté
    [403] Non autorisé
    [404] Introuvable
    [409] Conflit
    [410] Plus disponible
    [422] Non effectué
    [503] Serveur occupé
   *[other] Erreur
}
error-server = Le serveur n'a pas pu répondre. Réessayez dans un instant.
error-back = Retour aux tournois

## Critères de classement (les abréviations d'OpenGotha restent à côté)
criterion-cat = Catégorie
criterion-mms = Score McMahon
criterion-bzs = Score Breizh
criterion-nbw = Nombre de victoires
criterion-sts = Score Strasbourg
criterion-sosts = Somme des scores Strasbourg des adversaires
criterion-cps = Score de coupe
criterion-sos = { $basis ->
    [wins] Somme des victoires des adversaires
   [breizh] Somme des scores Breizh des adversaires
   *[mms] Somme des scores McMahon des adversaires
}
criterion-sos-minus-1 = { $basis ->
    [wins] Somme des victoires des adversaires, sauf la plus faible
   [breizh] Somme des scores Breizh des adversaires, sauf le plus faible
   *[mms] Somme des scores McMahon des adversaires, sauf le plus faible
}
criterion-sos-minus-2 = { $basis ->
    [wins] Somme des victoires des adversaires, sauf les deux plus faibles
   [breizh] Somme des scores Breizh des adversaires, sauf les deux plus faibles
   *[mms] Somme des scores McMahon des adversaires, sauf les deux plus faibles
}
criterion-sodos = { $basis ->
    [wins] Somme des victoires des adversaires battus
   [breizh] Somme des scores Breizh des adversaires battus
   *[mms] Somme des scores McMahon des adversaires battus
}
criterion-sosos = Somme des SOS des adversaires
criterion-cuss = { $basis ->
    [wins] Somme cumulée des victoires
   [breizh] Somme cumulée des scores Breizh
   *[mms] Somme cumulée des scores McMahon
}
criterion-ext = Exploits tentés
criterion-exr = Exploits réussis
criterion-dc = Confrontation directe
criterion-sdc = Confrontation directe simplifiée
criterion-rank = Niveau
criterion-rank-short = Niveau
criterion-rating = Cote
criterion-rating-short = Cote

## Les mots d'un problème sur une page d'erreur (son code, `.` et `_` en `-`)
problem-not-found-tournament = Aucun tournoi ne correspond.
problem-not-found-player = Aucun joueur de ce tournoi ne correspond.
problem-not-found-round = Ce tournoi n'a pas de ronde de ce numéro.
problem-not-found-pairing = Aucune partie de cette ronde ne correspond.
problem-not-found-game = Aucune partie ne correspond.
problem-not-found-route = Il n'y a pas de page à cette adresse.
problem-auth-missing-token = Connectez-vous d'abord.
problem-auth-invalid-token = Cette connexion n'est plus valable : connectez-vous à nouveau.
problem-service-busy = Le serveur est occupé : réessayez dans un instant.
problem-service-stopping = Le serveur redémarre : réessayez dans un instant.
problem-database-unavailable = Le serveur n'atteint pas sa base de données : réessayez dans un instant.
problem-round-started = La ronde a commencé : son appariement ne change que par une décision d'arbitre, depuis la salle de l'arbitre.
problem-round-not-paired = Cette ronde n'a pas d'appariement à retirer.
problem-pairing-has-game = La partie de cette table a commencé : ce qui a été joué reste, et un arbitre le corrige par une décision.
problem-round-has-games = Cette ronde a des parties ou des résultats : ce qui a été joué reste.
problem-round-not-last = Seule la dernière ronde du tournoi peut être supprimée : supprimez d'abord les rondes suivantes.

## La tablette de la table : la page, et les mots que montre son script
tablet-title = Table
tablet-far-side = Côté opposé de la table
tablet-near-side = Côté proche de la table
tablet-board-name = Le goban
tablet-waiting = En attente de la ronde.
tablet-start = Commencer la partie
tablet-beeps = Bips pendant les dix dernières secondes
tablet-swap = Changer de côté
tablet-link-connecting = connexion…
tablet-link-online = en ligne
tablet-link-offline = hors ligne
tablet-link-reconnecting = reconnexion…
tablet-after-start = le début de la partie
tablet-after-turn = le coup { $turn }
tablet-illegal-occupied = Coup illégal : cette intersection est déjà occupée.
tablet-illegal-suicide = Coup illégal : suicide (la pierre n'aurait aucune liberté et ne capturerait rien).
tablet-illegal-ko = Coup illégal : ko. Reprendre tout de suite répète la position après { $after } : jouez d'abord ailleurs.
tablet-illegal-superko = Coup illégal : superko. Il répéterait la position après { $after }.
tablet-illegal-handicap = Noir pose d'abord les pierres de handicap.
tablet-illegal-wrong-turn = C'est à { $who } de jouer.
tablet-illegal-off-board = Cette intersection est hors du goban.
tablet-stale-turn = La partie avait avancé : le goban est à jour maintenant.
tablet-game-paused = L'arbitre avait suspendu la partie.
tablet-game-finished = La partie est terminée.
tablet-forbidden = Cette tablette ne peut plus agir sur cette partie.
tablet-signed-out = Cette tablette est déconnectée : demandez un nouveau lien à l'équipe d'arbitrage.
tablet-refused = Le serveur a refusé.
tablet-unreachable = Le serveur est injoignable : réessayez dans un instant.
tablet-black = Noir
tablet-white = Blanc
result-draw = Partie nulle (jigo)
result-no-result = Pas de résultat (partie annulée)
result-wins = { $winner } gagne
result-wins-resignation = { $winner } gagne par abandon
result-wins-time = { $winner } gagne au temps
result-wins-forfeit = { $winner } gagne par forfait
result-wins-points = { $winner } gagne de { $points } points
tablet-then = {" "}: { $result }
tablet-ruling-warning = Avertissement
tablet-ruling-warning-to = Avertissement à { $who }
tablet-ruling-penalty = Pénalité pour { $who }
tablet-ruling-penalty-time = Pénalité : { $who } perd { $time }
tablet-ruling-time-gets = Ajustement du temps : { $who } reçoit { $time }
tablet-ruling-time-loses = Ajustement du temps : { $who } perd { $time }
tablet-ruling-pause = Pendules arrêtées
tablet-ruling-resume = Pendules relancées
tablet-ruling-dead-stones = Pierres mortes décidées par l'arbitre{ $then }
tablet-ruling-strict-count = Décompte strict (règles 5 et 6){ $then }
tablet-ruling-void = La partie est annulée (pas de résultat)
tablet-ruling-forfeit = { $who } perd par forfait{ $then }
tablet-ruling-correction = Résultat corrigé{ $then }
tablet-ruling-other = Une décision de l'arbitre
tablet-ruling-banner = Décision de l'arbitre : { $ruling }. Motif : { $reason }
tablet-board-one = Le goban, { $count } coup joué
tablet-board-other = Le goban, { $count } coups joués
tablet-board-last = , dernière pierre en { $point }
tablet-board-chosen = , { $point } choisi
tablet-tap-again = { $point } : touchez-le encore, ou appuyez sur Jouer, pour le jouer.
clock-no-limit = sans limite
clock-unlimited = sans limite de temps
clock-out = temps écoulé
clock-main = temps principal
clock-fischer = Fischer, +{ $increment } par coup
clock-canadian = Canadien : { $stones } pierres en { $time }
clock-simple = { $time } par coup
clock-byo-yomi = byo-yomi { $period } sur { $periods }
tablet-seat = { $colour } : { $name } ({ $rank })
tablet-prisoners-one = { $count } prisonnier
tablet-prisoners-other = { $count } prisonniers
tablet-accepted = Vous acceptez ces pierres mortes.
tablet-tap-dead = Touchez les chaînes mortes, puis acceptez.
tablet-accept = Accepter le décompte
tablet-dispute = Contester : reprendre la partie
tablet-paused-note = L'arbitre a suspendu la partie.
tablet-play = Jouer
tablet-play-point = Jouer { $point }
tablet-pass = Passer
tablet-resign-confirm = Confirmer : j'abandonne
tablet-keep-playing = Continuer à jouer
tablet-resign = Abandonner…
tablet-placing = Noir pose la pierre de handicap { $stone } sur { $handicap }
tablet-to-play = { $colour } joue, coup { $turn }
tablet-counting = Décompte (règle 5 bis) : touchez chaque chaîne morte, puis les deux joueurs acceptent ; une contestation reprend la partie
tablet-paused = Suspendue par l'arbitre
tablet-over = Partie terminée : { $result }
tablet-over-ruling = Partie terminée : { $result } (décision de l'arbitre : { $reason })
tablet-round = ronde { $round }
tablet-table = table { $table }
tablet-no-game = Pas de partie à cette table pour l'instant : la partie de la prochaine ronde publiée apparaîtra ici.
tablet-has-result = La partie de cette table a son résultat : { $result }.
tablet-not-started = La partie n'a pas commencé. Commencez-la au début de la ronde.
tablet-terms-even = Sans handicap, komi { $komi }
tablet-terms-handicap = Handicap { $handicap }, komi { $komi }
tablet-not-recorded = Non enregistré
tablet-counting-superseded = Les pierres mortes ont changé avant l'envoi : regardez la proposition affichée, puis acceptez-la ou contestez-la.
tablet-not-playing = La partie s'était arrêtée pour le décompte.
tablet-not-counting = La partie n'était plus en décompte.
tablet-offline-since = Pas de connexion au serveur depuis { $since }.
tablet-offline-nothing = Rien n'attend d'être envoyé.
tablet-offline-waiting-one = { $count } action attend sur cette tablette, dans l'ordre, et partira d'elle-même.
tablet-offline-waiting-other = { $count } actions attendent sur cette tablette, dans l'ordre, et partiront d'elles-mêmes.
tablet-offline-keep-playing = Continuez à jouer.
tablet-offline-kept = La page est gardée sur cette tablette : la recharger est sans risque.
tablet-offline-do-not-reload = Ne rechargez pas cette page : elle reprend d'elle-même au retour du réseau.
tablet-waiting-stones = , { $count } joués ici et pas encore envoyés
tablet-both-passed = Les deux joueurs ont passé : le décompte commence quand le serveur a reçu les passes.
tablet-refused-step = Non enregistré : { $what }. { $why }
tablet-behind = Elle attendait derrière une action refusée par le serveur : rejouez-la si elle tient toujours.
tablet-seen = Vu
tablet-turn-pass = passe de { $who } (coup { $turn })
tablet-turn-resign = abandon de { $who }
tablet-turn-move = { $who } en { $point } (coup { $turn })
tablet-step-propose = pierres mortes de { $who }
tablet-step-accept = acceptation du décompte par { $who }
tablet-step-dispute = contestation du décompte par { $who }

## Règles et cadences
rules-french = Règles françaises (FFG)
rules-tromp-taylor = Tromp-Taylor
rules-chinese = Règles chinoises
rules-japanese = Règles japonaises
rules-aga = Règles AGA
rules-new-zealand = Règles néo-zélandaises
time-none = Sans limite de temps
time-absolute = { $main }, temps absolu
time-byo-yomi = { $main } + { $periods } × { $period } byo-yomi
time-canadian = { $main } + { $stones } pierres en { $period } (byo-yomi canadien)
time-fischer = Fischer { $main } + { $increment }
time-fischer-capped = { $fischer }, au plus { $max }
time-simple = { $move } par coup
time-online-byo-yomi = { $main }, dont les dernières { $byo_yomi } en byo-yomi

## La salle et la table de l'arbitre
hall-title = Salle, ronde { $round } · { $tournament }
hall-heading = La salle · ronde { $round }
hall-waiting = { $count ->
    [0] Aucune table n'attend l'arbitre
    [one] { $count } table attend l'arbitre
   *[other] { $count } tables attendent l'arbitre
}
hall-table = Table { $table }
hall-white = Blanc : { $player }
hall-black = Noir : { $player }
hall-phase-turns = { $count ->
    [one] { $phase }, { $count } coup
   *[other] { $phase }, { $count } coups
}
hall-result = Résultat : { $result }
hall-open = Ouvrir la table { $table }
hall-tablet-online = Tablette en ligne
hall-tablet-back = Tablette de retour en ligne, { $count ->
    [one] { $count } envoi en attente
   *[other] { $count } envois en attente
}
hall-tablet-offline = Tablette hors ligne depuis { $for }
need-disputed-count = Décompte contesté
need-flag-fallen = Temps écoulé
need-paused = Suspendue
need-running-long = Partie longue
need-not-started = Pas commencée
need-in-play = En cours
need-finished = Terminée
need-finished-by-hand = Terminée (résultat à la main)
phase-no-game = pas encore de partie
phase-on-paper = jouée sur papier
phase-placing = pose des pierres de handicap
phase-counting = décompte (règle 5 bis)
phase-paused = suspendue par l'arbitre
phase-not-started = pas commencée
phase-playing = en cours
phase-finished = terminée
referee-table-title = Table { $table }, ronde { $round } · { $tournament }
referee-table-heading = Table { $table }, ronde { $round }
referee-state = { $need } : { $phase }
referee-turn = Coup { $turn }
referee-to-play = , { $who } joue
referee-board = Le goban après le coup { $turn }
referee-actions = L'arbitre
referee-why = Motif (obligatoire)
referee-resume = Relancer
referee-pause = Suspendre
referee-apply-title = Prendre une décision
referee-ruling = Décision
referee-why-kept = Motif (obligatoire, gardé avec la décision)
referee-player = Joueur concerné (pénalité, temps, forfait, avertissement)
referee-nobody = aucun
referee-seconds = Secondes ajoutées (négatif : retirées)
referee-new-result = Nouveau résultat (correction : B+R, W+2.5, 0, Void)
referee-dead = Chaînes mortes : touchez-les sur le goban, ou nommez une pierre de chacune comme sur le goban, par exemple D4 Q16 (séparées par des espaces)
referee-apply = Appliquer la décision
ruling-warning = Avertissement (simplement noté)
ruling-penalty = Pénalité (temps retiré, ou notée)
ruling-time-adjustment = Ajustement du temps (temps principal ajouté ou retiré)
ruling-pause = Arrêter les pendules
ruling-resume = Relancer les pendules
ruling-dead-stones = Pierres mortes d'un décompte contesté (la partie est comptée)
ruling-strict-count = Décompte strict (règles 5 et 6)
ruling-void = Partie annulée (pas de résultat)
ruling-forfeit = Forfait (le joueur désigné perd)
ruling-result-correction = Correction du résultat
log-title = Le journal, le plus récent d'abord
log-caption = Chaque entrée du journal de la partie : coups, pendules, décompte, décisions
log-time = Heure
log-what = Quoi
log-by = Par
log-whom = Joueur
log-by-server = le serveur
log-other = une entrée d'un autre genre
log-started = pendules lancées
log-move = { $who } joue { $point }
log-pass = { $who } passe
log-resign = { $who } abandonne
log-flag = { $who } : temps écoulé
log-propose = { $who } propose { $count ->
    [0] aucune pierre morte
    [one] une chaîne morte : { $points }
   *[other] { $count } chaînes mortes : { $points }
}
log-accept = { $who } accepte le décompte
log-dispute = { $who } conteste le décompte (règle 5 bis)
log-refused-turn = coup { $turn }, { $what }
log-refused = NON ENREGISTRÉ, envoyé en retard par la tablette : { $what } — { $why ->
    [game-stale_turn] la partie avait avancé (le coup a été joué entre-temps)
    [game-paused] l'arbitre avait suspendu la partie
    [game-finished] la partie était terminée
    [game-not_playing] la partie s'était arrêtée pour le décompte
    [game-not_counting] le décompte était terminé
    [counting-superseded] les pierres mortes avaient changé entre-temps
   *[other] { $why }
}
log-ruling = décision : { $kind ->
    [warning] avertissement
    [penalty] pénalité
    [time_adjustment] ajustement du temps
    [pause] pause
    [resume] reprise
    [dead_stones] pierres mortes { $points }
    [strict_count] décompte strict
    [void] annulation
    [forfeit] forfait
    [result_correction] correction du résultat
   *[other] { $kind }
} — { $reason }
time-system-byo-yomi = Byo-yomi japonais
time-system-canadian = Byo-yomi canadien
time-system-fischer = Fischer
time-system-absolute = Temps absolu
time-keep = Garder : { $control }

## The dashboard's standings and exports
dashboard-standings-title = Classement après la ronde { $round } · { $tournament } · tableau de bord
dashboard-standings-heading = Classement · { $tournament }
wall-chart-link = Le tableau mural après la ronde { $round }
wall-chart-link-why = { "\u00A0" }: le tableau croisé des rondes, à imprimer.
exports-title = Exports après la ronde { $round }
export-egd = Résultats EGD (.{ $extension })
export-ffg = Résultats FFG (.tou)
export-aga = Résultats AGA
export-csv = Tableur (CSV)
export-opengotha = Fichier OpenGotha (XML)
export-blocked = ne peut pas être écrit après la ronde { $round } :
export-blocker-result = Ronde { $round }, table { $table } : le résultat de { $black } (noir) contre { $white } (blanc) n'est pas connu.
export-blocker-colours = Ronde { $round }, table { $table } : les couleurs de { $black } et de { $white } n'ont pas été notées.
export-blocker-aga-id = { $player } n'a pas d'identifiant AGA : l'AGA refuse les résultats d'un joueur qui n'en a pas.
export-blocker-egd-pin = { $player } : le PIN EGD « { $pin } » n'est pas fait de 8 chiffres.
export-blocker-licence = { $player } : la licence FFG « { $licence } » n'est pas faite de 7 chiffres ou lettres capitales.
export-blocker-start-date = La date de début « { $value } » n'est pas une date (AAAA-MM-JJ).
export-blocker-end-date = La date de fin « { $value } » n'est pas une date (AAAA-MM-JJ).
export-blocker-shared-key = { $player } a la clé OpenGotha « { $key } » de { $others } : OpenGotha trouve les joueurs par leur clé et les confondrait.
export-blocker-other = { $reason }
export-fix-result = Saisir le résultat
export-fix-round = Ouvrir la ronde
export-fix-player = Modifier le joueur
export-fix-settings = Modifier les réglages
export-complete = Télécharger les rondes complètes (jusqu'à la ronde { $round })
export-complete-why = la ronde { $round } a { $count ->
    [one] un résultat
   *[other] { $count } résultats
} encore inconnus, et ce format ne peut pas contenir de résultat inconnu.
export-egd-choices = Le fichier EGD, selon votre choix
export-egd-rank-after = Classer après
export-egd-round-shown = la ronde { $round } (la ronde affichée)
export-egd-round-declared = la ronde { $round }, le nombre de rondes annoncé : les rondes non jouées comptent comme des rondes sans partie (comme OpenGotha)
export-egd-by-default = Parties gagnées par forfait
export-egd-plus-minus = 0+ pour le gagnant, 0- pour le perdant : le point gratuit et la ronde blanche de l'EGD
export-egd-equals = 0= pour les deux (comme OpenGotha)
export-egd-download = Télécharger le fichier EGD
export-refused-title = { $format } : ne peut pas être écrit après la ronde { $round }
export-back = Retour au classement et aux exports

## Les réglages d'un tournoi
settings-language = Langue de ses pages (quand le navigateur du lecteur n'en demande aucune)
settings-time-zone = Fuseau horaire de ses heures (par exemple Europe/Paris)

## The dashboard: its common words / Le tableau de bord
colon = {" "}:{" "}
confirm-cancel = Annuler : tout garder tel quel
problems-not-done = Rien n'a été fait :
round-of = Ronde { $round } · { $tournament }
search-button = Chercher
column-name = Nom
column-country = Pays
column-komi = Komi
field-country = Pays (deux lettres)
player-surname = Nom
player-first-name = Prénom
player-rank = Niveau (12k, 3d)
player-details = Coordonnées
player-save = Enregistrer
player-withdraw-title = Retrait
player-withdraw-explained = Un joueur qui n'a pas encore joué quitte le tournoi ; celui qui a joué garde ses parties et est noté absent aux rondes suivantes.
player-withdraw = Retirer ce joueur
settings-title = Réglages · { $tournament }
settings-heading = Réglages de { $tournament }
settings-form = Réglages
settings-save = Enregistrer les réglages
import-title = Importer un fichier OpenGotha
import-file = Fichier de tournoi OpenGotha (.xml)
import-button = Importer
create-title = Créer un tournoi
create-button = Créer le tournoi
unfinished-warning = { $count ->
    [one] La ronde { $round } a { $count } table sans résultat (table { $tables }) : un brouillon fait maintenant apparie comme si cette partie n'avait pas été jouée.
   *[other] La ronde { $round } a { $count } tables sans résultat (tables { $tables }) : un brouillon fait maintenant apparie comme si ces parties n'avaient pas été jouées.
}
unfinished-warning-many = La ronde { $round } a { $count } tables sans résultat : un brouillon fait maintenant apparie comme si ces parties n'avaient pas été jouées.
unfinished-link = Les résultats de la ronde { $round }
copied-title = Joueurs copiés · { $tournament }
copied-heading = Joueurs copiés de { $from }
copied-registered = Inscrits ({ $count })
copied-nobody = Personne : tous les joueurs sont déjà inscrits.
copied-skipped = Non copiés : déjà inscrits ({ $count })
copied-same-pin = le même PIN EGD
copied-same-licence = la même licence FFG
copied-same-name = le même nom
copied-back = Retour aux joueurs
imported-title = Importé
imported-heading = Tournoi importé
imported-players = { $count } joueurs
imported-rounds = { $rounds } rondes, { $pairings } appariements ({ $unknown } encore sans résultat)
imported-byes = { $byes } exempts, { $absences } absences
imported-warnings = À vérifier
imported-open = Ouvrir son tableau de bord

## A tournament's dashboard / Le tableau de bord d'un tournoi
tournament-public-pages = pages publiques
tournament-tablets = les tablettes des tables
tournament-staff = équipe et accès
tournament-rating-lists = listes de classement
tournament-settings = Réglages
tournament-change-settings = Modifier les réglages
tournament-board = Goban
tournament-rules = Règles
tournament-time-control = Temps de réflexion
tournament-egf-class = Classe EGF
egf-class = { $class }, temps ajusté { $minutes } minutes
egf-class-named = Classe EGF { $class }
tournament-mcmahon = Barre et plancher McMahon
tournament-bar-floor = { $bar } et { $floor }
tournament-handicap = au plus { $ceiling } pierres, l'écart moins { $reduction }, parties égales à partir de { $even }
tournament-language = Langue de ses pages
tournament-time-zone = Fuseau horaire
tournament-no-round = Aucune ronde pour l'instant.
tournament-standings-link = Classement et exports
tournament-round-started = commencée
tournament-players = Joueurs ({ $count })
tournament-no-player = Aucun joueur pour l'instant.
tournament-no-player-matches = Aucun joueur ne correspond.
tournament-players-caption = Joueurs, dans l'ordre d'inscription
tournament-register = Inscrire un joueur
tournament-rating-lists-search = Listes de classement
tournament-from-list = Depuis une liste de classement : nom, PIN ou licence
tournament-search-lists = Chercher dans les listes
tournament-register-button = Inscrire
tournament-copy-title = Copier les joueurs d'un tournoi précédent
tournament-copy-explained = Les joueurs déjà inscrits ici (même PIN EGD ou même licence FFG, sinon même nom) ne sont pas copiés.
tournament-copy-button = Copier les joueurs

## A tournament's settings form / Le formulaire des réglages
fields-tournament = Le tournoi
fields-place = Lieu
fields-first-day = Premier jour
fields-last-day = Dernier jour
fields-rounds = Nombre de rondes
fields-board = Taille du goban (19 : 19×19)
fields-time-system = Système
fields-main-time = Temps principal (minutes)
fields-periods = Périodes (byo-yomi) ou pierres (canadien)
fields-period = Période ou incrément (secondes)
fields-mcmahon-handicap = McMahon et handicap
fields-bar = Barre McMahon
fields-floor = Plancher McMahon
fields-ceiling = Pierres de handicap au plus (0 : parties égales)
fields-reduction = Pierres retirées de l'écart (-1 : une de plus)
fields-even = Parties égales à partir du niveau
fields-komi-disputes = Komi et contestations
fields-komi-rules = le komi des règles
fields-komi-fixed = ce komi pour les parties égales
fields-komi = Komi des parties égales, s'il est fixé
fields-dispute = Une partie reprise après un décompte contesté se termine
dispute-strict = par un décompte strict (règles 5 et 6 : toute pierre sur le goban est vivante)
dispute-agree-again = quand les joueurs s'accordent à nouveau sur les pierres mortes (règle 5 bis)
dispute-four-passes = après quatre passes, le goban compté tel quel (Tromp-Taylor)
fields-criteria = Critères de classement
fields-criterion = Critère { $number }
criterion-none = aucun
fields-parameters = Paramètres d'appariement (noms d'OpenGotha)
fields-parameter-default = OpenGotha : { $value }
parameter-system = Système d'appariement
parameter-opengotha = Version d'OpenGotha suivie
parameter-numerator = { $factor } (numérateur)
parameter-denominator = { $factor } (dénominateur)
choice-mc-mahon = McMahon
choice-swiss = Suisse
choice-swiss-with-categories = Suisse avec catégories
choice-round-robin = Toutes rondes
choice-split-and-fold = Séparer et replier
choice-split-and-random = Séparer et tirer au sort
choice-split-and-slip = Séparer et glisser
choice-top = Haut
choice-middle = Milieu
choice-bottom = Bas
choice-none = Aucun
choice-rating = Classement
choice-rank = Niveau
choice-yes = Oui
choice-no = Non

## Rounds, results, standings, staff / Rondes, résultats, classement, équipe
round-draft = Préparer l'appariement
round-who-plays = Qui joue la ronde { $round }
round-who-plays-explained = Les joueurs non marqués sont appariés ; marquez absents ceux qui ne jouent pas avant de préparer l'appariement.
round-participation-caption = Joueurs et leur participation à la ronde { $round }
round-status = Statut
round-change = Changer
participation-present = présent
participation-absent = absent
participation-not-marked = non marqué
participation-mark-present = Marquer présent
participation-mark-absent = Marquer absent
round-print-link = Liste des appariements à imprimer
round-sheets-link = Feuilles de résultat à imprimer
round-hall-link = La salle : toutes les tables en direct, pour l'arbitre
round-not-started = La ronde { $round } n'a pas commencé : ses résultats sont enregistrés une fois qu'elle a commencé.
round-start = Commencer la ronde { $round }
round-tables = Tables
round-tables-caption = Parties de la ronde { $round }, par table, avec leurs résultats
round-enter-result = Saisir ou corriger le résultat
round-result-of = de la table { $table }
undo-table = la table { $table } ({ $white } – { $black })
undo-table-change = Avant le début
undo-unpublish-title = Retirer l'appariement de la ronde { $round }
undo-unpublish-question = Retirer l'appariement de la ronde { $round } ? Chaque table est retirée (gardée dans les suppressions) et la ronde est appariée de nouveau ; les listes déjà imprimées ne valent plus.
undo-unpublish-button = Retirer l'appariement de la ronde { $round }
undo-unpublish-explained = Une erreur dans l'appariement ? Tant que la ronde n'a pas commencé, il peut être retiré et refait.
undo-delete-round-title = Supprimer la ronde { $round }
undo-delete-round-question = Supprimer la ronde { $round }, la dernière du tournoi ? Son appariement et la participation de ses joueurs partent avec elle, et le tournoi annonce une ronde de moins.
undo-delete-round-button = Supprimer la ronde { $round }
undo-delete-round-explained = Une ronde ajoutée par erreur : la dernière ronde, sans partie jouée, peut être supprimée.
undo-unpair = Désapparier
undo-unpair-title = Désapparier une table
undo-unpair-question = Désapparier { $table } ? Ses deux joueurs restent sans partie dans cette ronde, à apparier à la main ou à exempter.
undo-unpair-button = Désapparier { $table }
undo-terms-change = Changer
undo-terms-title = Changer le handicap ou le komi d'une table
undo-terms-question = Changer { $table } du handicap { $handicap-before }, komi { $komi-before } au handicap { $handicap }, komi { $komi } ?
undo-terms-button = Changer la table { $table }
undo-terms-komi-by-rule = le komi du tournoi pour ce handicap
result-why = Pourquoi (gardé avec la modification)
result-why-example = résultat saisi à la main
result-record = Enregistrer
result-changes = Modifications
result-no-change = Aucune modification saisie à la main.
result-changes-caption = Toutes les modifications de ce résultat, la plus ancienne d'abord
column-when = Quand
column-who = Qui
column-why = Pourquoi
column-before = Avant
column-after = Après
column-what = Quoi
column-whom = Qui est concerné
column-role = Rôle
column-since = Depuis
staff-credentials = Accès
staff-title = Équipe et accès
staff-explained = Chaque organisateur, arbitre et table se connecte avec son propre accès, créé ici avec un nom qui dit qui le détient : le journal ci-dessous et l'historique des résultats les désignent par ce nom.
staff-make = Créer un accès
staff-role-referee = Arbitre : inscriptions, débuts de ronde, résultats, décisions
staff-role-organizer = Organisateur : tout pour ce tournoi
staff-role-table = Table : la tablette d'une table
staff-who = Qui le détient
staff-table = Table (pour une table)
staff-handover = Le remettre sous forme de
staff-handover-link = Un lien de connexion à usage unique et son QR code (valable { $hours } heures)
staff-handover-secret = Le secret d'un jeton (pour un script ou l'API)
staff-make-button = Créer l'accès
staff-active = Accès actifs
staff-none = Aucun accès pour l'instant.
staff-revoke = Révoquer
staff-revoke-of = Révoquer l'accès de { $label } ({ $role })
staff-audit = Journal
staff-audit-none = Rien n'a encore été retiré ni annulé.
confirm-withdraw-title = Retirer un joueur
confirm-withdraw-question = Retirer { $player } du tournoi ? Son inscription et tout ce qui a été saisi pour lui sont supprimés ; l'inscrire de nouveau, c'est tout saisir de nouveau.
confirm-withdraw-button = Retirer { $player }
confirm-revoke-title = Révoquer un accès
confirm-revoke-question = Révoquer l'accès de { $whom } ? Chaque navigateur, tablette et script connecté avec lui est déconnecté à sa prochaine requête ; il faudra un nouvel accès pour se connecter de nouveau.
confirm-revoke-button = Révoquer { $whom }
audit-credential-revoked = a révoqué l'accès
audit-player-withdrawn = a retiré le joueur
audit-player-changed = a modifié la fiche du joueur
audit-round-unpublished = a retiré l'appariement de la ronde
audit-table-unpaired = a désapparié la table
audit-table-terms-changed = a changé le handicap ou le komi
audit-round-deleted = a supprimé la ronde
audit-change = { $field } { $before } → { $after }
audit-yes = oui
audit-no = non
audit-field-surname = nom
audit-field-first-name = prénom
audit-field-rank = niveau
audit-field-rating = classement
audit-field-country = pays
audit-field-club = club
audit-field-egd-pin = PIN EGD
audit-field-ffg-licence = licence FFG
audit-field-aga-id = identifiant AGA
audit-field-mcmahon-correction = correction McMahon
audit-field-preliminary = inscription provisoire
audit-field-paid = payé
audit-field-comment = commentaire
audit-field-handicap = handicap
audit-field-komi = komi
audit-field-tables = tables

## Examples / Exemples
staff-who-example = Marie

## Credentials, tablets, print pages / Accès, tablettes, pages à imprimer
made-title = Un accès
made-heading = L'accès de { $who }
made-link = Donnez ce lien à { $who }, ou faites-lui scanner son QR code : il connecte un navigateur, une fois, jusqu'au { $expires }. Il n'est montré que maintenant.
made-secret = Le secret du jeton, montré seulement maintenant : collez-le sur la page de connexion, ou envoyez-le comme
made-back = Retour aux accès
links-title = Liens de connexion
links-heading = Liens de connexion de { $tournament }
links-explained = Chaque lien connecte une tablette pour sa table, une fois, jusqu'au { $expires }. Imprimez cette page maintenant : les liens ne sont plus montrés ensuite.
links-qr = QR code du lien de connexion de la table { $table }
tablets-title = Les tablettes des tables
tablets-short = Tablettes
tablets-loopback = Aucune tablette ne peut joindre ce service : il n'écoute que sur une adresse de bouclage, qui ne joint que cette machine. Arrêtez-le et relancez-le avec
tablets-loopback-then = (tous les réseaux de cette machine) ou avec l'une des adresses de cette machine ci-dessous, puis ouvrez cette page à cette adresse : les liens portent l'adresse à laquelle la page a été ouverte.
tablets-opened-at = Cette page a été ouverte à l'adresse
tablets-opened-at-then = , une adresse de bouclage : les liens et QR codes imprimés depuis elle enverraient chaque tablette vers elle-même. Ouvrez cette page à l'une des adresses de cette machine ci-dessous, sur le réseau de la salle, et imprimez les liens de là.
tablets-no-address = Cette machine n'a pas d'autre adresse réseau : connectez-la d'abord au réseau de la salle.
tablets-explained = Une tablette est connectée une fois pour une table et montre, ronde après ronde, la partie que l'appariement publié place à cette table. Imprimez un lien à usage unique pour chaque table, puis ouvrez chacun sur la tablette de sa table (scannez son QR code) : un lien connecte une tablette, dans les { $hours } heures.
tablets-print-links = Imprimer les liens de connexion
tablets-replace = Une tablette cassée ou perdue : révoquez ci-dessous les tablettes de sa table, puis imprimez le lien de cette seule table pour la tablette qui la remplace.
tablets-print-one = Imprimer le lien de cette table
tablets-signed-in = Tablettes connectées
tablets-none = Aucune tablette n'est connectée pour l'instant.
tablets-new-link = Un nouveau lien
tablets-new-link-button = Nouveau lien
tablets-revoke-of = Révoquer les tablettes de la table { $table }
tablets-new-link-of = Imprimer un nouveau lien pour la table { $table }
sheets-title = Feuilles de résultat de la ronde { $round } · { $tournament }
sheets-print = utilisez l'impression du navigateur : une feuille par page
sheets-heading = Feuilles de résultat · { $tournament }, ronde { $round }
sheets-sheet = ronde { $round } · table { $table }
sheets-handicap = { $stones ->
    [0] aucun
   *[other] { $stones } pierres
}
sheets-komi-tournament = celui du tournoi
sheets-circle = Entourez le gagnant :
sheets-signature-white = Signature de Blanc
sheets-signature-black = Signature de Noir
print-title = Appariements de la ronde { $round } · { $tournament }
print-back = Retour à la ronde { $round }
print-use = utilisez l'impression du navigateur
print-heading = { $tournament } : ronde { $round }
print-by-table = Par table
print-bye = exempt
print-by-name = Par nom
column-colour = Couleur
column-opponent = Adversaire

## Wall chart, rating lists / Tableau mural, listes de classement
wall-title = Tableau mural après la ronde { $round }
wall-after = après la ronde { $round }
wall-key-reads = Une ronde se lit
wall-key-1 =  : contre le joueur de la ligne 12, gagnée (
wall-key-lost = perdue
wall-key-drawn = nulle
wall-key-unknown = pas encore connue
wall-key-2 = ), avec Blanc (
wall-key-black = Noir
wall-key-3 = ), 3 pierres de handicap ;
wall-key-instead = au lieu de
wall-key-default = pour une partie gagnée par forfait ;
wall-key-bye = un exempt ou une absence et ce qu'il compte. Imprimez-le en paysage, sur A4 ou A3.
wall-line = Ligne
wall-wins = Victoires
wall-round = R{ $round }
from-list-title = Inscrire depuis une liste de classement
from-list-search = Nom, PIN ou licence
from-list-nobody = Personne ne correspond dans les listes du tournoi.
from-list-caption = Les meilleures correspondances d'abord, dans les listes du tournoi
from-list-list = Liste
refresh-title = Mise à jour depuis la liste { $list }
refresh-heading = Mise à jour depuis la liste { $list } du { $date }
refresh-summary = { $changes } modifications proposées ; { $missing } joueurs absents de la liste.
refresh-in-list = Dans la liste
refresh-apply = Appliquer les { $changes } modifications

## Le brouillon d'une ronde
draft-title = Brouillon de la ronde { $round }
draft-heading = Brouillon : rien n'est enregistré avant la publication
draft-caption = L'appariement du moteur et son compte rendu
draft-caption-release = L'appariement du moteur (comme OpenGotha { $release } apparie) et son compte rendu
draft-report = Compte rendu
draft-change = Modifier
draft-swapped = couleurs inversées à la main
draft-swap = Inverser les couleurs
draft-of-table = de la table { $table }
draft-why = Pourquoi cette paire
question-mark = {"\u202F"}?
draft-at-table = à la table { $table }
draft-bye = Exempt : { $player } ({ $rank })
draft-kept = Paires gardées : { $pairs }
draft-left-out = Écartés de ce brouillon : { $players }
draft-why-title = Pourquoi la table { $table } : { $white } contre { $black }
draft-why-explained = Le moteur apparie la ronde pour que l'ensemble des paires réponde au mieux aux critères des réglages d'appariement d'OpenGotha (sa fonction d'évaluation) : pour { $white } seul, { $black } est le choix n° { $place } sur { $candidates }.
draft-why-explained-rematch = Le moteur apparie la ronde pour que l'ensemble des paires réponde au mieux aux critères des réglages d'appariement d'OpenGotha (sa fonction d'évaluation) : pour { $white } seul, { $black } est le choix n° { $place } sur { $candidates }, bien que les deux se soient déjà rencontrés.
draft-criteria-caption = La paire, critère par critère (réglages d'appariement d'OpenGotha)
draft-criterion = Critère
draft-this-pair = Cette paire
draft-costlier = Meilleurs pour { $white } seul, laissés à d'autres pour que toute la ronde soit appariée au mieux : { $others }.
draft-a-rematch = { $player } (déjà rencontré)
draft-choice = { $player }, table { $table }
draft-tables-legend = Tables : déplacer une partie vers une autre table (la partie qui s'y trouve prend sa place), ou renuméroter les tables par ordre des meilleurs scores, comme le fait le moteur
draft-to-table = vers la table
draft-move = Déplacer
draft-renumber = Renuméroter les tables
draft-two-legend = Deux joueurs : les échanger (le moteur refait le brouillon en gardant les deux nouvelles parties), ou les apparier ensemble (le moteur refait le brouillon autour de cette partie)
draft-with = avec
draft-exchange = Échanger
draft-fix = Les apparier ensemble
draft-leave-out-legend = Écarter un joueur de ce brouillon (son inscription reste telle quelle)
draft-leave-out = Écarter
draft-publish = Publier la ronde { $round }
draft-again = Refaire le brouillon depuis le début
pairing-rematch = Éviter d'apparier deux fois la même paire
pairing-colours = Équilibrer Blanc et Noir
pairing-category = Éviter de mélanger les catégories
pairing-score = Minimiser l'écart de score
pairing-draw-up-down = Appariement vers le haut ou vers le bas
pairing-seeding = Système de placement
pairing-handicap = Minimiser le handicap
pairing-geography = Éviter d'apparier un même pays, un même club ou groupe
pair-rematch = une rencontre déjà jouée
pair-first-meeting = une première rencontre
pair-colours-balanced = couleurs équilibrées
pair-colours-unbalanced = couleurs déséquilibrées
pair-same-category = la même catégorie
pair-near-categories = des catégories voisines
pair-distant-categories = des catégories éloignées
pair-same-score = le même score
pair-close-scores = des scores proches
pair-distant-scores = des scores éloignés
pair-no-draw-up-down = ni vers le haut ni vers le bas
pair-draw-up-down = un appariement vers le haut ou vers le bas
pair-seeding-placed = placés comme le demande le système de placement
pair-seeding-near = près de la place du système de placement
pair-seeding-away = loin de la place du système de placement
pair-least-handicap = le moindre handicap
pair-some-handicap = un peu de handicap
pair-large-handicap = un fort handicap
pair-apart = des clubs et des pays différents
pair-apart-partly = un club, un groupe ou un pays en commun, tenus à l'écart
pair-same-club = le même club ou le même pays

## Les listes de classement d'un tournoi
lists-title = Listes de classement
lists-explained = L'accueil cherche dans les listes des fédérations que ce tournoi utilise : pour chacune, la liste fixée ici, sinon la plus récente importée. La mise à jour compare les joueurs inscrits à cette liste et applique ce qui a changé (classement, niveau, club, licence, identifiants), chaque modification étant enregistrée.
lists-in-use = En usage : la liste du { $date }, { $count } joueurs (la plus récente).
lists-in-use-pinned = En usage : la liste du { $date }, { $count } joueurs, fixée.
lists-use = Utiliser
lists-newest = la liste la plus récente, quelle qu'elle soit
lists-pinned-choice = la liste du { $date } ({ $count } joueurs), fixée
lists-use-button = Utiliser cette liste
lists-refresh = Mettre à jour les joueurs depuis cette liste
lists-none = Aucune liste { $source } importée pour l'instant.
lists-import = Importer une liste
lists-import-explained = Déposez le fichier tel que la fédération le publie (une liste de l'EGD peut être compressée en .zip) :
lists-import-after = Une liste plus récente sert aussitôt, sauf si une plus ancienne est fixée ci-dessus ; le même fichier deux fois ne change rien.
lists-list = Liste
lists-file = Fichier
lists-import-button = Importer la liste
lists-admins-import = Les listes sont importées par un administrateur de ce service, une fois pour tous ses tournois.
lists-imported = Liste { $source } du { $date } importée : { $count } joueurs.
lists-imported-already = Cette liste { $source } du { $date } était déjà importée : rien n'a changé.
lists-applied = { $count } modifications appliquées depuis la liste { $source }.
list-egd = EGD (European Go Database)
list-ffg = FFG (Fédération Française de Go)
list-aga = AGA (American Go Association)
found-by-id = trouvé par son identifiant
found-by-name = trouvé par son nom
found-not = absent de la liste
found-ambiguous = plusieurs personnes de ce nom : donnez l'identifiant du joueur
found-id-not-in-list = l'identifiant du joueur n'est pas dans la liste
refresh-none = aucun
refresh-field-rating = classement
refresh-field-rank = niveau
refresh-field-club = club
refresh-field-licence-status = statut de licence
refresh-field-egd-pin = PIN EGD
refresh-field-ffg-licence = licence FFG
refresh-field-aga-id = identifiant AGA

## La fiche d'un joueur, au tableau de bord

player-rating = Classement (échelle EGD : 2100 est 1d)
player-ffg-licence = Licence FFG
player-egd-pin = PIN EGD
player-aga-id = Identifiant AGA
player-mms-correction = Correction McMahon (points ajoutés au score de départ)
player-preliminary = Inscription provisoire (au classement, non apparié avant confirmation)
player-paid = Inscription payée
player-comment = Commentaire
player-record-more = Licence, PIN, classement, correction McMahon, paiement, commentaire

## La grille des résultats : les feuilles d'une ronde saisies au clavier seul

results-grid-title = Résultats de la ronde { $round }
results-grid-caption = Les tables de la ronde { $round } et leurs résultats
results-grid-entry = Table et résultat
results-grid-record = Enregistrer
results-grid-help = Le numéro de la table, puis le résultat, puis Entrée : 12b (Noir gagne), 12w (Blanc gagne), 12= (partie nulle), 12 0 (les deux perdent), 12# (les deux gagnent), 12x (annulée), 12? (pas encore de résultat) ; l'écart ou la manière après b ou w : 12b3.5, 12wr (abandon), 12bt (temps), 12wf (forfait). Une table saisie à nouveau est corrigée.
results-grid-last = Table { $table } ({ $players }) : { $result }
results-grid-players = { $black } contre { $white }
results-grid-missing = { $count ->
    [0] Chaque table a son résultat.
    [one] { $count } table sans résultat.
   *[other] { $count } tables sans résultat.
}
results-grid-no-number = Commencez par le numéro de la table (12b : table 12, Noir gagne).
results-grid-no-result = Donnez le résultat après le numéro de la table : b, w, =, 0, #, x ou ?.
results-grid-unknown = « { $keys } » n'est pas un résultat : b, w, = (partie nulle), 0 (les deux perdent), # (les deux gagnent), x (annulée), ? (pas encore de résultat), un écart après b ou w (b3.5).
results-grid-no-table = La ronde n'a pas de table { $table }.
results-grid-link = Grille des résultats
result-none-yet = Pas encore de résultat
result-choose = Choisir le résultat

## A refused form's problems, field by field (the field's name is the form's label).
form-field-problem = { $field } : { $problem }
issue-not-a-rank = « { $value } » n'est pas un niveau (1k–50k, 1d–9d ou 1p–9p)
issue-too-long = doit compter au plus { $max } caractères
issue-empty = ne doit pas être vide
issue-control-character = ne doit pas contenir de caractères de contrôle
issue-egd-pin = doit être un numéro EGD : 8 chiffres
issue-ffg-licence = doit être une licence FFG : 7 chiffres ou lettres majuscules
issue-rating = doit être entre -900 et 3200
issue-country = doit être un code de pays en deux lettres (FR, IT, DE)
issue-aga-id = doit compter de 1 à 12 chiffres
issue-mcmahon-correction = doit être entre -1 et 2

issue-not-a-whole-number = doit être un nombre entier
issue-not-a-number = doit être un nombre
issue-out-of-range = doit être entre { $min } et { $max }
issue-not-chosen = choisissez l'un des choix du formulaire
issue-two-players = choisissez deux joueurs
issue-required = cette décision l'exige
issue-not-taken = seule une correction de résultat prend un résultat
issue-end-before-start = ne doit pas précéder le premier jour
issue-not-a-result = n'est pas un résultat (B+R, W+2.5, 0, Void)
issue-no-file = Choisissez d'abord un fichier à envoyer.
issue-file-too-large = Le fichier dépasse { $megabytes } Mo.
issue-unreadable = Une valeur du formulaire n'a pas la forme attendue (une date, un niveau comme 3k ou 1d, un fuseau horaire comme Europe/Paris) : corrigez-la et enregistrez à nouveau.
issue-board-side = doit être entre 2 et 25
issue-handicap = doit être entre 0 et 9 pierres
issue-handicap-correction = doit être entre -1 et 9
issue-komi = doit être un multiple de 0,5 entre -150 et 150
issue-mcmahon-floor-below-zero = doit être 30k ou plus fort : les scores de départ comptent à partir de 30k
issue-mcmahon-floor-above-bar = ne doit pas être plus fort que la barre McMahon
issue-not-a-point = « { $point } » n'est pas un point du goban : nommez-le comme sur ses bords (D4, Q16).
issue-not-a-date = « { $value } » n'est pas une date
issue-unknown-colours = ses couleurs sont inconnues : le service enregistre qui avait Noir
issue-another-game = { $player } a une autre partie à la ronde { $round } : le service enregistre une partie par joueur et par ronde
issue-at-most = doit être au plus { $max }
issue-over-a-year = doit être au plus un an après le premier jour
issue-over-a-day = aucune durée ne peut dépasser 24 heures
issue-time-zero-main = demande un temps principal supérieur à zéro
issue-time-zero-periods = demande au moins une période (ou une pierre par période)
issue-time-zero-period = demande une période (ou un incrément) supérieure à zéro
issue-time-unplayable = ne peut pas se jouer ainsi
issue-criteria-count = doit compter de 1 à 12 critères
issue-repeated-criterion = ne doit pas compter deux fois le même critère
issue-fraction = Le facteur de concavité (paiStandardNX1Factor) doit être une fraction entre 0 et 1, de dénominateur positif.
issue-search-text = doit compter de 1 à 100 caractères, sans caractère de contrôle
issue-no-rank-in-list = la liste ne donne à ce joueur ni classement ni grade : donnez son niveau
form-file-problem = Dans le fichier, { $place } : { $problem }

## A draft's hand edit the pairing refused.
edit-no-table = Le brouillon n'a pas de table { $table }.
edit-table-out-of-range = { $table } n'est pas un numéro de table : choisissez-en un de 1 à { $max }.
edit-not-in-draft = Un joueur choisi ne joue aucune partie du brouillon.
edit-same-table = Choisissez deux joueurs de tables différentes.
edit-inconsistent = Ce changement donnerait deux parties à une table ou deux tables à un joueur.

## A refusal of a whole form, by its code (a conflict with what the tournament holds).
problem-conflict-concurrent-update = Quelqu'un l'a modifié entre-temps : regardez à nouveau, puis modifiez.
problem-conflict-referenced = D'autres fiches y font encore référence : il reste.
problem-draft-stale = La ronde a changé depuis ce brouillon (un résultat, une inscription, un joueur ou un réglage) : un nouveau brouillon est affiché, regardez-le à nouveau.
problem-game-contended = Une autre action sur cette partie était enregistrée au même moment : réessayez.
problem-game-exists = Cette table a déjà une partie.
problem-idempotency-key-reused = Cette demande a déjà été envoyée avec un autre contenu.
problem-player-already-registered = Un joueur avec cette licence FFG ou ce numéro AGA est déjà inscrit.
problem-player-has-played = Ce joueur a des parties ou des résultats dans le tournoi : retirez-le plutôt que de le supprimer.
problem-rating-list-not-imported = Aucune liste de cette fédération n'est encore importée : importez-en une d'abord.
problem-rating-refresh-not-proposed = Cette modification n'est pas (plus) proposée par la liste : regardez à nouveau les propositions.
problem-registration-player-paired = Ce joueur est apparié dans la ronde : retirez-le d'abord de l'appariement.
problem-result-game-played = La partie de cette table se joue sur une tablette : son résultat vient de la partie, et un arbitre le corrige par une décision.
problem-tournament-full = Le tournoi compte autant de joueurs qu'un tournoi peut en avoir.
problem-tournament-has-games = Des parties ont été enregistrées sur cette taille de goban : elle ne peut plus changer.
problem-tournament-rounds-exist = Le tournoi a plus de rondes que cela, avec des appariements ou des résultats : supprimez-les d'abord.
problem-round-not-started = La ronde n'a pas encore commencé.
problem-round-already-paired = Cette ronde est déjà appariée : retirez d'abord son appariement pour l'apparier à nouveau.
problem-terms-board-size = Cette partie se joue sur un autre goban que celui du tournoi.
problem-tournament-board-size-locked = Des parties ont été enregistrées sur cette taille de goban : elle ne peut plus changer.
problem-game-not-started = La partie n'a pas encore commencé.
problem-game-stale-turn = La partie a avancé entre-temps (elle attend le coup { $turn }) : regardez-la à nouveau.
problem-game-started = La partie a déjà commencé.
problem-game-finished = La partie est terminée : un arbitre change son résultat par une correction de résultat.
problem-game-paused = La partie est en pause : relancez d'abord les pendules.
problem-game-not-playing = La partie n'est pas en cours de jeu.
problem-game-not-counting = La partie n'est pas en cours de décompte.
problem-game-not-paused = La partie n'est pas en pause.
problem-game-already-paused = La partie est déjà en pause.
problem-game-turn-cap = La partie a atteint { $cap } coups, le plus qu'une partie puisse avoir : une décision de l'arbitre la termine.
problem-game-counting-cap = Le décompte a pris { $cap } étapes, le plus qu'il puisse prendre : l'arbitre décide des pierres mortes.
problem-counting-superseded = Une proposition de pierres mortes plus récente a remplacé celle-ci.
problem-clock-flag-due = Le temps de { $colour } est écoulé : la pendule tombe d'abord.
problem-game-clock = La pendule refuse ce changement de temps.
problem-game-both-out-of-time = Les deux joueurs n'ont plus de temps.
problem-game-dead-stones = { $why ->
        [empty] Le point { $point } est vide : seules des pierres peuvent être mortes.
       *[off-board] Le point { $point } n'est pas sur le goban.
    } Nommez une pierre de chaque chaîne morte, comme sur le goban (D4 Q16).
problem-ruling-reason = Donnez le motif de la décision.
problem-ruling-delta-ms = Un ajustement de temps demande un nombre de secondes autre que zéro.
problem-ruling-corrects = Le journal de cette partie n'a pas d'entrée { $entry } : il en a { $entries }.
problem-terms-komi = Les règles ne permettent pas ce komi.
problem-terms-time-control = Ce temps de réflexion ne peut pas se jouer.
problem-terms-handicap = Ce handicap ne peut pas se placer sur ce goban.
problem-result-unknown = Donnez le résultat.
problem-result-margin = L'écart ne correspond pas au komi (un demi-point quand le komi en a un, aucun sinon).
problem-result-draw = Une partie nulle (jigo) demande un komi sans demi-point.

## A file refused, with the place at fault.
file-problem-opengotha-malformed-xml = Ligne { $line }, colonne { $column } : le fichier n'est pas un XML bien formé.
file-problem-opengotha-unknown-encoding = Le codage du texte du fichier ({ $encoding }) n'est pas l'un de ceux que lit arbitre.
file-problem-opengotha-malformed-text = Ligne { $line }, colonne { $column } : des octets qui ne sont pas du { $encoding }.
file-problem-opengotha-missing-element = Ce n'est pas un tournoi OpenGotha : le fichier n'a pas d'élément <{ $element }>.
file-problem-opengotha-invalid-attribute = Ligne { $line } : <{ $element } { $attribute }="{ $value }"> : cette valeur n'est pas valable.
file-problem-opengotha-invalid-text = Ligne { $line } : <{ $element } { $attribute }> : { $problem }.
file-problem-opengotha-too-large = Ligne { $line } : le fichier contient plus qu'un fichier OpenGotha ne peut contenir.
file-problem-opengotha-unknown-criterion = Ligne { $line } : le critère de classement { $name } n'est pas l'un de ceux que connaît arbitre.
file-problem-opengotha-duplicate-player = Ligne { $line } : le joueur { $player } est inscrit deux fois.
file-problem-opengotha-unknown-player = Ligne { $line } : la ronde { $round } nomme un joueur que le fichier n'inscrit pas ({ $player }).
file-problem-rating-list-empty = Le fichier est vide.
file-problem-rating-list-binary = Ligne { $line }, colonne { $column } : c'est un fichier binaire, pas une liste de classement.
file-problem-rating-list-wrong-encoding = Ligne { $line }, colonne { $column } : le texte n'est pas dans le codage de la liste.
file-problem-rating-list-truncated-line = La ligne { $line } est tronquée ({ $length } caractères, les lignes de la liste en ont au moins { $expected }).
file-problem-rating-list-malformed-line = Ligne { $line }, colonne { $column } : la ligne n'a pas la forme de celles de la liste.
file-problem-rating-list-missing-header = Ligne { $line } : l'en-tête de la liste manque.
file-problem-rating-list-bad-zip = L'archive zip ne peut pas être lue.
file-problem-rating-list-no-players = Aucun joueur dans le fichier : est-ce bien la liste { $source } ?

## Who issued a ruling, for a credential made without a label.
issuer-unlabelled = { $role } (accès …{ $end })
