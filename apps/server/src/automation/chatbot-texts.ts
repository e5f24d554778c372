/**
 * The texts the queue bot sends (SERVER-BEHAVIOUR "Chatbot routing"). Every
 * menu, the queue menu and each level of a queue's option tree, lists its
 * choices in one format (issue 30 item 11: the levels used to differ), the one
 * customers of this family of products know from the queue menu:
 *
 *   {connection greeting}
 *
 *   *[ 1 ]* - Vendas
 *   *[ 2 ]* - Suporte
 *
 *   *[ Sair ]* - Encerrar atendimento
 *
 * Inside a queue's option tree: the greeting (at the root) or the reached
 * option's message, the options by number, then how to go back:
 * "*[ 0 ]* - Menu anterior" below the root, "*[ # ]* - Menu inicial" when
 * there is a queue menu to go back to. Variables stay unrendered here: the
 * sender renders them for the ticket.
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

/** A choice the customer makes by answering `key`: the one line format of every menu. */
function choiceLine(key: number | string, title: string): string {
  return `*[ ${key} ]* - ${title.trim()}`;
}

export function queueMenuText(greeting: string, queues: readonly MenuQueue[]): string {
  const lines = queues.map((q, i) => choiceLine(i + 1, q.name)).join("\n");
  return block(greeting, lines, choiceLine("Sair", "Encerrar atendimento"));
}

export function optionMenuText(
  heading: string,
  options: readonly MenuOption[],
  nav: { up: boolean; home: boolean },
): string {
  const lines = [...options].sort((a, b) => a.option - b.option).map((o) => choiceLine(o.option, o.title));
  const back = [
    ...(nav.up ? [choiceLine(0, "Menu anterior")] : []),
    ...(nav.home ? [choiceLine("#", "Menu inicial")] : []),
  ];
  return block(heading, lines.join("\n"), back.join("\n"));
}
