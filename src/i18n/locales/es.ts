/** Spanish player messages (informal tú, as Spanish-speaking gaming chats write). */

import type { MessageKey } from '../messages';

/** Spanish (`es`) messages. */
export const es: Record<MessageKey, string> = {
  rewarded: '¡Gracias por votar! Has recibido {rewards}.',
  no_vote:
    'No hemos encontrado ningún voto a nombre de «{name}». Vota aquí: {url} y luego vuelve a escribir /{command}.',
  no_vote_no_link:
    'No hemos encontrado ningún voto a nombre de «{name}». Vota por el servidor y luego vuelve a escribir /{command}.',
  reward_waiting: 'Hemos recibido tu voto: escribe /{command} para recoger tu recompensa.',
  vote_link: 'Vota por el servidor aquí: {url} y luego escribe /{command} para recoger tu recompensa.',
  vote_reminder: 'Ya puedes volver a votar por el servidor: {url}',
  vote_reminder_site: 'Ya puedes volver a votar en {site}: {url}',
  vote_reminder_sites: 'Ya puedes volver a votar en {sites}',
  vote_party_nudge: 'Votos que faltan para la próxima Vote Party: {left}, y hoy aún no has votado: {url}',
  reminders_on: 'Los recordatorios de voto están activados. Escribe /{remind} off para quitarlos.',
  reminders_off:
    'Los recordatorios de voto están desactivados para ti. Escribe /{remind} on para volver a recibirlos.',
  suggest_reminders: 'Desactivar o activar tus recordatorios de voto',
  suggest_reminders_state: 'off u on',
  vote_broadcast_one:
    '1 jugador ha votado por el servidor en los últimos {minutes} min. Vota tú también: /{command}',
  vote_broadcast:
    '{count} jugadores han votado por el servidor en los últimos {minutes} min. Vota tú también: /{command}',
  claim_in_progress: 'Ya estamos comprobando tu voto, espera un momento.',
  cooldown: 'Espera {seconds} s antes de volver a escribir /{command}.',
  name_locked:
    'El nombre «{name}» ya está vinculado a otro jugador, así que sus votos no se pueden reclamar aquí.',
  no_license: 'No se ha podido leer tu licencia; reconéctate e inténtalo de nuevo.',
  invalid_name: 'Tu nombre en el juego queda vacío sin los códigos de color; ponte un nombre y vota con él.',
  pending_inventory_full:
    'Tu recompensa te espera: haz espacio para {count} x {item} y vuelve a escribir /{command}.',
  pending_not_loaded: 'Tu recompensa te espera: la recibirás en cuanto se cargue tu personaje.',
  rewards_paused:
    'Las recompensas de voto están en pausa: el framework del servidor está detenido. Tu recompensa te espera y se dará cuando vuelva.',
  pending_framework_error:
    'Tu recompensa te espera: todavía no se ha podido entregar, ya hemos avisado a un admin.',
  pending_admin: 'Un admin tiene que revisar tu reclamación anterior antes de que se pague.',
  pending_unconfirmed:
    'No se ha podido confirmar tu recompensa: el servidor no ha indicado si se entregó. Un admin tiene que revisarlo y confirmarlo; no se pierde nada y no se paga nada más hasta entonces.',
  store_unavailable:
    'Ahora mismo no se pueden reclamar votos (la red de servidores no responde); inténtalo de nuevo en un minuto.',
  claim_uncertain: 'Aún no hemos podido confirmar tu reclamación; se volverá a comprobar automáticamente.',
  api_unauthorized:
    'Ahora mismo no se pueden comprobar los votos (problema de configuración del servidor). Ya hemos avisado a un admin.',
  api_rate_limited: 'Demasiadas peticiones a la web de votos; inténtalo de nuevo en {seconds} s.',
  api_busy: 'La web de votos está saturada; inténtalo de nuevo en {seconds} s.',
  api_server_error: 'La web de votos está teniendo problemas; no se ha perdido nada, inténtalo más tarde.',
  api_unavailable: 'No se puede conectar con la web de votos; no se ha perdido nada, inténtalo más tarde.',
  api_misbehaving: 'La web de votos está respondiendo mal; no se ha perdido nada, inténtalo más tarde.',
  not_ready: 'Las recompensas por votar no están disponibles en este servidor ahora mismo.',
  starting: 'Las recompensas por votar se están iniciando; vuelve a escribir /{command} en unos segundos.',
  award_test: 'Prueba de las recompensas por votar hecha por un admin (no es un voto): recibiste {rewards}.',
  reward_money: '{amount} $ en efectivo',
  reward_bank: '{amount} $ en el banco',
  reward_gold: '{amount} de oro',
  reward_item: '{count} x {item}',
  reward_custom: 'una recompensa especial',
  reward_points: '{amount} puntos de voto',
  award_shop: 'Tu compra en la tienda de votos fue entregada: {rewards}.',
  rewarded_nothing: '¡Gracias por votar! Esta vez no hubo suerte en el sorteo.',
  award_first: '¡Gracias por tu primer voto por el servidor! Premio extra: {rewards}.',
  award_milestone: '¡Has llegado a {votes} votos por el servidor! Premio extra: {rewards}.',
  award_streak: '¡Racha de {days} días votando! Premio extra: {rewards}.',
  award_party: '¡Vote Party! El servidor ha llegado a {votes} votos este mes: has recibido {rewards}.',
  award_top: 'Top votantes de {month}: ¡puesto {rank}! Has recibido {rewards}.',
  award_all_sites: '¡Hoy has votado en todas las webs! Bonus: {rewards}.',
  site_found: '{site}: voto encontrado.',
  site_no_vote: '{site}: todavía no hay ningún voto. Vota aquí: {url}',
  site_already_paid:
    '{site}: tu último voto allí ya fue recompensado. Vuelve a votar cuando la web lo permita: {url}',
  site_unreachable: '{site} no responde ahora mismo; no se ha perdido nada, escribe /{command} más tarde.',
  site_pending: '{site}: tu voto se está comprobando; se resolverá automáticamente.',
  site_needs_steam:
    '{site} identifica a los votantes por su cuenta de Steam: abre FiveM con Steam en marcha para recibir recompensas por votar allí.',
  site_needs_discord:
    '{site} identifica a los votantes por su cuenta de Discord: abre Discord antes que FiveM para recibir recompensas por votar allí.',
  site_needs_ip:
    '{site} identifica a los votantes por su dirección IP, que este servidor no ve: los votos allí no se pueden recompensar aquí.',
  site_needs_name:
    '{site} necesita tu nombre en el juego: ponte un nombre que no sea solo códigos de color y vota con él.',
  award_nothing: 'Esta vez no hubo suerte en el sorteo del premio extra.',
  streak_status:
    'Días seguidos votando: {days} (récord: {best}). Vuelve a votar en menos de {hours} h para no perder la racha.',
  party_progress: 'Votos que faltan para la próxima Vote Party: {left} ({votes}/{goal} este mes).',
  party_started:
    '¡Vote Party! El servidor ha llegado a {votes} votos este mes: los votantes conectados reciben una recompensa.',
  party_not_eligible: '¡Vote Party! Votos necesarios este mes para entrar en la próxima: {min}.',
  top_title: 'Top votantes de {month}:',
  top_line: '#{rank} {name} – votos: {votes}',
  top_empty: 'Todavía nadie ha votado en {month}.',
  top_own: 'Estás en el puesto {rank} (votos: {votes}).',
  top_own_none: 'Todavía no has votado este mes: /{command}',
  discord_vote: '{name} ha votado por el servidor (sus votos este mes: {votes}).',
  discord_milestone: '¡{name} ha llegado a {votes} votos por el servidor!',
  discord_streak: '¡{name} lleva {days} días seguidos votando!',
  discord_party:
    '¡Vote Party! El servidor ha llegado a {votes} votos este mes; jugadores premiados: {players}.',
  discord_winners: 'Top votantes de {month}: {list}',
  points_balance: 'Tus puntos de voto: {balance}.',
  points_spend: 'Gástalos en la tienda de votos: /{command}',
  points_cap: 'Es el máximo que puedes tener ({cap}): gasta algunos para seguir ganando.',
  points_admin: 'Un admin ha cambiado tus puntos de voto en {delta}; ahora tienes: {balance}.',
  shop_title: 'Tienda de votos, tus puntos: {balance}. Compra con /{command} buy <id>',
  shop_item: '{id}: {item}, puntos: {cost}',
  shop_left_day: 'quedan {left} hoy',
  shop_left_week: 'quedan {left} esta semana',
  shop_left_month: 'quedan {left} este mes',
  shop_left_total: 'te quedan {left}',
  shop_stock: 'en stock: {stock}',
  shop_sold_out_tag: 'agotado',
  shop_confirm_tag: 'pide confirmación',
  shop_empty: 'La tienda de votos no tiene nada a la venta ahora mismo.',
  shop_more: 'Más artículos: /{command} {page}',
  shop_off: 'La tienda de votos está cerrada en este servidor.',
  shop_usage: 'Ver los artículos: /{command}. Comprar uno: /{command} buy <id>',
  shop_unknown: 'La tienda de votos no tiene el artículo "{id}". ¿Querías decir {ids}? Lista: /{command}',
  shop_id_hidden:
    'Ese id de artículo tiene caracteres invisibles o espacios. ¿Querías decir {ids}? Lista: /{command}',
  shop_unknown_none: 'La tienda de votos no tiene el artículo "{id}". Lista: /{command}',
  shop_id_invalid:
    'Un id de artículo solo lleva letras, números, - y _, como mucho {max} caracteres. Lista: /{command}',
  shop_confirm: '{item} cuesta {cost} en puntos. Para comprarlo, escribe /{command} buy {id} confirm',
  shop_bought: 'Has comprado {item} por {cost} en puntos. Te quedan: {balance}.',
  shop_not_enough: '{item} cuesta {cost} en puntos y tienes {balance}.',
  shop_limit:
    'Ya has comprado {item} tantas veces como se permite ({limit}); podrás volver a comprarlo desde el {reset}.',
  shop_limit_total: 'Ya has comprado {item} tantas veces como se permite ({limit}).',
  shop_sold_out: '{item} está agotado.',
  shop_no_permission: 'No tienes permiso para comprar {item}.',
  shop_not_loaded: 'Tu personaje aún no se ha cargado; compra cuando lo esté. No se ha quitado ningún punto.',
  shop_cannot_carry:
    'Ahora no puedes llevar {rewards}: haz sitio y vuelve a comprar. No se ha quitado ningún punto.',
  shop_refunded: 'No se ha podido entregar {item}, así que se te han devuelto los puntos ({cost}).',
  shop_held:
    'El servidor no ha podido confirmar si se entregó {item}. Tus puntos ({cost}) quedan retenidos hasta que un admin lo revise; no se pierde nada.',
  shop_busy: 'Tu compra anterior sigue en curso; espera un momento.',
  shop_failed:
    'La tienda de votos no puede vender {item} ahora mismo; no se ha quitado ningún punto. Inténtalo más tarde.',
  shop_pending: 'Has comprado {item}; se te entregará en cuanto el servidor pueda.',
  shop_menu_title: 'Tienda de votos: puntos {balance}',
  shop_cost: 'puntos: {cost}',
  discord_purchase: '{name} ha comprado {item} en la tienda de votos.',
  points_unavailable:
    'Ahora mismo no se pueden leer tus puntos de voto; se ha avisado a un admin y no se pierde nada.',
  suggest_vote: 'Recibe tu recompensa después de votar por el servidor',
  suggest_top: 'Top votantes del mes',
  suggest_shop: 'La tienda de votos: ver los artículos o comprar uno',
  suggest_shop_action: 'buy (déjalo vacío para ver los artículos)',
  suggest_shop_id: 'Id del artículo, tal como lo muestra la lista',
  suggest_shop_confirm: 'confirm, para los artículos que lo piden',
  suggest_points: 'Tus puntos de voto',
  suggest_link: 'Muestra el enlace de voto',
};
