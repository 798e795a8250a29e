/** Brazilian Portuguese player messages (você, as Brazilian gaming chats write). */

import type { MessageKey } from '../messages';

/** Brazilian Portuguese (`pt-BR`) messages. */
export const ptBR: Record<MessageKey, string> = {
  rewarded: 'Valeu pelo voto! Você recebeu {rewards}.',
  no_vote: 'Nenhum voto encontrado para "{name}". Vote aqui: {url} e depois digite /{command} de novo.',
  no_vote_no_link:
    'Nenhum voto encontrado para "{name}". Vote no servidor e depois digite /{command} de novo.',
  reward_waiting: 'Seu voto chegou: digite /{command} para resgatar sua recompensa.',
  vote_link: 'Vote no servidor aqui: {url} e depois digite /{command} para resgatar sua recompensa.',
  vote_reminder: 'Você já pode votar no servidor de novo: {url}',
  vote_reminder_site: 'Você já pode votar no {site} de novo: {url}',
  vote_reminder_sites: 'Você já pode votar de novo em {sites}',
  vote_party_nudge: 'Votos que faltam para a próxima Vote Party: {left}, e você ainda não votou hoje: {url}',
  reminders_on: 'Os lembretes de voto estão ativados. Digite /{remind} off para pará-los.',
  reminders_off:
    'Os lembretes de voto estão desativados para você. Digite /{remind} on para recebê-los de novo.',
  suggest_reminders: 'Desativar ou ativar seus lembretes de voto',
  suggest_reminders_state: 'off ou on',
  vote_broadcast_one: '1 jogador votou no servidor nos últimos {minutes} min. Vote também: /{command}',
  vote_broadcast: '{count} jogadores votaram no servidor nos últimos {minutes} min. Vote também: /{command}',
  claim_in_progress: 'Seu voto já está sendo verificado, aguarde.',
  cooldown: 'Aguarde {seconds} s antes de digitar /{command} de novo.',
  name_locked:
    'O nome "{name}" já está vinculado a outro jogador, então os votos dele não podem ser resgatados aqui.',
  no_license: 'Não foi possível ler sua licença; reconecte e tente de novo.',
  invalid_name: 'Seu nome no jogo fica vazio sem os códigos de cor; escolha um nome e vote com ele.',
  pending_inventory_full:
    'Sua recompensa está esperando: libere espaço para {count} x {item} e digite /{command} de novo.',
  pending_not_loaded: 'Sua recompensa está esperando: ela será entregue assim que seu personagem carregar.',
  rewards_paused:
    'As recompensas de voto estão pausadas: o framework do servidor está parado. Sua recompensa espera e será dada quando ele voltar.',
  pending_framework_error:
    'Sua recompensa está esperando: ainda não foi possível entregá-la, um admin já foi avisado.',
  pending_admin: 'Seu resgate anterior precisa ser verificado por um admin antes de ser pago.',
  pending_unconfirmed:
    'Não foi possível confirmar sua recompensa: o servidor não informou se ela foi entregue. Um admin precisa verificar e confirmar; nada foi perdido e nada mais será pago até lá.',
  store_unavailable:
    'Não dá para resgatar votos agora (a rede de servidores está inacessível); tente de novo em um minuto.',
  claim_uncertain:
    'Ainda não foi possível confirmar seu resgate; ele será verificado de novo automaticamente.',
  api_unauthorized:
    'Não dá para verificar os votos agora (problema na configuração do servidor). Um admin já foi avisado.',
  api_rate_limited: 'Muitas requisições ao site de votação; tente de novo em {seconds} s.',
  api_busy: 'O site de votação está sobrecarregado; tente de novo em {seconds} s.',
  api_server_error: 'O site de votação está com problemas; nada foi perdido, tente de novo mais tarde.',
  api_unavailable: 'Não foi possível acessar o site de votação; nada foi perdido, tente de novo mais tarde.',
  api_misbehaving: 'O site de votação está respondendo errado; nada foi perdido, tente de novo mais tarde.',
  not_ready: 'As recompensas de voto não estão disponíveis neste servidor no momento.',
  starting: 'As recompensas de voto estão iniciando; digite /{command} de novo em alguns segundos.',
  award_test: 'Teste das recompensas de voto feito por um admin (não é um voto): você recebeu {rewards}.',
  reward_money: '$ {amount} em dinheiro',
  reward_bank: '$ {amount} no banco',
  reward_gold: '{amount} de ouro',
  reward_item: '{count} x {item}',
  reward_custom: 'uma recompensa especial',
  reward_points: '{amount} pontos de voto',
  award_shop: 'Sua compra na loja de votos foi entregue: {rewards}.',
  rewarded_nothing: 'Valeu pelo voto! Dessa vez não deu sorte no sorteio.',
  award_first: 'Valeu pelo seu primeiro voto no servidor! Bônus: {rewards}.',
  award_milestone: 'Você chegou a {votes} votos no servidor! Bônus: {rewards}.',
  award_streak: 'Sequência de {days} dias votando! Bônus: {rewards}.',
  award_party: 'Vote Party! O servidor chegou a {votes} votos este mês: você recebeu {rewards}.',
  award_top: 'Top votantes de {month}: você ficou em {rank}º lugar e recebeu {rewards}.',
  award_all_sites: 'Você votou em todos os sites hoje! Bônus: {rewards}.',
  site_found: '{site}: voto encontrado.',
  site_no_vote: '{site}: nenhum voto encontrado ainda. Vote aqui: {url}',
  site_already_paid:
    '{site}: seu último voto lá já foi recompensado. Vote de novo quando o site permitir: {url}',
  site_unreachable: '{site} não responde agora; nada foi perdido, digite /{command} de novo mais tarde.',
  site_pending: '{site}: seu voto está sendo verificado; isso será resolvido automaticamente.',
  site_needs_steam:
    '{site} identifica quem vota pela conta Steam: abra o FiveM com o Steam aberto para ser recompensado pelos votos lá.',
  site_needs_discord:
    '{site} identifica quem vota pela conta Discord: abra o Discord antes do FiveM para ser recompensado pelos votos lá.',
  site_needs_ip:
    '{site} identifica quem vota pelo endereço IP, que este servidor não vê: votos lá não podem ser recompensados aqui.',
  site_needs_name:
    '{site} precisa do seu nome no jogo: use um nome que não seja só códigos de cor e vote com ele.',
  award_nothing: 'Dessa vez não deu sorte no sorteio do bônus.',
  streak_status:
    'Dias seguidos votando: {days} (recorde: {best}). Vote de novo em até {hours} h para manter a sequência.',
  party_progress: 'Votos que faltam para a próxima Vote Party: {left} ({votes}/{goal} este mês).',
  party_started:
    'Vote Party! O servidor chegou a {votes} votos este mês: quem votou e está online ganha uma recompensa.',
  party_not_eligible: 'Vote Party! Votos necessários este mês para participar da próxima: {min}.',
  top_title: 'Top votantes de {month}:',
  top_line: '#{rank} {name} – votos: {votes}',
  top_empty: 'Ninguém votou ainda em {month}.',
  top_own: 'Você está em {rank}º lugar (votos: {votes}).',
  top_own_none: 'Você ainda não votou este mês: /{command}',
  discord_vote: '{name} votou no servidor (seus votos este mês: {votes}).',
  discord_milestone: '{name} chegou a {votes} votos no servidor!',
  discord_streak: '{name} está há {days} dias seguidos votando!',
  discord_party:
    'Vote Party! O servidor chegou a {votes} votos este mês; jogadores recompensados: {players}.',
  discord_winners: 'Top votantes de {month}: {list}',
  points_balance: 'Seus pontos de voto: {balance}.',
  points_spend: 'Gaste na loja de votos: /{command}',
  points_cap: 'Esse é o máximo que você pode ter ({cap}): gaste alguns para continuar ganhando.',
  points_admin: 'Um admin alterou seus pontos de voto em {delta}; agora você tem: {balance}.',
  shop_title: 'Loja de votos, seus pontos: {balance}. Compre com /{command} buy <id>',
  shop_item: '{id}: {item}, pontos: {cost}',
  shop_left_day: 'restam {left} hoje',
  shop_left_week: 'restam {left} nesta semana',
  shop_left_month: 'restam {left} neste mês',
  shop_left_total: 'restam {left} para você',
  shop_stock: 'em estoque: {stock}',
  shop_sold_out_tag: 'esgotado',
  shop_confirm_tag: 'pede confirmação',
  shop_empty: 'A loja de votos não tem nada à venda agora.',
  shop_more: 'Mais itens: /{command} {page}',
  shop_off: 'A loja de votos está fechada neste servidor.',
  shop_usage: 'Ver os itens: /{command}. Comprar um: /{command} buy <id>',
  shop_unknown: 'A loja de votos não tem o item "{id}". Você quis dizer {ids}? Lista: /{command}',
  shop_id_hidden:
    'Esse id de item tem caracteres invisíveis ou espaços. Você quis dizer {ids}? Lista: /{command}',
  shop_unknown_none: 'A loja de votos não tem o item "{id}". Lista: /{command}',
  shop_id_invalid:
    'Um id de item tem só letras, números, - e _, no máximo {max} caracteres. Lista: /{command}',
  shop_confirm: '{item} custa {cost} em pontos. Para comprar, digite /{command} buy {id} confirm',
  shop_bought: 'Você comprou {item} por {cost} em pontos. Pontos restantes: {balance}.',
  shop_not_enough: '{item} custa {cost} em pontos e você tem {balance}.',
  shop_limit:
    'Você já comprou {item} tantas vezes quanto permitido ({limit}); poderá comprar de novo a partir de {reset}.',
  shop_limit_total: 'Você já comprou {item} tantas vezes quanto permitido ({limit}).',
  shop_sold_out: '{item} está esgotado.',
  shop_no_permission: 'Você não tem permissão para comprar {item}.',
  shop_not_loaded: 'Seu personagem ainda não carregou; compre quando carregar. Nenhum ponto foi tirado.',
  shop_cannot_carry:
    'Você não consegue carregar {rewards} agora: libere espaço e compre de novo. Nenhum ponto foi tirado.',
  shop_refunded: 'Não foi possível entregar {item}, então seus pontos foram devolvidos ({cost}).',
  shop_held:
    'O servidor não conseguiu confirmar se {item} foi entregue. Seus pontos ({cost}) ficam retidos até um admin verificar; nada se perde.',
  shop_busy: 'Sua compra anterior ainda está em andamento; aguarde um momento.',
  shop_failed:
    'A loja de votos não pode vender {item} agora; nenhum ponto foi tirado. Tente de novo mais tarde.',
  shop_pending: 'Você comprou {item}; ele será entregue assim que o servidor puder.',
  shop_menu_title: 'Loja de votos: pontos {balance}',
  shop_cost: 'pontos: {cost}',
  discord_purchase: '{name} comprou {item} na loja de votos.',
  points_unavailable: 'Seus pontos de voto não podem ser lidos agora; um admin foi avisado e nada se perde.',
  suggest_vote: 'Receba sua recompensa depois de votar no servidor',
  suggest_top: 'Top votantes do mês',
  suggest_shop: 'A loja de votos: ver os itens ou comprar um',
  suggest_shop_action: 'buy (deixe vazio para ver os itens)',
  suggest_shop_id: 'Id do item, como aparece na lista',
  suggest_shop_confirm: 'confirm, para itens que pedem confirmação',
  suggest_points: 'Seus pontos de voto',
  suggest_link: 'Mostra o link de votação',
};
