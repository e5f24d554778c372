/**
 * What the customer Paulo reads from the queue bot of the bot scene (bot-scene.ts: Vendas; Suporte with
 * Internet → Lenta / Sem sinal and Boleto), shared by the server's tests and the end-to-end path.
 */
export const queueMenu = [
  "Olá Paulo! Escolha um setor:",
  "*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte",
  "*[ Sair ]* - Encerrar atendimento",
].join("\n\n");
export const suporteRoot = ["Suporte técnico", "*[ 1 ]* - Internet\n*[ 2 ]* - Boleto", "*[ # ]* - Menu inicial"].join(
  "\n\n",
);
export const internetLevel = [
  "Sobre internet:",
  "*[ 1 ]* - Lenta\n*[ 2 ]* - Sem sinal",
  "*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial",
].join("\n\n");
/** The connection's rating message "Avalie-nos, {{firstName}}:", rendered, with the scale. */
export const ratingAsked = "Avalie-nos, Paulo:\n\n*1* - Insatisfeito, *2* - Satisfeito, *3* - Muito Satisfeito";
