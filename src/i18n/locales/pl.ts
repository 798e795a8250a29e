/**
 * Polish player messages (informal ty). Counts follow a colon ("głosy: {votes}") so that no number has to agree
 * with a noun, and nothing addresses the player in a gendered past tense.
 */

import type { MessageKey } from '../messages';

/** Polish (`pl`) messages. */
export const pl: Record<MessageKey, string> = {
  rewarded: 'Dzięki za głos! Otrzymujesz: {rewards}.',
  no_vote: 'Nie znaleziono głosu dla „{name}”. Zagłosuj tutaj: {url} – potem wpisz ponownie /{command}.',
  no_vote_no_link:
    'Nie znaleziono głosu dla „{name}”. Zagłosuj na serwer, a potem wpisz ponownie /{command}.',
  reward_waiting: 'Twój głos dotarł: wpisz /{command}, aby odebrać nagrodę.',
  vote_link: 'Zagłosuj na serwer tutaj: {url} – potem wpisz /{command}, aby odebrać nagrodę.',
  vote_reminder: 'Możesz znowu zagłosować na serwer: {url}',
  vote_reminder_site: 'Możesz znowu zagłosować na {site}: {url}',
  vote_reminder_sites: 'Możesz znowu zagłosować na {sites}',
  vote_party_nudge: 'Do następnej Vote Party brakuje głosów: {left}, a ty nie głosowałeś dziś: {url}',
  reminders_on: 'Przypomnienia o głosowaniu są włączone. Wpisz /{remind} off, aby je wyłączyć.',
  reminders_off: 'Przypomnienia o głosowaniu są dla ciebie wyłączone. Wpisz /{remind} on, aby je przywrócić.',
  suggest_reminders: 'Wyłącz lub włącz przypomnienia o głosowaniu',
  suggest_reminders_state: 'off lub on',
  vote_broadcast_one:
    'Jeden gracz zagłosował na serwer w ciągu ostatnich {minutes} min. Ty też zagłosuj: /{command}',
  vote_broadcast:
    'Gracze, którzy zagłosowali na serwer w ciągu ostatnich {minutes} min: {count}. Ty też zagłosuj: /{command}',
  claim_in_progress: 'Twój głos jest już sprawdzany, poczekaj chwilę.',
  cooldown: 'Poczekaj {seconds} s, zanim znowu wpiszesz /{command}.',
  name_locked: 'Nick „{name}” jest już przypisany do innego gracza, więc jego głosów nie można tu odebrać.',
  no_license: 'Nie udało się odczytać twojej licencji; połącz się ponownie i spróbuj jeszcze raz.',
  invalid_name: 'Twój nick w grze jest pusty po usunięciu kodów kolorów; ustaw nick i zagłosuj z nim.',
  pending_inventory_full:
    'Twoja nagroda czeka: zrób miejsce na {count} x {item} i wpisz ponownie /{command}.',
  pending_not_loaded: 'Twoja nagroda czeka: dostaniesz ją, gdy tylko twoja postać się wczyta.',
  rewards_paused:
    'Nagrody za głosy są wstrzymane: framework serwera jest zatrzymany. Twoja nagroda czeka i zostanie wydana, gdy znów ruszy.',
  pending_framework_error: 'Twoja nagroda czeka: nie udało się jej jeszcze wydać, admin został powiadomiony.',
  pending_admin: 'Twoją poprzednią nagrodę musi sprawdzić admin, zanim zostanie wypłacona.',
  pending_unconfirmed:
    'Nie udało się potwierdzić twojej nagrody: serwer nie podał, czy została wydana. Admin musi to sprawdzić i potwierdzić; nic nie przepadnie i do tego czasu nic więcej nie zostanie wypłacone.',
  store_unavailable:
    'Nie można teraz odebrać głosów (sieć serwerów jest nieosiągalna); spróbuj ponownie za minutę.',
  claim_uncertain:
    'Nie udało się jeszcze potwierdzić odbioru nagrody; zostanie to automatycznie sprawdzone ponownie.',
  api_unauthorized:
    'Nie można teraz sprawdzić głosów (problem z konfiguracją serwera). Admin został powiadomiony.',
  api_rate_limited: 'Za dużo zapytań do strony głosowania; spróbuj ponownie za {seconds} s.',
  api_busy: 'Strona głosowania jest przeciążona; spróbuj ponownie za {seconds} s.',
  api_server_error: 'Strona głosowania ma problemy; nic nie przepadło, spróbuj ponownie później.',
  api_unavailable: 'Brak połączenia ze stroną głosowania; nic nie przepadło, spróbuj ponownie później.',
  api_misbehaving: 'Strona głosowania działa nieprawidłowo; nic nie przepadło, spróbuj ponownie później.',
  not_ready: 'Nagrody za głosowanie są teraz niedostępne na tym serwerze.',
  starting: 'Nagrody za głosowanie właśnie się uruchamiają; wpisz ponownie /{command} za kilka sekund.',
  award_test: 'Test nagród za głosowanie przez admina (to nie głos): otrzymujesz {rewards}.',
  reward_money: '{amount} $ w gotówce',
  reward_bank: '{amount} $ na konto',
  reward_gold: '{amount} złota',
  reward_item: '{count} x {item}',
  reward_custom: 'specjalna nagroda',
  reward_points: '{amount} pkt. za głosy',
  award_shop: 'Twój zakup w sklepie za głosy został dostarczony: {rewards}.',
  rewarded_nothing: 'Dzięki za głos! Tym razem los ci nie sprzyjał.',
  award_first: 'Dzięki za twój pierwszy głos na serwer! Bonus: {rewards}.',
  award_milestone: 'Kamień milowy! Twoje głosy na serwer: {votes}. Bonus: {rewards}.',
  award_streak: 'Seria głosowania – dni z rzędu: {days}! Bonus: {rewards}.',
  award_party: 'Vote Party! Głosy na serwer w tym miesiącu: {votes}. Otrzymujesz: {rewards}.',
  award_top: 'Ranking głosujących – {month}: miejsce {rank}! Otrzymujesz: {rewards}.',
  award_all_sites: 'Zagłosowałeś dziś na wszystkich stronach! Bonus: {rewards}.',
  site_found: '{site}: głos znaleziony.',
  site_no_vote: '{site}: nie znaleziono jeszcze głosu. Zagłosuj tutaj: {url}',
  site_already_paid:
    '{site}: twój ostatni głos tam został już nagrodzony. Zagłosuj ponownie, gdy strona na to pozwoli: {url}',
  site_unreachable: '{site} jest teraz niedostępna; nic nie przepadło, wpisz /{command} później.',
  site_pending: '{site}: twój głos jest sprawdzany; zostanie rozliczony automatycznie.',
  site_needs_steam:
    '{site} rozpoznaje głosujących po koncie Steam: uruchom FiveM z włączonym Steamem, aby dostać nagrody za głosy tam.',
  site_needs_discord:
    '{site} rozpoznaje głosujących po koncie Discord: otwórz Discorda przed FiveM, aby dostać nagrody za głosy tam.',
  site_needs_ip:
    '{site} rozpoznaje głosujących po adresie IP, którego ten serwer nie widzi: głosy tam nie mogą być tu nagrodzone.',
  site_needs_name:
    '{site} potrzebuje twojej nazwy w grze: ustaw nazwę, która nie składa się tylko z kodów kolorów, i głosuj z nią.',
  award_nothing: 'Tym razem los ci nie sprzyjał w losowaniu bonusu.',
  streak_status:
    'Seria głosowania – dni z rzędu: {days} (rekord: {best}). Zagłosuj ponownie w ciągu {hours} h, aby jej nie stracić.',
  party_progress: 'Do następnej Vote Party brakuje głosów: {left} ({votes}/{goal} w tym miesiącu).',
  party_started:
    'Vote Party! Głosy na serwer w tym miesiącu: {votes}. Głosujący, którzy są online, dostają nagrodę.',
  party_not_eligible:
    'Vote Party! Liczba głosów w tym miesiącu potrzebna, aby załapać się na następną: {min}.',
  top_title: 'Ranking głosujących – {month}:',
  top_line: '#{rank} {name} – głosy: {votes}',
  top_empty: 'Ranking głosujących – {month}: nikt jeszcze nie zagłosował.',
  top_own: 'Jesteś na miejscu {rank} (głosy: {votes}).',
  top_own_none: 'Nie masz jeszcze głosów w tym miesiącu: /{command}',
  discord_vote: 'Nowy głos na serwer od {name} (własne głosy w tym miesiącu: {votes}).',
  discord_milestone: 'Kamień milowy! {name} – głosy na serwer: {votes}.',
  discord_streak: '{name} ma serię głosowania – dni z rzędu: {days}!',
  discord_party: 'Vote Party! Głosy na serwer w tym miesiącu: {votes}; nagrodzeni gracze: {players}.',
  discord_winners: 'Ranking głosujących – {month}: {list}',
  points_balance: 'Twoje punkty za głosowanie: {balance}.',
  points_spend: 'Wydaj je w sklepie za głosy: /{command}',
  points_cap: 'Więcej mieć nie możesz (limit: {cap}): wydaj część, aby dalej zbierać.',
  points_admin: 'Admin zmienił twoje punkty za głosowanie o {delta}; masz teraz: {balance}.',
  shop_title: 'Sklep za głosy, twoje punkty: {balance}. Kupujesz przez /{command} buy <id>',
  shop_item: '{id}: {item}, punkty: {cost}',
  shop_left_day: 'dziś zostało: {left}',
  shop_left_week: 'w tym tygodniu zostało: {left}',
  shop_left_month: 'w tym miesiącu zostało: {left}',
  shop_left_total: 'dla ciebie zostało: {left}',
  shop_stock: 'w magazynie: {stock}',
  shop_sold_out_tag: 'wyprzedane',
  shop_confirm_tag: 'wymaga potwierdzenia',
  shop_empty: 'W sklepie za głosy nie ma teraz nic na sprzedaż.',
  shop_more: 'Więcej przedmiotów: /{command} {page}',
  shop_off: 'Sklep za głosy jest na tym serwerze zamknięty.',
  shop_usage: 'Lista przedmiotów: /{command}. Zakup: /{command} buy <id>',
  shop_unknown: 'W sklepie za głosy nie ma przedmiotu „{id}”. Może chodzi o {ids}? Lista: /{command}',
  shop_id_hidden:
    'To id przedmiotu zawiera niewidoczne znaki lub spacje. Czy chodziło o {ids}? Lista: /{command}',
  shop_unknown_none: 'W sklepie za głosy nie ma przedmiotu „{id}”. Lista: /{command}',
  shop_id_invalid: 'Id przedmiotu to tylko litery, cyfry, - i _, najwyżej znaków: {max}. Lista: /{command}',
  shop_confirm: '{item} – koszt w punktach: {cost}. Aby kupić, wpisz /{command} buy {id} confirm',
  shop_bought: 'Kupiono: {item} (punkty: {cost}). Zostało ci punktów: {balance}.',
  shop_not_enough: '{item} – koszt w punktach: {cost}, a masz: {balance}.',
  shop_limit: 'Limit zakupów dla {item} wyczerpany ({limit}); ponownie kupisz od {reset}.',
  shop_limit_total: 'Limit zakupów dla {item} wyczerpany ({limit}).',
  shop_sold_out: '{item} – wyprzedane.',
  shop_no_permission: 'Nie masz uprawnień do zakupu: {item}.',
  shop_not_loaded: 'Twoja postać nie jest jeszcze wczytana; kup, gdy będzie. Nie pobrano żadnych punktów.',
  shop_cannot_carry:
    'Nie zmieścisz teraz: {rewards}. Zrób miejsce i kup ponownie. Nie pobrano żadnych punktów.',
  shop_refunded: 'Nie udało się wydać: {item}, więc punkty wróciły do ciebie ({cost}).',
  shop_held:
    'Serwer nie potwierdził, czy wydano: {item}. Twoje punkty ({cost}) są wstrzymane do sprawdzenia przez admina; nic nie przepada.',
  shop_busy: 'Twój poprzedni zakup jeszcze trwa; poczekaj chwilę.',
  shop_failed:
    'Sklep za głosy nie może teraz sprzedać: {item}. Nie pobrano żadnych punktów, spróbuj później.',
  shop_pending: 'Kupiono: {item}. Otrzymasz to, gdy tylko serwer będzie mógł.',
  shop_menu_title: 'Sklep za głosy – punkty: {balance}',
  shop_cost: 'punkty: {cost}',
  discord_purchase: 'Zakup w sklepie za głosy – {name}: {item}.',
  points_unavailable:
    'Nie da się teraz odczytać twoich punktów za głosowanie; admin został powiadomiony, nic nie przepada.',
  suggest_vote: 'Odbierz nagrodę po zagłosowaniu na serwer',
  suggest_top: 'Ranking głosujących w tym miesiącu',
  suggest_shop: 'Sklep za głosy: lista przedmiotów albo zakup',
  suggest_shop_action: 'buy (zostaw puste, aby zobaczyć listę)',
  suggest_shop_id: 'Id przedmiotu, tak jak na liście',
  suggest_shop_confirm: 'confirm, dla przedmiotów, które tego wymagają',
  suggest_points: 'Twoje punkty za głosowanie',
  suggest_link: 'Pokazuje link do głosowania',
};
