/**
 * The texts the queue bot sends (SERVER-BEHAVIOUR "Chatbot routing"), in the
 * formats customers of this family of products know:
 *
 *   {connection greeting}
 *
 *   *[ 1 ]* - Vendas
 *   *[ 2 ]* - Suporte
 *
 *   *[ Sair ]* - Encerrar atendimento
 *
 * and, inside a queue's option tree, the greeting (at the root) or the
 * reached option's message followed by "[ n ] title" lines, then how to go
 * back: "[ 0 ] Menu anterior" below the root, "[ # ] Menu inicial" when there
 * is a queue menu to go back to. Variables stay unrendered here: the sender
 * renders them for the ticket.
 */
export interface MenuQueue {
  name: string;
}

export interface MenuOption {
  option: number;
  title: string;
}

/** A heading and its lines, with a blank line between; no blank lines when the heading is empty. */
function block(heading: string, ...sections: string[]): string {
  return [heading.trim(), ...sections].filter((s) => s !== "").join("\n\n");
}

export function queueMenuText(greeting: string, queues: readonly MenuQueue[]): string {
  const lines = queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join("\n");
  return block(greeting, lines, "*[ Sair ]* - Encerrar atendimento");
}

export function optionMenuText(
  heading: string,
  options: readonly MenuOption[],
  nav: { up: boolean; home: boolean },
): string {
  const lines = [...options].sort((a, b) => a.option - b.option).map((o) => `[ ${o.option} ] ${o.title.trim()}`);
  const back = [...(nav.up ? ["[ 0 ] Menu anterior"] : []), ...(nav.home ? ["[ # ] Menu inicial"] : [])];
  return block(heading, lines.join("\n"), back.join("\n"));
}
