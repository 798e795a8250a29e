/** German player messages (informal du, as German gaming chats write). */

import type { MessageKey } from '../messages';

/** German (`de`) messages. */
export const de: Record<MessageKey, string> = {
  rewarded: 'Danke fürs Voten! Du hast {rewards} erhalten.',
  no_vote: 'Kein Vote für „{name}“ gefunden. Vote hier: {url} und gib dann erneut /{command} ein.',
  no_vote_no_link: 'Kein Vote für „{name}“ gefunden. Vote für den Server und gib dann erneut /{command} ein.',
  reward_waiting: 'Dein Vote ist angekommen: Gib /{command} ein, um deine Belohnung abzuholen.',
  vote_link: 'Vote hier für den Server: {url} und gib dann /{command} ein, um deine Belohnung abzuholen.',
  vote_reminder: 'Du kannst wieder für den Server voten: {url}',
  vote_reminder_site: 'Du kannst wieder auf {site} voten: {url}',
  vote_reminder_sites: 'Du kannst wieder voten auf {sites}',
  vote_party_nudge: 'Votes bis zur nächsten Vote-Party: {left}, und du hast heute noch nicht gevotet: {url}',
  reminders_on: 'Vote-Erinnerungen sind an. Gib /{remind} off ein, um sie abzustellen.',
  reminders_off: 'Vote-Erinnerungen sind für dich aus. Gib /{remind} on ein, um sie wieder zu bekommen.',
  suggest_reminders: 'Deine Vote-Erinnerungen aus- oder einschalten',
  suggest_reminders_state: 'off oder on',
  vote_broadcast_one:
    '1 Spieler hat in den letzten {minutes} Min. für den Server gevotet. Vote auch: /{command}',
  vote_broadcast:
    '{count} Spieler haben in den letzten {minutes} Min. für den Server gevotet. Vote auch: /{command}',
  claim_in_progress: 'Dein Vote wird schon geprüft, bitte warte kurz.',
  cooldown: 'Warte noch {seconds} s, bevor du /{command} erneut eingibst.',
  name_locked:
    'Der Name „{name}“ ist schon an einen anderen Spieler gebunden, deshalb kannst du seine Votes hier nicht einlösen.',
  no_license: 'Deine Lizenz konnte nicht gelesen werden. Verbinde dich neu und versuch es noch mal.',
  invalid_name: 'Dein Ingame-Name ist ohne Farbcodes leer. Leg dir einen Namen zu und vote damit.',
  pending_inventory_full:
    'Deine Belohnung wartet: Mach Platz für {count} x {item} und gib erneut /{command} ein.',
  pending_not_loaded: 'Deine Belohnung wartet: Du bekommst sie, sobald dein Charakter geladen ist.',
  rewards_paused:
    'Vote-Belohnungen sind pausiert: das Framework des Servers ist gestoppt. Deine Belohnung wartet und wird gegeben, sobald es wieder läuft.',
  pending_framework_error:
    'Deine Belohnung wartet: Sie konnte noch nicht ausgegeben werden, ein Admin ist informiert.',
  pending_admin: 'Deine letzte Abholung muss erst ein Admin prüfen, bevor sie ausgezahlt wird.',
  pending_unconfirmed:
    'Deine Belohnung konnte nicht bestätigt werden: Der Server hat nicht gemeldet, ob sie ausgegeben wurde. Ein Admin muss das prüfen und bestätigen. Es geht nichts verloren, und bis dahin wird nichts weiter ausgezahlt.',
  store_unavailable:
    'Votes können gerade nicht abgeholt werden (das Servernetzwerk ist nicht erreichbar); versuch es in einer Minute noch mal.',
  claim_uncertain: 'Deine Abholung konnte noch nicht bestätigt werden; sie wird automatisch erneut geprüft.',
  api_unauthorized:
    'Votes können gerade nicht geprüft werden (Problem mit der Serverkonfiguration). Ein Admin ist informiert.',
  api_rate_limited: 'Zu viele Anfragen an die Vote-Seite; versuch es in {seconds} s noch mal.',
  api_busy: 'Die Vote-Seite ist gerade ausgelastet; versuch es in {seconds} s noch mal.',
  api_server_error: 'Die Vote-Seite hat Probleme. Es ist nichts verloren, versuch es später noch mal.',
  api_unavailable: 'Die Vote-Seite ist nicht erreichbar. Es ist nichts verloren, versuch es später noch mal.',
  api_misbehaving: 'Die Vote-Seite antwortet fehlerhaft. Es ist nichts verloren, versuch es später noch mal.',
  not_ready: 'Vote-Belohnungen sind auf diesem Server gerade nicht verfügbar.',
  starting: 'Vote-Belohnungen werden gerade gestartet; gib in ein paar Sekunden erneut /{command} ein.',
  award_test: 'Test der Vote-Belohnungen durch einen Admin (kein Vote): Du hast {rewards} erhalten.',
  reward_money: '{amount} $ Bargeld',
  reward_bank: '{amount} $ aufs Konto',
  reward_gold: '{amount} Gold',
  reward_item: '{count} x {item}',
  reward_custom: 'eine besondere Belohnung',
  reward_points: '{amount} Vote-Punkte',
  award_shop: 'Dein Kauf im Vote-Shop wurde geliefert: {rewards}.',
  rewarded_nothing: 'Danke fürs Voten! Bei der Verlosung hattest du diesmal kein Glück.',
  award_first: 'Danke für deinen ersten Vote für den Server! Bonus: {rewards}.',
  award_milestone: 'Du hast schon {votes} Mal für den Server gevotet! Bonus: {rewards}.',
  award_streak: '{days}-Tage-Vote-Serie! Bonus: {rewards}.',
  award_party: 'Vote-Party! Der Server hat diesen Monat {votes} Votes erreicht: Du hast {rewards} erhalten.',
  award_top: 'Top-Voter {month}: Du hast Platz {rank} belegt und {rewards} erhalten.',
  award_all_sites: 'Du hast heute auf allen Seiten abgestimmt! Bonus: {rewards}.',
  site_found: '{site}: Stimme gefunden.',
  site_no_vote: '{site}: noch keine Stimme gefunden. Hier abstimmen: {url}',
  site_already_paid:
    '{site}: deine letzte Stimme dort wurde schon belohnt. Stimme wieder ab, sobald die Seite es erlaubt: {url}',
  site_unreachable:
    '{site} ist gerade nicht erreichbar; nichts ist verloren, tippe später erneut /{command}.',
  site_pending: '{site}: deine Stimme wird geprüft; das wird automatisch erledigt.',
  site_needs_steam:
    '{site} erkennt Abstimmende an ihrem Steam-Konto: starte FiveM mit laufendem Steam, um für Stimmen dort belohnt zu werden.',
  site_needs_discord:
    '{site} erkennt Abstimmende an ihrem Discord-Konto: öffne Discord vor FiveM, um für Stimmen dort belohnt zu werden.',
  site_needs_ip:
    '{site} erkennt Abstimmende an ihrer IP-Adresse, die dieser Server nicht sieht: Stimmen dort können hier nicht belohnt werden.',
  site_needs_name:
    '{site} braucht deinen Spielernamen: wähle einen Namen, der nicht nur aus Farbcodes besteht, und stimme damit ab.',
  award_nothing: 'Diesmal kein Glück bei der Bonus-Verlosung.',
  streak_status:
    'Tage in Folge gevotet: {days} (Rekord: {best}). Vote innerhalb von {hours} Std. wieder, damit deine Serie hält.',
  party_progress: 'Votes bis zur nächsten Vote-Party: {left} ({votes}/{goal} diesen Monat).',
  party_started:
    'Vote-Party! Der Server hat diesen Monat {votes} Votes erreicht: Voter, die online sind, bekommen eine Belohnung.',
  party_not_eligible: 'Vote-Party! Vote diesen Monat {min} Mal, um bei der nächsten dabei zu sein.',
  top_title: 'Top-Voter {month}:',
  top_line: '#{rank} {name} – Votes: {votes}',
  top_empty: 'Top-Voter {month}: Noch hat niemand gevotet.',
  top_own: 'Du bist auf Platz {rank} (Votes: {votes}).',
  top_own_none: 'Du hast diesen Monat noch nicht gevotet: /{command}',
  discord_vote: '{name} hat für den Server gevotet (eigene Votes diesen Monat: {votes}).',
  discord_milestone: '{name} hat schon {votes} Mal für den Server gevotet!',
  discord_streak: '{name} hat eine {days}-Tage-Vote-Serie!',
  discord_party:
    'Vote-Party! Der Server hat diesen Monat {votes} Votes erreicht; belohnte Spieler: {players}.',
  discord_winners: 'Top-Voter {month}: {list}',
  points_balance: 'Deine Vote-Punkte: {balance}.',
  points_spend: 'Gib sie im Vote-Shop aus: /{command}',
  points_cap: 'Mehr kannst du nicht haben (Höchststand: {cap}): Gib etwas aus, um weiter Punkte zu sammeln.',
  points_admin: 'Ein Admin hat deine Vote-Punkte um {delta} geändert; dein Stand jetzt: {balance}.',
  shop_title: 'Vote-Shop, deine Punkte: {balance}. Kaufen mit /{command} buy <id>',
  shop_item: '{id}: {item}, Punkte: {cost}',
  shop_left_day: 'heute noch {left}',
  shop_left_week: 'diese Woche noch {left}',
  shop_left_month: 'diesen Monat noch {left}',
  shop_left_total: 'für dich noch {left}',
  shop_stock: 'Vorrat: {stock}',
  shop_sold_out_tag: 'ausverkauft',
  shop_confirm_tag: 'mit Bestätigung',
  shop_empty: 'Im Vote-Shop gibt es gerade nichts zu kaufen.',
  shop_more: 'Weitere Artikel: /{command} {page}',
  shop_off: 'Der Vote-Shop ist auf diesem Server geschlossen.',
  shop_usage: 'Artikel anzeigen: /{command}. Einen kaufen: /{command} buy <id>',
  shop_unknown: 'Der Vote-Shop hat keinen Artikel „{id}“. Meintest du {ids}? Liste: /{command}',
  shop_id_hidden:
    'Diese Artikel-ID enthält unsichtbare Zeichen oder Leerzeichen. Meintest du {ids}? Liste: /{command}',
  shop_unknown_none: 'Der Vote-Shop hat keinen Artikel „{id}“. Liste: /{command}',
  shop_id_invalid:
    'Eine Artikel-ID besteht nur aus Buchstaben, Ziffern, - und _, höchstens {max} Zeichen. Liste: /{command}',
  shop_confirm: '{item} kostet Punkte: {cost}. Zum Kaufen gib /{command} buy {id} confirm ein',
  shop_bought: 'Du hast {item} gekauft (Punkte: {cost}). Dir bleiben Punkte: {balance}.',
  shop_not_enough: '{item} kostet Punkte: {cost}, du hast: {balance}.',
  shop_limit: 'Du hast {item} so oft gekauft wie erlaubt ({limit}); ab {reset} kannst du es wieder kaufen.',
  shop_limit_total: 'Du hast {item} so oft gekauft wie erlaubt ({limit}).',
  shop_sold_out: '{item} ist ausverkauft.',
  shop_no_permission: 'Du darfst {item} nicht kaufen.',
  shop_not_loaded:
    'Dein Charakter ist noch nicht geladen; kauf, sobald er es ist. Es wurden keine Punkte abgezogen.',
  shop_cannot_carry:
    'Du kannst {rewards} gerade nicht tragen: Mach Platz und kauf erneut. Es wurden keine Punkte abgezogen.',
  shop_refunded:
    '{item} konnte nicht ausgegeben werden, deshalb hast du deine Punkte zurückbekommen ({cost}).',
  shop_held:
    'Der Server konnte nicht bestätigen, ob {item} ausgegeben wurde. Deine Punkte ({cost}) bleiben reserviert, bis ein Admin es prüft; es geht nichts verloren.',
  shop_busy: 'Dein letzter Kauf läuft noch; warte einen Moment.',
  shop_failed:
    'Der Vote-Shop kann {item} gerade nicht verkaufen; es wurden keine Punkte abgezogen. Versuch es später noch mal.',
  shop_pending: 'Du hast {item} gekauft; du bekommst es, sobald der Server es ausgeben kann.',
  shop_menu_title: 'Vote-Shop: Punkte {balance}',
  shop_cost: 'Punkte: {cost}',
  discord_purchase: '{name} hat im Vote-Shop {item} gekauft.',
  points_unavailable:
    'Deine Vote-Punkte können gerade nicht gelesen werden; ein Admin ist informiert, es geht nichts verloren.',
  suggest_vote: 'Hol dir deine Belohnung, nachdem du für den Server gevotet hast',
  suggest_top: 'Top-Voter des Monats',
  suggest_shop: 'Der Vote-Shop: Artikel anzeigen oder einen kaufen',
  suggest_shop_action: 'buy (leer lassen, um die Artikel anzuzeigen)',
  suggest_shop_id: 'ID des Artikels, wie die Liste sie zeigt',
  suggest_shop_confirm: 'confirm, für Artikel, die eine Bestätigung verlangen',
  suggest_points: 'Deine Vote-Punkte',
  suggest_link: 'Zeigt den Vote-Link',
};
