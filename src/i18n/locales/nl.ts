/** Dutch player messages (informal je, as Dutch gaming chats write). */

import type { MessageKey } from '../messages';

/** Dutch (`nl`) messages. */
export const nl: Record<MessageKey, string> = {
  rewarded: 'Bedankt voor het stemmen! Je hebt {rewards} gekregen.',
  no_vote: 'Geen stem gevonden voor "{name}". Stem hier: {url} en typ daarna opnieuw /{command}.',
  no_vote_no_link: 'Geen stem gevonden voor "{name}". Stem op de server en typ daarna opnieuw /{command}.',
  reward_waiting: 'Je stem is binnen: typ /{command} om je beloning op te halen.',
  vote_link: 'Stem hier op de server: {url} en typ daarna /{command} om je beloning op te halen.',
  vote_reminder: 'Je kunt weer op de server stemmen: {url}',
  vote_reminder_site: 'Je kunt weer stemmen op {site}: {url}',
  vote_reminder_sites: 'Je kunt weer stemmen op {sites}',
  vote_party_nudge: 'Stemmen tot de volgende vote party: {left}, en je hebt vandaag nog niet gestemd: {url}',
  reminders_on: 'Stemherinneringen staan aan. Typ /{remind} off om ze te stoppen.',
  reminders_off: 'Stemherinneringen staan voor jou uit. Typ /{remind} on om ze weer te krijgen.',
  suggest_reminders: 'Je stemherinneringen uit- of aanzetten',
  suggest_reminders_state: 'off of on',
  vote_broadcast_one:
    '1 speler heeft in de afgelopen {minutes} min op de server gestemd. Stem ook: /{command}',
  vote_broadcast:
    '{count} spelers hebben in de afgelopen {minutes} min op de server gestemd. Stem ook: /{command}',
  claim_in_progress: 'Je stem wordt al gecontroleerd, even geduld.',
  cooldown: 'Wacht {seconds} s voordat je /{command} opnieuw typt.',
  name_locked:
    'De naam "{name}" is al gekoppeld aan een andere speler, dus stemmen op die naam kun je hier niet ophalen.',
  no_license: 'Je licentie kon niet worden gelezen; maak opnieuw verbinding en probeer het nog eens.',
  invalid_name: 'Je in-game naam is leeg zonder kleurcodes; kies een naam en stem daarmee.',
  pending_inventory_full:
    'Je beloning staat klaar: maak ruimte voor {count} x {item} en typ opnieuw /{command}.',
  pending_not_loaded: 'Je beloning staat klaar: je krijgt hem zodra je personage geladen is.',
  rewards_paused:
    'Stembeloningen staan op pauze: het framework van de server is gestopt. Je beloning wacht en wordt gegeven zodra het weer draait.',
  pending_framework_error:
    'Je beloning staat klaar, maar kon nog niet worden gegeven; een admin is ingelicht.',
  pending_admin:
    'Je vorige claim moet eerst door een admin worden gecontroleerd voordat hij wordt uitbetaald.',
  pending_unconfirmed:
    'Je beloning kon niet worden bevestigd: de server heeft niet gemeld of hij is gegeven. Een admin moet dit controleren en bevestigen; er gaat niets verloren en tot die tijd wordt er niets extra uitbetaald.',
  store_unavailable:
    'Stemmen kunnen nu niet worden geclaimd (het servernetwerk is onbereikbaar); probeer het over een minuut opnieuw.',
  claim_uncertain: 'We konden je claim nog niet bevestigen; hij wordt automatisch opnieuw gecontroleerd.',
  api_unauthorized:
    'Stemmen kunnen nu niet worden gecontroleerd (probleem met de serverconfiguratie). Een admin is ingelicht.',
  api_rate_limited: 'Te veel verzoeken naar de stemsite; probeer het over {seconds} s opnieuw.',
  api_busy: 'De stemsite is overbelast; probeer het over {seconds} s opnieuw.',
  api_server_error: 'De stemsite heeft problemen; er is niets verloren, probeer het later opnieuw.',
  api_unavailable: 'De stemsite is niet bereikbaar; er is niets verloren, probeer het later opnieuw.',
  api_misbehaving: 'De stemsite reageert vreemd; er is niets verloren, probeer het later opnieuw.',
  not_ready: 'Stembeloningen zijn op deze server op dit moment niet beschikbaar.',
  starting: 'Stembeloningen worden opgestart; typ over een paar seconden opnieuw /{command}.',
  award_test: 'Test van de stembeloningen door een admin (geen stem): je hebt {rewards} gekregen.',
  reward_money: '$ {amount} contant',
  reward_bank: '$ {amount} op de bank',
  reward_gold: '{amount} goud',
  reward_item: '{count} x {item}',
  reward_custom: 'een speciale beloning',
  reward_points: '{amount} stempunten',
  award_shop: 'Je aankoop in de stemwinkel is geleverd: {rewards}.',
  rewarded_nothing: 'Bedankt voor het stemmen! Deze keer had je geen geluk bij de loting.',
  award_first: 'Bedankt voor je eerste stem op de server! Bonus: {rewards}.',
  award_milestone: 'Je hebt al {votes} keer op de server gestemd! Bonus: {rewards}.',
  award_streak: 'Dagen op rij gestemd: {days}! Bonus: {rewards}.',
  award_party: 'Vote party! De server heeft deze maand {votes} stemmen gehaald: je hebt {rewards} gekregen.',
  award_top: 'Topstemmers van {month}: je bent op plek {rank} geëindigd en hebt {rewards} gekregen.',
  award_all_sites: 'Je hebt vandaag op alle sites gestemd! Bonus: {rewards}.',
  site_found: '{site}: stem gevonden.',
  site_no_vote: '{site}: nog geen stem gevonden. Stem hier: {url}',
  site_already_paid:
    '{site}: je laatste stem daar is al beloond. Stem opnieuw zodra de site het toelaat: {url}',
  site_unreachable: '{site} is nu niet bereikbaar; er is niets verloren, typ later opnieuw /{command}.',
  site_pending: '{site}: je stem wordt gecontroleerd; dat wordt automatisch afgehandeld.',
  site_needs_steam:
    '{site} herkent stemmers aan hun Steam-account: start FiveM terwijl Steam draait om voor stemmen daar beloond te worden.',
  site_needs_discord:
    '{site} herkent stemmers aan hun Discord-account: open Discord vóór FiveM om voor stemmen daar beloond te worden.',
  site_needs_ip:
    '{site} herkent stemmers aan hun IP-adres, dat deze server niet ziet: stemmen daar kunnen hier niet beloond worden.',
  site_needs_name:
    '{site} heeft je naam in het spel nodig: kies een naam die niet alleen uit kleurcodes bestaat en stem daarmee.',
  award_nothing: 'Deze keer geen geluk bij de bonusloting.',
  streak_status:
    'Dagen op rij gestemd: {days} (record: {best}). Stem binnen {hours} u opnieuw om je reeks vast te houden.',
  party_progress: 'Stemmen tot de volgende vote party: {left} ({votes}/{goal} deze maand).',
  party_started:
    'Vote party! De server heeft deze maand {votes} stemmen gehaald: stemmers die online zijn krijgen een beloning.',
  party_not_eligible: 'Vote party! Stem deze maand {min} keer om mee te doen met de volgende.',
  top_title: 'Topstemmers van {month}:',
  top_line: '#{rank} {name} – stemmen: {votes}',
  top_empty: 'Nog niemand heeft gestemd in {month}.',
  top_own: 'Je staat op plek {rank} (stemmen: {votes}).',
  top_own_none: 'Je hebt deze maand nog niet gestemd: /{command}',
  discord_vote: '{name} heeft op de server gestemd (eigen stemmen deze maand: {votes}).',
  discord_milestone: '{name} heeft al {votes} keer op de server gestemd!',
  discord_streak: '{name} heeft {days} dagen op rij gestemd!',
  discord_party:
    'Vote party! De server heeft deze maand {votes} stemmen gehaald; beloonde spelers: {players}.',
  discord_winners: 'Topstemmers van {month}: {list}',
  points_balance: 'Je stempunten: {balance}.',
  points_spend: 'Besteed ze in de stemwinkel: /{command}',
  points_cap: 'Meer kun je niet hebben (maximum: {cap}): besteed er een paar om door te sparen.',
  points_admin: 'Een admin heeft je stempunten met {delta} veranderd; je stand nu: {balance}.',
  shop_title: 'Stemwinkel, je punten: {balance}. Koop met /{command} buy <id>',
  shop_item: '{id}: {item}, punten: {cost}',
  shop_left_day: 'vandaag nog {left}',
  shop_left_week: 'deze week nog {left}',
  shop_left_month: 'deze maand nog {left}',
  shop_left_total: 'voor jou nog {left}',
  shop_stock: 'voorraad: {stock}',
  shop_sold_out_tag: 'uitverkocht',
  shop_confirm_tag: 'vraagt bevestiging',
  shop_empty: 'De stemwinkel heeft op dit moment niets te koop.',
  shop_more: 'Meer artikelen: /{command} {page}',
  shop_off: 'De stemwinkel is op deze server gesloten.',
  shop_usage: 'Artikelen bekijken: /{command}. Eén kopen: /{command} buy <id>',
  shop_unknown: 'De stemwinkel heeft geen artikel "{id}". Bedoelde je {ids}? Lijst: /{command}',
  shop_id_hidden: 'Dat artikel-id bevat onzichtbare tekens of spaties. Bedoelde je {ids}? Lijst: /{command}',
  shop_unknown_none: 'De stemwinkel heeft geen artikel "{id}". Lijst: /{command}',
  shop_id_invalid:
    'Een artikel-id bestaat alleen uit letters, cijfers, - en _, hoogstens {max} tekens. Lijst: /{command}',
  shop_confirm: '{item} kost punten: {cost}. Typ /{command} buy {id} confirm om het te kopen',
  shop_bought: 'Je hebt {item} gekocht (punten: {cost}). Je punten nu: {balance}.',
  shop_not_enough: '{item} kost punten: {cost}, en je hebt er {balance}.',
  shop_limit: 'Je hebt {item} zo vaak gekocht als mag ({limit}); vanaf {reset} kun je het weer kopen.',
  shop_limit_total: 'Je hebt {item} zo vaak gekocht als mag ({limit}).',
  shop_sold_out: '{item} is uitverkocht.',
  shop_no_permission: 'Je mag {item} niet kopen.',
  shop_not_loaded:
    'Je personage is nog niet geladen; koop zodra het dat is. Er zijn geen punten afgeschreven.',
  shop_cannot_carry:
    'Je kunt {rewards} nu niet dragen: maak ruimte en koop opnieuw. Er zijn geen punten afgeschreven.',
  shop_refunded: '{item} kon niet worden gegeven, dus je punten zijn teruggegeven ({cost}).',
  shop_held:
    'De server kon niet bevestigen of {item} is gegeven. Je punten ({cost}) blijven vastgehouden tot een admin het controleert; er gaat niets verloren.',
  shop_busy: 'Je vorige aankoop loopt nog; wacht even.',
  shop_failed:
    'De stemwinkel kan {item} nu niet verkopen; er zijn geen punten afgeschreven. Probeer het later opnieuw.',
  shop_pending: 'Je hebt {item} gekocht; je krijgt het zodra de server het kan geven.',
  shop_menu_title: 'Stemwinkel: punten {balance}',
  shop_cost: 'punten: {cost}',
  discord_purchase: '{name} heeft {item} gekocht in de stemwinkel.',
  points_unavailable:
    'Je stempunten kunnen nu niet worden gelezen; een admin is ingelicht en er gaat niets verloren.',
  suggest_vote: 'Haal je beloning op nadat je op de server hebt gestemd',
  suggest_top: 'Topstemmers van de maand',
  suggest_shop: 'De stemwinkel: artikelen bekijken of er een kopen',
  suggest_shop_action: 'buy (leeg laten om de artikelen te bekijken)',
  suggest_shop_id: 'Id van het artikel, zoals de lijst het toont',
  suggest_shop_confirm: 'confirm, voor artikelen die om bevestiging vragen',
  suggest_points: 'Je stempunten',
  suggest_link: 'Toont de stemlink',
};
